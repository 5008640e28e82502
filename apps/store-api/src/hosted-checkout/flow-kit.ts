import {
  cashOnDeliveryPayment,
  orderNumberParameter,
  receiptParameter,
  successPaymentParameter,
} from "@herbo/hosted-api";
import { listCurrencies } from "../catalog/repository.ts";
import {
  findCheckoutSession,
  recordPaymentError,
  releaseExpiredSessions,
  type SessionRow,
  type SessionWithLines,
} from "../checkout/sessions.ts";
import type { DetailsField } from "../checkout/details/index.ts";
import type { Database } from "../db/connection.ts";
import { findMarketView, type MarketView } from "../markets/markets.ts";
import { receiptKeyOf } from "../orders/receipt.ts";
import type { ContinueTarget, PaymentContext, PaymentProvider } from "../payments/provider.ts";
import type { PaymentServices } from "../payments/settle.ts";
import type { RequestLimit } from "../request-counters.ts";
import { paymentContextOf } from "./payment-context.ts";

/**
 * What every step of the hosted checkout shares: its settings, the outcomes the routes turn into pages,
 * and the small moves between steps (load a checkout, go back to the payment step, go to the success page).
 */

export type CheckoutOutcome =
  /** Step 1 with these values and errors. */
  | {
      kind: "details";
      status: number;
      order: SessionWithLines;
      values: Partial<Record<DetailsField, string>>;
      errors: Partial<Record<DetailsField, string>>;
      /** The discount code field as typed (or applied), and why it was refused. */
      discountCode?: { value: string; error?: string };
      /** Whether the reminder box is ticked (as sent, or as saved). */
      reminderWanted?: boolean;
      /** The address belongs to another market: where to shop for it instead. */
      otherMarket?: { country: string; market: MarketView };
    }
  /** Step 2, with a message on the section of the provider it concerns (or the first). */
  | { kind: "payment"; status: number; order: SessionWithLines; error: { providerId: string; message: string } | null }
  /** A checkout that cannot be paid: unknown, paid, cancelled or expired. */
  | { kind: "closed"; session: SessionRow | undefined }
  | { kind: "redirect"; location: string }
  /** The hand-over to a provider. */
  | { kind: "continue"; providerName: string; target: ContinueTarget }
  /** Back from a provider that has not decided yet. */
  | { kind: "pending"; providerName: string; checkAgainUrl: string };

export interface CheckoutFlowOptions {
  db: Database;
  now: () => Date;
  publicUrl: string;
  siteUrl: string;
  /** The providers of PAYMENT_METHODS, in its order (the page draws those needing no typing first). */
  providers: readonly PaymentProvider[];
  payments: PaymentServices;
  /** When reconciliation first asks a provider about a payment the shopper was sent to make. */
  firstCheckDelayMs: number;
  /** How long the stock stays held once the shopper's details are in (RESERVATION_MINUTES). */
  reservationMs: number;
  /** Payment attempts per checkout and per address (stolen cards tried one after another); none when undefined. */
  paymentLimits?: { perSession: RequestLimit; perAddress: RequestLimit } | undefined;
  /** Called after anything that changes available stock. */
  onStockChange: () => void;
}

export interface PlacedOrder {
  number: string;
  paymentMethod: string;
  accessToken: string;
}

/**
 * The shop's success page with the order number the storefront shows, `payment=cod` for cash on
 * delivery, so the page does not tell that shopper their payment went through, and the receipt key with
 * which the page asks the store about the order before it empties the cart (orders/receipt.ts).
 */
export function successUrlFor(successUrl: string, order: PlacedOrder): string {
  const url = new URL(successUrl);
  url.searchParams.set(orderNumberParameter, order.number);
  if (order.paymentMethod === "cod") url.searchParams.set(successPaymentParameter, cashOnDeliveryPayment);
  url.searchParams.set(receiptParameter, receiptKeyOf(order));
  return url.href;
}

export const stepUrl = (sessionId: string) => `/checkout/${encodeURIComponent(sessionId)}`;

export const redirect = (location: string): CheckoutOutcome => ({ kind: "redirect", location });

/** To the success page of the order a checkout placed. */
export const paid = (session: SessionRow, order: PlacedOrder) => redirect(successUrlFor(session.successUrl, order));

/** Loads a checkout for a step, expiring it first when its time is up. */
export async function loadSession(
  options: CheckoutFlowOptions,
  sessionId: string,
): Promise<SessionWithLines | undefined> {
  const { db, now } = options;
  const found = await findCheckoutSession(db, sessionId);
  if (found?.session.status === "open" && found.session.expiresAt <= now()) {
    if ((await releaseExpiredSessions(db, now())) > 0) options.onStockChange();
    return findCheckoutSession(db, sessionId);
  }
  return found;
}

/** What a provider is told of the checkout: its lines, amounts, currency, market and addresses. */
export async function contextOf(
  options: CheckoutFlowOptions,
  order: SessionWithLines,
  providerId?: string,
): Promise<PaymentContext | undefined> {
  const currency = (await listCurrencies(options.db)).get(order.session.currencyCode);
  const market = await findMarketView(options.db, order.session.marketCode);
  return paymentContextOf(
    order,
    currency,
    {
      publicUrl: options.publicUrl,
      siteUrl: options.siteUrl,
      ...(providerId === undefined ? {} : { providerId }),
    },
    market,
  );
}

/** Back to the payment step with a message on the section of the provider it concerns. */
export async function backToPaymentStep(
  options: CheckoutFlowOptions,
  sessionId: string,
  message: string,
): Promise<CheckoutOutcome> {
  await recordPaymentError(options.db, sessionId, message);
  return redirect(stepUrl(sessionId));
}
