import { isShippingCountry, shippingCountries, type ShippingCountry } from "@herbo/hosted-api";
import { z } from "zod";
import { countryInSentence } from "./country-names.ts";
import { fieldSpecs, type FieldSpec } from "./details-form.ts";
import { provinceOfDistrict } from "./nepal-divisions.ts";
import { asciiDigits } from "./digits.ts";
import { checkPhone } from "./phone-numbers.ts";
import { normalisePostalCode, type PostalCountry } from "./postal-codes.ts";
import { postalRegionProblem } from "./postal-region.ts";
import { hasInvisibleCharacters, withoutInvisibleCharacters } from "./invisible-characters.ts";
import { findRegion } from "./regions.ts";
import { detailsFields, type DetailsField, type DetailsResult } from "./types.ts";

/**
 * C0 and C1 controls (NUL, CR, LF, DEL…), line and paragraph separators, and bidi overrides, which can make
 * an address read differently in an email or the back office.
 */
const controlCharacters = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
const controlCharactersEverywhere = new RegExp(controlCharacters.source, "gu");

const emailSchema = z.email();

const countryNames = shippingCountries.map(countryInSentence);
const deliveredCountries = `${countryNames.slice(0, -1).join(", ")} or ${countryNames.at(-1) ?? ""}`;

type Errors = Partial<Record<DetailsField, string>>;
type Texts = Partial<Record<DetailsField, string | null>>;

/** A required field's text once every check has passed; its absence would be a bug in this module. */
function present(texts: Texts, field: DetailsField): string {
  const text = texts[field];
  if (text === undefined || text === null) throw new Error(`Required field ${field} passed validation without a value`);
  return text;
}

/**
 * Trimmed text as the page shows it again: control characters dropped so they never reach the HTML, and
 * invisible ones so the shopper can send the form again as it stands.
 */
function echoedValues(input: Readonly<Record<string, unknown>>): Partial<Record<DetailsField, string>> {
  const values: Partial<Record<DetailsField, string>> = {};
  for (const field of detailsFields) {
    const value = input[field];
    if (typeof value === "string") {
      values[field] = withoutInvisibleCharacters(tabsAsSpaces(value).replace(controlCharactersEverywhere, "")).trim();
    }
  }
  return values;
}

/** A tab pasted from a spreadsheet is whitespace, not an attack. */
function tabsAsSpaces(text: string): string {
  return text.replaceAll("\t", " ");
}

/**
 * The checks every field shares: a string, no control or invisible characters (invisible-characters.ts keeps
 * the joiners Devanagari needs), present when required, not too long, one of the options for a list.
 * Returns the trimmed text (inner whitespace collapsed for free text), null for an empty optional field,
 * or an error message.
 */
function readField(spec: FieldSpec, value: unknown): { text: string | null } | { error: string } {
  const choose = `Choose your ${spec.noun} from the list.`;
  if (value !== undefined && typeof value !== "string") {
    return { error: spec.type === "select" ? choose : `Enter your ${spec.noun}.` };
  }
  const typed = tabsAsSpaces(value ?? "");
  if (controlCharacters.test(typed)) {
    return { error: `${spec.label} cannot contain line breaks or other control characters.` };
  }
  if (hasInvisibleCharacters(typed)) {
    return {
      error: `${spec.label} cannot contain invisible characters, such as a zero-width space. Please type it again.`,
    };
  }
  const trimmed = typed.trim();
  const text = spec.type === "text" ? trimmed.replace(/\s+/g, " ") : trimmed;
  if (text === "") {
    if (!spec.required) return { text: null };
    return { error: spec.type === "select" ? `Choose your ${spec.noun}.` : `Enter your ${spec.noun}.` };
  }
  if (spec.options !== undefined) {
    return spec.options.some((option) => option.value === text) ? { text } : { error: choose };
  }
  if (text.length > spec.maxLength) {
    return { error: `${spec.label} must be ${spec.maxLength} characters or fewer.` };
  }
  return { text };
}

function readEmail(text: string): { email: string } | { error: string } {
  const at = text.lastIndexOf("@");
  const email = at < 0 ? text : `${text.slice(0, at)}@${text.slice(at + 1).toLowerCase()}`;
  if (!emailSchema.safeParse(email).success) {
    return { error: "Enter a valid email address, such as name@example.com." };
  }
  return { email };
}

function checkFullName(name: string): string | null {
  if (name.length < 2) return "Enter your full name, at least 2 characters.";
  if (!/\p{L}/u.test(name)) return "Enter your full name in letters.";
  return null;
}

const postalCodeMessages: Readonly<Record<PostalCountry, string>> = {
  NP: "Enter a valid postal code in Nepal: 5 digits, such as 44600, or leave it empty.",
  IN: "Enter a valid PIN code: 6 digits, such as 110001.",
  US: "Enter a valid ZIP code, such as 94103 or 94103-1234.",
  GB: "Enter a valid UK postcode, such as SW1A 1AA.",
  CA: "Enter a valid Canadian postal code, such as K1A 0B1.",
};

function readCountry(value: unknown): { country: ShippingCountry } | { error: string } {
  const text = typeof value === "string" ? value.trim() : value;
  if (isShippingCountry(text)) return { country: text };
  if (text === undefined || text === "") return { error: "Choose the country for delivery." };
  return { error: `We deliver to ${deliveredCountries}. Choose one of them.` };
}

/** Server-side validation of the submitted details form; every value is untrusted. */
export function validateDetails(input: Readonly<Record<string, unknown>>): DetailsResult {
  const errors: Errors = {};
  const countryResult = readCountry(input.country);
  const country = "country" in countryResult ? countryResult.country : null;
  if ("error" in countryResult) errors.country = countryResult.error;

  const texts: Texts = {};
  for (const spec of fieldSpecs(country)) {
    if (spec.name === "country") continue;
    const result = readField(spec, input[spec.name]);
    if ("error" in result) errors[spec.name] = result.error;
    else texts[spec.name] = result.text;
  }

  let email: string | null = null;
  if (texts.email !== undefined && texts.email !== null) {
    const result = readEmail(texts.email);
    if ("error" in result) errors.email = result.error;
    else email = result.email;
  }

  if (texts.fullName !== undefined && texts.fullName !== null) {
    const problem = checkFullName(texts.fullName);
    if (problem !== null) errors.fullName = problem;
  }

  let phone: string | null = null;
  // A phone number is only right or wrong for a country: with none known, the country's error is enough.
  if (country !== null && texts.phone !== undefined && texts.phone !== null) {
    // Digits typed on a Nepali, Hindi or Arabic keyboard ("९८४१२३४५६७") count as 0–9.
    const result = checkPhone(country, asciiDigits(texts.phone));
    if (result.ok) phone = result.e164;
    else errors.phone = result.message;
  }

  const region = country !== null && texts.region ? (findRegion(country, texts.region) ?? null) : null;

  if (country === "NP" && texts.district && region !== null) {
    const province = provinceOfDistrict(texts.district);
    if (province !== undefined && province.code !== region.code) {
      errors.district = `${texts.district} is in ${province.name}. Choose a district of ${region.name}, or change the province.`;
    }
  }

  let postalCode: string | null = null;
  if (country !== null && country !== "AE" && texts.postalCode) {
    postalCode = normalisePostalCode(country, asciiDigits(texts.postalCode));
    if (postalCode === null) errors.postalCode = postalCodeMessages[country];
  }
  // A real code of another state or province ("Austin, CA 78701") is an address no courier can find.
  if (country !== null && postalCode !== null && region !== null) {
    const problem = postalRegionProblem(country, postalCode, region.code);
    if (problem !== null) errors.postalCode = problem;
  }

  if (country === null || email === null || phone === null || Object.keys(errors).length > 0) {
    return { ok: false, errors, values: echoedValues(input) };
  }
  return {
    ok: true,
    details: {
      email,
      fullName: present(texts, "fullName"),
      phone,
      country,
      address: {
        line1: present(texts, "line1"),
        line2: texts.line2 ?? null,
        city: present(texts, "city"),
        region,
        district: country === "NP" ? (texts.district ?? null) : null,
        postalCode,
      },
    },
  };
}
