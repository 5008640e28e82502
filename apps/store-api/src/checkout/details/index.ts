export type { CustomerDetails, DetailsField, DetailsResult, FieldDefinition, FieldOption } from "./types.ts";
export { detailsFields } from "./types.ts";
export { detailsForm } from "./details-form.ts";
export { validateDetails } from "./validate-details.ts";
export { addressLines } from "./address-lines.ts";
export { countryForTimeZone } from "./time-zone-country.ts";
export { countryInSentence } from "./country-names.ts";
export { nepalProvinces, type NepalProvince } from "./nepal-divisions.ts";
