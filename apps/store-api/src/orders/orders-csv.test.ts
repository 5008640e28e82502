import { describe, expect, it } from "vitest";
import {
  exportMaxDays,
  exportMaxOrders,
  isExportableRange,
  ordersCsv,
  tooManyOrdersMessage,
  type ExportedOrder,
} from "./orders-csv.ts";

const asha = {
  fullName: "Asha Gurung",
  email: "asha@example.com",
  phone: "+9779812345678",
  country: "NP",
  addressLines: ["Asha Gurung", "Thamel Marg 12", "Kathmandu 44600", "Nepal"],
};

function order(overrides: Partial<ExportedOrder> = {}): ExportedOrder {
  return {
    number: "HS-1001",
    createdAt: new Date("2026-03-01T10:00:00Z"),
    customer: asha,
    paymentMethod: "card",
    paymentProvider: "sandbox",
    paymentStatus: "paid",
    fulfilmentStatus: "unfulfilled",
    currency: { code: "NPR", decimalDigits: 2 },
    discountAmount: 0,
    discountCode: null,
    subtotalAmount: 65000,
    shippingAmount: 0,
    totalAmount: 65000,
    refundedAmount: 0,
    lines: [{ quantity: 1, productTitle: "Shilajit Travel Tin 5 g", variantTitle: "5 g", sku: "HS-TIN-5" }],
    ...overrides,
  };
}

/** The cells of the CSV's second line, unquoted (a test-only reader for simple rows). */
function cellsOfFirstOrder(csv: string): string[] {
  const line = csv.split("\r\n")[1] ?? "";
  return [...line.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((match) => {
    const cell = match[1] ?? "";
    return cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
  });
}

describe("the orders CSV", () => {
  it("has a header and one line per order, with amounts in currency units and times in Kathmandu", () => {
    const csv = ordersCsv([order(), order({ number: "HS-1002" })]);
    expect(csv.startsWith("\uFEFFOrder,Placed (Asia/Kathmandu),Customer,Email,Phone,")).toBe(true);
    expect(csv.trimEnd().split("\r\n")).toHaveLength(3);
    const cells = cellsOfFirstOrder(csv);
    expect(cells.slice(0, 2)).toEqual(["HS-1001", "2026-03-01 15:45"]);
    expect(cells.slice(9, 21)).toEqual([
      "paid",
      "Paid",
      "unfulfilled",
      "Not packed",
      "NPR",
      "0.00",
      "",
      "650.00",
      "0.00",
      "650.00",
      "0.00",
      "1 × Shilajit Travel Tin 5 g (5 g) [HS-TIN-5]",
    ]);
    expect(cells[6]).toBe("Asha Gurung, Thamel Marg 12, Kathmandu 44600, Nepal");
  });

  it.each([['=HYPERLINK("http://evil.test","click")'], ["+1+2"], ["-2+3"], ["@SUM(A1)"], ["\tcmd"], ["\rcmd"]])(
    "neutralises a cell starting like a formula: %j",
    (name) => {
      const csv = ordersCsv([order({ customer: { ...asha, fullName: name } })]);
      const cell = cellsOfFirstOrder(csv)[2] ?? "";
      expect(cell).toBe(`'${name}`);
    },
  );

  it("states what the offers took off, and the code, beside the subtotal they left", () => {
    const csv = ordersCsv([
      order({
        currency: { code: "GBP", decimalDigits: 2 },
        discountAmount: 500,
        discountCode: "HIMALAYA10",
        subtotalAmount: 4_498,
        totalAmount: 4_498,
      }),
    ]);
    expect(cellsOfFirstOrder(csv).slice(13, 18)).toEqual(["GBP", "5.00", "HIMALAYA10", "44.98", "0.00"]);
  });

  it("puts the owner's words beside each status code, and the money refunded", () => {
    const csv = ordersCsv([
      order({ paymentStatus: "partially_refunded", fulfilmentStatus: "returned", refundedAmount: 32550 }),
    ]);
    expect(csv).toContain(
      ",Payment status,Payment,Fulfilment status,Fulfilment,Currency,Discount,Discount code,Subtotal,Shipping,Total,Refunded,Items",
    );
    expect(cellsOfFirstOrder(csv).slice(9, 20)).toEqual([
      "partially_refunded",
      "Partly refunded",
      "returned",
      "Returned",
      "NPR",
      "0.00",
      "",
      "650.00",
      "0.00",
      "650.00",
      "325.50",
    ]);
  });

  it("says a cancelled cash-on-delivery order has nothing to collect", () => {
    const csv = ordersCsv([order({ paymentMethod: "cod", paymentStatus: "cod_due", fulfilmentStatus: "cancelled" })]);
    expect(cellsOfFirstOrder(csv).slice(9, 13)).toEqual(["cod_due", "Nothing to collect", "cancelled", "Cancelled"]);
  });

  it("quotes commas, quotes and line breaks instead of letting them split cells", () => {
    const csv = ordersCsv([order({ customer: { ...asha, fullName: 'Ram "Raju", Sharma' } })]);
    expect(csv).toContain('"Ram ""Raju"", Sharma"');
  });

  it("leaves an international phone number readable (it starts with +, so it is prefixed too)", () => {
    expect(cellsOfFirstOrder(ordersCsv([order()]))[4]).toBe("'+9779812345678");
  });

  it("gives every customer column of an order without details (placed before checkout asked for them) an empty cell", () => {
    const cells = cellsOfFirstOrder(ordersCsv([order({ customer: null })]));
    expect(cells.slice(2, 8)).toEqual(["", "", "", "", "", "card"]);
  });

  it("lists every line of an order in one cell, each with its SKU when it has one", () => {
    const csv = ordersCsv([
      order({
        lines: [
          { quantity: 2, productTitle: "Pure Himalayan Shilajit Resin", variantTitle: "10 g", sku: null },
          { quantity: 1, productTitle: "Shilajit Travel Tin 5 g", variantTitle: "5 g", sku: "HS-TIN-5" },
        ],
      }),
    ]);
    expect(cellsOfFirstOrder(csv)[20]).toBe(
      "2 × Pure Himalayan Shilajit Resin (10 g); 1 × Shilajit Travel Tin 5 g (5 g) [HS-TIN-5]",
    );
  });
});

describe("the export's limits", () => {
  it("covers at most 366 days, both ends included", () => {
    expect(isExportableRange({ from: "2026-01-01", to: "2026-12-31" })).toBe(true);
    expect(isExportableRange({ from: "2024-01-01", to: "2024-12-31" })).toBe(true);
    expect(isExportableRange({ from: "2026-01-01", to: "2027-01-01" })).toBe(true);
    expect(isExportableRange({ from: "2026-01-01", to: "2027-01-02" })).toBe(false);
    expect(isExportableRange({ from: "2020-01-01", to: "2026-01-01" })).toBe(false);
    expect(exportMaxDays).toBe(366);
  });

  it("leaves a malformed day to the day check", () => {
    expect(isExportableRange({ from: "2026-02-30", to: "2030-01-01" })).toBe(true);
  });

  it("says how many orders the range holds and how many one export takes", () => {
    expect(exportMaxOrders).toBe(10_000);
    expect(tooManyOrdersMessage(12_345)).toBe(
      "These days hold 12,345 orders; one export holds at most 10,000. Choose a shorter range.",
    );
  });
});
