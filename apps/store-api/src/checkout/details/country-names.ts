import { shippingRates, type ShippingCountry } from "@herbo/hosted-api";

const regionNames = new Intl.DisplayNames("en", { type: "region" });

/** The English name the shop prints for a country it delivers to ("United States"). */
export function shippingCountryName(country: ShippingCountry): string {
  return shippingRates.find((rate) => rate.country === country)?.countryName ?? country;
}

/** A country's English name as it reads in a sentence: "the United States", "Nepal", "the Isle of Man". */
export function countryInSentence(code: string): string {
  const shipping = shippingRates.find((rate) => rate.country === code);
  let name: string;
  try {
    name = shipping?.countryName ?? regionNames.of(code) ?? code;
  } catch {
    // Intl.DisplayNames throws on codes that are not well-formed regions.
    name = code;
  }
  const takesArticle =
    /^(United |Isle of |Netherlands$|Philippines$|Bahamas$|Gambia$|Maldives$|Central African)|Islands$/;
  return takesArticle.test(name) ? `the ${name}` : name;
}
