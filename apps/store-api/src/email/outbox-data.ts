import { isOrderNumber, reviewLimits, shippingCountries } from "@herbo/hosted-api";
import { z } from "zod";
import { paymentStatuses } from "../db/schema.ts";
import type { OrderSnapshot } from "./order-snapshot.ts";

/** What an outbox row's `data` must hold for each kind of email, checked when it is written and when it is sent. */

const webUrl = z.url({ protocol: /^https?$/ });
const shortText = z.string().trim().min(1).max(300);
const optionalText = z.string().max(300).nullable();

const customerSchema = z.object({
  email: z.email(),
  fullName: shortText,
  phone: z.string().max(32),
  country: z.enum(shippingCountries),
  address: z.object({
    line1: shortText,
    line2: optionalText,
    city: z.string().max(300),
    region: z.object({ code: z.string().max(16), name: shortText }).nullable(),
    district: optionalText,
    postalCode: z.string().max(16).nullable(),
  }),
});

const amount = z.number().int().safe();

export const orderSnapshotSchema: z.ZodType<OrderSnapshot> = z.object({
  shopName: shortText,
  number: z.string().refine(isOrderNumber, "Not an order number"),
  orderUrl: webUrl,
  placedAt: z.iso.datetime({ offset: true }),
  timeZone: z.string().max(64).nullable(),
  currency: z.object({
    code: z.string().nullable(),
    symbol: z.string().nullable(),
    template: z.string().nullable(),
    decimalDigits: z.number().int().nullable(),
  }),
  lines: z
    .array(
      z.object({
        productTitle: shortText,
        variantTitle: z.string().max(300),
        quantity: z.number().int().positive(),
        unitAmount: amount,
        lineAmount: amount,
        discountAmount: amount.optional(),
        offerLabel: z.string().max(100).nullable().optional(),
      }),
    )
    .min(1),
  discountCode: z.string().max(40).optional(),
  codeDiscountAmount: amount.optional(),
  subtotalAmount: amount,
  shippingAmount: amount,
  totalAmount: amount,
  customer: customerSchema,
  paymentMethod: z.enum(["card", "cod", "wallet"]),
  paymentProviderName: z.string().max(100).nullable().optional(),
  paymentStatus: z.enum(paymentStatuses),
  cardLast4: z
    .string()
    .regex(/^[0-9]{4}$/)
    .nullable(),
  deliveryDays: z.object({ min: z.number().int().min(0), max: z.number().int().min(0) }).nullable(),
  awaitingConfirmation: z.boolean().optional(),
  tax: z
    .object({
      name: z.string().min(1).max(40),
      rateBasisPoints: z.number().int().min(0).max(10_000),
      registration: z.string().min(1).max(60),
      amount,
    })
    .nullable()
    .optional(),
  taxExcluded: z.boolean().optional(),
  taxIncluded: z.string().min(1).max(40).nullable().optional(),
  invoiceUrl: webUrl.optional(),
});

export const refundStates = ["none", "to_make", "refunded"] as const;
export type RefundState = (typeof refundStates)[number];

export const outboxDataSchemas = {
  /** To the shopper, when the order is placed. */
  order_confirmation: z.object({ order: orderSnapshotSchema }),
  /** To SHOP_EMAIL, when the order is placed. */
  new_order_notice: z.object({ order: orderSnapshotSchema }),
  /** To the shopper, when the back office marks the order shipped, or corrects its carrier or tracking number. */
  order_shipped: z.object({
    order: orderSnapshotSchema,
    carrier: z.string().trim().min(1).max(100),
    trackingNumber: z.string().trim().min(1).max(100),
    trackingUrl: webUrl.nullable(),
    /** The shipment's details were corrected after an earlier email (missing in rows written before corrections). */
    corrected: z.boolean().optional(),
  }),
  /**
   * To the shopper, when the back office cancels the order: what happens to the money, and how much
   * (`refundAmount`, missing in rows written before refunds were recorded: the order's total then).
   */
  order_cancelled: z.object({
    order: orderSnapshotSchema,
    refund: z.enum(refundStates),
    refundAmount: amount.nonnegative().optional(),
  }),
  /** To the shopper, when the shop takes back items: which, and the refund for them. */
  order_returned: z.object({
    order: orderSnapshotSchema,
    lines: z
      .array(
        z.object({ productTitle: shortText, variantTitle: z.string().max(300), quantity: z.number().int().positive() }),
      )
      .max(100),
    refund: z.enum(refundStates),
    refundAmount: amount.nonnegative(),
  }),
  /** To the shopper, when the shop has confirmed a cash-on-delivery order by phone. */
  order_confirmed: z.object({ order: orderSnapshotSchema }),
  /** To the shopper, when a refund told as still to be made has been made. */
  order_refunded: z.object({ order: orderSnapshotSchema, refundAmount: amount.positive() }),
  /** To a shopper who asked for one and did not pay: the checkout's items, a way back, a way to stop these. */
  checkout_reminder: z.object({
    shopName: shortText,
    fullName: shortText,
    currency: z.object({
      code: z.string().regex(/^[A-Z]{3}$/),
      symbol: z.string().max(10).nullable(),
      template: z.string().max(20).nullable(),
      decimalDigits: z.number().int().min(0).max(4).nullable(),
    }),
    lines: z
      .array(z.object({ title: shortText, quantity: z.number().int().positive() }))
      .min(1)
      .max(100),
    itemsAmount: amount.nonnegative(),
    resumeUrl: z.url().max(500),
    unsubscribeUrl: z.url().max(500),
  }),
  /** To a buyer some days after delivery: one review link per product they kept. */
  review_request: z.object({
    shopName: shortText,
    fullName: shortText,
    orderNumber: z.string().refine(isOrderNumber, "Not an order number"),
    products: z
      .array(z.object({ title: shortText, url: webUrl.max(500) }))
      .min(1)
      .max(100),
    linkDays: z.number().int().positive().max(365),
  }),
  /** To SHOP_EMAIL, when a buyer wrote a review: what it says, and where to moderate it. */
  review_received: z.object({
    shopName: shortText,
    productTitle: shortText,
    orderNumber: z.string().refine(isOrderNumber, "Not an order number"),
    marketName: shortText,
    rating: z.number().int().min(1).max(5),
    title: z.string().min(1).max(reviewLimits.title * 2),
    body: z.string().min(1).max(reviewLimits.body * 2),
    displayName: z.string().min(1).max(reviewLimits.displayName * 2),
    moderateUrl: webUrl.max(500),
  }),
};

export type OutboxKind = keyof typeof outboxDataSchemas;
export type OutboxData<K extends OutboxKind> = z.infer<(typeof outboxDataSchemas)[K]>;
export const outboxKinds = Object.keys(outboxDataSchemas) as OutboxKind[];

export function isOutboxKind(kind: string): kind is OutboxKind {
  return Object.hasOwn(outboxDataSchemas, kind);
}

/** A row whose kind or data cannot make a message; retrying will not help. */
export class EmailDataError extends Error {
  override name = "EmailDataError";
}

/** The email of one outbox row, its data checked against its kind. */
export type OutboxEmail = { [K in OutboxKind]: { kind: K; data: OutboxData<K> } }[OutboxKind];

export function parseOutboxEmail(kind: string, data: unknown): OutboxEmail {
  if (!isOutboxKind(kind)) throw new EmailDataError(`Unknown email kind "${kind.slice(0, 40)}"`);
  const parsed = outboxDataSchemas[kind].safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new EmailDataError(`Invalid data for ${kind}: ${problems.join("; ")}`);
  }
  return { kind, data: parsed.data } as OutboxEmail;
}
