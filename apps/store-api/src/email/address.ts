import { shippingRates } from "@herbo/hosted-api";
import type { CustomerDetails } from "../db/schema.ts";

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

/** The English name of a country code: the shop's own names first, then the runtime's, then the code. */
export function countryName(code: string): string {
  const shop = shippingRates.find((rate) => rate.country === code);
  if (shop !== undefined) return shop.countryName;
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** "US-CA" or "CA" → "CA": the short code postal services print after a city. */
function shortRegionCode(code: string): string {
  const parts = code.split("-");
  return parts[parts.length - 1] ?? code;
}

function joined(...parts: (string | null | undefined)[]): string {
  return parts.filter((part): part is string => typeof part === "string" && part.trim() !== "").join(" ");
}

/**
 * A delivery address as lines to print on a parcel, in each market's usual order: name, street lines,
 * then city, region and postal code as that country writes them, then the country's name.
 */
export function formatDeliveryAddress(customer: CustomerDetails): string[] {
  const { address } = customer;
  const region = address.region;
  const lines = [customer.fullName, address.line1, address.line2 ?? ""];
  switch (customer.country) {
    case "US":
    case "CA": {
      // "Springfield, IL 62701" / "Toronto, ON M5V 2T6"
      const tail = joined(region === null ? null : shortRegionCode(region.code), address.postalCode);
      lines.push(tail === "" || address.city.trim() === "" ? joined(address.city, tail) : `${address.city}, ${tail}`);
      break;
    }
    case "GB":
      lines.push(address.city, address.postalCode ?? "");
      break;
    case "IN":
      // "Mumbai 400001" then "Maharashtra"
      lines.push(joined(address.city, address.postalCode), region?.name ?? "");
      break;
    case "NP":
      lines.push(
        joined(address.city, address.postalCode),
        address.district === null ? "" : `${address.district} District`,
        region?.name ?? "",
      );
      break;
    default:
      lines.push(address.city, region?.name ?? "", address.postalCode ?? "");
  }
  lines.push(countryName(customer.country));
  return lines.map((line) => line.trim()).filter((line) => line !== "");
}
