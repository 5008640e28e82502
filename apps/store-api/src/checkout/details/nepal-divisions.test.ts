import { describe, expect, it } from "vitest";
import { nepalProvinces, provinceOfDistrict } from "./nepal-divisions.ts";

describe("Nepal's provinces and districts", () => {
  it("has the 7 provinces under their current official names and ISO codes", () => {
    expect(nepalProvinces.map((province) => [province.code, province.name])).toEqual([
      ["P1", "Koshi Province"],
      ["P2", "Madhesh Province"],
      ["P3", "Bagmati Province"],
      ["P4", "Gandaki Province"],
      ["P5", "Lumbini Province"],
      ["P6", "Karnali Province"],
      ["P7", "Sudurpashchim Province"],
    ]);
  });

  it("has each province's number of districts, 77 in all", () => {
    expect(Object.fromEntries(nepalProvinces.map((province) => [province.code, province.districts.length]))).toEqual({
      P1: 14,
      P2: 8,
      P3: 13,
      P4: 11,
      P5: 12,
      P6: 10,
      P7: 9,
    });
    expect(nepalProvinces.flatMap((province) => province.districts)).toHaveLength(77);
  });

  it("puts every district in exactly one province", () => {
    const districts = nepalProvinces.flatMap((province) => province.districts);
    expect(new Set(districts).size).toBe(districts.length);
  });

  it("keeps the districts split in 2015 apart, each in its own province", () => {
    expect(provinceOfDistrict("Nawalparasi East")?.code).toBe("P4");
    expect(provinceOfDistrict("Nawalparasi West")?.code).toBe("P5");
    expect(provinceOfDistrict("Rukum East")?.code).toBe("P5");
    expect(provinceOfDistrict("Rukum West")?.code).toBe("P6");
  });

  it("finds the province of well-known districts and nothing for other names", () => {
    expect(provinceOfDistrict("Kathmandu")?.name).toBe("Bagmati Province");
    expect(provinceOfDistrict("Kaski")?.name).toBe("Gandaki Province");
    expect(provinceOfDistrict("Jhapa")?.name).toBe("Koshi Province");
    expect(provinceOfDistrict("Kailali")?.name).toBe("Sudurpashchim Province");
    expect(provinceOfDistrict("Pokhara")).toBeUndefined();
    expect(provinceOfDistrict("kathmandu")).toBeUndefined();
  });
});
