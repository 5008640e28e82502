import { describe, expect, it } from "vitest";
import { checkSandboxCard, passesLuhn } from "./cards.ts";

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
