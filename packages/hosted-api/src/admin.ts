/**
 * The back office's JSON (`/admin/api/*` on the store API), shared by the store API and apps/admin. Only
 * the store API's own back office speaks it; the storefront never imports this module (it is a separate
 * entry point, `@herbo/hosted-api/admin`).
 */

import type { CaliforniaNoticeValues } from "./california-notice.ts";

/** The shop's own time zone: the back office's days ("today", date filters, exports) are its days. */
export const shopTimeZone = "Asia/Kathmandu";

export type AdminPaymentStatus =
  "pending" | "paid" | "cod_due" | "cod_collected" | "refund_due" | "partially_refunded" | "refunded";
export type AdminFulfilmentStatus =
  "unconfirmed" | "unfulfilled" | "packed" | "shipped" | "delivered" | "returned" | "cancelled";
/**
 * A cash-on-delivery order (payment "cod_due") owes the shop no cash while it waits for its confirming call,
 * or once it is cancelled or came back: the overview's "Cash to collect", the list's filter of that name and
 * the order's payment label all follow this one list.
 */
export const noCashOwedFulfilment: readonly AdminFulfilmentStatus[] = ["unconfirmed", "cancelled", "returned"];

/** Whether an order's cash on delivery is still to collect. */
export function cashIsOwed(payment: AdminPaymentStatus, fulfilment: AdminFulfilmentStatus): boolean {
  return payment === "cod_due" && !noCashOwedFulfilment.includes(fulfilment);
}

/** Every payment status as the owner reads it (the back office, the orders CSV). */
export const paymentStatusLabels: Record<AdminPaymentStatus, string> = {
  pending: "Awaiting payment",
  paid: "Paid",
  cod_due: "Cash to collect",
  cod_collected: "Cash collected",
  refund_due: "Refund to make",
  partially_refunded: "Partly refunded",
  refunded: "Refunded",
};

/** Every fulfilment status as the owner reads it. */
export const fulfilmentStatusLabels: Record<AdminFulfilmentStatus, string> = {
  unconfirmed: "To confirm by phone",
  unfulfilled: "Not packed",
  packed: "Packed",
  shipped: "Shipped",
  delivered: "Delivered",
  returned: "Returned",
  cancelled: "Cancelled",
};

/**
 * The payment as the owner should read it beside the order's fulfilment: cash on delivery is "to collect"
 * only once the order is confirmed, and never after it was cancelled or came back (`cashIsOwed`).
 */
export function paymentLabel(payment: AdminPaymentStatus, fulfilment: AdminFulfilmentStatus): string {
  if (payment !== "cod_due" || cashIsOwed(payment, fulfilment)) return paymentStatusLabels[payment];
  return fulfilment === "unconfirmed" ? "Cash on delivery, once confirmed" : "Nothing to collect";
}
export type AdminOrderAction =
  /** A cash-on-delivery order, confirmed with the shopper by phone: its stock is sold and it can be packed. */
  | "confirm"
  | "pack"
  | "ship"
  | "deliver"
  | "collect_cash"
  | "cancel"
  | "correct_shipment"
  | "undo_delivery"
  | "undo_cash_collection"
  | "take_return"
  | "record_refund"
  | "retry_refund";

/**
 * Every action's button as the back office labels it; emails that tell the owner which button to press
 * quote these, so the two cannot drift apart.
 */
export const actionLabels: Record<AdminOrderAction, string> = {
  confirm: "Confirmed by phone",
  pack: "Mark packed",
  ship: "Mark shipped",
  deliver: "Mark delivered",
  collect_cash: "Record cash collected",
  cancel: "Cancel order",
  correct_shipment: "Correct shipment",
  undo_delivery: "Undo delivered",
  undo_cash_collection: "Undo cash collected",
  take_return: "Take a return or refund",
  record_refund: "Record refund made",
  retry_refund: "Send refund again",
};
/** What the order's refunds come to: nothing owed, a refund still to make, or all refunds made. */
export type AdminRefundState = "none" | "to_make" | "refunded";
/**
 * One refund: requested (being sent to the provider), failed (the provider refused: try again, or record
 * one made another way), to_make (no provider can send it: make it and record it), succeeded.
 */
export type AdminRefundStatus = "requested" | "failed" | "to_make" | "succeeded";

/** An amount with its currency and its display text (made by the one money formatter). */
export interface AdminMoney {
  amount: number;
  currency: string;
  text: string;
}

export interface AdminSession {
  owner: { email: string };
  shopName: string;
}

export interface AdminSignIn {
  email: string;
  password: string;
}

export interface AdminOrderSummary {
  number: string;
  /** ISO 8601. */
  placedAt: string;
  customerName: string;
  email: string;
  phone: string;
  country: string;
  paymentMethod: string;
  paymentStatus: AdminPaymentStatus;
  fulfilmentStatus: AdminFulfilmentStatus;
  total: AdminMoney;
  itemCount: number;
}

export interface AdminOrderList {
  orders: AdminOrderSummary[];
  /** Orders matching the filters, over all pages. */
  total: number;
  page: number;
  pageSize: number;
}

/** The list's filters, as query parameters; dates are days in the shop's time zone (YYYY-MM-DD). */
export interface AdminOrderFilters {
  q?: string;
  paymentMethod?: string;
  paymentStatus?: AdminPaymentStatus;
  fulfilmentStatus?: AdminFulfilmentStatus;
  country?: string;
  from?: string;
  to?: string;
  page?: number;
}

export interface AdminOrderEvent {
  /** ISO 8601. */
  at: string;
  /** "shopper", "system", or the owner's email. */
  actor: string;
  type: string;
  /** One line a person reads, e.g. "Shipped with DHL, tracking number 1Z999". */
  summary: string;
}

export interface AdminOrderDetail {
  number: string;
  placedAt: string;
  customer: { name: string; email: string; phone: string; country: string } | null;
  /** The delivery address, one line each, as the shopper's emails show it. */
  addressLines: string[];
  lines: {
    /** The line's number in the order, as a return names it. */
    position: number;
    sku: string | null;
    productTitle: string;
    variantTitle: string;
    quantity: number;
    unitPrice: AdminMoney;
    /** Unit × quantity, before the line's discount. */
    lineTotal: AdminMoney;
    /** Taken off the line when it was ordered (0 when none): its quantity price and its code share together. */
    discount: AdminMoney;
    /** The quantity price's name; the code's share of `discount` is `codeDiscount`. */
    offerLabel: string | null;
    codeDiscount: AdminMoney;
    /** Units the shopper sent back. */
    returnedQuantity: number;
  }[];
  /** The discount code the order was placed with, and what it took off; null when none. */
  discountCode: { code: string; amount: AdminMoney } | null;
  /** The items after their discounts. */
  subtotal: AdminMoney;
  shipping: AdminMoney;
  total: AdminMoney;
  /** The order's currency, for amounts the owner types (a refund) and writes back. */
  currency: { code: string; decimalDigits: number; template: string | null; symbol: string | null };
  /** The market the order was priced in. */
  market: { code: string; name: string };
  /** "Prices incl. VAT 13%: Rs. 138.05 (registration …)." when the order has tax lines, else null. */
  taxNote: string | null;
  /** The order's printable invoice on the store API (the same origin as the back office). */
  invoicePath: string;
  payment: {
    method: string;
    provider: string;
    /** Whether a refund of this order goes back through its provider (else the owner makes it by hand). */
    refundsThroughProvider: boolean;
    reference: string | null;
    status: AdminPaymentStatus;
    cardLast4: string | null;
    paidAt: string | null;
  };
  fulfilmentStatus: AdminFulfilmentStatus;
  shipment: { carrier: string; trackingNumber: string; trackingUrl: string | null } | null;
  refund: AdminRefundState;
  /** Money taken (a provider's capture, or cash once collected), given back, and what may still be given back. */
  captured: AdminMoney;
  refunded: AdminMoney;
  refundable: AdminMoney;
  /** Refunds, oldest first. */
  refunds: AdminRefund[];
  /** Oldest first. */
  history: AdminOrderEvent[];
  /** The actions the order's state allows now. */
  actions: AdminOrderAction[];
}

export interface AdminRefund {
  id: string;
  kind: "cancel" | "return";
  amount: AdminMoney;
  status: AdminRefundStatus;
  /** The provider that sends it; null when the owner makes it by hand. */
  provider: string | null;
  providerReference: string | null;
  reason: string | null;
  /** How a refund made by hand was made, in the owner's words. */
  note: string | null;
  /** Why the provider refused it. */
  lastError: string | null;
  createdAt: string;
  completedAt: string | null;
}

export type AdminOrderActionRequest =
  | { action: "confirm" }
  | { action: "pack" }
  | { action: "ship"; carrier: string; trackingNumber: string; trackingUrl?: string }
  | { action: "deliver" }
  | { action: "collect_cash" }
  | { action: "cancel"; reason?: string }
  /** A wrong carrier or tracking number, fixed after shipping: the shopper is emailed the new one. */
  | { action: "correct_shipment"; carrier: string; trackingNumber: string; trackingUrl?: string }
  | { action: "undo_delivery" }
  | { action: "undo_cash_collection" }
  /**
   * Items came back (or the shop gives money back for them): the units per order line, whether they go
   * back on the shelf, and the refund in minor units of the order's currency (0 for none).
   */
  | {
      action: "take_return";
      lines: { position: number; quantity: number }[];
      restock: boolean;
      refundAmount: number;
      reason?: string;
    }
  /** A refund the owner made by hand (bank transfer, cash, the provider's own dashboard). */
  | { action: "record_refund"; refundId: string; note: string }
  /** Send a refund the provider refused once more. */
  | { action: "retry_refund"; refundId: string };

export interface AdminStockVariant {
  id: string;
  title: string;
  sku: string | null;
  /** False for a variant whose stock is not counted (always available). */
  tracked: boolean;
  onHand: number;
  /** Held by open checkouts. */
  reserved: number;
  available: number;
}

export interface AdminStockProduct {
  id: string;
  title: string;
  purchasable: boolean;
  variants: AdminStockVariant[];
}

export interface AdminStockMovement {
  at: string;
  actor: string;
  variantId: string;
  productTitle: string;
  variantTitle: string;
  change: number;
  onHandAfter: number;
  reason: string;
  orderNumber: string | null;
}

export interface AdminStock {
  products: AdminStockProduct[];
  /** Newest first. */
  history: AdminStockMovement[];
}

export interface AdminStockAdjustment {
  /** Units to add (positive) or remove (negative). */
  change: number;
  reason: string;
}

/** A price in one currency, in minor units, as the owner sets it. */
export interface AdminPrice {
  currencyCode: string;
  amount: number;
  /** Null when not on sale; below `amount` when on sale. */
  saleAmount: number | null;
}

/** A currency the shop sells in: a market's, with the digits its prices are entered with. */
export interface AdminPriceCurrency {
  code: string;
  decimalDigits: number;
  /** The markets that sell in it ("Nepal"). */
  marketName: string;
}

export interface AdminPricedVariant {
  id: string;
  title: string;
  sku: string | null;
  /** The version an edit must name: a change by someone else since then is refused with a conflict. */
  version: number;
  /** One per currency the variant has a price in. */
  prices: AdminPrice[];
}

export interface AdminPriceChange {
  at: string;
  actor: string;
  variantId: string;
  productTitle: string;
  variantTitle: string;
  before: AdminPrice[];
  after: AdminPrice[];
}

export interface AdminPrices {
  currencies: AdminPriceCurrency[];
  products: { id: string; title: string; variants: AdminPricedVariant[] }[];
  /** The latest price changes, newest first. */
  history: AdminPriceChange[];
}

/** PUT /admin/api/variants/{id}/prices: the prices to set, from the version the owner saw. */
export interface AdminPriceUpdate {
  version: number;
  prices: AdminPrice[];
}

/**
 * One country's delivery charge, as the owner sets it, in the currency of the market that delivers there, with the
 * business days from dispatch to the door. Amounts are minor units; the back office shows them as decimals.
 */
export interface AdminShippingRate {
  countryCode: string;
  countryName: string;
  marketCode: string;
  currencyCode: string;
  /** The digits the amount is entered with (2 for every market today). */
  decimalDigits: number;
  amount: number;
  minDays: number;
  maxDays: number;
  /** The version an edit must name: a change by someone else since then is refused with a conflict. */
  version: number;
}

/** A market's tax settings, as the owner sets them. */
export interface AdminMarketTax {
  code: string;
  name: string;
  currencyCode: string;
  /** The delivery countries it serves. */
  countries: string[];
  pricesIncludeTax: boolean;
  /** "VAT", "GST"; null when the shop charges no tax there. */
  taxName: string | null;
  /** Basis points: 1300 is 13 %. Null with the name. */
  rateBasisPoints: number | null;
  /** The shop's registration number there; null while it is not registered. */
  registration: string | null;
  /**
   * Whether checkouts, emails and invoices show the tax the prices include: only when prices include tax
   * and the shop is registered (a name, a rate and a number).
   */
  taxLines: boolean;
  version: number;
  /** The digits amounts in its currency are entered with (2 for every market today). */
  decimalDigits: number;
  /** The items' subtotal (minor units) from which its orders ship free; null when none. */
  freeShippingOver: number | null;
  /** The version a change of the threshold must name (counted apart from the tax settings' version). */
  freeShippingVersion: number;
}

/** A rate as the history keeps it. */
export interface AdminShippingRateValues {
  currencyCode: string;
  amount: number;
  minDays: number;
  maxDays: number;
}

/** Tax settings as the history keeps them. */
export interface AdminMarketTaxValues {
  pricesIncludeTax: boolean;
  taxName: string | null;
  rateBasisPoints: number | null;
  registration: string | null;
}

/** A free-shipping threshold as the history keeps it. */
export interface AdminFreeShippingValues {
  currencyCode: string;
  /** Minor units; null when the market has none. */
  amount: number | null;
}

export type AdminShippingChange = {
  at: string;
  actor: string;
} & (
  | {
      entity: "shipping_rate";
      /** The country's code. */
      entityId: string;
      /** The country's name. */
      label: string;
      before: AdminShippingRateValues;
      after: AdminShippingRateValues;
    }
  | {
      entity: "market_tax";
      /** The market's code. */
      entityId: string;
      /** The market's name. */
      label: string;
      before: AdminMarketTaxValues;
      after: AdminMarketTaxValues;
    }
  | {
      entity: "california_notice";
      entityId: string;
      label: string;
      before: CaliforniaNoticeValues;
      after: CaliforniaNoticeValues;
    }
  | {
      entity: "free_shipping";
      /** The market's code. */
      entityId: string;
      /** The market's name. */
      label: string;
      before: AdminFreeShippingValues;
      after: AdminFreeShippingValues;
    }
);

export interface AdminShipping {
  /** Business days between an order and its dispatch (fixed in the shop's offer). */
  handlingDays: { min: number; max: number };
  /** Each market's countries, in the markets' order. */
  rates: AdminShippingRate[];
  markets: AdminMarketTax[];
  /** California's Proposition 65 notice on the payment step, for addresses in California. */
  californiaNotice: AdminCaliforniaNotice;
  /** The latest changes of rates, tax settings and the California notice, newest first. */
  history: AdminShippingChange[];
}

/** The California notice as saved (off, with the suggested text, until the owner saves it), and its version. */
export interface AdminCaliforniaNotice extends CaliforniaNoticeValues {
  version: number;
}

/** PUT /admin/api/california-notice: on or off, and the text, from the version the owner saw. */
export interface AdminCaliforniaNoticeUpdate extends CaliforniaNoticeValues {
  version: number;
}

/** PUT /admin/api/shipping/rates/{country}: the country's rate, from the version the owner saw. */
export interface AdminShippingRateUpdate {
  version: number;
  /** Must be the delivering market's currency: the amount is in it. */
  currencyCode: string;
  amount: number;
  minDays: number;
  maxDays: number;
}

/** PUT /admin/api/markets/{code}/tax: the market's tax settings, from the version the owner saw. */
export interface AdminMarketTaxUpdate {
  version: number;
  pricesIncludeTax: boolean;
  taxName: string | null;
  rateBasisPoints: number | null;
  registration: string | null;
}

/** One product's quantity prices in one market, as the owner sets them on the Promotions page. */
export interface AdminQuantityPriceSet {
  marketCode: string;
  /** Sorted by units. */
  tiers: { minQuantity: number; percent: number }[];
  /** 0 until the first save; a change must name the version it was made from. */
  version: number;
}

/** POST /admin/api/discount-codes: a new code. */
export interface AdminDiscountCodeInput {
  code: string;
  kind: "percent" | "amount";
  /** Whole percent, for a percentage code; null otherwise. */
  percent: number | null;
  /** For a fixed amount: minor units per currency code. */
  amounts: Record<string, number>;
  /** The items' subtotal a checkout needs, minor units per currency code (none: no minimum). */
  minimums: Record<string, number>;
  /** Market codes it is valid in; empty: every market. */
  markets: string[];
  /** Product ids it applies to; empty: every product. */
  productIds: string[];
  /** ISO 8601, or null for no bound. */
  startsAt: string | null;
  endsAt: string | null;
  totalUses: number | null;
  usesPerEmail: number | null;
}

/** A discount code as the Promotions page lists it: its terms, whether it runs, and its uses so far. */
export interface AdminDiscountCode extends AdminDiscountCodeInput {
  id: string;
  active: boolean;
  /** Orders placed with it, and checkouts holding one of its uses now. */
  used: number;
  held: number;
  createdAt: string;
}

/** GET /admin/api/promotions: each product's quantity prices per market, and the latest changes. */
export interface AdminPromotions {
  /** Every discount code, newest first. */
  codes: AdminDiscountCode[];
  /** The currency each market sells in, for codes' amounts and minimums. */
  currencies: { code: string; decimalDigits: number }[];
  markets: { code: string; name: string }[];
  products: { id: string; title: string; status: string; prices: AdminQuantityPriceSet[] }[];
  history: (
    | ({
        at: string;
        actor: string;
        /** The code's id. */
        entityId: string;
        /** The code ("HIMALAYA10"). */
        label: string;
      } & { entity: "discount_code"; change: "created" | "ended"; code: AdminDiscountCodeInput })
    | {
        at: string;
        actor: string;
        entity: "quantity_price";
        /** `{productId}:{marketCode}`. */
        entityId: string;
        /** "Pure Himalayan Shilajit Resin in United Kingdom". */
        label: string;
        before: { minQuantity: number; percent: number }[];
        after: { minQuantity: number; percent: number }[];
      }
  )[];
}

/** PUT /admin/api/products/{id}/quantity-prices/{market}: the whole set, from the version the owner saw. */
export interface AdminQuantityPriceUpdate {
  version: number;
  tiers: { minQuantity: number; percent: number }[];
}

/** PUT /admin/api/markets/{code}/free-shipping: the threshold (null for none), from the version the owner saw. */
export interface AdminFreeShippingUpdate {
  version: number;
  /** Must be the market's currency: the amount is in it. */
  currencyCode: string;
  /** Minor units, at least 1; null removes the threshold. */
  amount: number | null;
}

export type AdminEmailStatus = "queued" | "retrying" | "sent" | "failed";

export interface AdminEmail {
  id: string;
  kind: string;
  recipient: string;
  orderNumber: string | null;
  status: AdminEmailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  /** When the next try is due, for queued and retrying emails. */
  nextAttemptAt: string | null;
}

/** One outbox email as its recipient reads it: the subject and plain text; the HTML is at `/emails/{id}/preview`. */
export interface AdminEmailMessage {
  id: string;
  subject: string;
  text: string;
}

export interface AdminEmailList {
  emails: AdminEmail[];
  total: number;
  page: number;
  pageSize: number;
}

export interface AdminPeriodFigures {
  /** Orders placed in the period, cancelled ones left out. */
  orders: number;
  /** Their totals, one entry per currency. */
  revenue: AdminMoney[];
}

/** Emails whose latest attempt failed: still to be retried, or given up in the last 7 days. */
export interface AdminEmailsFailingWarning {
  kind: "emails_failing";
  retrying: number;
  givenUp: number;
}

/** A payment open at a provider (Stripe, Khalti, eSewa, Cybersource) longer than the store API allows. */
export interface AdminPaymentOpenWarning {
  kind: "payment_open_too_long";
  provider: string;
  /** The checkout it was started for. */
  checkoutId: string;
  /** The provider's id for it, to find it in the provider's dashboard. */
  reference: string;
  /** The order of that checkout, when one was placed (paid another way, for instance). */
  orderNumber: string | null;
  amount: AdminMoney;
  /** ISO 8601: when the shopper was sent to the provider. */
  startedAt: string;
}

/** What needs the owner's eye, shown at the top of the overview. */
/** The storefront still shows the contact number the shop shipped with (CHAT_PHONE unset): nobody answers it. */
export interface AdminPlaceholderPhoneWarning {
  kind: "placeholder_contact_number";
  /** The number shoppers are shown, digits only, country code first. */
  phone: string;
}

export type AdminOverviewWarning = AdminEmailsFailingWarning | AdminPaymentOpenWarning | AdminPlaceholderPhoneWarning;

export interface AdminOverview {
  timeZone: string;
  /** Problems to look at, most pressing first; empty when all is well. */
  warnings: AdminOverviewWarning[];
  today: AdminPeriodFigures;
  last7Days: AdminPeriodFigures;
  cashToCollect: { orders: number; amounts: AdminMoney[] };
  /** Cash-on-delivery orders waiting for the shop's confirming call (not counted as revenue until then). */
  toConfirm: { orders: number };
  /** Checkout reminders sent over the last 7 days, and how many of them led to an order. */
  reminders: { sent: number; ordered: number };
  /** Buyers' reviews waiting for the owner to publish or hide them. */
  reviewsWaiting: { reviews: number };
  /** Money owed back: orders with a refund still to make, and payments that became no order. */
  refundsOwed: { orders: number; payments: number };
  lowStock: {
    threshold: number;
    variants: { id: string; productTitle: string; variantTitle: string; available: number }[];
  };
}

/**
 * A payment that took money but became no order (its checkout was paid another way, or closed, or the
 * provider reported another amount): it is owed back in full. The store API refunds it through the
 * provider when it can; otherwise the owner refunds it and records that here.
 */
export interface AdminOwedPayment {
  id: string;
  provider: string;
  /** The provider's id for the money taken, to find it in the provider's dashboard. */
  paymentReference: string | null;
  amount: AdminMoney;
  /** Why it is owed back. */
  reason: string | null;
  customer: { name: string; email: string; phone: string };
  /** ISO 8601. */
  startedAt: string;
  /** Whether the provider can send the refund itself (then "Try again" sends it). */
  providerCanRefund: boolean;
}

export interface AdminOwedPayments {
  payments: AdminOwedPayment[];
  /** After "retry": whether the provider took the refund this time. */
  retried?: "refunded" | "failed";
}

export type AdminOwedPaymentAction = { action: "record"; note: string } | { action: "retry" };

export * from "./admin-products.ts";
export * from "./california-notice.ts";
/** One picture of a product, as the back office edits it. */
export interface AdminPhoto {
  /** `med_…` for a photo the owner uploaded; `art_…` for a drawing the catalogue came with. */
  id: string;
  kind: "upload" | "artwork";
  /** A small copy to show in the editor, on the back office's own origin. */
  previewUrl: string;
  /** What the photo shows, for shoppers who cannot see it; empty: the product's title stands in. */
  alt: string;
  /** Pixels of the largest copy the shop serves; null for drawings, which scale. */
  width: number | null;
  height: number | null;
}

/** GET /admin/api/products/{id}/photos, and the answer of every change to them. */
export interface AdminProductPhotos {
  productId: string;
  productTitle: string;
  /** The version of the list below (its order, alt texts and the variants' choices): a change names it. */
  version: number;
  /** In the shop's order: the first is the product's main picture and social card. */
  photos: AdminPhoto[];
  /** Each variant with the photo shown when a shopper picks it (null: none chosen). */
  variants: { id: string; title: string; photoId: string | null }[];
  /** The most photos a product may have, and the largest upload in bytes. */
  maxPhotos: number;
  maxUploadBytes: number;
}

/** PUT /admin/api/products/{id}/photos: every photo of the product in its new order, each with its alt text. */
export interface AdminPhotoArrangement {
  version: number;
  photos: { id: string; alt: string }[];
}

/** PUT /admin/api/products/{id}/variants/{variantId}/photo: the photo shown when a shopper picks the variant. */
export interface AdminVariantPhotoChoice {
  version: number;
  photoId: string | null;
}

/** Where a review is: waiting for the owner, shown on the product page, or kept back with a reason. */
export type AdminReviewStatus = "pending" | "published" | "hidden";

export const adminReviewStatuses = ["pending", "published", "hidden"] as const satisfies readonly AdminReviewStatus[];

/** A buyer's review as the owner moderates it. Every text is the buyer's or the owner's, shown as plain text. */
export interface AdminReview {
  id: string;
  productId: string;
  productTitle: string;
  /** The delivered order the review comes from. */
  orderNumber: string;
  /** The market the order was placed in, by its code (`us`), and its name. */
  market: string;
  marketName: string;
  rating: number;
  title: string;
  body: string;
  displayName: string;
  status: AdminReviewStatus;
  /** Why the owner hid it; kept when it is published again, until it is hidden with another reason. */
  hiddenReason: string | null;
  /** The shop's public reply, shown under the review once it is published. */
  reply: string | null;
  repliedAt: string | null;
  createdAt: string;
  /** The last publish or hide, and by whom. */
  moderatedAt: string | null;
  moderatedBy: string | null;
  /** Counts the owner's changes: each names the version it started from. */
  version: number;
}

/** GET /admin/api/reviews?status=pending&page=1: one status's reviews, oldest waiting first or newest first. */
export interface AdminReviewList {
  status: AdminReviewStatus;
  reviews: AdminReview[];
  page: number;
  pageCount: number;
  counts: Record<AdminReviewStatus, number>;
  ratingDisplay: AdminRatingDisplay;
}

/** POST /admin/api/reviews/{id}/publish. */
export interface AdminReviewPublish {
  version: number;
}

/** POST /admin/api/reviews/{id}/hide: the reason is required and kept. */
export interface AdminReviewHide {
  version: number;
  reason: string;
}

/** PUT /admin/api/reviews/{id}/reply: the shop's public reply; null removes it. */
export interface AdminReviewReply {
  version: number;
  reply: string | null;
}

/**
 * Whether the home page's rating line and the landing pages' rating markup state the shop's fixed figures
 * (false, the default) or the measured average and count of the published reviews (true).
 */
export interface AdminRatingDisplay {
  measured: boolean;
  version: number;
}

/** PUT /admin/api/rating-display, from the version the owner saw. */
export type AdminRatingDisplayUpdate = AdminRatingDisplay;
