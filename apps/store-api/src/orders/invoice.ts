import {
  formatMoney,
  formatMoneyWithCode,
  formatTaxRate,
  inclusionText,
  type MoneyCurrency,
  taxNoteText,
} from "@herbo/hosted-api";
import { addressLines } from "../checkout/details/index.ts";
import type { RefundStatus } from "../db/schema.ts";
import { markup, type SafeHtml } from "../html/markup.ts";
import { orderTaxFacts } from "../markets/tax-note.ts";
import { layout, type PageFrame } from "../pages/page-layout.ts";
import { formatCreditNoteNumber, netOfCredits, type CreditNoteLine } from "./credit-note.ts";
import type { OrderRow } from "./place-order.ts";

/**
 * An order's printable invoice: the seller (legal name, address and, where the shop is registered in the
 * order's market, its tax number), the buyer, the lines as they were priced, the total with its currency
 * named and the tax it includes; then each refund's credit note (its own number, date, lines and tax) and
 * the amount that remains. It reads on a 375 px phone without scrolling sideways and prints on one A4
 * page for an ordinary order (the print rules in checkout.css); saved as PDF from the print dialog.
 */

export interface InvoiceCreditNote {
  creditNoteNumber: number;
  createdAt: Date;
  status: RefundStatus;
  completedAt: Date | null;
  amount: number;
  taxAmount: number;
  creditLines: CreditNoteLine[];
}

export interface InvoiceInput {
  frame: PageFrame;
  /** The seller as SELLER_NAME and SELLER_ADDRESS name it. */
  seller: { name: string; address: readonly string[] };
  order: OrderRow;
  lines: {
    productTitle: string;
    variantTitle: string;
    quantity: number;
    unitAmount: number;
    /** Taken off the line by an offer; its tax is worked out on what is left. */
    discountAmount: number;
    offerLabel: string | null;
    /** The discount code's share of `discountAmount`, stated once for the order. */
    codeDiscountAmount: number;
    taxAmount: number;
  }[];
  /** The order's refunds, each with its credit note, in the order they were issued. */
  creditNotes: readonly InvoiceCreditNote[];
  /** How the order's market treats tax (undefined if it was removed since). */
  market: { pricesIncludeTax: boolean; taxName: string | null } | undefined;
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

function breakLines(lines: readonly string[]): SafeHtml {
  return markup`${lines.map((line, index) => (index === 0 ? line : markup`<br>${line}`))}`;
}

export function renderInvoice(input: InvoiceInput): string {
  const { order, frame } = input;
  const currency = input.currency ?? { code: order.currencyCode };
  const text = (amount: number) => formatMoney(amount, currency);
  const money = (amount: number) => markup`<span class="nowrap">${text(amount)}</span>`;
  const less = (amount: number) => markup`<span class="nowrap">−${text(amount)}</span>`;
  const taxed = order.taxName !== null && order.taxRateBasisPoints !== null && order.taxRegistration !== null;
  const taxName = order.taxName ?? "";
  const day = (date: Date) => issuedOn(date, input.shopTimeZone);

  // Under the item's name: its variant, then its figures ("Rs. 1200.00 each"), no amount broken inside.
  const itemCell = (title: string, variant: string, figures: readonly SafeHtml[]) => {
    const details = [...(variant.trim() === "" ? [] : [markup`${variant.trim()}`]), ...figures];
    return markup`<td>${title}${
      details.length === 0
        ? ""
        : markup`<br><span class="note">${details.map((detail, index) => (index === 0 ? detail : markup` · ${detail}`))}</span>`
    }</td>`;
  };
  const rows = input.lines.map((line) => {
    const figures = [
      markup`${money(line.unitAmount)} each`,
      ...(taxed ? [markup`${taxName} ${money(line.taxAmount)}`] : []),
    ];
    const discount =
      line.discountAmount > line.codeDiscountAmount
        ? markup`<tr><td class="note" colspan="2" data-testid="invoice-offer">${line.offerLabel ?? "Discount"}</td><td class="num">−${money(line.discountAmount - line.codeDiscountAmount)}</td></tr>
`
        : "";
    return markup`<tr>${itemCell(line.productTitle, line.variantTitle, figures)}<td class="num">${line.quantity}</td><td class="num">${money(
      line.unitAmount * line.quantity,
    )}</td></tr>
${discount}`;
  });
  const taxNote = taxed ? null : taxNoteText(orderTaxFacts(order, input.market, text));
  const taxRow = taxed
    ? markup`<tr><th scope="row">${taxName} ${formatTaxRate(order.taxRateBasisPoints ?? 0)} included${
        order.shippingTaxAmount > 0 ? markup` (of which shipping ${money(order.shippingTaxAmount)})` : ""
      }</th><td colspan="2" class="num" data-testid="invoice-tax">${money(order.taxAmount)}</td></tr>`
    : taxNote === null
      ? ""
      : markup`<tr><td colspan="3" class="note" data-testid="tax-note">${taxNote}</td></tr>`;

  const seller = markup`<section class="card" aria-labelledby="seller-heading"><h2 id="seller-heading">Seller</h2>
<address data-testid="seller">${breakLines([input.seller.name, ...input.seller.address])}</address>${
    taxed
      ? markup`
<p class="registration">${registrationLabel(order.marketCode, taxName)} <span data-testid="tax-registration">${order.taxRegistration ?? ""}</span></p>`
      : ""
  }</section>`;
  const buyer =
    order.customer === null
      ? ""
      : markup`<section class="card" aria-labelledby="buyer-heading"><h2 id="buyer-heading">Billed to</h2>
<address>${breakLines(addressLines(order.customer))}</address>
<p class="note">${order.customer.email}</p></section>`;
  const currencyName = input.currency?.namePlural ?? currency.code;
  const included = taxed ? taxName : input.market?.pricesIncludeTax === true ? input.market.taxName : null;

  const notes = input.creditNotes.map((note) => {
    const number = formatCreditNoteNumber(note.creditNoteNumber);
    const id = `credit-note-${String(note.creditNoteNumber)}`;
    const state =
      note.status === "succeeded"
        ? `Refunded${note.completedAt === null ? "" : ` on ${day(note.completedAt)}`}.`
        : "The refund is on its way.";
    const noteRows = note.creditLines.map((line) => {
      const figures = taxed ? [markup`${taxName} ${money(line.taxAmount)}`] : [];
      return markup`<tr>${itemCell(line.productTitle, line.variantTitle, figures)}<td class="num">${line.quantity === null ? "" : line.quantity}</td><td class="num">${money(line.amount)}</td></tr>
`;
    });
    return markup`<section class="card" aria-labelledby="${id}" data-testid="credit-note">
<h2 id="${id}">Credit note ${number}</h2>
<p class="note">Issued ${day(note.createdAt)} against invoice ${order.number}. ${state}</p>
<table>
<thead><tr><th scope="col">Credited</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${noteRows}</tbody>
<tfoot>
<tr class="total"><th scope="row">Total credited</th><td colspan="2" class="num" data-testid="credit-note-total">${money(note.amount)}</td></tr>
${taxed ? markup`<tr><th scope="row">${taxName} included</th><td colspan="2" class="num">${money(note.taxAmount)}</td></tr>` : ""}
</tfoot>
</table>
</section>
`;
  });
  const net = netOfCredits(order, input.creditNotes);
  const balance =
    input.creditNotes.length === 0
      ? ""
      : markup`<section class="card" aria-labelledby="net-heading">
<h2 id="net-heading">After refunds</h2>
<table>
<tbody>
<tr><th scope="row">Invoice ${order.number}</th><td class="num">${money(order.totalAmount)}</td></tr>
${input.creditNotes.map(
  (note) =>
    markup`<tr><th scope="row">Credit note ${formatCreditNoteNumber(note.creditNoteNumber)}</th><td class="num">${less(note.amount)}</td></tr>
`,
)}</tbody>
<tfoot>
<tr class="total"><th scope="row">Net amount</th><td class="num" data-testid="invoice-net"><span class="nowrap">${formatMoneyWithCode(net.amount, currency)}</span></td></tr>
${taxed ? markup`<tr><th scope="row">${taxName} included in the net amount</th><td class="num" data-testid="invoice-net-tax">${money(net.taxAmount)}</td></tr>` : ""}
</tfoot>
</table>
</section>
`;

  const body = markup`<div class="invoice">
<h1>${taxed ? "Tax invoice" : "Invoice"} ${order.number}</h1>
<dl class="facts">
<dt>Invoice No.</dt><dd>${order.number}</dd>
<dt>Issued</dt><dd>${day(order.createdAt)}</dd>
</dl>
<div class="parties">
${seller}
${buyer}
</div>
<section class="card" aria-labelledby="lines-heading">
<h2 id="lines-heading">Items</h2>
<p class="note">All amounts are in ${currencyName} (${currency.code})${included === null ? "" : markup`, ${inclusionText(included)}`}.</p>
<table>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${rows}</tbody>
<tfoot>
${
  order.discountCode === null
    ? ""
    : markup`<tr><th scope="row">Discount code ${order.discountCode}</th><td colspan="2" class="num" data-testid="invoice-code-discount">−${money(order.codeDiscountAmount)}</td></tr>`
}
<tr><th scope="row">Subtotal</th><td colspan="2" class="num">${money(order.subtotalAmount)}</td></tr>
<tr><th scope="row">Shipping</th><td colspan="2" class="num">${order.shippingAmount === 0 ? "Free" : money(order.shippingAmount)}</td></tr>
<tr class="total"><th scope="row">Total</th><td colspan="2" class="num" data-testid="invoice-total"><span class="nowrap">${formatMoneyWithCode(order.totalAmount, currency)}</span></td></tr>
${taxRow}
</tfoot>
</table>
</section>
${notes}${balance}<p class="note no-print">To keep a copy, print this page or save it as a PDF from your browser's print dialog.</p>
</div>`;
  return layout(frame, `Invoice ${order.number}`, body, { badge: taxed ? "Tax invoice" : "Invoice" });
}
