import { formatMoney, formatMoneyWithCode, formatTaxRate, type MoneyCurrency } from "@herbo/hosted-api";
import { addressLines } from "../checkout/details/index.ts";
import { markup } from "../html/markup.ts";
import { layout, type PageFrame } from "../pages/layout.ts";
import type { OrderRow } from "./place-order.ts";

/**
 * An order's printable invoice (issue 26): the seller, the buyer, the lines as they were priced, the total
 * with its currency named, and, when the shop was registered in the order's market, the tax each line
 * included, its rate and the shop's registration number (Nepal's bills carry the seller's PAN/VAT number).
 * Printed with the browser (print CSS), or saved as PDF from its print dialog.
 */

export interface InvoiceInput {
  frame: PageFrame;
  order: OrderRow;
  lines: { productTitle: string; variantTitle: string; quantity: number; unitAmount: number; taxAmount: number }[];
  currency: (MoneyCurrency & { code: string; namePlural?: string | null }) | undefined;
  /** The shop's time zone: an invoice is dated where it is issued. */
  shopTimeZone: string;
}

/** What the registration is called where the order was sold: PAN/VAT in Nepal, else the tax's name. */
export function registrationLabel(marketCode: string, taxName: string): string {
  return marketCode === "np" ? "PAN/VAT No." : `${taxName} registration No.`;
}

function issuedOn(date: Date, timeZone: string): string {
  try {
    return date.toLocaleDateString("en-GB", { dateStyle: "long", timeZone });
  } catch {
    return date.toLocaleDateString("en-GB", { dateStyle: "long", timeZone: "UTC" });
  }
}

export function renderInvoice(input: InvoiceInput): string {
  const { order, frame } = input;
  const currency = input.currency ?? { code: order.currencyCode };
  const money = (amount: number) => markup`<span class="nowrap">${formatMoney(amount, currency)}</span>`;
  const taxed = order.taxName !== null && order.taxRateBasisPoints !== null && order.taxRegistration !== null;
  const rows = input.lines.map(
    (line) => markup`<tr><td>${line.productTitle}${
      line.variantTitle.trim() === "" ? "" : markup`<br><span class="note">${line.variantTitle}</span>`
    }</td><td class="num">${line.quantity}</td><td class="num">${money(line.unitAmount)}</td>${
      taxed ? markup`<td class="num">${money(line.taxAmount)}</td>` : ""
    }<td class="num">${money(line.unitAmount * line.quantity)}</td></tr>
`,
  );
  const span = taxed ? 4 : 3;
  const taxRows = taxed
    ? markup`<tr><th scope="row" colspan="${String(span)}">${order.taxName ?? ""} ${formatTaxRate(order.taxRateBasisPoints ?? 0)} included${
        order.shippingTaxAmount > 0 ? markup` (of which shipping ${money(order.shippingTaxAmount)})` : ""
      }</th><td class="num" data-testid="invoice-tax">${money(order.taxAmount)}</td></tr>`
    : "";
  const buyer =
    order.customer === null
      ? ""
      : markup`<section class="card" aria-labelledby="buyer-heading"><h2 id="buyer-heading">Billed to</h2>
<address>${addressLines(order.customer).map((line, index) => (index === 0 ? line : markup`<br>${line}`))}</address>
<p class="note">${order.customer.email}</p></section>`;
  const currencyName = input.currency?.namePlural ?? currency.code;
  const body = markup`<h1>${taxed ? "Tax invoice" : "Invoice"} ${order.number}</h1>
<dl class="facts">
<dt>Issued</dt><dd>${issuedOn(order.createdAt, input.shopTimeZone)}</dd>
<dt>Seller</dt><dd>${frame.shopName}</dd>
${taxed ? markup`<dt>${registrationLabel(order.marketCode, order.taxName ?? "")}</dt><dd data-testid="tax-registration">${order.taxRegistration ?? ""}</dd>` : ""}
<dt>Order</dt><dd>${order.number}</dd>
</dl>
${buyer}
<section class="card" aria-labelledby="lines-heading">
<h2 id="lines-heading">Items</h2>
<p class="note">All amounts are in ${currencyName} (${currency.code})${taxed ? markup`, ${order.taxName ?? ""} included` : ""}.</p>
<table>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Unit price</th>${
    taxed ? markup`<th scope="col" class="num">${order.taxName ?? ""} included</th>` : ""
  }<th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${rows}</tbody>
<tfoot>
<tr><th scope="row" colspan="${String(span)}">Subtotal</th><td class="num">${money(order.subtotalAmount)}</td></tr>
<tr><th scope="row" colspan="${String(span)}">Shipping</th><td class="num">${order.shippingAmount === 0 ? "Free" : money(order.shippingAmount)}</td></tr>
<tr class="total"><th scope="row" colspan="${String(span)}">Total</th><td class="num" data-testid="invoice-total"><span class="nowrap">${formatMoneyWithCode(order.totalAmount, currency)}</span></td></tr>
${taxRows}
</tfoot>
</table>
</section>
<p class="note no-print">To keep a copy, print this page or save it as a PDF from your browser's print dialog.</p>`;
  return layout(frame, `Invoice ${order.number}`, body, { badge: taxed ? "Tax invoice" : "Invoice" });
}
