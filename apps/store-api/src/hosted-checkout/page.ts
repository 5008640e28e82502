import {
  formatMoney,
  formatMoneyWithCode,
  type MoneyCurrency,
  reachesFreeShipping,
  taxNoteText,
} from "@herbo/hosted-api";
import { orderTaxOf, type MarketView } from "../markets/markets.ts";
import { markup, type SafeHtml } from "../html/markup.ts";
import { errorSummaryHtml, type ErrorLink } from "../pages/kit.ts";
import { layout, type PageFrame } from "../pages/page-layout.ts";
import { timeText } from "../pages/times.ts";
import type { DetailsField, FieldDefinition } from "../checkout/details/index.ts";
import type { SessionWithLines } from "../checkout/sessions.ts";

export interface OrderView {
  frame: PageFrame;
  order: SessionWithLines;
  currency: MoneyCurrency | undefined;
  /** The market the checkout is priced in (undefined only if it was removed since). */
  market: MarketView | undefined;
}

function money(amount: number, currency: MoneyCurrency | undefined): SafeHtml {
  return markup`<span class="nowrap">${formatMoney(amount, currency ?? {})}</span>`;
}

function steps(current: 1 | 2): SafeHtml {
  const names = ["Your details", "Payment"];
  const items = names.map(
    (name, index) => markup`<li${index + 1 === current ? markup` aria-current="step"` : ""}>${index + 1}. ${name}</li>`,
  );
  return markup`<ol class="steps" aria-label="Checkout steps">${items}</ol>`;
}

/** The order's lines, subtotal, and shipping and total once the delivery country is known. */
function summary(view: OrderView, shipping: { amount: number; days: string } | null): SafeHtml {
  const { session, lines } = view.order;
  const rows = lines.map(
    (line) => markup`<tr><td>${line.productTitle}<br><span class="note">${line.variantTitle}</span></td>
<td class="num">${line.quantity}</td><td class="num">${money(line.unitAmount * line.quantity, view.currency)}</td></tr>
${
  line.discountAmount > line.codeDiscountAmount
    ? markup`<tr class="offer"><td colspan="2" class="note" data-testid="line-offer">${line.offerLabel ?? "Discount"}</td><td class="num" data-testid="line-discount">−${money(line.discountAmount - line.codeDiscountAmount, view.currency)}</td></tr>
`
    : ""
}`,
  );
  const subtotal = session.totalAmount;
  const codeDiscount = lines.reduce((sum, line) => sum + line.codeDiscountAmount, 0);
  const codeRow =
    session.discountCode === null
      ? ""
      : markup`<tr><th scope="row" colspan="2">Discount code ${session.discountCode}</th><td class="num" data-testid="code-discount">−${money(codeDiscount, view.currency)}</td></tr>
`;
  const freeOver = view.market?.freeShippingOver ?? null;
  // The market's offer, when these items reach it: checkout charges no shipping (checkout/sessions.ts).
  const freeNote =
    freeOver !== null && reachesFreeShipping(subtotal, freeOver)
      ? markup`Orders of ${money(freeOver, view.currency)} or more ship free.`
      : null;
  const foot =
    shipping === null
      ? markup`${codeRow}<tr class="total"><th scope="row" colspan="2">Subtotal</th><td class="num" data-testid="subtotal">${money(subtotal, view.currency)}</td></tr>
<tr><td colspan="3" class="note" data-testid="shipping-note">${freeNote ?? "Shipping is worked out from your delivery address on the next step."}</td></tr>
${taxNotes(view, null)}`
      : markup`${codeRow}<tr><th scope="row" colspan="2">Subtotal</th><td class="num" data-testid="subtotal">${money(subtotal, view.currency)}</td></tr>
<tr><th scope="row" colspan="2">Shipping<br><span class="note">${shipping.days}</span>${
          shipping.amount === 0 && freeNote !== null
            ? markup`<br><span class="note" data-testid="shipping-note">${freeNote}</span>`
            : ""
        }</th><td class="num" data-testid="shipping">${
          shipping.amount === 0 ? "Free" : money(shipping.amount, view.currency)
        }</td></tr>
<tr class="total"><th scope="row" colspan="2">Total</th><td class="num" data-testid="total"><span class="nowrap">${formatMoneyWithCode(
          subtotal + shipping.amount,
          view.currency ?? {},
        )}</span></td></tr>
${taxNotes(view, shipping.amount)}`;
  return markup`<section class="card" aria-labelledby="summary-heading">
<h2 id="summary-heading">Order summary</h2>
<table>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${rows}</tbody>
<tfoot>
${foot}
</tfoot>
</table>
</section>`;
}

/**
 * Under the total: that prices include the market's tax, with the amount once the shop is registered there
 * (known with the shipping, on the payment step), or that they have none.
 */
function taxNotes(view: OrderView, shippingAmount: number | null): SafeHtml | "" {
  const market = view.market;
  if (market === undefined) return "";
  const tax = shippingAmount === null ? null : orderTaxOf(market, view.order.lines, shippingAmount);
  const note = taxNoteText({
    pricesIncludeTax: market.pricesIncludeTax,
    taxName: market.taxName,
    registered:
      tax === null
        ? null
        : {
            name: tax.name,
            rateBasisPoints: tax.rateBasisPoints,
            registration: tax.registration,
            amountText: formatMoney(tax.total, view.currency ?? {}),
          },
  });
  if (note === null) return "";
  return markup`<tr><td colspan="3" class="note" data-testid="tax-note">${note}</td></tr>`;
}

function cancelForm(sessionId: string): SafeHtml {
  return markup`<form method="post" action="/checkout/${encodeURIComponent(sessionId)}/cancel">
<button class="link-button" type="submit">Cancel and return to the shop</button>
</form>`;
}

function fieldHtml(
  field: Omit<FieldDefinition, "name"> & { name: string },
  value: string,
  error: string | undefined,
  refresh: boolean,
): SafeHtml {
  const id = `field-${field.name}`;
  const described = [field.hint === undefined ? "" : `${id}-hint`, error === undefined ? "" : `${id}-error`]
    .filter((part) => part !== "")
    .join(" ");
  const attributes = markup`id="${id}" name="${field.name}" autocomplete="${field.autocomplete}"${
    field.required ? markup` required` : ""
  }${error === undefined ? "" : markup` aria-invalid="true"`}${described === "" ? "" : markup` aria-describedby="${described}"`}`;
  const label = markup`<label for="${id}">${field.label}${field.required ? "" : markup` <span class="hint">(optional)</span>`}</label>`;
  const hint = field.hint === undefined ? "" : markup`<span class="hint" id="${id}-hint">${field.hint}</span>`;
  let control: SafeHtml;
  if (field.type === "select") {
    const groups = new Map<string, SafeHtml[]>();
    for (const option of field.options ?? []) {
      const html = markup`<option value="${option.value}"${option.value === value ? markup` selected` : ""}>${option.label}</option>`;
      const group = option.group ?? "";
      groups.set(group, [...(groups.get(group) ?? []), html]);
    }
    const options = [...groups].map(([group, items]) =>
      group === "" ? markup`${items}` : markup`<optgroup label="${group}">${items}</optgroup>`,
    );
    const placeholder = value === "" || field.name !== "country" ? markup`<option value="">Choose…</option>` : "";
    control = markup`<select ${attributes}${refresh ? markup` data-refresh-on-change` : ""}>${placeholder}${options}</select>`;
  } else {
    const inputMode = field.inputMode === undefined ? "" : markup` inputmode="${field.inputMode}"`;
    control = markup`<input ${attributes} type="${field.type}"${inputMode} maxlength="${field.maxLength}" value="${value}">`;
  }
  const errorHtml = error === undefined ? "" : markup`<p class="field-error" id="${id}-error">${error}</p>`;
  return markup`<div class="field">${label}${hint}${control}${errorHtml}</div>`;
}

export interface DetailsPageInput extends OrderView {
  fields: FieldDefinition[];
  values: Partial<Record<DetailsField, string>>;
  errors: Partial<Record<DetailsField, string>>;
  /** The discount code field: what was typed (or is applied), and why it was refused. */
  discountCode: { value: string; error?: string };
  /** Whether "Email me a reminder about this order" is ticked (never by default). */
  reminderWanted: boolean;
  /** The shop of the market the entered address belongs to, when it is not this checkout's. */
  otherMarket?: { href: string; label: string };
}

/** The discount code field: optional, applied with the details (the email counts towards its limits). */
const discountCodeField = {
  name: "discountCode",
  label: "Discount code",
  type: "text",
  autocomplete: "off",
  required: false,
  maxLength: 40,
  hint: "Applied when you continue; leave it empty for none.",
} as const;

const contactFields: readonly string[] = ["email", "fullName", "phone"];

/** Step 1: contact and delivery details, with the fields of the chosen country. */
export function renderDetailsPage(input: DetailsPageInput): string {
  const { session } = input.order;
  const base = `/checkout/${encodeURIComponent(session.id)}`;
  const errors = [
    ...input.fields.flatMap((field) => {
      const message = input.errors[field.name];
      return message === undefined ? [] : [{ fieldId: `field-${field.name}`, message }];
    }),
    ...(input.discountCode.error === undefined
      ? []
      : [{ fieldId: "field-discountCode", message: input.discountCode.error }]),
  ];
  const otherShop =
    input.otherMarket === undefined
      ? ""
      : markup`<p><a href="${input.otherMarket.href}">${input.otherMarket.label}</a></p>`;
  const render = (field: FieldDefinition) =>
    markup`${fieldHtml(field, input.values[field.name] ?? "", input.errors[field.name], field.name === "country")}\n`;
  // Enter (or a phone keyboard's Go) presses a form's first submit button, so "Continue to payment" comes
  // first and the country switch, which only browsers without JavaScript show, after it.
  const countrySwitch = markup`<button class="secondary" type="submit" name="action" value="change-country" formnovalidate>Show fields for this country</button>
`;
  const contact = input.fields.filter((field) => contactFields.includes(field.name));
  const address = input.fields.filter((field) => !contactFields.includes(field.name));
  const body = markup`${errorSummaryHtml(errors, otherShop)}${steps(1)}
<h1>Your details</h1>
<p class="note">Your items are reserved until ${timeText(session.expiresAt, session.timeZone)}.</p>
${summary(input, null)}
<section class="card" aria-labelledby="details-heading">
<h2 id="details-heading">Contact and delivery</h2>
<form method="post" action="${base}/details" novalidate>
<fieldset class="plain"><legend class="visually-hidden">Contact</legend>
${contact.map(render)}</fieldset>
<fieldset class="plain spaced"><legend class="visually-hidden">Delivery address</legend>
${address.map(render)}</fieldset>
<fieldset class="plain spaced"><legend class="visually-hidden">Discount</legend>
${fieldHtml(discountCodeField, input.discountCode.value, input.discountCode.error, false)}
<div class="field"><label class="check"><input type="checkbox" name="reminder" value="yes" id="field-reminder"${
    input.reminderWanted ? markup` checked` : ""
  }> Email me a reminder about this order</label><span class="hint">One email a few hours from now if you have not paid, with a link back to it. No other email.</span></div>
</fieldset>
<button class="pay" type="submit" name="action" value="continue">Continue to payment</button>
${countrySwitch}</form>
${cancelForm(session.id)}
</section>`;
  return layout(input.frame, "Your details", body, { script: true });
}

export interface PaymentPageInput extends OrderView {
  addressLines: string[];
  email: string;
  phone: string;
  shipping: { amount: number; days: string };
  /** The payment sections of the providers that can take this order, drawn by the page kit. */
  sections: SafeHtml[];
  /** The last attempt's refusal, for the error summary at the top. */
  errors: ErrorLink[];
  /** California's Proposition 65 warning, when the owner turned it on and the address is in California. */
  californiaNotice?: string | undefined;
}

/** The owner's California warning, as plain text above the ways to pay, so it is read before any payment. */
function californiaNoticeHtml(warning: string | undefined): SafeHtml | undefined {
  if (warning === undefined) return undefined;
  return markup`<section class="card" aria-labelledby="california-notice-heading" data-testid="california-notice">
<h2 id="california-notice-heading">California Proposition 65</h2>
<p>${warning}</p>
</section>
`;
}

/**
 * Step 2: the ways to pay first (each button states the amount), so a phone shows them on its first screen,
 * then what will be delivered where and the total with shipping.
 */
export function renderPaymentPage(input: PaymentPageInput): string {
  const { session } = input.order;
  const base = `/checkout/${encodeURIComponent(session.id)}`;
  const body = markup`${errorSummaryHtml(input.errors)}${steps(2)}
<h1>Payment</h1>
<p class="note">Your items are reserved until ${timeText(session.expiresAt, session.timeZone)}.</p>
${californiaNoticeHtml(input.californiaNotice)}${input.sections.map((section) => markup`${section}\n`)}<section class="card" aria-labelledby="delivery-heading">
<div class="summary-head"><h2 id="delivery-heading">Delivery</h2><a href="${base}/details">Change<span class="visually-hidden"> delivery details</span></a></div>
<address data-testid="delivery-address">${input.addressLines.map((line, index) => (index === 0 ? line : markup`<br>${line}`))}</address>
<p class="note">${input.email} · ${input.phone}</p>
</section>
${summary(input, input.shipping)}
${cancelForm(session.id)}`;
  return layout(input.frame, "Payment", body, { script: true });
}

/** A page for a session that cannot be paid (unknown, expired, cancelled or already paid), or an error. */
export function renderClosedPage(
  frame: PageFrame,
  heading: string,
  message: string,
  link: { href: string; label: string } | undefined,
): string {
  const action = link === undefined ? "" : markup`<p><a href="${link.href}">${link.label}</a></p>`;
  return layout(frame, heading, markup`<h1>${heading}</h1>\n<p>${message}</p>\n${action}`);
}

/**
 * The hand-over to a payment provider: a page that goes on to the provider's address at once (a meta
 * refresh, which a form's form-action rule does not restrict) or posts its signed form, with a button
 * for a shopper whose browser does neither.
 */
export function renderContinuePage(
  frame: PageFrame,
  providerName: string,
  target: { url: string } | { form: { action: string; fields: Record<string, string> } },
): string {
  const intro = markup`<h1>Taking you to ${providerName}</h1>
<p>You pay on ${providerName}'s secure page and then come back here.</p>`;
  if ("url" in target) {
    const body = markup`${intro}
<p><a class="button pay" href="${target.url}">Continue to ${providerName}</a></p>`;
    return layout(frame, `Continue to ${providerName}`, body, { refreshTo: target.url });
  }
  const inputs = Object.entries(target.form.fields).map(
    ([field, value]) => markup`<input type="hidden" name="${field}" value="${value}">\n`,
  );
  const body = markup`${intro}
<form method="post" action="${target.form.action}" data-auto-submit>
${inputs}<button class="pay" type="submit">Continue to ${providerName}</button>
</form>`;
  return layout(frame, `Continue to ${providerName}`, body, { script: true });
}

/** A return from a provider that has not decided yet: the shopper checks again in a moment. */
export function renderPaymentPendingPage(frame: PageFrame, providerName: string, checkAgainUrl: string): string {
  const body = markup`<h1>Waiting for ${providerName}</h1>
<p>${providerName} has not confirmed your payment yet. Your items stay reserved; we place your order as soon as it does, and email you.</p>
<p><a class="button pay" href="${checkAgainUrl}">Check again</a></p>`;
  return layout(frame, `Waiting for ${providerName}`, body);
}

/** A page with one button that posts to `action` (the reminder's way back, or its unsubscribe). */
export function renderActionPage(
  frame: PageFrame,
  heading: string,
  message: string,
  action: { url: string; label: string },
): string {
  const body = markup`<h1>${heading}</h1>
<p>${message}</p>
<form method="post" action="${action.url}"><button class="pay" type="submit">${action.label}</button></form>`;
  return layout(frame, heading, body);
}
