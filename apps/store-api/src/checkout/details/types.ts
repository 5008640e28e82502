import type { CustomerDetails } from "../../db/customer-details.ts";

export type { CustomerDetails };

export const detailsFields = [
  "email",
  "fullName",
  "phone",
  "country",
  "line1",
  "line2",
  "city",
  "region",
  "district",
  "postalCode",
] as const;

export type DetailsField = (typeof detailsFields)[number];

export interface FieldOption {
  value: string;
  label: string;
  /** Shown as an optgroup, e.g. the province of a Nepali district. */
  group?: string;
}

export interface FieldDefinition {
  name: DetailsField;
  label: string;
  type: "text" | "email" | "tel" | "select";
  /** An HTML autocomplete token. */
  autocomplete: string;
  required: boolean;
  maxLength: number;
  options?: FieldOption[];
  hint?: string;
  inputMode?: "numeric" | "text" | "email" | "tel";
}

export type DetailsResult =
  | { ok: true; details: CustomerDetails }
  | {
      ok: false;
      errors: Partial<Record<DetailsField, string>>;
      values: Partial<Record<DetailsField, string>>;
    };
