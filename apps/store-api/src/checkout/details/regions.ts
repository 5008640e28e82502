import type { ShippingCountry } from "@herbo/hosted-api";
import { AE, CA, IN, US, type CountryData } from "country-region-data";
import { nepalProvinces } from "./nepal-divisions.ts";

/** A province, state, territory or emirate: the first level below the country. */
export interface Region {
  code: string;
  name: string;
}

function regionsOf(country: CountryData): Region[] {
  return country[2].map(([name, code]) => ({ code, name }));
}

/**
 * Territories (PR, GU, VI, AS, MP) and freely associated states (FM, MH, PW) have their own ISO country
 * codes, customs and courier rates, and APO/FPO military codes (AA, AE, AP) take only USPS military mail:
 * the shop's US rate and transit times cover the 50 states and DC, so the form offers only those.
 */
const usCodesOutsideTheOffer = new Set(["AS", "FM", "GU", "MH", "MP", "PW", "PR", "VI", "AA", "AE", "AP"]);

/** The regions a shopper chooses from, in display order; null where the country's form has no region. */
export const regionsByCountry: Readonly<Record<ShippingCountry, readonly Region[] | null>> = {
  // country-region-data still has "Province No. 1" for Koshi and no districts, so Nepal is our own data.
  NP: nepalProvinces.map(({ code, name }) => ({ code, name })),
  IN: regionsOf(IN),
  US: regionsOf(US).filter((region) => !usCodesOutsideTheOffer.has(region.code)),
  GB: null,
  CA: regionsOf(CA),
  AE: regionsOf(AE),
};

export function findRegion(country: ShippingCountry, code: string): Region | undefined {
  return regionsByCountry[country]?.find((region) => region.code === code);
}
