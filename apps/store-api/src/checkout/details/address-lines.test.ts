import { describe, expect, it } from "vitest";
import { addressLines } from "./address-lines.ts";
import type { CustomerDetails } from "./types.ts";

const contact = { email: "ram@example.com", fullName: "Ram Shrestha", phone: "+9779812345678" };
const noAddress = { line2: null, region: null, district: null, postalCode: null };

function details(country: CustomerDetails["country"], address: Partial<CustomerDetails["address"]>): CustomerDetails {
  return { ...contact, country, address: { line1: "Street 1", city: "City", ...noAddress, ...address } };
}

describe("address lines", () => {
  it("Nepal: city and postal code, then district and province", () => {
    expect(
      addressLines(
        details("NP", {
          line1: "Thamel Marg 12",
          city: "Kathmandu",
          region: { code: "P3", name: "Bagmati Province" },
          district: "Kathmandu",
          postalCode: "44600",
        }),
      ),
    ).toEqual(["Ram Shrestha", "Thamel Marg 12", "Kathmandu 44600", "Kathmandu, Bagmati Province", "Nepal"]);
  });

  it("Nepal without a postal code, with a second line", () => {
    expect(
      addressLines(
        details("NP", {
          line1: "Lakeside Road",
          line2: "Near Barahi Chowk",
          city: "Pokhara",
          region: { code: "P4", name: "Gandaki Province" },
          district: "Kaski",
        }),
      ),
    ).toEqual(["Ram Shrestha", "Lakeside Road", "Near Barahi Chowk", "Pokhara", "Kaski, Gandaki Province", "Nepal"]);
  });

  it("the United States: city, state code and ZIP on one line", () => {
    expect(
      addressLines(
        details("US", {
          line1: "350 Fifth Avenue",
          line2: "Suite 5000",
          city: "New York",
          region: { code: "NY", name: "New York" },
          postalCode: "10118-0110",
        }),
      ),
    ).toEqual(["Ram Shrestha", "350 Fifth Avenue", "Suite 5000", "New York, NY 10118-0110", "United States"]);
  });

  it("India: city and PIN, then the state", () => {
    expect(
      addressLines(
        details("IN", {
          line1: "12 Janpath",
          city: "New Delhi",
          region: { code: "DL", name: "Delhi" },
          postalCode: "110001",
        }),
      ),
    ).toEqual(["Ram Shrestha", "12 Janpath", "New Delhi 110001", "Delhi", "India"]);
  });

  it("the United Kingdom: the town, then the postcode on its own line", () => {
    expect(addressLines(details("GB", { line1: "10 Downing Street", city: "London", postalCode: "SW1A 2AA" }))).toEqual(
      ["Ram Shrestha", "10 Downing Street", "London", "SW1A 2AA", "United Kingdom"],
    );
  });

  it("Canada: city, province code and postal code on one line", () => {
    expect(
      addressLines(
        details("CA", {
          line1: "24 Sussex Drive",
          city: "Ottawa",
          region: { code: "ON", name: "Ontario" },
          postalCode: "K1M 1M4",
        }),
      ),
    ).toEqual(["Ram Shrestha", "24 Sussex Drive", "Ottawa ON K1M 1M4", "Canada"]);
  });

  it("the United Arab Emirates: the emirate after the city, once", () => {
    expect(
      addressLines(
        details("AE", { line1: "Villa 3, Street 12", city: "Al Barsha", region: { code: "DU", name: "Dubai" } }),
      ),
    ).toEqual(["Ram Shrestha", "Villa 3, Street 12", "Al Barsha", "Dubai", "United Arab Emirates"]);
    expect(
      addressLines(details("AE", { line1: "Villa 3", city: "Dubai", region: { code: "DU", name: "Dubai" } })),
    ).toEqual(["Ram Shrestha", "Villa 3", "Dubai", "United Arab Emirates"]);
  });
});
