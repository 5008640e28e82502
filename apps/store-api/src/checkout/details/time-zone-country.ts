import { countryOfTimeZone, type ShippingCountry } from "@herbo/hosted-api";

export { zonesByCountry } from "@herbo/hosted-api";

/** A best guess of the delivery country from the browser's IANA time zone; Nepal, the home market, otherwise. */
export function countryForTimeZone(timeZone: string | null): ShippingCountry {
  return countryOfTimeZone(timeZone) ?? "NP";
}
