import { shippingCountries, type ShippingCountry } from "@herbo/hosted-api";
import { shippingCountryName } from "./country-names.ts";
import { nepalProvinces } from "./nepal-divisions.ts";
import { phoneExamples } from "./phone-numbers.ts";
import { regionsByCountry } from "./regions.ts";
import type { FieldDefinition, FieldOption } from "./types.ts";

/** A field as the form shows it, plus the noun its messages use ("Enter your ZIP code."). */
export interface FieldSpec extends FieldDefinition {
  noun: string;
}

const maxLengths = {
  email: 254,
  fullName: 100,
  phone: 25,
  line1: 100,
  line2: 100,
  city: 60,
  postalCode: 10,
} as const;

/** What differs between the countries' address forms. */
interface CountryAddress {
  line2: string;
  city: string;
  region: { label: string; noun: string } | null;
  district: boolean;
  postalCode: (Pick<FieldDefinition, "label" | "required" | "hint" | "inputMode"> & { noun: string }) | null;
}

const countryAddresses: Readonly<Record<ShippingCountry, CountryAddress>> = {
  NP: {
    line2: "Building or landmark",
    city: "City or municipality",
    region: { label: "Province", noun: "province" },
    district: true,
    // Many Nepali addresses are delivered without one, so it is optional.
    postalCode: {
      label: "Postal code",
      noun: "postal code",
      required: false,
      hint: "5 digits, e.g. 44600",
      inputMode: "numeric",
    },
  },
  IN: {
    line2: "Flat, building or landmark",
    city: "City or town",
    region: { label: "State or union territory", noun: "state or union territory" },
    district: false,
    postalCode: {
      label: "PIN code",
      noun: "PIN code",
      required: true,
      hint: "6 digits, e.g. 110001",
      inputMode: "numeric",
    },
  },
  US: {
    line2: "Apartment, suite or unit",
    city: "City",
    region: { label: "State", noun: "state" },
    district: false,
    // Numeric keypads have no dash: 9 digits are read as ZIP+4.
    postalCode: {
      label: "ZIP code",
      noun: "ZIP code",
      required: true,
      hint: "5 digits, e.g. 94103",
      inputMode: "numeric",
    },
  },
  GB: {
    line2: "Flat or building",
    city: "Town or city",
    region: null,
    district: false,
    postalCode: { label: "Postcode", noun: "postcode", required: true, hint: "e.g. SW1A 1AA", inputMode: "text" },
  },
  CA: {
    line2: "Apartment, suite or unit",
    city: "City",
    region: { label: "Province or territory", noun: "province or territory" },
    district: false,
    postalCode: { label: "Postal code", noun: "postal code", required: true, hint: "e.g. K1A 0B1", inputMode: "text" },
  },
  AE: {
    line2: "Apartment, villa or building",
    city: "City or area",
    region: { label: "Emirate", noun: "emirate" },
    district: false,
    postalCode: null,
  },
};

const countryOptions: FieldOption[] = shippingCountries.map((code) => ({
  value: code,
  label: shippingCountryName(code),
}));

const districtOptions: FieldOption[] = nepalProvinces.flatMap((province) =>
  province.districts.map((district) => ({ value: district, label: district, group: province.name })),
);

function selectLength(options: readonly FieldOption[]): number {
  return Math.max(...options.map((option) => option.value.length));
}

function contactFields(country: ShippingCountry | null): FieldSpec[] {
  return [
    {
      name: "email",
      label: "Email",
      noun: "email address",
      type: "email",
      autocomplete: "email",
      inputMode: "email",
      required: true,
      maxLength: maxLengths.email,
      hint: "For your order confirmation",
    },
    {
      name: "fullName",
      label: "Full name",
      noun: "full name",
      type: "text",
      autocomplete: "name",
      required: true,
      maxLength: maxLengths.fullName,
    },
    {
      name: "phone",
      label: "Phone",
      noun: "phone number",
      type: "tel",
      autocomplete: "tel",
      inputMode: "tel",
      required: true,
      maxLength: maxLengths.phone,
      ...(country === null ? {} : { hint: `For the courier, e.g. ${phoneExamples[country]}` }),
    },
    {
      name: "country",
      label: "Country",
      noun: "country",
      type: "select",
      autocomplete: "country",
      required: true,
      maxLength: selectLength(countryOptions),
      options: countryOptions,
    },
  ];
}

function streetFields(line2Label: string, cityLabel: string): FieldSpec[] {
  return [
    {
      name: "line1",
      label: "Street address",
      noun: "street address",
      type: "text",
      autocomplete: "address-line1",
      required: true,
      maxLength: maxLengths.line1,
    },
    {
      name: "line2",
      label: line2Label,
      noun: line2Label.toLowerCase(),
      type: "text",
      autocomplete: "address-line2",
      required: false,
      maxLength: maxLengths.line2,
    },
    {
      name: "city",
      label: cityLabel,
      noun: cityLabel.toLowerCase(),
      type: "text",
      autocomplete: "address-level2",
      required: true,
      maxLength: maxLengths.city,
    },
  ];
}

/**
 * The form's fields with the nouns their messages use. With no known country, only the fields every
 * country shares, so the server can still check them when the posted country is unknown.
 */
export function fieldSpecs(country: ShippingCountry | null): FieldSpec[] {
  if (country === null) return [...contactFields(null), ...streetFields("Address line 2", "City")];
  const address = countryAddresses[country];
  const fields = [...contactFields(country), ...streetFields(address.line2, address.city)];
  const regions = regionsByCountry[country];
  if (address.region !== null && regions !== null) {
    const options = regions.map((region) => ({ value: region.code, label: region.name }));
    fields.push({
      name: "region",
      label: address.region.label,
      noun: address.region.noun,
      type: "select",
      autocomplete: "address-level1",
      required: true,
      maxLength: selectLength(options),
      options,
    });
  }
  if (address.district) {
    fields.push({
      name: "district",
      label: "District",
      noun: "district",
      type: "select",
      // No token sits between province (address-level1) and city (address-level2), and a city name filled
      // into this list would choose a wrong district or none: the shopper picks it.
      autocomplete: "off",
      required: true,
      maxLength: selectLength(districtOptions),
      options: districtOptions,
    });
  }
  if (address.postalCode !== null) {
    fields.push({
      name: "postalCode",
      type: "text",
      autocomplete: "postal-code",
      maxLength: maxLengths.postalCode,
      ...address.postalCode,
    });
  }
  return fields;
}

/** The fields of the delivery form for a country, in display order: contact first, then the address. */
export function detailsForm(country: ShippingCountry): FieldDefinition[] {
  return fieldSpecs(country).map(({ noun: _noun, ...field }) => field);
}
