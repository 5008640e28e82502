import { discountCodePattern } from "@herbo/hosted-api";
import type { FastifyBaseLogger } from "fastify";
import { countryInSentence, detailsFields, validateDetails, type DetailsField } from "../checkout/details/index.ts";
import type { CustomerDetails } from "../db/customer-details.ts";
import {
  cancelSession,
  findCheckoutSession,
  saveCustomerDetails,
  type SessionWithLines,
} from "../checkout/sessions.ts";
import { findMarketOfCountry, findMarketView } from "../markets/markets.ts";
import { findAttempt } from "../payments/attempts.ts";
import { endOpenPayments } from "../payments/provider-calls.ts";
import { loadSession, paid, redirect, stepUrl, type CheckoutFlowOptions, type CheckoutOutcome } from "./flow-kit.ts";
import { pay } from "./pay-step.ts";
import { returnFrom } from "./provider-return.ts";

export { successUrlFor, type CheckoutFlowOptions, type CheckoutOutcome } from "./flow-kit.ts";

/**
 * The hosted checkout's workflow: what each step does, as outcomes the routes turn into pages. The
 * routes parse; this decides; checkout-pages.ts draws. Every call to a payment provider goes through
 * payments/provider-calls.ts.
 */

type Values = Partial<Record<DetailsField, string>>;

/** The details fields of a form as strings, cut short, for showing the form again. */
function formStrings(form: Readonly<Record<string, unknown>>): Values {
  const values: Values = {};
  for (const name of detailsFields) {
    const value = form[name];
    if (typeof value === "string") values[name] = value.slice(0, 300);
  }
  return values;
}

function showDetails(
  order: SessionWithLines,
  status: number,
  values: Values,
  errors: Values,
  discountCode: { value: string; error?: string } = { value: order.session.discountCode ?? "" },
  reminderWanted = order.session.reminderWanted,
): CheckoutOutcome {
  return { kind: "details", status, order, values, errors, discountCode, reminderWanted };
}

/** The discount code field of a details form: none when empty, or the reason it cannot be a code. */
function codeOfForm(form: Readonly<Record<string, unknown>>): { value: string; code: string | null; error?: string } {
  const raw = typeof form.discountCode === "string" ? form.discountCode : "";
  const value = raw.slice(0, 60);
  const trimmed = raw.trim();
  if (trimmed === "") return { value: "", code: null };
  if (!discountCodePattern.test(trimmed)) {
    return { value, code: null, error: "A discount code is 1 to 40 letters, digits, dashes or underscores." };
  }
  return { value: trimmed, code: trimmed };
}

/** The stored details as the form's values, to change what was entered. */
function storedValues(customer: CustomerDetails): Values {
  return {
    email: customer.email,
    fullName: customer.fullName,
    phone: customer.phone,
    country: customer.country,
    line1: customer.address.line1,
    line2: customer.address.line2 ?? "",
    city: customer.address.city,
    region: customer.address.region?.code ?? "",
    district: customer.address.district ?? "",
    postalCode: customer.address.postalCode ?? "",
  };
}

/** The checkout's page: step 1 until the details are in, then step 2. */
async function show(options: CheckoutFlowOptions, sessionId: string, country: string): Promise<CheckoutOutcome> {
  const found = await loadSession(options, sessionId);
  if (found?.session.status !== "open") return { kind: "closed", session: found?.session };
  if (found.session.customer === null) return showDetails(found, 200, { country }, {});
  return { kind: "payment", status: 200, order: found, error: null };
}

/** Step 1 again, to change what was entered; the stored details fill the form. */
async function showDetailsForm(options: CheckoutFlowOptions, sessionId: string): Promise<CheckoutOutcome> {
  const found = await loadSession(options, sessionId);
  if (found?.session.status !== "open") return { kind: "closed", session: found?.session };
  const customer = found.session.customer;
  return showDetails(found, 200, customer === null ? {} : storedValues(customer), {});
}

const noDelivery = { country: "We do not deliver to this country yet." };

/**
 * Saves the shopper's details. A payment open at a provider is ended first (or, when it turns out
 * paid, the shopper goes to the order it placed): a payment is for the details it was started with.
 */
async function submitDetails(
  options: CheckoutFlowOptions,
  sessionId: string,
  form: Readonly<Record<string, unknown>>,
  log: FastifyBaseLogger,
): Promise<CheckoutOutcome> {
  const found = await loadSession(options, sessionId);
  if (found?.session.status !== "open") return { kind: "closed", session: found?.session };
  if (form.action === "change-country") {
    // Region and district belong to the previous country's lists.
    const { region: _region, district: _district, ...values } = formStrings(form);
    return showDetails(found, 200, values, {});
  }
  const checked = validateDetails(form);
  const typed = codeOfForm(form);
  const codeField = { value: typed.value, ...(typed.error === undefined ? {} : { error: typed.error }) };
  const reminder = form.reminder === "yes";
  if (!checked.ok) return showDetails(found, 422, checked.values, checked.errors, codeField, reminder);
  if (typed.error !== undefined) return showDetails(found, 422, formStrings(form), {}, codeField, reminder);
  for (let round = 0; round < 2; round += 1) {
    const ended = await endOpenPayments(options.payments, sessionId, "The shopper changed their details", log);
    if (ended !== undefined) return paid(ended.session, ended.order);
    const now = options.now();
    const saved = await saveCustomerDetails(
      options.db,
      sessionId,
      checked.details,
      now,
      options.reservationMs,
      typed.code,
      reminder,
    );
    switch (saved.kind) {
      case "saved":
        return redirect(stepUrl(sessionId));
      case "code_refused":
        return showDetails(
          { ...found, session: saved.session },
          422,
          formStrings(form),
          {},
          { value: typed.value, error: saved.message },
          reminder,
        );
      case "no_delivery":
        return showDetails(found, 422, formStrings(form), noDelivery, codeField, reminder);
      case "other_market":
        return otherMarket(options, found, form, checked.details.country);
      case "closed":
        return { kind: "closed", session: saved.session };
      case "unknown":
        return { kind: "closed", session: undefined };
      case "payment_open":
        // A payment started between ending the open ones and saving: end it too, once.
        break;
    }
  }
  return showDetails(found, 409, formStrings(form), {
    email: "A payment for this checkout is starting right now. Please wait a moment and save your details again.",
  });
}

/** An address in another market's country: say which shop to order from, in its currency. */
async function otherMarket(
  options: CheckoutFlowOptions,
  found: SessionWithLines,
  form: Readonly<Record<string, unknown>>,
  country: string,
): Promise<CheckoutOutcome> {
  const market = await findMarketOfCountry(options.db, country);
  const here = await findMarketView(options.db, found.session.marketCode);
  if (market === undefined || here === undefined) return showDetails(found, 422, formStrings(form), noDelivery);
  return {
    ...showDetails(found, 422, formStrings(form), {
      country: `This order is priced in ${here.currency.namePlural} for delivery in ${here.countries.map(countryInSentence).join(" or ")}. For an address in ${countryInSentence(country)}, please order from our ${market.name} shop, in ${market.currency.namePlural}.`,
    }),
    otherMarket: { country, market },
  } as CheckoutOutcome;
}

/** The hand-over to the provider, after the payment was recorded (post/redirect/get). */
async function continueTo(
  options: CheckoutFlowOptions,
  sessionId: string,
  attemptId: string,
): Promise<CheckoutOutcome> {
  const found = await findCheckoutSession(options.db, sessionId);
  if (found?.session.status !== "open") return { kind: "closed", session: found?.session };
  const attempt = await findAttempt(options.db, attemptId);
  const provider = options.providers.find((candidate) => candidate.id === attempt?.provider);
  if (attempt?.sessionId !== found.session.id || attempt.status !== "pending" || provider?.continueTo === undefined) {
    return redirect(stepUrl(found.session.id));
  }
  return { kind: "continue", providerName: provider.displayName, target: provider.continueTo(attempt) };
}

/** Cancel: payments open at a provider are ended first (a paid one becomes the order), then the stock goes back. */
async function cancel(
  options: CheckoutFlowOptions,
  sessionId: string,
  log: FastifyBaseLogger,
): Promise<CheckoutOutcome> {
  const ended = await endOpenPayments(options.payments, sessionId, "Cancelled by the shopper", log);
  if (ended !== undefined) return paid(ended.session, ended.order);
  const outcome = await cancelSession(options.db, sessionId, options.now());
  if (outcome.kind === "cancelled") options.onStockChange();
  if (outcome.kind === "unknown") return { kind: "closed", session: undefined };
  if (outcome.kind === "paid") return redirect(outcome.session.successUrl);
  return redirect(outcome.session.cancelUrl);
}

/** The hosted checkout's steps, bound to the shop's settings. */
export function createCheckoutFlow(options: CheckoutFlowOptions) {
  return {
    show: (sessionId: string, country: string) => show(options, sessionId, country),
    showDetailsForm: (sessionId: string) => showDetailsForm(options, sessionId),
    submitDetails: (sessionId: string, form: Readonly<Record<string, unknown>>, log: FastifyBaseLogger) =>
      submitDetails(options, sessionId, form, log),
    pay: (...args: DropFirst<Parameters<typeof pay>>) => pay(options, ...args),
    continueTo: (sessionId: string, attemptId: string) => continueTo(options, sessionId, attemptId),
    returnFrom: (...args: DropFirst<Parameters<typeof returnFrom>>) => returnFrom(options, ...args),
    cancel: (sessionId: string, log: FastifyBaseLogger) => cancel(options, sessionId, log),
  };
}

type DropFirst<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;

export type CheckoutFlow = ReturnType<typeof createCheckoutFlow>;
