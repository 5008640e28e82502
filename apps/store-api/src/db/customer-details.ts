import type { ShippingCountry } from "@herbo/hosted-api";

/** What the checkout stores once details pass validation; the orders table keeps this exact shape. */
export interface CustomerDetails {
  /** Trimmed, domain part lower-cased; at most 254 characters. */
  email: string;
  /** Trimmed, inner whitespace collapsed; 2 to 100 characters. */
  fullName: string;
  /** E.164, e.g. "+9779812345678". */
  phone: string;
  country: ShippingCountry;
  address: {
    line1: string;
    line2: string | null;
    city: string;
    /** Province, state or emirate; null where the country's form has none (GB). */
    region: { code: string; name: string } | null;
    /** Nepal only; null elsewhere. */
    district: string | null;
    /** Normalised: upper case and canonical spacing ("SW1A 1AA", "K1A 0B1", "12345-6789"); null when absent. */
    postalCode: string | null;
  };
}
