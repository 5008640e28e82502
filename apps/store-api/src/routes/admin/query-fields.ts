import { z } from "zod";
import { isDay } from "../../shop-time.ts";

/** A query parameter a form may send empty: "" counts as not given. */
export function optionalField<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" ? undefined : value), schema.optional());
}

/** A day in the shop's time zone, YYYY-MM-DD. */
export const day = z.string().refine(isDay, "expected a day as YYYY-MM-DD");

/** A page number, from 1. */
export const pageNumber = z
  .string()
  .regex(/^\d{1,6}$/, "must be a whole number")
  .transform(Number)
  .pipe(z.number().int().min(1).max(100_000));

/** Refuses a range whose end comes before its start. */
export function orderedRange<T extends { from?: string | undefined; to?: string | undefined }>(range: T): boolean {
  return range.from === undefined || range.to === undefined || range.from <= range.to;
}
