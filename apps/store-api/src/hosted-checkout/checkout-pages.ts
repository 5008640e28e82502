import { isShippingCountry, marketByCode, marketPath, orderToDoorDays } from "@herbo/hosted-api";
import { findMarketView } from "../markets/markets.ts";
import { listCurrencies } from "../catalog/repository.ts";
import type { Database } from "../db/connection.ts";
import { errorTargetOf, paymentSectionHtml, type ErrorLink, type PaymentSection } from "../pages/kit.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { addressLines, countryForTimeZone, detailsForm } from "../checkout/details/index.ts";
import type { CheckoutOutcome } from "./flow.ts";
import {
  renderClosedPage,
  renderContinuePage,
  renderDetailsPage,
  renderPaymentPage,
  renderPaymentPendingPage,
  type OrderView,
} from "./page.ts";
import type { PageFrame } from "../pages/page-layout.ts";
import { offeredProviders, paymentContextOf } from "./payment-context.ts";
import { findShippingRate, type SessionRow, type SessionWithLines } from "../checkout/sessions.ts";
import { californiaNoticeFor } from "../shipping/california-notice.ts";

/** A checkout page to send: its status, its HTML, and the origins its forms may post to. */
export type CheckoutPage =
  | { kind: "page"; status: number; html: string; formOrigins: readonly string[] }
  | { kind: "redirect"; location: string };

export interface CheckoutPagesOptions {
  db: Database;
  frame: PageFrame;
  publicUrl: string;
  providers: readonly PaymentProvider[];
}

function deliveryText(rate: { minDays: number; maxDays: number } | undefined): string {
  if (rate === undefined) return "";
  const days = orderToDoorDays({ min: rate.minDays, max: rate.maxDays });
  return `Delivered in ${days.min}–${days.max} business days`;
}

/**
 * The ways to pay that need no typing here (cash on delivery, a wallet's button) before those with a form
 * (a card), each group in PAYMENT_METHODS' order: on a phone, a shopper paying in cash never scrolls past card
 * fields to find their button.
 */
export function quickFirst<T extends { section: PaymentSection }>(offered: readonly T[]): T[] {
  const needsTyping = (entry: T) => (entry.section.fields ?? []).length > 0;
  return [...offered.filter((entry) => !needsTyping(entry)), ...offered.filter(needsTyping)];
}

const page = (status: number, html: string, formOrigins: readonly string[] = []): CheckoutPage => ({
  kind: "page",
  status,
  html,
  formOrigins,
});

/** The page of a checkout that cannot be paid: unknown, paid, cancelled or expired. */
function closed(frame: PageFrame, session: SessionRow | undefined): CheckoutPage {
  if (session === undefined) {
    return page(
      404,
      renderClosedPage(
        frame,
        "Checkout not found",
        "This payment link is not valid. Please start checkout again from the shop.",
        undefined,
      ),
    );
  }
  switch (session.status) {
    case "paid":
      return page(
        200,
        renderClosedPage(frame, "Order received", "This order has already been placed. Thank you!", {
          href: session.successUrl,
          label: "Continue",
        }),
      );
    case "cancelled":
      return page(
        410,
        renderClosedPage(frame, "Checkout cancelled", "This checkout was cancelled and nothing was charged.", {
          href: session.cancelUrl,
          label: "Return to the shop",
        }),
      );
    default:
      return page(
        410,
        renderClosedPage(
          frame,
          "Checkout expired",
          "This checkout has expired and the reserved items were released. Nothing was charged; please check out again.",
          { href: session.cancelUrl, label: "Return to the shop" },
        ),
      );
  }
}

async function orderView(options: CheckoutPagesOptions, order: SessionWithLines): Promise<OrderView> {
  const currencies = await listCurrencies(options.db);
  const market = await findMarketView(options.db, order.session.marketCode);
  return { frame: options.frame, order, currency: currencies.get(order.session.currencyCode), market };
}

/** Step 1: the details form, starting in the market's country, with a link to another market's shop when the address is there. */
async function details(
  options: CheckoutPagesOptions,
  outcome: Extract<CheckoutOutcome, { kind: "details" }>,
): Promise<CheckoutPage> {
  const { frame } = options;
  const { order, values, errors } = outcome;
  const view = await orderView(options, order);
  // A market of one country starts the form there; else the shopper's time zone guesses.
  const [only, ...others] = view.market?.countries ?? [];
  const marketCountry = others.length === 0 && isShippingCountry(only) ? only : undefined;
  const country = isShippingCountry(values.country)
    ? values.country
    : (marketCountry ?? countryForTimeZone(order.session.timeZone));
  const target = outcome.otherMarket === undefined ? undefined : marketByCode(outcome.otherMarket.market.code);
  const otherMarket =
    outcome.otherMarket === undefined || target === undefined
      ? undefined
      : {
          href: `${frame.siteUrl}${marketPath(target, "/store")}`,
          label: `Shop in ${outcome.otherMarket.market.name} (${outcome.otherMarket.market.currency.code})`,
        };
  return page(
    outcome.status,
    renderDetailsPage({
      ...view,
      fields: detailsForm(country),
      values: { ...values, country },
      errors,
      discountCode: outcome.discountCode ?? { value: order.session.discountCode ?? "" },
      reminderWanted: outcome.reminderWanted ?? order.session.reminderWanted,
      ...(otherMarket === undefined ? {} : { otherMarket }),
    }),
  );
}

/** Step 2: the offered ways to pay, quick ones first, with the last error on the section it concerns. */
async function payment(
  options: CheckoutPagesOptions,
  outcome: Extract<CheckoutOutcome, { kind: "payment" }>,
): Promise<CheckoutPage> {
  const { order } = outcome;
  const view = await orderView(options, order);
  const context = paymentContextOf(
    order,
    view.currency,
    { publicUrl: options.publicUrl, siteUrl: options.frame.siteUrl },
    view.market,
  );
  if (context === undefined) return details(options, { kind: "details", status: 200, order, values: {}, errors: {} });
  const { session } = order;
  const rate = await findShippingRate(options.db, context.customer.country, session.currencyCode);
  const californiaNotice = await californiaNoticeFor(options.db, context.customer);
  // A failure remembered from the last attempt names no provider: it is shown with the first in
  // PAYMENT_METHODS' order (a card's decline, with the default methods), wherever quickFirst draws it.
  const lastError =
    outcome.error ?? (session.paymentError === null ? null : { providerId: "", message: session.paymentError });
  const errors: ErrorLink[] = [];
  const drawn = offeredProviders(options.providers, context).map((provider, index) => {
    const section = provider.section(context);
    const error =
      lastError !== null && (lastError.providerId === provider.id || (lastError.providerId === "" && index === 0))
        ? lastError.message
        : null;
    if (error !== null) errors.push({ fieldId: errorTargetOf(section), message: error });
    const html = paymentSectionHtml(section, {
      action: `/checkout/${encodeURIComponent(session.id)}/pay/${provider.id}`,
      error,
    });
    return { section, html };
  });
  return page(
    outcome.status,
    renderPaymentPage({
      ...view,
      addressLines: addressLines(context.customer),
      email: context.customer.email,
      phone: context.customer.phone,
      shipping: { amount: session.shippingAmount ?? 0, days: deliveryText(rate) },
      sections: quickFirst(drawn).map((entry) => entry.html),
      errors,
      californiaNotice,
    }),
  );
}

/** Draws the checkout workflow's outcomes (flow.ts) as the hosted checkout's pages. */
export function createCheckoutPages(options: CheckoutPagesOptions) {
  const { frame } = options;
  return async function render(outcome: CheckoutOutcome): Promise<CheckoutPage> {
    switch (outcome.kind) {
      case "redirect":
        return outcome;
      case "closed":
        return closed(frame, outcome.session);
      case "details":
        return details(options, outcome);
      case "payment":
        return payment(options, outcome);
      case "continue": {
        const { target } = outcome;
        const formOrigins = "form" in target ? [new URL(target.form.action).origin] : [];
        return page(200, renderContinuePage(frame, outcome.providerName, target), formOrigins);
      }
      case "pending":
        return page(200, renderPaymentPendingPage(frame, outcome.providerName, outcome.checkAgainUrl));
    }
  };
}
