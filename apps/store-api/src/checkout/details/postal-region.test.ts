import { describe, expect, it } from "vitest";
import { postalRegionProblem } from "./postal-region.ts";

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

  it("says nothing for countries whose codes do not name a region", () => {
    expect(postalRegionProblem("GB", "SW1A 2AA", "ENG")).toBeNull();
    expect(postalRegionProblem("NP", "44600", "P3")).toBeNull();
  });
});
