import { describe, expect, it } from "vitest";
import { codeInputOfFields, codeTermsText, codeUsesText } from "./discount-codes.ts";

const currencies = [
  { code: "NPR", decimalDigits: 2 },
  { code: "GBP", decimalDigits: 2 },
];
const form = (values: Record<string, string>, lists: Record<string, string[]> = {}) =>
  [(name: string) => values[name] ?? "", (name: string) => lists[name] ?? []] as const;

describe("a discount code as the owner types it", () => {
  it("reads a percentage code with its limits, markets and products", () => {
    const [read, readAll] = form(
      {
        code: " himalaya10 ",
        kind: "percent",
        percent: "10",
        totalUses: "100",
        usesPerEmail: "1",
        "minimum-GBP": "40",
      },
      { market: ["uk"], product: ["prod_himalayan_resin"] },
    );
    expect(codeInputOfFields(read, readAll, currencies)).toEqual({
      ok: true,
      input: {
        code: "himalaya10",
        kind: "percent",
        percent: 10,
        amounts: {},
        minimums: { GBP: 4_000 },
        markets: ["uk"],
        productIds: ["prod_himalayan_resin"],
        startsAt: null,
        endsAt: null,
        totalUses: 100,
        usesPerEmail: 1,
      },
    });
  });

  it("reads a fixed-amount code in each currency typed, and its time window", () => {
    const [read, readAll] = form({
      code: "WELCOME5",
      kind: "amount",
      "amount-GBP": "5",
      "amount-NPR": "700.50",
      startsAt: "2026-12-01T09:00",
      endsAt: "2026-12-31T23:59",
    });
    const parsed = codeInputOfFields(read, readAll, currencies);
    expect(parsed).toMatchObject({
      ok: true,
      input: { kind: "amount", percent: null, amounts: { GBP: 500, NPR: 70_050 } },
    });
    expect(parsed.ok && parsed.input.startsAt).toBe(new Date("2026-12-01T09:00").toISOString());
  });

  it("refuses a code that is no code, a percentage out of range, no amount, bad limits and an end before the start", () => {
    const problem = (values: Record<string, string>) => {
      const [read, readAll] = form(values);
      const parsed = codeInputOfFields(read, readAll, currencies);
      return parsed.ok ? "" : parsed.message;
    };
    const valid = { code: "OK1", kind: "percent", percent: "10" };
    expect(problem({ ...valid, code: "TWO WORDS" })).toMatch(/^A code is 1 to 40 letters/);
    expect(problem({ ...valid, code: "A".repeat(41) })).toMatch(/^A code is 1 to 40/);
    expect(problem({ ...valid, percent: "0" })).toBe("A percentage code takes a whole 1 to 100 % off.");
    expect(problem({ ...valid, percent: "101" })).toBe("A percentage code takes a whole 1 to 100 % off.");
    expect(problem({ ...valid, percent: "12.5" })).toBe("A percentage code takes a whole 1 to 100 % off.");
    expect(problem({ code: "OK1", kind: "amount" })).toBe(
      "A fixed-amount code needs an amount above 0 in at least one currency.",
    );
    expect(problem({ code: "OK1", kind: "amount", "amount-GBP": "0" })).toMatch(/above 0/);
    expect(problem({ code: "OK1", kind: "amount", "amount-GBP": "-5" })).toMatch(/^Amount off in GBP: /);
    expect(problem({ code: "OK1", kind: "amount", "amount-GBP": "5.001" })).toMatch(/^Amount off in GBP: /);
    expect(problem({ ...valid, "minimum-NPR": "lots" })).toMatch(/^Minimum order in NPR: /);
    expect(problem({ ...valid, totalUses: "0" })).toMatch(/^Total uses: enter a whole number/);
    expect(problem({ ...valid, usesPerEmail: "1.5" })).toMatch(/^Uses per email: /);
    expect(problem({ ...valid, startsAt: "2026-12-02T00:00", endsAt: "2026-12-01T00:00" })).toBe(
      "The code must end after it starts.",
    );
  });
});

describe("a discount code as the owner reads it", () => {
  const base = {
    code: "X",
    percent: null,
    amounts: {},
    minimums: {},
    markets: [],
    productIds: [],
    startsAt: null,
    endsAt: null,
    totalUses: null,
    usesPerEmail: null,
  };
  it("says what it takes off, and from what order", () => {
    expect(codeTermsText({ ...base, kind: "percent", percent: 10 }, currencies)).toBe("10 % off");
    expect(
      codeTermsText(
        { ...base, kind: "amount", amounts: { GBP: 500, NPR: 70_000 }, minimums: { GBP: 4_000 } },
        currencies,
      ),
    ).toBe("NPR 700.00, GBP 5.00 off, orders from GBP 40.00");
  });

  it("says how far it has been used", () => {
    expect(codeUsesText({ used: 0, held: 0, totalUses: null, usesPerEmail: null })).toBe("none used, no limit");
    expect(codeUsesText({ used: 3, held: 1, totalUses: 10, usesPerEmail: 1 })).toBe(
      "3 used, 1 held, of 10; 1 per email",
    );
  });
});
