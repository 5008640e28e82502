import { postcodeValidator } from "postcode-validator";

/** Countries whose addresses carry a postal code (the UAE has none). */
export type PostalCountry = "NP" | "IN" | "US" | "GB" | "CA";

/** Upper-cases and respaces a postal code the way each country's post office prints it. */
function canonicalForm(country: PostalCountry, text: string): string {
  // Shoppers type spaces and dashes in odd places ("110 001", "k1a-0b1"); none of them matter.
  const compact = text.toUpperCase().replace(/[\s-]/g, "");
  switch (country) {
    case "GB":
      // The inward code is always the last 3 characters: "SW1A1AA" → "SW1A 1AA".
      return compact.length > 3 ? `${compact.slice(0, -3)} ${compact.slice(-3)}` : compact;
    case "CA":
      return compact.length === 6 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : compact;
    case "US":
      // ZIP+4 typed on a numeric keypad, which has no dash: "941031234" → "94103-1234".
      return compact.length === 9 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact;
    case "IN":
    case "NP":
      return compact;
  }
}

/**
 * The postal code in its canonical form, or null when it is not one of the country's.
 * Patterns come from postcode-validator; rules are added only where it is looser than the post office.
 */
export function normalisePostalCode(country: PostalCountry, text: string): string | null {
  const canonical = canonicalForm(country, text);
  if (!postcodeValidator(canonical, country)) return null;
  // The library takes any 6 digits, but India Post's PIN codes never start with 0 (the first digit is the zone).
  if (country === "IN" && canonical.startsWith("0")) return null;
  return canonical;
}
