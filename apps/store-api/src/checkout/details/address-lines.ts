import { shippingCountryName } from "./country-names.ts";
import type { CustomerDetails } from "./types.ts";

function joined(...parts: (string | null | undefined)[]): string {
  return parts.filter((part) => part !== null && part !== undefined && part !== "").join(" ");
}

/** The lines between the street and the country, in the order each country's post office asks for. */
function localityLines(details: CustomerDetails): string[] {
  const { city, region, district, postalCode } = details.address;
  switch (details.country) {
    case "NP":
      return [
        joined(city, postalCode),
        [district, region?.name].filter((part) => part !== null && part !== undefined).join(", "),
      ];
    case "IN":
      return [joined(city, postalCode), region?.name ?? ""];
    case "US":
      return [`${city}, ${joined(region?.code, postalCode)}`];
    case "CA":
      return [joined(city, region?.code, postalCode)];
    case "GB":
      return [city, postalCode ?? ""];
    case "AE":
      // "Dubai, Dubai" says nothing twice: the emirate is printed only when it differs from the city.
      return region === null || region.name.toLowerCase() === city.toLowerCase() ? [city] : [city, region.name];
  }
}

/** The address as lines for emails, pages and the back office, from the recipient's name to the country. */
export function addressLines(details: CustomerDetails): string[] {
  const { line1, line2 } = details.address;
  return [details.fullName, line1, line2 ?? "", ...localityLines(details), shippingCountryName(details.country)].filter(
    (line) => line !== "",
  );
}
