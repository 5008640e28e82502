import { describe, expect, it } from "vitest";
import { findRegion, regionsByCountry } from "./regions.ts";

const codes = (country: keyof typeof regionsByCountry) => regionsByCountry[country]?.map((region) => region.code);

describe("regions by country", () => {
  it("offers the 50 US states and DC, without territories or military codes", () => {
    expect(regionsByCountry.US).toHaveLength(51);
    expect(findRegion("US", "DC")).toEqual({ code: "DC", name: "District of Columbia" });
    expect(findRegion("US", "CA")).toEqual({ code: "CA", name: "California" });
    for (const code of ["PR", "GU", "VI", "AS", "MP", "FM", "MH", "PW", "AA", "AE", "AP"]) {
      expect(findRegion("US", code), code).toBeUndefined();
    }
  });

  it("offers India's 28 states and 8 union territories", () => {
    expect(regionsByCountry.IN).toHaveLength(36);
    expect(findRegion("IN", "DL")?.name).toBe("Delhi");
    expect(findRegion("IN", "LA")?.name).toBe("Ladakh");
    expect(findRegion("IN", "MH")?.name).toBe("Maharashtra");
  });

  it("offers Canada's 10 provinces and 3 territories", () => {
    expect(codes("CA")).toEqual(["AB", "BC", "MB", "NB", "NL", "NT", "NS", "NU", "ON", "PE", "QC", "SK", "YT"]);
  });

  it("offers the 7 emirates", () => {
    expect(regionsByCountry.AE?.map((region) => region.name)).toEqual([
      "Abu Dhabi",
      "Ajman",
      "Dubai",
      "Fujairah",
      "Ras al Khaimah",
      "Sharjah",
      "Umm Al Quwain",
    ]);
  });

  it("offers Nepal's 7 provinces under their current names, not the library's outdated ones", () => {
    expect(regionsByCountry.NP?.map((region) => region.name)).toContain("Koshi Province");
    expect(regionsByCountry.NP?.map((region) => region.name)).not.toContain("Province No. 1");
    expect(codes("NP")).toEqual(["P1", "P2", "P3", "P4", "P5", "P6", "P7"]);
  });

  it("has no region list for the UK", () => {
    expect(regionsByCountry.GB).toBeNull();
    expect(findRegion("GB", "LND")).toBeUndefined();
  });

  it("finds a code only in its own country", () => {
    expect(findRegion("US", "ON")).toBeUndefined();
    expect(findRegion("CA", "ON")?.name).toBe("Ontario");
    expect(findRegion("IN", "P3")).toBeUndefined();
    expect(findRegion("AE", "DU")?.name).toBe("Dubai");
    expect(findRegion("US", "du")).toBeUndefined();
  });
});
