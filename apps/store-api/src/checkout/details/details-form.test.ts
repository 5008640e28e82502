import { shippingCountries } from "@herbo/hosted-api";
import { describe, expect, it } from "vitest";
import { detailsForm } from "./details-form.ts";
import type { FieldDefinition } from "./types.ts";

const byName = (fields: FieldDefinition[]) => Object.fromEntries(fields.map((field) => [field.name, field]));
const labels = (fields: FieldDefinition[]) => Object.fromEntries(fields.map((field) => [field.name, field.label]));

// Autofill detail tokens of the HTML standard that a delivery form may use, and "off".
const htmlAutocompleteTokens = new Set([
  "off",
  "email",
  "name",
  "tel",
  "country",
  "address-line1",
  "address-line2",
  "address-level1",
  "address-level2",
  "postal-code",
]);

describe("the delivery form of each country", () => {
  it("lists the contact fields first, then the country's address fields", () => {
    const contact = ["email", "fullName", "phone", "country", "line1", "line2", "city"];
    expect(detailsForm("NP").map((field) => field.name)).toEqual([...contact, "region", "district", "postalCode"]);
    expect(detailsForm("US").map((field) => field.name)).toEqual([...contact, "region", "postalCode"]);
    expect(detailsForm("IN").map((field) => field.name)).toEqual([...contact, "region", "postalCode"]);
    expect(detailsForm("CA").map((field) => field.name)).toEqual([...contact, "region", "postalCode"]);
    expect(detailsForm("GB").map((field) => field.name)).toEqual([...contact, "postalCode"]);
    expect(detailsForm("AE").map((field) => field.name)).toEqual([...contact, "region"]);
  });

  it("names the fields as each country does", () => {
    const shared = {
      email: "Email",
      fullName: "Full name",
      phone: "Phone",
      country: "Country",
      line1: "Street address",
    };
    expect(labels(detailsForm("NP"))).toEqual({
      ...shared,
      line2: "Building or landmark",
      city: "City or municipality",
      region: "Province",
      district: "District",
      postalCode: "Postal code",
    });
    expect(labels(detailsForm("US"))).toEqual({
      ...shared,
      line2: "Apartment, suite or unit",
      city: "City",
      region: "State",
      postalCode: "ZIP code",
    });
    expect(labels(detailsForm("IN"))).toEqual({
      ...shared,
      line2: "Flat, building or landmark",
      city: "City or town",
      region: "State or union territory",
      postalCode: "PIN code",
    });
    expect(labels(detailsForm("GB"))).toEqual({
      ...shared,
      line2: "Flat or building",
      city: "Town or city",
      postalCode: "Postcode",
    });
    expect(labels(detailsForm("CA"))).toEqual({
      ...shared,
      line2: "Apartment, suite or unit",
      city: "City",
      region: "Province or territory",
      postalCode: "Postal code",
    });
    expect(labels(detailsForm("AE"))).toEqual({
      ...shared,
      line2: "Apartment, villa or building",
      city: "City or area",
      region: "Emirate",
    });
  });

  it("gives every field the HTML autocomplete token browsers fill it from", () => {
    const expected = {
      email: "email",
      fullName: "name",
      phone: "tel",
      country: "country",
      line1: "address-line1",
      line2: "address-line2",
      city: "address-level2",
      region: "address-level1",
      district: "off",
      postalCode: "postal-code",
    };
    for (const country of shippingCountries) {
      for (const field of detailsForm(country)) {
        expect(field.autocomplete, `${country} ${field.name}`).toBe(expected[field.name]);
        expect(htmlAutocompleteTokens.has(field.autocomplete)).toBe(true);
      }
    }
  });

  it("uses input types and keyboards that fit each field", () => {
    const nepal = byName(detailsForm("NP"));
    expect(nepal.email).toMatchObject({ type: "email", inputMode: "email", maxLength: 254 });
    expect(nepal.fullName).toMatchObject({ type: "text", maxLength: 100 });
    expect(nepal.phone).toMatchObject({ type: "tel", inputMode: "tel", hint: "For the courier, e.g. 984-1234567" });
    expect(nepal.postalCode).toMatchObject({ type: "text", inputMode: "numeric", hint: "5 digits, e.g. 44600" });
    expect(byName(detailsForm("IN")).postalCode).toMatchObject({ inputMode: "numeric", hint: "6 digits, e.g. 110001" });
    expect(byName(detailsForm("US")).postalCode).toMatchObject({ inputMode: "numeric" });
    expect(byName(detailsForm("GB")).postalCode).toMatchObject({ inputMode: "text", hint: "e.g. SW1A 1AA" });
    expect(byName(detailsForm("CA")).postalCode).toMatchObject({ inputMode: "text", hint: "e.g. K1A 0B1" });
    expect(byName(detailsForm("US")).phone?.hint).toBe("For the courier, e.g. (201) 555-0123");
  });

  it("requires every field but the second address line and Nepal's postal code", () => {
    for (const country of shippingCountries) {
      const optional = detailsForm(country)
        .filter((field) => !field.required)
        .map((field) => field.name);
      expect(optional, country).toEqual(country === "NP" ? ["line2", "postalCode"] : ["line2"]);
    }
  });

  it("offers lists only for selects, with the six delivery countries", () => {
    for (const field of detailsForm("US")) {
      expect(field.options !== undefined, field.name).toBe(field.type === "select");
    }
    expect(byName(detailsForm("US")).country?.options).toEqual([
      { value: "NP", label: "Nepal" },
      { value: "IN", label: "India" },
      { value: "US", label: "United States" },
      { value: "GB", label: "United Kingdom" },
      { value: "CA", label: "Canada" },
      { value: "AE", label: "United Arab Emirates" },
    ]);
  });

  it("offers each country's own regions", () => {
    expect(byName(detailsForm("US")).region?.options).toHaveLength(51);
    expect(byName(detailsForm("US")).region?.options).toContainEqual({ value: "NY", label: "New York" });
    expect(byName(detailsForm("IN")).region?.options).toHaveLength(36);
    expect(byName(detailsForm("CA")).region?.options).toContainEqual({ value: "QC", label: "Quebec" });
    expect(byName(detailsForm("AE")).region?.options).toHaveLength(7);
    expect(byName(detailsForm("NP")).region?.options).toEqual([
      { value: "P1", label: "Koshi Province" },
      { value: "P2", label: "Madhesh Province" },
      { value: "P3", label: "Bagmati Province" },
      { value: "P4", label: "Gandaki Province" },
      { value: "P5", label: "Lumbini Province" },
      { value: "P6", label: "Karnali Province" },
      { value: "P7", label: "Sudurpashchim Province" },
    ]);
  });

  it("offers Nepal's 77 districts grouped by province", () => {
    const options = byName(detailsForm("NP")).district?.options ?? [];
    expect(options).toHaveLength(77);
    expect(options).toContainEqual({ value: "Kathmandu", label: "Kathmandu", group: "Bagmati Province" });
    expect(options).toContainEqual({ value: "Kaski", label: "Kaski", group: "Gandaki Province" });
    expect(new Set(options.map((option) => option.group)).size).toBe(7);
  });

  it("sizes each select to its longest value", () => {
    const nepal = byName(detailsForm("NP"));
    expect(nepal.district?.maxLength).toBe("Nawalparasi East".length);
    expect(nepal.country?.maxLength).toBe(2);
  });
});
