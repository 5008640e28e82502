import { formatMinorUnits, type MoneyCurrency } from "@herbo/hosted-api";
import type { DetailsField, FieldDefinition } from "./details/index.ts";
import { escapeHtml, layout, type PageFrame } from "./page-layout.ts";
import type { SessionWithLines } from "./sessions.ts";

export { escapeHtml } from "./page-layout.ts";

export interface OrderView {
  frame: PageFrame;
  order: SessionWithLines;
  currency: MoneyCurrency | undefined;
}

function money(amount: number, currency: MoneyCurrency | undefined): string {
  return `<span class="nowrap">${escapeHtml(formatMinorUnits(amount, currency))}</span>`;
}

function formatExpiry(date: Date, timeZone: string | null): string {
  const options: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", timeZoneName: "short" };
  try {
    return date.toLocaleTimeString("en-GB", { ...options, timeZone: timeZone ?? "UTC" });
  } catch {
    return date.toLocaleTimeString("en-GB", { ...options, timeZone: "UTC" });
  }
}

function steps(current: 1 | 2): string {
  const names = ["Your details", "Payment"];
  const items = names
    .map((name, index) => `<li${index + 1 === current ? ' aria-current="step"' : ""}>${index + 1}. ${name}</li>`)
    .join("");
  return `<ol class="steps" aria-label="Checkout steps">${items}</ol>`;
}

/** The order's lines, subtotal, and shipping and total once the delivery country is known. */
function summary(view: OrderView, shipping: { amount: number; days: string } | null): string {
  const { session, lines } = view.order;
  const rows = lines
    .map(
      (
        line,
      ) => `<tr><td>${escapeHtml(line.productTitle)}<br><span class="note">${escapeHtml(line.variantTitle)}</span></td>
<td class="num">${line.quantity}</td><td class="num">${money(line.unitAmount * line.quantity, view.currency)}</td></tr>`,
    )
    .join("\n");
  const subtotal = session.totalAmount;
  const foot =
    shipping === null
      ? `<tr class="total"><th scope="row" colspan="2">Subtotal</th><td class="num" data-testid="subtotal">${money(subtotal, view.currency)}</td></tr>
<tr><td colspan="3" class="note">Shipping is worked out from your delivery address on the next step.</td></tr>`
      : `<tr><th scope="row" colspan="2">Subtotal</th><td class="num" data-testid="subtotal">${money(subtotal, view.currency)}</td></tr>
<tr><th scope="row" colspan="2">Shipping<br><span class="note">${escapeHtml(shipping.days)}</span></th><td class="num" data-testid="shipping">${
          shipping.amount === 0 ? "Free" : money(shipping.amount, view.currency)
        }</td></tr>
<tr class="total"><th scope="row" colspan="2">Total</th><td class="num" data-testid="total">${money(subtotal + shipping.amount, view.currency)}</td></tr>`;
  return `<section class="card" aria-labelledby="summary-heading">
<h2 id="summary-heading">Order summary</h2>
<table>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot>
${foot}
</tfoot>
</table>
</section>`;
}

function cancelForm(sessionId: string): string {
  return `<form method="post" action="/checkout/${encodeURIComponent(sessionId)}/cancel">
<button class="link-button" type="submit">Cancel and return to the shop</button>
</form>`;
}

function fieldHtml(
  field: FieldDefinition,
  value: string,
  error: string | undefined,
  extra: { refresh?: boolean } = {},
): string {
  const id = `field-${field.name}`;
  const described: string[] = [];
  if (field.hint !== undefined) described.push(`${id}-hint`);
  if (error !== undefined) described.push(`${id}-error`);
  const attributes = [
    `id="${id}"`,
    `name="${field.name}"`,
    `autocomplete="${escapeHtml(field.autocomplete)}"`,
    field.required ? "required" : "",
    error === undefined ? "" : 'aria-invalid="true"',
    described.length === 0 ? "" : `aria-describedby="${described.join(" ")}"`,
  ]
    .filter((attribute) => attribute !== "")
    .join(" ");
  const label = `<label for="${id}">${escapeHtml(field.label)}${field.required ? "" : ' <span class="hint">(optional)</span>'}</label>`;
  const hint = field.hint === undefined ? "" : `<span class="hint" id="${id}-hint">${escapeHtml(field.hint)}</span>`;
  let control: string;
  if (field.type === "select") {
    const groups = new Map<string, string[]>();
    for (const option of field.options ?? []) {
      const selected = option.value === value ? " selected" : "";
      const html = `<option value="${escapeHtml(option.value)}"${selected}>${escapeHtml(option.label)}</option>`;
      const group = option.group ?? "";
      groups.set(group, [...(groups.get(group) ?? []), html]);
    }
    const options = [...groups]
      .map(([group, items]) =>
        group === "" ? items.join("") : `<optgroup label="${escapeHtml(group)}">${items.join("")}</optgroup>`,
      )
      .join("");
    const placeholder = value === "" || field.name !== "country" ? `<option value="">Choose…</option>` : "";
    const refresh = extra.refresh === true ? " data-refresh-on-change" : "";
    control = `<select ${attributes}${refresh}>${placeholder}${options}</select>`;
  } else {
    const inputMode = field.inputMode === undefined ? "" : ` inputmode="${field.inputMode}"`;
    control = `<input ${attributes} type="${field.type}"${inputMode} maxlength="${field.maxLength}" value="${escapeHtml(value)}">`;
  }
  const errorHtml = error === undefined ? "" : `<p class="field-error" id="${id}-error">${escapeHtml(error)}</p>`;
  return `<div class="field">${label}${hint}${control}${errorHtml}</div>`;
}

export interface DetailsPageInput extends OrderView {
  fields: FieldDefinition[];
  values: Partial<Record<DetailsField, string>>;
  errors: Partial<Record<DetailsField, string>>;
}

/** Step 1: contact and delivery details, with the fields of the chosen country. */
export function renderDetailsPage(input: DetailsPageInput): string {
  const { session } = input.order;
  const base = `/checkout/${encodeURIComponent(session.id)}`;
  const errorCount = Object.keys(input.errors).length;
  const alert =
    errorCount === 0
      ? ""
      : `<p class="error" role="alert">Please correct ${errorCount === 1 ? "the field" : `the ${errorCount} fields`} marked below.</p>`;
  const contact = input.fields.filter((field) => ["email", "fullName", "phone"].includes(field.name));
  const address = input.fields.filter((field) => !["email", "fullName", "phone"].includes(field.name));
  const render = (field: FieldDefinition) =>
    fieldHtml(field, input.values[field.name] ?? "", input.errors[field.name], { refresh: field.name === "country" });
  const body = `${steps(1)}
<h1>Your details</h1>
<p class="note">Your items are reserved until ${escapeHtml(formatExpiry(session.expiresAt, session.timeZone))}.</p>
${summary(input, null)}
<section class="card" aria-labelledby="details-heading">
<h2 id="details-heading">Contact and delivery</h2>
${alert}
<form method="post" action="${base}/details" novalidate>
<fieldset class="plain"><legend class="visually-hidden">Contact</legend>
${contact.map(render).join("\n")}
</fieldset>
<fieldset class="plain spaced"><legend class="visually-hidden">Delivery address</legend>
${address.map(render).join("\n")}
<button class="secondary" type="submit" name="action" value="change-country" formnovalidate>Show fields for this country</button>
</fieldset>
<button class="pay" type="submit" name="action" value="continue">Continue to payment</button>
</form>
${cancelForm(session.id)}
</section>`;
  return layout(input.frame, "Your details", body, { script: true });
}

export interface PaymentPageInput extends OrderView {
  addressLines: string[];
  email: string;
  phone: string;
  shipping: { amount: number; days: string };
  /** The payment sections of the providers that can take this order, already rendered. */
  sections: string[];
}

/** Step 2: what will be delivered where, the total with shipping, and the ways to pay. */
export function renderPaymentPage(input: PaymentPageInput): string {
  const { session } = input.order;
  const base = `/checkout/${encodeURIComponent(session.id)}`;
  const body = `${steps(2)}
<h1>Payment</h1>
<p class="note">Your items are reserved until ${escapeHtml(formatExpiry(session.expiresAt, session.timeZone))}.</p>
${summary(input, input.shipping)}
<section class="card" aria-labelledby="delivery-heading">
<div class="summary-head"><h2 id="delivery-heading">Delivery</h2><a href="${base}/details">Change<span class="visually-hidden"> delivery details</span></a></div>
<address data-testid="delivery-address">${input.addressLines.map(escapeHtml).join("<br>")}</address>
<p class="note">${escapeHtml(input.email)} · ${escapeHtml(input.phone)}</p>
</section>
${input.sections.join("\n")}
${cancelForm(session.id)}`;
  return layout(input.frame, "Payment", body);
}

/** A page for a session that cannot be paid: unknown, expired, cancelled or already paid. */
export function renderClosedPage(
  frame: PageFrame,
  heading: string,
  message: string,
  link: { href: string; label: string } | undefined,
): string {
  const action = link === undefined ? "" : `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`;
  return layout(frame, heading, `<h1>${escapeHtml(heading)}</h1>\n<p>${escapeHtml(message)}</p>\n${action}`);
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
  const name = escapeHtml(providerName);
  if ("url" in target) {
    const body = `<h1>Taking you to ${name}</h1>
<p>You pay on ${name}'s secure page and then come back here.</p>
<p><a class="button pay" href="${escapeHtml(target.url)}">Continue to ${name}</a></p>`;
    return layout(frame, `Continue to ${providerName}`, body, { refreshTo: target.url });
  }
  const inputs = Object.entries(target.form.fields)
    .map(([field, value]) => `<input type="hidden" name="${escapeHtml(field)}" value="${escapeHtml(value)}">`)
    .join("\n");
  const body = `<h1>Taking you to ${name}</h1>
<p>You pay on ${name}'s secure page and then come back here.</p>
<form method="post" action="${escapeHtml(target.form.action)}" data-auto-submit>
${inputs}
<button class="pay" type="submit">Continue to ${name}</button>
</form>`;
  return layout(frame, `Continue to ${providerName}`, body, { script: true });
}

/** A return from a provider that has not decided yet: the shopper checks again in a moment. */
export function renderPaymentPendingPage(frame: PageFrame, providerName: string, checkAgainUrl: string): string {
  const name = escapeHtml(providerName);
  const body = `<h1>Waiting for ${name}</h1>
<p>${name} has not confirmed your payment yet. Your items stay reserved; we place your order as soon as it does, and email you.</p>
<p><a class="button pay" href="${escapeHtml(checkAgainUrl)}">Check again</a></p>`;
  return layout(frame, `Waiting for ${providerName}`, body);
}
