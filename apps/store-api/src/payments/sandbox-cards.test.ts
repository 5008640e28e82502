import { describe, expect, it } from "vitest";
import { cardFormats, checkSandboxCard, parseExpiry, passesLuhn } from "./sandbox-cards.ts";

const now = new Date("2026-03-15T12:00:00Z");
const form = { name: "Asha Gurung", number: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" };

describe("sandbox cards", () => {
  it("checks the Luhn digit", () => {
    expect(passesLuhn("4242424242424242")).toBe(true);
    expect(passesLuhn("4242424242424241")).toBe(false);
    expect(passesLuhn("")).toBe(false);
  });

  it("accepts the documented test card with spaces or dashes", () => {
    expect(checkSandboxCard(form, now)).toEqual({ ok: true, last4: "4242" });
    expect(checkSandboxCard({ ...form, number: "4242-4242-4242-4242" }, now)).toEqual({ ok: true, last4: "4242" });
  });

  it("declines the documented decline card with a message", () => {
    expect(checkSandboxCard({ ...form, number: "4000 0000 0000 0002" }, now)).toEqual({
      ok: false,
      field: "number",
      message: "Your card was declined. No money was taken; try another card.",
    });
  });

  it("refuses other valid numbers in the sandbox", () => {
    expect(checkSandboxCard({ ...form, number: "5555 5555 5555 4444" }, now)).toMatchObject({
      ok: false,
      field: "number",
    });
  });

  it.each([
    [{ name: " " }, "name"],
    [{ number: "1234" }, "number"],
    [{ expiry: "13/30" }, "expiry"],
    [{ expiry: "2030-12" }, "expiry"],
    [{ expiry: "02/26" }, "expiry"],
    [{ cvc: "12" }, "cvc"],
  ])("names the field that is wrong: %j", (change, field) => {
    expect(checkSandboxCard({ ...form, ...change }, now)).toMatchObject({ ok: false, field });
  });

  it("treats a card as valid through the end of its expiry month", () => {
    expect(checkSandboxCard({ ...form, expiry: "03/26" }, now).ok).toBe(true);
    expect(checkSandboxCard({ ...form, expiry: "03/2026" }, new Date("2026-04-01T00:00:00Z")).ok).toBe(false);
  });
});

describe("sandbox card rules, edge by edge", () => {
  const refusal = (field: string, message: string) => ({ ok: false, field, message });
  const invalidNumber = refusal("number", "Enter a valid card number.");
  const badExpiry = refusal("expiry", "Enter the expiry date as MM/YY, such as 11/29.");

  it("checks the Luhn digit where doubling gives two digits", () => {
    expect(passesLuhn("79927398713")).toBe(true);
    expect(passesLuhn("79927398710")).toBe(false);
    expect(passesLuhn("5555555555554444")).toBe(true);
  });

  it("accepts a name of up to 100 characters and says what to fix beyond", () => {
    expect(checkSandboxCard({ ...form, name: "A".repeat(100) }, now).ok).toBe(true);
    expect(checkSandboxCard({ ...form, name: "A".repeat(101) }, now)).toEqual(
      refusal("name", "Enter the name on the card."),
    );
  });

  it("refuses card numbers that are too short, too long or fail the Luhn check as invalid, not as non-sandbox", () => {
    expect(checkSandboxCard({ ...form, number: "1234" }, now)).toEqual(invalidNumber);
    expect(checkSandboxCard({ ...form, number: "4242 4242 4242 4241" }, now)).toEqual(invalidNumber);
    // 20 digits whose last 19 (and first 19) would pass the Luhn check on their own.
    expect(checkSandboxCard({ ...form, number: "0000 4242 4242 4242 4242" }, now)).toEqual(invalidNumber);
    expect(checkSandboxCard({ ...form, number: "4242 4242 4242 4242 0000" }, now)).toEqual(invalidNumber);
    expect(checkSandboxCard({ ...form, number: "card 4242424242424242" }, now)).toEqual(invalidNumber);
  });

  it("accepts January and refuses month 00 (January and month 00 expiries)", () => {
    expect(checkSandboxCard({ ...form, expiry: "01/30" }, now).ok).toBe(true);
    expect(checkSandboxCard({ ...form, expiry: "1/30" }, now).ok).toBe(true);
    expect(checkSandboxCard({ ...form, expiry: "00/30" }, now)).toEqual(badExpiry);
    expect(checkSandboxCard({ ...form, expiry: "12/30" }, now).ok).toBe(true);
  });

  it("reads MM/YY and MM/YYYY with spaces around the parts, and nothing else", () => {
    expect(checkSandboxCard({ ...form, expiry: " 12 / 30 " }, now).ok).toBe(true);
    expect(checkSandboxCard({ ...form, expiry: "12/2030" }, now).ok).toBe(true);
    for (const expiry of ["a12/30", "12/30x", "12/305", "12/20301", "123", "12030", "13/30", "00/30", "11-29", ""]) {
      expect(checkSandboxCard({ ...form, expiry }, now)).toEqual(badExpiry);
    }
  });

  it.each([
    ["1129", 11, 2029],
    ["11/29", 11, 2029],
    ["11 / 29", 11, 2029],
    ["11 29", 11, 2029],
    ["1/29", 1, 2029],
    ["0129", 1, 2029],
    ["112029", 11, 2029],
    ["11/2029", 11, 2029],
  ])("reads the expiry %j, as typed on a phone or copied from the card, as %i/%i", (typed, month, year) => {
    expect(parseExpiry(typed)).toEqual({ month, year });
    expect(checkSandboxCard({ ...form, expiry: typed }, now).ok).toBe(true);
  });

  it("gives the browser the patterns the server applies, valid in the v-flag mode browsers compile them in", () => {
    for (const { pattern } of Object.values(cardFormats)) {
      expect(() => new RegExp(`^(?:${pattern.source})$`, "v")).not.toThrow();
    }
    const browser = (pattern: RegExp, text: string) => new RegExp(`^(?:${pattern.source})$`, "v").test(text);
    expect(browser(cardFormats.expiry.pattern, "1129")).toBe(true);
    expect(browser(cardFormats.expiry.pattern, "11/2")).toBe(false);
    expect(browser(cardFormats.number.pattern, "4242 4242 4242 4242")).toBe(true);
    expect(browser(cardFormats.number.pattern, "4242")).toBe(false);
    expect(browser(cardFormats.code.pattern, "12")).toBe(false);
  });

  it("says the card has expired once its month is over", () => {
    expect(checkSandboxCard({ ...form, expiry: "02/26" }, now)).toEqual(refusal("expiry", "This card has expired."));
  });

  it("takes a 3 or 4 digit security code, trimmed, and nothing longer", () => {
    expect(checkSandboxCard({ ...form, cvc: " 123 " }, now).ok).toBe(true);
    expect(checkSandboxCard({ ...form, cvc: "1234" }, now).ok).toBe(true);
    const badCode = refusal("cvc", "Enter the 3 or 4 digit security code.");
    expect(checkSandboxCard({ ...form, cvc: "12345" }, now)).toEqual(badCode);
    expect(checkSandboxCard({ ...form, cvc: "x123" }, now)).toEqual(badCode);
    expect(checkSandboxCard({ ...form, cvc: "123x" }, now)).toEqual(badCode);
  });

  it("tells the shopper which test card to use for any other valid number", () => {
    expect(checkSandboxCard({ ...form, number: "5555 5555 5555 4444" }, now)).toEqual(
      refusal("number", "This is a sandbox checkout: use the test card 4242 4242 4242 4242."),
    );
  });
});
