import { describe, expect, it } from "vitest";
import { postalRegionProblem } from "./postal-region.ts";
import { findRegion } from "./regions.ts";

const indianStateName = (code: string) => findRegion("IN", code)?.name ?? code;

describe("a postal code belongs to its state or province", () => {
  it("the USA: a ZIP code of another state is refused, naming both", () => {
    expect(postalRegionProblem("US", "78701", "CA")).toBe(
      "78701 is a ZIP code in Texas, not in California. Check the ZIP code and the state.",
    );
    expect(postalRegionProblem("US", "78701", "TX")).toBeNull();
    expect(postalRegionProblem("US", "10118-0110", "NY")).toBeNull();
    expect(postalRegionProblem("US", "10118-0110", "NJ")).toMatch(
      /^10118-0110 is a ZIP code in New York, not in New Jersey/,
    );
    expect(postalRegionProblem("US", "20001", "DC")).toBeNull();
    expect(postalRegionProblem("US", "99501", "AK")).toBeNull();
  });

  it("Canada: the first letter names the province", () => {
    expect(postalRegionProblem("CA", "M5H 2N2", "QC")).toBe(
      "M5H 2N2 is a postal code in Ontario, not in Quebec. Check the postal code and the province.",
    );
    expect(postalRegionProblem("CA", "M5H 2N2", "ON")).toBeNull();
    expect(postalRegionProblem("CA", "H2X 1Y4", "QC")).toBeNull();
    expect(postalRegionProblem("CA", "V6B 1A1", "BC")).toBeNull();
    expect(postalRegionProblem("CA", "T5J 0N3", "AB")).toBeNull();
    expect(postalRegionProblem("CA", "Y1A 1A1", "YT")).toBeNull();
    // X is shared by the Northwest Territories and Nunavut.
    expect(postalRegionProblem("CA", "X0A 0H0", "NU")).toBeNull();
    expect(postalRegionProblem("CA", "X1A 1A1", "NT")).toBeNull();
    expect(postalRegionProblem("CA", "X1A 1A1", "BC")).toBe(
      "X1A 1A1 is not a postal code in British Columbia. Check the postal code and the province.",
    );
  });

  it("India: the PIN's first digit names its zone, which must hold the state", () => {
    expect(postalRegionProblem("IN", "110001", "DL")).toBeNull();
    expect(postalRegionProblem("IN", "560001", "KA")).toBeNull();
    expect(postalRegionProblem("IN", "400001", "MH")).toBeNull();
    expect(postalRegionProblem("IN", "403001", "GA")).toBeNull();
    expect(postalRegionProblem("IN", "533464", "PY")).toBeNull();
    expect(postalRegionProblem("IN", "605001", "PY")).toBeNull();
    expect(postalRegionProblem("IN", "737101", "SK")).toBeNull();
    expect(postalRegionProblem("IN", "560001", "DL")).toBe(
      "560001 is not a PIN code in Delhi. Check the PIN code and the state.",
    );
    expect(postalRegionProblem("IN", "110001", "TN")).toMatch(/^110001 is not a PIN code in Tamil Nadu/);
    // The Army Postal Service's zone 9 belongs to no state.
    expect(postalRegionProblem("IN", "900001", "KA")).toBeNull();
  });

  // A real postal code of each province and territory, and of each Indian state and union territory.
  const canadian: [string, string][] = [
    ["NL", "A1C 5M2"],
    ["NS", "B3H 4R2"],
    ["PE", "C1A 4P3"],
    ["NB", "E3B 1B2"],
    ["QC", "G1R 4P5"],
    ["QC", "H2X 1Y4"],
    ["QC", "J8X 3X7"],
    ["ON", "K1A 0A6"],
    ["ON", "L5B 1M2"],
    ["ON", "M5H 2N2"],
    ["ON", "N2L 3G1"],
    ["ON", "P3E 2C6"],
    ["MB", "R3C 4T3"],
    ["SK", "S4P 3V7"],
    ["AB", "T5J 0N3"],
    ["BC", "V6B 1A1"],
    ["NT", "X1A 2L9"],
    ["NU", "X0A 0H0"],
    ["YT", "Y1A 1B1"],
  ];
  it.each(canadian)("Canada: %s takes %s, and no other province does", (province, code) => {
    expect(postalRegionProblem("CA", code, province)).toBeNull();
    for (const [other] of canadian.filter(([name]) => name !== province)) {
      if (province === "NT" || province === "NU") {
        if (other === "NT" || other === "NU") continue;
      }
      expect(postalRegionProblem("CA", code, other), `${code} in ${other}`).not.toBeNull();
    }
  });

  const indian: [string, string][] = [
    ["DL", "110001"],
    ["HR", "122001"],
    ["PB", "141001"],
    ["HP", "171001"],
    ["JK", "190001"],
    ["CH", "160017"],
    ["LA", "194101"],
    ["UP", "226001"],
    ["UT", "248001"],
    ["RJ", "302001"],
    ["GJ", "380001"],
    ["DH", "396230"],
    ["MH", "400001"],
    ["GA", "403001"],
    ["MP", "462001"],
    ["CT", "492001"],
    ["TG", "500001"],
    ["AP", "520001"],
    ["KA", "560001"],
    ["PY", "605001"],
    ["TN", "600001"],
    ["KL", "695001"],
    ["LD", "682555"],
    ["WB", "700001"],
    ["OR", "751001"],
    ["AS", "781001"],
    ["SK", "737101"],
    ["AR", "791111"],
    ["MN", "795001"],
    ["ML", "793001"],
    ["MZ", "796001"],
    ["NL", "797001"],
    ["TR", "799001"],
    ["AN", "744101"],
    ["BR", "800001"],
    ["JH", "834001"],
  ];
  it.each(indian)("India: %s takes %s, and a PIN of another zone is refused", (state, code) => {
    expect(postalRegionProblem("IN", code, state)).toBeNull();
    const zone = Number(code.charAt(0));
    const otherZone = `${(zone % 8) + 1}${code.slice(1)}`;
    expect(postalRegionProblem("IN", otherZone, state), `${otherZone} in ${state}`).toBe(
      `${otherZone} is not a PIN code in ${indianStateName(state)}. Check the PIN code and the state.`,
    );
  });

  it("USA: a ZIP+4 is read by its first five digits", () => {
    expect(postalRegionProblem("US", "78701-1234", "TX")).toBeNull();
    expect(postalRegionProblem("US", "10118-0110", "TX")).toMatch(
      /^10118-0110 is a ZIP code in New York, not in Texas/,
    );
  });

  it("says nothing for countries whose codes do not name a region", () => {
    expect(postalRegionProblem("GB", "SW1A 2AA", "ENG")).toBeNull();
    expect(postalRegionProblem("NP", "44600", "P3")).toBeNull();
  });
});
