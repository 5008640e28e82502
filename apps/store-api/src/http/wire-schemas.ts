import {
  cartTokenPattern,
  errorCodes,
  maxCheckoutLines,
  maxLineQuantity,
  type CheckoutRequestBody,
  type CheckoutResponse,
  type ProductListResponse,
  type ProductResponse,
  type ShippingRatesResponse,
  type VariantsResponse,
  type WireBatch,
  type WireReview,
  type WireReviewPage,
  type WireCurrency,
  type WireImage,
  type WireOption,
  type WireOptionValue,
  type WireProductFacts,
  type WireError,
  type WireVariant,
} from "@herbo/hosted-api";
import { z } from "zod";
import { knownTimeZone } from "../pages/times.ts";

/**
 * The answers of the four calls as zod schemas, each bound to its wire type from the contract package:
 * a field added to or dropped from a wire type fails to compile here. Routes declare them as response
 * schemas, and the contract test checks real answers against them.
 */

const currency = z.strictObject({
  code: z.string(),
  decimal_digits: z.number().int(),
  template: z.string(),
  name: z.string(),
  symbol: z.string(),
  symbol_native: z.string(),
  name_plural: z.string(),
  rounding: z.number(),
  min_amount: z.number(),
}) satisfies z.ZodType<WireCurrency>;

const optionValue = z.strictObject({
  id: z.string(),
  option_id: z.string(),
  variant_id: z.string(),
  value: z.string(),
}) satisfies z.ZodType<WireOptionValue>;

const option = z.strictObject({
  id: z.string(),
  title: z.string(),
  values: z.array(optionValue),
}) satisfies z.ZodType<WireOption>;

const variant = z.strictObject({
  id: z.string(),
  title: z.string(),
  image_url: z.string().nullable(),
  sku: z.string().nullable(),
  gtin: z.string().nullable(),
  mpn: z.string().nullable(),
  prices: z.array(
    z.strictObject({
      amount: z.number().int().nonnegative(),
      sale_amount: z.number().int().nonnegative().nullable(),
      currency_code: z.string(),
      currency: currency.nullable(),
    }),
  ),
  manage_inventory: z.boolean(),
  weight: z.number().nullable(),
  options: z.array(optionValue),
  inventory_quantity: z.number().int().nonnegative(),
}) satisfies z.ZodType<WireVariant>;

const image = z.strictObject({
  url: z.string(),
  order: z.number(),
  type: z.string(),
  alt: z.string(),
  width: z.number().int().positive().nullable(),
  height: z.number().int().positive().nullable(),
  sizes: z.array(z.strictObject({ url: z.string(), width: z.number().int().positive() })),
}) satisfies z.ZodType<WireImage>;

const productFields = {
  id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  ribbon_text: z.string().nullable(),
  description: z.string(),
  thumbnail: z.string().nullable(),
  purchasable: z.boolean(),
  order: z.number(),
  site_product_selection: z.string().nullable(),
  status: z.string(),
  options: z.array(option),
  variants: z.array(variant),
  product_collections: z.array(
    z.strictObject({ product_id: z.string(), collection_id: z.string(), order: z.number() }),
  ),
  additional_info: z.array(
    z.strictObject({ id: z.string(), order: z.number(), title: z.string(), description: z.string() }),
  ),
  type: z.strictObject({ value: z.string() }),
  custom_fields: z.array(z.strictObject({ id: z.string(), title: z.string(), is_required: z.boolean() })),
  related_products: z.array(
    z.strictObject({
      id: z.string(),
      section_title: z.string(),
      related_type: z.string(),
      related_id: z.string(),
      position: z.number(),
    }),
  ),
  updated_at: z.iso.datetime(),
  created_at: z.iso.datetime(),
  deleted_at: z.iso.datetime().nullable(),
  metadata: z.record(z.string(), z.unknown()),
};

export const productListResponseSchema = z.strictObject({
  count: z.number().int().nonnegative(),
  offset: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
  products: z.array(z.strictObject({ ...productFields, images: z.array(image) })),
}) satisfies z.ZodType<ProductListResponse>;

const facts = z.strictObject({
  serving_size: z.string(),
  servings_per_container: z.string().nullable(),
  amounts: z.array(z.strictObject({ name: z.string(), amount: z.string(), daily_value: z.string().nullable() })),
  ingredients: z.string().nullable(),
  warnings: z.array(z.string()),
}) satisfies z.ZodType<WireProductFacts>;

const batch = z.strictObject({
  lot: z.string(),
  tested_on: z.iso.date().nullable(),
  certificate_url: z.string().nullable(),
}) satisfies z.ZodType<WireBatch>;

const review = z.strictObject({
  id: z.string(),
  rating: z.number().int().min(1).max(5),
  title: z.string(),
  body: z.string(),
  display_name: z.string(),
  market: z.string().regex(/^[a-z]{2}$/),
  created_at: z.iso.datetime(),
  reply: z.string().nullable(),
  replied_at: z.iso.datetime().nullable(),
}) satisfies z.ZodType<WireReview>;

export const reviewPageSchema = z.strictObject({
  count: z.number().int().nonnegative(),
  average_rating: z.number().min(1).max(5).nullable(),
  page: z.number().int().min(1),
  page_count: z.number().int().min(1),
  reviews: z.array(review),
}) satisfies z.ZodType<WireReviewPage>;

export const productResponseSchema = z.strictObject({
  product: z.strictObject({
    ...productFields,
    media: z.array(image),
    facts: facts.nullable(),
    batch: batch.nullable(),
    reviews: reviewPageSchema,
  }),
}) satisfies z.ZodType<ProductResponse>;

export const variantsResponseSchema = z.strictObject({
  variants: z.array(
    z.strictObject({
      id: z.string(),
      inventory_quantity: z.number().int().nonnegative().optional(),
      title: z.string().optional(),
      sku: z.string().nullable().optional(),
      manage_inventory: z.boolean().optional(),
      product_id: z.string().optional(),
    }),
  ),
}) satisfies z.ZodType<VariantsResponse>;

const dayCount = z.number().int().nonnegative();

export const shippingRatesResponseSchema = z.strictObject({
  handling_days: z.strictObject({ min: dayCount, max: dayCount }),
  shipping_rates: z.array(
    z.strictObject({
      country_code: z.string().regex(/^[A-Z]{2}$/),
      country_name: z.string(),
      currency_code: z.string().regex(/^[A-Z]{3}$/),
      amount: z.number().int().nonnegative(),
      min_days: dayCount,
      max_days: dayCount,
    }),
  ),
  markets: z.array(
    z.strictObject({
      code: z.string().regex(/^[a-z]{2}$/),
      prices_include_tax: z.boolean(),
      free_shipping_over: z.number().int().positive().nullable(),
    }),
  ),
  quantity_prices: z.array(
    z.strictObject({
      product_id: z.string(),
      market: z.string().regex(/^[a-z]{2}$/),
      min_quantity: z.number().int().min(2),
      percent: z.number().int().min(1).max(100),
    }),
  ),
  rating: z.strictObject({
    shown: z.enum(["fixed", "measured"]),
    count: z.number().int().nonnegative(),
    average_rating: z.number().min(1).max(5).nullable(),
  }),
}) satisfies z.ZodType<ShippingRatesResponse>;

export const checkoutResponseSchema = z.strictObject({
  url: z.url({ protocol: /^https?$/ }),
}) satisfies z.ZodType<CheckoutResponse>;

export const errorBodySchema = z.strictObject({
  error: z.strictObject({
    code: z.enum(errorCodes),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
}) satisfies z.ZodType<{ error: Omit<WireError, "details"> & { details?: Record<string, unknown> } }>;

/**
 * The body of POST /store/{storeId}/checkout. Lines and quantities above the checkout limits pass here
 * and are refused afterwards with codes that name the limit and the line (too_many_lines, invalid_quantity).
 */
export const checkoutRequestSchema = z.object({
  items: z
    .array(
      z.object({
        variant_id: z
          .string()
          .min(1)
          .max(100)
          .regex(/^[^\p{Cc}]+$/u, "must not contain control characters"),
        quantity: z
          .number({ error: "must be a positive whole number" })
          .int("must be a positive whole number")
          .min(1, "must be a positive whole number")
          .max(maxLineQuantity * 10_000, `must be at most ${maxLineQuantity}`),
      }),
    )
    .max(maxCheckoutLines * 20, `at most ${maxCheckoutLines} lines`),
  successUrl: z.string().max(2048),
  cancelUrl: z.string().max(2048),
  locale: z
    .string()
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,3}$/, "must be a language tag such as en or en-US")
    .optional(),
  // A zone this server does not know (a browser with newer time-zone data) never stops a checkout: its
  // pages then show the shop's zone, named (pages/times.ts).
  timeZone: z
    .string()
    .max(64)
    .regex(/^[A-Za-z0-9_+\-/]+$/, "must be an IANA time zone such as Asia/Kathmandu")
    .transform((zone) => knownTimeZone(zone))
    .optional(),
  cartToken: z.string().regex(cartTokenPattern, "must be 22 to 64 URL-safe characters").optional(),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/, "must be a three-letter currency code such as NPR or USD")
    .optional(),
}) satisfies z.ZodType<CheckoutRequestBody, unknown>;
