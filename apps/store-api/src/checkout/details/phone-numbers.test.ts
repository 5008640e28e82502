import { describe, expect, it } from "vitest";
import { checkPhone, phoneExamples } from "./phone-numbers.ts";

describe("phone numbers", () => {
  it.each([
    ["NP", "9812345678", "+9779812345678"],
    ["NP", "+977 981-2345678", "+9779812345678"],
    ["NP", "00977 9812345678", "+9779812345678"],
    ["NP", "01-4412345", "+97714412345"],
    ["IN", "98765 43210", "+919876543210"],
    ["IN", "+91 98765 43210", "+919876543210"],
    ["US", "(212) 555-0123", "+12125550123"],
    ["US", "+1 787 555 1234", "+17875551234"],
    ["GB", "07400 123456", "+447400123456"],
    ["GB", "+44 20 7946 0958", "+442079460958"],
    ["GB", "07911 123456", "+447911123456"],
    ["CA", "(416) 555-0199", "+14165550199"],
    ["AE", "050 123 4567", "+971501234567"],
    ["AE", "+971 4 234 5678", "+97142345678"],
  ] as const)("%s accepts %j as %s", (country, text, e164) => {
    expect(checkPhone(country, text)).toEqual({ ok: true, e164 });
  });

  it("refuses a US number for a Nepal address and says whose number it is", () => {
    expect(checkPhone("NP", "+1 212 555 0123")).toEqual({
      ok: false,
      message: "This is a phone number in the United States. Enter a phone number in Nepal, such as 984-1234567.",
    });
  });

  it("refuses a Canadian number for a US address, though both use +1", () => {
    expect(checkPhone("US", "+1 416 555 0199")).toEqual({
      ok: false,
      message: "This is a phone number in Canada. Enter a phone number in the United States, such as (201) 555-0123.",
    });
  });

  it("refuses a Nepali mobile typed without +977 for a UK address", () => {
    expect(checkPhone("GB", "+9779812345678")).toMatchObject({ ok: false });
    expect(checkPhone("IN", "+9779812345678")).toEqual({
      ok: false,
      message: "This is a phone number in Nepal. Enter a phone number in India, such as 81234 56789.",
    });
  });

  it.each([
    ["NP", "12345", "too short"],
    ["NP", "98123456789", "too long"],
    ["NP", "abc", "no digits"],
    ["NP", "Call 9812345678", "words around it"],
    ["GB", "07700 900000", "a number Ofcom keeps for drama"],
    ["NP", "+800 1234 5678", "a number of no country"],
    ["AE", "+", "a lone plus"],
  ] as const)("%s refuses %j (%s)", (country, text, _why) => {
    expect(checkPhone(country, text)).toEqual({
      ok: false,
      message: expect.stringMatching(/^Enter a phone number in /) as unknown,
    });
  });

  it("names the example for each country in its message", () => {
    expect(checkPhone("NP", "123")).toEqual({
      ok: false,
      message: "Enter a phone number in Nepal, such as 984-1234567.",
    });
    expect(checkPhone("AE", "123")).toEqual({
      ok: false,
      message: "Enter a phone number in the United Arab Emirates, such as 050 123 4567.",
    });
  });

  it("refuses an extension, which E.164 cannot keep", () => {
    expect(checkPhone("NP", "9812345678 ext. 5")).toEqual({
      ok: false,
      message: "Enter the phone number without an extension.",
    });
  });
});

describe("phone examples", () => {
  it.each(Object.entries(phoneExamples))(
    "%s's example %j is a real-looking number the form accepts",
    (country, example) => {
      expect(example).toMatch(/^[\d()+ -]{8,}$/);
      expect(checkPhone(country as keyof typeof phoneExamples, example)).toMatchObject({ ok: true });
    },
  );
});
