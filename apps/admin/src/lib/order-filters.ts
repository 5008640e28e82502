import type { AdminFulfilmentStatus, AdminPaymentStatus } from "@herbo/hosted-api/admin";
import { fulfilmentStatusLabels, paymentStatusLabels } from "./labels.ts";

/** The orders list's filters as the address keeps them (?q=…&paymentStatus=…&page=2). */
export const filterNames = [
  "q",
  "paymentMethod",
  "paymentStatus",
  "fulfilmentStatus",
  "country",
  "from",
  "to",
] as const;
export type FilterName = (typeof filterNames)[number];

/** Every status the contract has, in the order the labels list them (a new status is a new label). */
export const paymentStatusOptions = Object.keys(paymentStatusLabels) as AdminPaymentStatus[];
export const fulfilmentStatusOptions = Object.keys(fulfilmentStatusLabels) as AdminFulfilmentStatus[];
export const paymentMethodOptions = ["card", "cod", "wallet"];

/** The filters set in the address, and the page (1 when absent or malformed). */
export function readFilters(params: URLSearchParams): { filters: Partial<Record<FilterName, string>>; page: number } {
  const filters: Partial<Record<FilterName, string>> = {};
  for (const name of filterNames) {
    const value = params.get(name)?.trim();
    if (value !== undefined && value !== "") filters[name] = value;
  }
  const page = Number(params.get("page"));
  return { filters, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

/** The address's parameters for these filters and page; empty fields and page 1 are left out. */
export function filterParams(filters: Partial<Record<FilterName, string>>, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of filterNames) {
    const value = filters[name]?.trim();
    if (value !== undefined && value !== "") params.set(name, value);
  }
  if (page > 1) params.set("page", String(page));
  return params;
}

/** The filters a submitted form holds. */
export function filtersFromForm(form: FormData): Partial<Record<FilterName, string>> {
  const filters: Partial<Record<FilterName, string>> = {};
  for (const name of filterNames) {
    const value = form.get(name);
    if (typeof value === "string") filters[name] = value;
  }
  return filters;
}
