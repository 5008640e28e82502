/**
 * The back office's JSON (`/admin/api/*` on the store API), shared by the store API and apps/admin. Only
 * the store API's own back office speaks it; the storefront never imports this module (it is a separate
 * entry point, `@herbo/hosted-api/admin`).
 */

/** The shop's own time zone: the back office's days ("today", date filters, exports) are its days. */
export const shopTimeZone = "Asia/Kathmandu";

export type AdminPaymentStatus = "pending" | "paid" | "cod_due" | "cod_collected" | "refunded";
export type AdminFulfilmentStatus = "unfulfilled" | "packed" | "shipped" | "delivered" | "cancelled";
export type AdminOrderAction = "pack" | "ship" | "deliver" | "collect_cash" | "cancel";
/** What cancelling did about money already taken. */
export type AdminRefundState = "none" | "to_make" | "refunded";

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
    sku: string | null;
    productTitle: string;
    variantTitle: string;
    quantity: number;
    unitPrice: AdminMoney;
    lineTotal: AdminMoney;
  }[];
  subtotal: AdminMoney;
  shipping: AdminMoney;
  total: AdminMoney;
  payment: {
    method: string;
    provider: string;
    reference: string | null;
    status: AdminPaymentStatus;
    cardLast4: string | null;
    paidAt: string | null;
  };
  fulfilmentStatus: AdminFulfilmentStatus;
  shipment: { carrier: string; trackingNumber: string; trackingUrl: string | null } | null;
  refund: AdminRefundState;
  /** Oldest first. */
  history: AdminOrderEvent[];
  /** The actions the order's state allows now. */
  actions: AdminOrderAction[];
}

export type AdminOrderActionRequest =
  | { action: "pack" }
  | { action: "ship"; carrier: string; trackingNumber: string; trackingUrl?: string }
  | { action: "deliver" }
  | { action: "collect_cash" }
  | { action: "cancel"; reason?: string };

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

export interface AdminOverview {
  timeZone: string;
  today: AdminPeriodFigures;
  last7Days: AdminPeriodFigures;
  cashToCollect: { orders: number; amounts: AdminMoney[] };
  lowStock: {
    threshold: number;
    variants: { id: string; productTitle: string; variantTitle: string; available: number }[];
  };
}
