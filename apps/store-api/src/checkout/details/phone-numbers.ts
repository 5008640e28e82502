import { shippingCountries, type ShippingCountry } from "@herbo/hosted-api";
// The "max" metadata checks the digits, not just the length, and names the country of +1 and +44 numbers.
import { getExampleNumber, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import mobileExamples from "libphonenumber-js/mobile/examples";
import { countryInSentence } from "./country-names.ts";

/**
 * Numbering-plan areas a courier in the delivery country dials as a domestic call. US territories and the
 * Crown Dependencies share +1 and +44, and people keep their numbers when they move to the mainland.
 * Canada shares +1 too but is another country, so a Canadian number is refused for a US address.
 */
const domesticPhoneCountries: Readonly<Record<ShippingCountry, readonly CountryCode[]>> = {
  NP: ["NP"],
  IN: ["IN"],
  US: ["US", "PR", "GU", "VI", "AS", "MP"],
  GB: ["GB", "GG", "JE", "IM"],
  CA: ["CA"],
  AE: ["AE"],
};

/**
 * A real-looking mobile number of each country as its people write it ("984-1234567", "(201) 555-0123"),
 * for hints and messages: libphonenumber's example numbers, which its own rules accept, without the
 * optional trunk 0 (India) that few people type.
 */
export const phoneExamples: Readonly<Record<ShippingCountry, string>> = Object.fromEntries(
  shippingCountries.map((country) => [
    country,
    getExampleNumber(country, mobileExamples)?.formatNational({ nationalPrefix: false }) ?? "",
  ]),
) as Record<ShippingCountry, string>;

export type PhoneCheck = { ok: true; e164: string } | { ok: false; message: string };

/** Accepts a national ("9812345678") or international ("+977 981-2345678") number of the delivery country. */
export function checkPhone(country: ShippingCountry, text: string): PhoneCheck {
  const wanted = `Enter a phone number in ${countryInSentence(country)}, such as ${phoneExamples[country]}.`;
  // extract: false demands that the whole text be a phone number, not a number found inside other words.
  const phone = parsePhoneNumberFromString(text, { defaultCountry: country, extract: false });
  if (phone === undefined || !phone.isValid() || phone.country === undefined) return { ok: false, message: wanted };
  if (!domesticPhoneCountries[country].includes(phone.country)) {
    return { ok: false, message: `This is a phone number in ${countryInSentence(phone.country)}. ${wanted}` };
  }
  // E.164 has no room for an extension, and a courier cannot dial one.
  if (phone.ext !== undefined) return { ok: false, message: "Enter the phone number without an extension." };
  return { ok: true, e164: phone.number };
}
