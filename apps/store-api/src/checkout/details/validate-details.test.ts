import { describe, expect, it } from "vitest";
import type { DetailsField } from "./types.ts";
import { validateDetails } from "./validate-details.ts";

const nepal = {
  email: "Ram.Shrestha@Example.COM",
  fullName: "Ram Shrestha",
  phone: "9812345678",
  country: "NP",
  line1: "Thamel Marg 12",
  line2: "",
  city: "Kathmandu",
  region: "P3",
  district: "Kathmandu",
  postalCode: "44600",
};
const usa = {
  email: "jane@example.com",
  fullName: "Jane Doe",
  phone: "(212) 555-0123",
  country: "US",
  line1: "350 Fifth Avenue",
  line2: "Suite 5000",
  city: "New York",
  region: "NY",
  postalCode: "10118 0110",
};
const india = {
  email: "priya@example.in",
  fullName: "Priya Sharma",
  phone: "98765 43210",
  country: "IN",
  line1: "12 Janpath",
  city: "New Delhi",
  region: "DL",
  postalCode: "110 001",
};
const britain = {
  email: "tom@example.co.uk",
  fullName: "Tom Smith",
  phone: "07400 123456",
  country: "GB",
  line1: "10 Downing Street",
  city: "London",
  postalCode: "sw1a2aa",
};
const canada = {
  email: "marie@example.ca",
  fullName: "Marie Tremblay",
  phone: "+1 613 555 0123",
  country: "CA",
  line1: "24 Sussex Drive",
  city: "Ottawa",
  region: "ON",
  postalCode: "k1m1m4",
};
const emirates = {
  email: "omar@example.ae",
  fullName: "Omar Al Mansouri",
  phone: "050 123 4567",
  country: "AE",
  line1: "1 Sheikh Mohammed bin Rashid Boulevard",
  line2: "Apartment 1201",
  city: "Downtown Dubai",
  region: "DU",
};

function errorsOf(input: Record<string, unknown>): Partial<Record<DetailsField, string>> {
  const result = validateDetails(input);
  if (result.ok) throw new Error("expected the details to be refused");
  return result.errors;
}

describe("validating the details form", () => {
  describe("a valid address of each country passes and is normalised", () => {
    it("Nepal: E.164 phone, province and district, optional postal code", () => {
      expect(validateDetails(nepal)).toEqual({
        ok: true,
        details: {
          email: "Ram.Shrestha@example.com",
          fullName: "Ram Shrestha",
          phone: "+9779812345678",
          country: "NP",
          address: {
            line1: "Thamel Marg 12",
            line2: null,
            city: "Kathmandu",
            region: { code: "P3", name: "Bagmati Province" },
            district: "Kathmandu",
            postalCode: "44600",
          },
        },
      });
    });

    it("Nepal with the phone and postal code typed in Devanagari digits", () => {
      const result = validateDetails({ ...nepal, phone: "९८१२३४५६७८", postalCode: "४४६००" });
      expect(result).toMatchObject({
        ok: true,
        details: { phone: "+9779812345678", address: { postalCode: "44600" } },
      });
    });

    it("India with the phone in Devanagari and the PIN in Bengali digits", () => {
      const result = validateDetails({ ...india, phone: "९८७६५ ४३२१०", postalCode: "১১০ ০০১" });
      expect(result).toMatchObject({
        ok: true,
        details: { phone: "+919876543210", address: { postalCode: "110001" } },
      });
    });

    it("the UAE with the phone in Arabic-Indic digits", () => {
      const result = validateDetails({ ...emirates, phone: "٠٥٠ ١٢٣ ٤٥٦٧" });
      expect(result).toMatchObject({ ok: true, details: { phone: "+971501234567" } });
    });

    it("Nepal without a postal code and with an international phone", () => {
      const result = validateDetails({ ...nepal, postalCode: "  ", phone: "+977 981-2345678" });
      expect(result).toMatchObject({ ok: true, details: { phone: "+9779812345678", address: { postalCode: null } } });
    });

    it("the United States: ZIP+4 gets its dash", () => {
      expect(validateDetails(usa)).toEqual({
        ok: true,
        details: {
          email: "jane@example.com",
          fullName: "Jane Doe",
          phone: "+12125550123",
          country: "US",
          address: {
            line1: "350 Fifth Avenue",
            line2: "Suite 5000",
            city: "New York",
            region: { code: "NY", name: "New York" },
            district: null,
            postalCode: "10118-0110",
          },
        },
      });
    });

    it("India: PIN code without its space", () => {
      expect(validateDetails(india)).toMatchObject({
        ok: true,
        details: {
          phone: "+919876543210",
          address: { region: { code: "DL", name: "Delhi" }, district: null, postalCode: "110001", line2: null },
        },
      });
    });

    it("the United Kingdom: no region, postcode upper-cased and spaced", () => {
      expect(validateDetails(britain)).toMatchObject({
        ok: true,
        details: { phone: "+447400123456", address: { region: null, district: null, postalCode: "SW1A 2AA" } },
      });
    });

    it("Canada: postal code upper-cased and spaced", () => {
      expect(validateDetails(canada)).toMatchObject({
        ok: true,
        details: {
          phone: "+16135550123",
          address: { region: { code: "ON", name: "Ontario" }, postalCode: "K1M 1M4" },
        },
      });
    });

    it("the United Arab Emirates: emirate and no postal code", () => {
      expect(validateDetails(emirates)).toMatchObject({
        ok: true,
        details: {
          phone: "+971501234567",
          address: { line2: "Apartment 1201", region: { code: "DU", name: "Dubai" }, postalCode: null },
        },
      });
    });
  });

  it("trims every field and collapses the spaces inside free text", () => {
    const result = validateDetails({
      ...nepal,
      email: "  ram@EXAMPLE.com ",
      fullName: "  Ram \t  Shrestha ",
      line1: " Thamel   Marg 12 ",
      line2: "  near  the chowk ",
      city: " Kathmandu ",
      region: " P3 ",
      district: " Kathmandu ",
      phone: " 9812345678 ",
      postalCode: " 44600 ",
    });
    expect(result).toMatchObject({
      ok: true,
      details: {
        email: "ram@example.com",
        fullName: "Ram Shrestha",
        phone: "+9779812345678",
        address: { line1: "Thamel Marg 12", line2: "near the chowk", city: "Kathmandu", district: "Kathmandu" },
      },
    });
  });

  describe("empty fields", () => {
    it.each([
      ["email", "Enter your email address."],
      ["fullName", "Enter your full name."],
      ["phone", "Enter your phone number."],
      ["country", "Choose the country for delivery."],
      ["line1", "Enter your street address."],
      ["city", "Enter your city or municipality."],
      ["region", "Choose your province."],
      ["district", "Choose your district."],
    ] as const)("Nepal: an empty %s", (field, message) => {
      expect(errorsOf({ ...nepal, [field]: "   " })).toEqual({ [field]: message });
      expect(errorsOf({ ...nepal, [field]: undefined })).toEqual({ [field]: message });
    });

    it.each([
      [usa, "region", "Choose your state."],
      [usa, "postalCode", "Enter your ZIP code."],
      [india, "region", "Choose your state or union territory."],
      [india, "postalCode", "Enter your PIN code."],
      [india, "city", "Enter your city or town."],
      [britain, "postalCode", "Enter your postcode."],
      [britain, "city", "Enter your town or city."],
      [canada, "region", "Choose your province or territory."],
      [canada, "postalCode", "Enter your postal code."],
      [emirates, "region", "Choose your emirate."],
      [emirates, "city", "Enter your city or area."],
    ] as const)("%s: an empty %s", (form, field, message) => {
      expect(errorsOf({ ...form, [field]: "" })).toEqual({ [field]: message });
    });

    it("reports every problem at once, each on its field", () => {
      expect(errorsOf({ country: "US" })).toEqual({
        email: "Enter your email address.",
        fullName: "Enter your full name.",
        phone: "Enter your phone number.",
        line1: "Enter your street address.",
        city: "Enter your city.",
        region: "Choose your state.",
        postalCode: "Enter your ZIP code.",
      });
    });
  });

  describe("too long", () => {
    it.each([
      ["email", `${"a".repeat(243)}@example.com`, "Email must be 254 characters or fewer."],
      ["fullName", "R".repeat(101), "Full name must be 100 characters or fewer."],
      ["phone", "9".repeat(26), "Phone must be 25 characters or fewer."],
      ["line1", "x".repeat(101), "Street address must be 100 characters or fewer."],
      ["line2", "x".repeat(101), "Building or landmark must be 100 characters or fewer."],
      ["city", "x".repeat(61), "City or municipality must be 60 characters or fewer."],
      ["postalCode", "4".repeat(11), "Postal code must be 10 characters or fewer."],
    ] as const)("%s", (field, value, message) => {
      expect(errorsOf({ ...nepal, [field]: value })).toEqual({ [field]: message });
    });

    it("accepts the longest values allowed", () => {
      const result = validateDetails({
        ...nepal,
        email: `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.com`,
        fullName: "R".repeat(100),
        line1: "x".repeat(100),
        city: "x".repeat(60),
      });
      expect(result.ok).toBe(true);
    });

    it("counts the name after collapsing its spaces", () => {
      expect(validateDetails({ ...nepal, fullName: `${"R".repeat(50)}     ${"S".repeat(49)}` }).ok).toBe(true);
    });
  });

  describe("malformed values", () => {
    it.each([
      ["email", "ram.example.com", "Enter a valid email address, such as name@example.com."],
      ["email", "ram@", "Enter a valid email address, such as name@example.com."],
      ["email", "ram shrestha@example.com", "Enter a valid email address, such as name@example.com."],
      ["fullName", "R", "Enter your full name, at least 2 characters."],
      ["fullName", "12", "Enter your full name in letters."],
      ["phone", "12345", "Enter a phone number in Nepal, such as 984-1234567."],
      ["phone", "not a number", "Enter a phone number in Nepal, such as 984-1234567."],
      ["postalCode", "4460", "Enter a valid postal code in Nepal: 5 digits, such as 44600, or leave it empty."],
      ["region", "Bagmati", "Choose your province from the list."],
      ["district", "Pokhara", "Choose your district from the list."],
    ] as const)("Nepal %s %j", (field, value, message) => {
      expect(errorsOf({ ...nepal, [field]: value })).toEqual({ [field]: message });
    });

    it.each([
      [usa, "9410", "Enter a valid ZIP code, such as 94103 or 94103-1234."],
      [india, "011000", "Enter a valid PIN code: 6 digits, such as 110001."],
      [britain, "SW1A", "Enter a valid UK postcode, such as SW1A 1AA."],
      [canada, "K1M 1M", "Enter a valid Canadian postal code, such as K1A 0B1."],
    ] as const)("%s postal code %j", (form, postalCode, message) => {
      expect(errorsOf({ ...form, postalCode })).toEqual({ postalCode: message });
    });

    it("keeps the local part of the email as typed and lower-cases only the domain", () => {
      expect(validateDetails({ ...nepal, email: "Ram.Shrestha+Herbo@Mail.Example.COM" })).toMatchObject({
        details: { email: "Ram.Shrestha+Herbo@mail.example.com" },
      });
    });

    it("refuses values that are not text, as a forged form may post", () => {
      expect(errorsOf({ ...nepal, fullName: ["Ram", "Shrestha"], region: { code: "P3" } })).toEqual({
        fullName: "Enter your full name.",
        region: "Choose your province from the list.",
      });
      expect(errorsOf({ ...nepal, country: 977 })).toMatchObject({ country: expect.any(String) as unknown });
    });
  });

  describe("control characters", () => {
    it.each([
      ["NUL", "\u0000"],
      ["CR", "\r"],
      ["LF", "\n"],
      ["DEL", "\u007f"],
      ["a C1 control", "\u0085"],
      ["a line separator", "\u2028"],
      ["a right-to-left override", "\u202e"],
    ])("refuses %s in any field", (_name, character) => {
      for (const field of ["email", "fullName", "phone", "line1", "line2", "city", "postalCode"] as const) {
        const errors = errorsOf({ ...nepal, [field]: `${nepal[field]}${character}x` });
        expect(errors[field], field).toMatch(/cannot contain line breaks or other control characters\.$/);
      }
      expect(errorsOf({ ...nepal, line1: `Thamel${character}` })).toEqual({
        line1: "Street address cannot contain line breaks or other control characters.",
      });
      expect(errorsOf({ ...nepal, region: `P3${character}` }).region).toMatch(/control characters/);
    });

    it.each([
      ["a zero-width space", "\u200b"],
      ["a zero-width joiner after a Latin letter", "\u200d"],
      ["a left-to-right mark", "\u200e"],
      ["a word joiner", "\u2060"],
      ["an invisible plus", "\u2064"],
      ["a byte-order mark", "\ufeff"],
      ["a soft hyphen", "\u00ad"],
      ["a Hangul filler", "\u3164"],
    ])("refuses %s in a name or an address line, saying why", (_name, character) => {
      for (const field of ["fullName", "line1", "line2", "city"] as const) {
        const errors = errorsOf({ ...nepal, [field]: `Thamel${character}Marg` });
        expect(errors[field], field).toMatch(/ cannot contain invisible characters, such as a zero-width space\./);
      }
      expect(errorsOf({ ...nepal, fullName: `Ram${character} Shrestha` })).toEqual({
        fullName: "Full name cannot contain invisible characters, such as a zero-width space. Please type it again.",
      });
    });

    it("refuses a name made of invisible letters only", () => {
      expect(errorsOf({ ...nepal, fullName: "\u3164\u3164\u3164" }).fullName).toMatch(/invisible characters/);
    });

    it("accepts Nepali names and addresses in Devanagari, with the joiners its conjuncts use", () => {
      const devanagari = {
        ...nepal,
        fullName: "राम क्\u200dषेत्री",
        line1: "ठमेल मार्ग १२, गर्\u200dयो टोल",
        line2: "श्रीमान्\u200c भवन",
        city: "काठमाडौं",
      };
      expect(validateDetails(devanagari)).toMatchObject({
        ok: true,
        details: {
          fullName: "राम क्\u200dषेत्री",
          address: { line1: "ठमेल मार्ग १२, गर्\u200dयो टोल", line2: "श्रीमान्\u200c भवन", city: "काठमाडौं" },
        },
      });
    });

    it("shows the refused text again without its invisible characters, so it can be sent as it stands", () => {
      const result = validateDetails({ ...nepal, fullName: "Ram\u200b Shrestha\ufeff", line1: "क्\u200dष\u200b" });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.values.fullName).toBe("Ram Shrestha");
      expect(result.values.line1).toBe("क्\u200dष");
    });

    it("treats a tab as a space", () => {
      expect(validateDetails({ ...nepal, line1: "Thamel\tMarg 12" })).toMatchObject({
        details: { address: { line1: "Thamel Marg 12" } },
      });
    });
  });

  describe("a phone of the wrong country", () => {
    it("refuses a US number for a Nepal address", () => {
      expect(errorsOf({ ...nepal, phone: "+1 212 555 0123" })).toEqual({
        phone: "This is a phone number in the United States. Enter a phone number in Nepal, such as 984-1234567.",
      });
    });

    it("refuses a Nepali number for a UK address", () => {
      expect(errorsOf({ ...britain, phone: "+977 981-2345678" })).toEqual({
        phone: "This is a phone number in Nepal. Enter a phone number in the United Kingdom, such as 07400 123456.",
      });
    });

    it("reads a national number as one of the delivery country", () => {
      expect(errorsOf({ ...usa, phone: "9812345678" })).toEqual({
        phone: "Enter a phone number in the United States, such as (201) 555-0123.",
      });
    });
  });

  describe("a postal code of another state or province (issue 30 item 3)", () => {
    it("refuses Austin's ZIP code in California", () => {
      expect(errorsOf({ ...usa, city: "Austin", region: "CA", postalCode: "78701" })).toEqual({
        postalCode: "78701 is a ZIP code in Texas, not in California. Check the ZIP code and the state.",
      });
    });
    it("refuses a Toronto postal code in Quebec", () => {
      expect(errorsOf({ ...canada, city: "Toronto", region: "QC", postalCode: "M5H 2N2" })).toEqual({
        postalCode: "M5H 2N2 is a postal code in Ontario, not in Quebec. Check the postal code and the province.",
      });
    });
    it("refuses a Bengaluru PIN in Delhi", () => {
      expect(errorsOf({ ...india, postalCode: "560001" })).toEqual({
        postalCode: "560001 is not a PIN code in Delhi. Check the PIN code and the state.",
      });
    });
  });

  describe("a postal code of the wrong country", () => {
    it("refuses a US ZIP code for a UK address", () => {
      expect(errorsOf({ ...britain, postalCode: "94103" })).toEqual({
        postalCode: "Enter a valid UK postcode, such as SW1A 1AA.",
      });
    });

    it("refuses a UK postcode for a Canadian address", () => {
      expect(errorsOf({ ...canada, postalCode: "SW1A 1AA" })).toEqual({
        postalCode: "Enter a valid Canadian postal code, such as K1A 0B1.",
      });
    });

    it("refuses a Nepali postal code for an Indian address", () => {
      expect(errorsOf({ ...india, postalCode: "44600" })).toEqual({
        postalCode: "Enter a valid PIN code: 6 digits, such as 110001.",
      });
    });
  });

  describe("Nepal's districts", () => {
    it("refuses a district of another province", () => {
      expect(errorsOf({ ...nepal, region: "P1" })).toEqual({
        district: "Kathmandu is in Bagmati Province. Choose a district of Koshi Province, or change the province.",
      });
    });

    it("accepts a district of the chosen province", () => {
      expect(
        validateDetails({ ...nepal, city: "Pokhara", region: "P4", district: "Kaski", postalCode: "33700" }),
      ).toMatchObject({
        ok: true,
        details: { address: { region: { code: "P4", name: "Gandaki Province" }, district: "Kaski" } },
      });
    });

    it("names only the province when both are wrong, as the district cannot be judged", () => {
      expect(errorsOf({ ...nepal, region: "P9" })).toEqual({ region: "Choose your province from the list." });
    });
  });

  describe("the country", () => {
    it("accepts a country code with spaces around it", () => {
      expect(validateDetails({ ...nepal, country: " NP " })).toMatchObject({ ok: true, details: { country: "NP" } });
    });

    it.each(["FR", "np", "Nepal", "XX", "NP\u0000", "N P"])("refuses %j", (country) => {
      expect(errorsOf({ ...nepal, country })).toEqual({
        country:
          "We deliver to Nepal, India, the United States, the United Kingdom, Canada or the United Arab Emirates. Choose one of them.",
      });
    });

    it("still checks the fields every country shares", () => {
      expect(errorsOf({ ...nepal, country: "FR", email: "nope", line1: "" })).toEqual({
        country: expect.any(String) as unknown,
        email: "Enter a valid email address, such as name@example.com.",
        line1: "Enter your street address.",
      });
    });
  });

  describe("regions and forged lists", () => {
    it.each([
      [usa, "ON", "Choose your state from the list."],
      [usa, "PR", "Choose your state from the list."],
      [usa, "ny", "Choose your state from the list."],
      [canada, "CA", "Choose your province or territory from the list."],
      [india, "P3", "Choose your state or union territory from the list."],
      [emirates, "NY", "Choose your emirate from the list."],
      [nepal, "DL", "Choose your province from the list."],
    ] as const)("%s refuses region %j", (form, region, message) => {
      expect(errorsOf({ ...form, region })).toEqual({ region: message });
    });

    it("ignores fields the country's form does not have", () => {
      expect(validateDetails({ ...britain, region: "NY", district: "Kathmandu" })).toMatchObject({
        ok: true,
        details: { address: { region: null, district: null } },
      });
      expect(validateDetails({ ...emirates, postalCode: "12345" })).toMatchObject({
        ok: true,
        details: { address: { postalCode: null } },
      });
      expect(validateDetails({ ...usa, district: "Kathmandu" })).toMatchObject({
        ok: true,
        details: { address: { district: null } },
      });
    });
  });

  describe("the values shown again", () => {
    it("returns what was entered, trimmed, for the fields of the form only", () => {
      const result = validateDetails({
        ...usa,
        fullName: "  Jane  ",
        postalCode: " 9410 ",
        cardNumber: "4242424242424242",
      });
      expect(result).toEqual({
        ok: false,
        errors: { postalCode: "Enter a valid ZIP code, such as 94103 or 94103-1234." },
        values: {
          email: "jane@example.com",
          fullName: "Jane",
          phone: "(212) 555-0123",
          country: "US",
          line1: "350 Fifth Avenue",
          line2: "Suite 5000",
          city: "New York",
          region: "NY",
          postalCode: "9410",
        },
      });
    });

    it("drops control characters and values that are not text", () => {
      const result = validateDetails({ ...nepal, line1: "Thamel\u0000 Marg\r\n", fullName: ["a"] });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      expect(result.values.line1).toBe("Thamel Marg");
      expect(result.values).not.toHaveProperty("fullName");
    });
  });
});
