import { describe, expect, it } from "vitest";
import { countryForTimeZone, zonesByCountry } from "./time-zone-country.ts";

describe("the delivery country guessed from the time zone", () => {
  it.each([
    ["Asia/Kathmandu", "NP"],
    ["Asia/Katmandu", "NP"],
    ["Asia/Kolkata", "IN"],
    ["Asia/Calcutta", "IN"],
    ["Europe/London", "GB"],
    ["Asia/Dubai", "AE"],
    ["America/Toronto", "CA"],
    ["America/Vancouver", "CA"],
    ["America/St_Johns", "CA"],
    ["America/Regina", "CA"],
    ["Canada/Eastern", "CA"],
    ["America/New_York", "US"],
    ["America/Chicago", "US"],
    ["America/Los_Angeles", "US"],
    ["America/Phoenix", "US"],
    ["America/Indiana/Indianapolis", "US"],
    ["America/Anchorage", "US"],
    ["Pacific/Honolulu", "US"],
    ["US/Eastern", "US"],
  ] as const)("%s → %s", (timeZone, country) => {
    expect(countryForTimeZone(timeZone)).toBe(country);
  });

  it.each([
    ["no time zone", null],
    ["an empty one", ""],
    ["another country's", "Europe/Berlin"],
    ["Mexico's, though it is in America/", "America/Mexico_City"],
    ["Puerto Rico's, where the shop does not deliver", "America/Puerto_Rico"],
    ["Jersey's, outside the UK", "Europe/Jersey"],
    ["a neighbour on the same offset", "Asia/Muscat"],
    ["a wrongly cased name", "asia/kolkata"],
  ])("falls back to Nepal for %s", (_what, timeZone) => {
    expect(countryForTimeZone(timeZone)).toBe("NP");
  });

  it("knows only names that Intl accepts as time zones", () => {
    for (const zone of Object.values(zonesByCountry).flat()) {
      expect(() => new Intl.DateTimeFormat("en", { timeZone: zone }), zone).not.toThrow();
    }
  });
});
