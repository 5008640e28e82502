import { formatMoney, includedTax } from "./markets.ts";
import { describe, expect, it } from "vitest";
import { taxNoteText } from "./tax-note.ts";

const unregistered = { registered: null };

describe("the tax note under an order's total", () => {
  it.each([
    ["Nepal", "VAT"],
    ["the UK", "VAT"],
    ["the UAE", "VAT"],
    ["India", "GST"],
  ])("says prices include %s's tax by its name (%s) while the shop is not registered", (_market, name) => {
    expect(taxNoteText({ ...unregistered, pricesIncludeTax: true, taxName: name })).toBe(`Prices incl. ${name}.`);
  });

  it("adds the tax the order contains, with its rate and the registration, once the shop is registered", () => {
    // Rs. 1200.00 at 13 %: 13 805.31 paisa, rounded half up to Rs. 138.05.
    const amount = includedTax(120_000, 1300);
    const text = taxNoteText({
      pricesIncludeTax: true,
      taxName: "VAT",
      registered: {
        name: "VAT",
        rateBasisPoints: 1300,
        registration: "601234567",
        amountText: formatMoney(amount, { code: "NPR", symbol: "Rs.", template: "Rs. $1", decimalDigits: 2 }),
      },
    });
    expect(text).toBe("Prices incl. VAT 13%: Rs. 138.05 (registration 601234567).");
  });

  it("states a zero rate as it is", () => {
    const text = taxNoteText({
      pricesIncludeTax: true,
      taxName: "VAT",
      registered: { name: "VAT", rateBasisPoints: 0, registration: "X1", amountText: "£0.00" },
    });
    expect(text).toBe("Prices incl. VAT 0%: £0.00 (registration X1).");
  });

  it("never says incl. for prices without tax (USA, Canada): duties may be due instead", () => {
    const text = taxNoteText({ ...unregistered, pricesIncludeTax: false, taxName: null });
    expect(text).toBe("Prices do not include tax. Import duties and taxes may be due on delivery.");
    expect(text).not.toContain("incl.");
  });

  it("says nothing when the market is unknown or its tax has no name", () => {
    expect(taxNoteText({ ...unregistered, pricesIncludeTax: null, taxName: "VAT" })).toBeNull();
    expect(taxNoteText({ ...unregistered, pricesIncludeTax: true, taxName: null })).toBeNull();
    expect(taxNoteText({ ...unregistered, pricesIncludeTax: true, taxName: " " })).toBeNull();
  });
});
