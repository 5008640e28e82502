import { describe, expect, it } from "vitest";
import type { CustomerDetails } from "../db/schema.ts";
import { countryName, formatDeliveryAddress } from "./address.ts";

function customer(country: string, address: Partial<CustomerDetails["address"]>): CustomerDetails {
  return {
    email: "rita@example.com",
    fullName: "Rita Sharma",
    phone: "+9779812345678",
    country,
    address: {
      line1: "1 Main Street",
      line2: null,
      city: "Town",
      region: null,
      district: null,
      postalCode: null,
      ...address,
    },
  };
}

describe("formatDeliveryAddress", () => {
  it("writes a Nepal address with its district and province", () => {
    const lines = formatDeliveryAddress(
      customer("NP", {
        line1: "Thamel Marg 12",
        line2: "Near the stupa",
        city: "Kathmandu",
        district: "Kathmandu",
        region: { code: "NP-P3", name: "Bagmati Province" },
        postalCode: "44600",
      }),
    );
    expect(lines).toEqual([
      "Rita Sharma",
      "Thamel Marg 12",
      "Near the stupa",
      "Kathmandu 44600",
      "Kathmandu District",
      "Bagmati Province",
      "Nepal",
    ]);
  });

  it("writes city, state code and ZIP on one line in the USA and Canada", () => {
    expect(
      formatDeliveryAddress(
        customer("US", { city: "Springfield", region: { code: "US-IL", name: "Illinois" }, postalCode: "62701" }),
      ).slice(-2),
    ).toEqual(["Springfield, IL 62701", "United States"]);
    expect(
      formatDeliveryAddress(
        customer("CA", { city: "Toronto", region: { code: "ON", name: "Ontario" }, postalCode: "M5V 2T6" }),
      ).slice(-2),
    ).toEqual(["Toronto, ON M5V 2T6", "Canada"]);
  });

  it("writes the UK postcode, the Indian PIN and state, and the UAE emirate on their own terms", () => {
    expect(formatDeliveryAddress(customer("GB", { city: "London", postalCode: "SW1A 1AA" })).slice(-3)).toEqual([
      "London",
      "SW1A 1AA",
      "United Kingdom",
    ]);
    expect(
      formatDeliveryAddress(
        customer("IN", { city: "Mumbai", postalCode: "400001", region: { code: "IN-MH", name: "Maharashtra" } }),
      ).slice(-3),
    ).toEqual(["Mumbai 400001", "Maharashtra", "India"]);
    expect(
      formatDeliveryAddress(customer("AE", { city: "Dubai Marina", region: { code: "AE-DU", name: "Dubai" } })).slice(
        -3,
      ),
    ).toEqual(["Dubai Marina", "Dubai", "United Arab Emirates"]);
  });

  it("prints no empty lines for missing parts", () => {
    expect(
      formatDeliveryAddress(
        customer("US", { city: "", region: { code: "US-IL", name: "Illinois" }, postalCode: "62701" }),
      ),
    ).toEqual(["Rita Sharma", "1 Main Street", "IL 62701", "United States"]);
    expect(formatDeliveryAddress(customer("NP", { city: "Pokhara" }))).toEqual([
      "Rita Sharma",
      "1 Main Street",
      "Pokhara",
      "Nepal",
    ]);
  });
});

describe("countryName", () => {
  it("names the shop's countries, others from the runtime, and falls back to the code", () => {
    expect(countryName("NP")).toBe("Nepal");
    expect(countryName("FR")).toBe("France");
    expect(countryName("??")).toBe("??");
  });
});
