import { formatMoney, formatMoneyWithCode, type MoneyCurrency, taxNoteText } from "@herbo/hosted-api";
import { orderTaxFacts } from "../markets/tax-note.ts";
import { addressLines } from "../checkout/details/index.ts";
import { markup } from "../html/markup.ts";
import { layout, type PageFrame } from "../pages/page-layout.ts";
import { dateTimeText, dayText } from "../pages/times.ts";
import type { FulfilmentStatus, PaymentStatus, RefundStatus } from "../db/schema.ts";
import { cashDue } from "./cash-due.ts";
import type { OrderRow } from "./place-order.ts";

export interface OrderPageInput {
  frame: PageFrame;
  order: OrderRow;
  lines: {
    productTitle: string;
    variantTitle: string;
    quantity: number;
    unitAmount: number;
    discountAmount: number;
    offerLabel: string | null;
    codeDiscountAmount: number;
    returnedQuantity: number;
  }[];
  currency: MoneyCurrency | undefined;
  /** The latest shipment's carrier and tracking number, when the order was shipped. */
  shipment: { carrier: string; trackingNumber: string } | null;
  /** The order's refunds, oldest first. */
  refunds: { amount: number; status: RefundStatus; completedAt: Date | null }[];
  /** How the order's market treats tax (undefined if it was removed since). */
  market: { pricesIncludeTax: boolean; taxName: string | null } | undefined;
}

const fulfilmentText: Record<FulfilmentStatus, string> = {
  unconfirmed: "We will call you to confirm your order before we send it.",
  unfulfilled: "We are preparing your order.",
  packed: "Your order is packed and will be handed to the courier soon.",
  shipped: "Your order is on its way.",
  delivered: "Your order was delivered.",
  returned: "Your order came back to us.",
  cancelled: "This order was cancelled.",
};

function paymentText(status: PaymentStatus, order: OrderRow, due: string): string {
  switch (status) {
    case "paid":
      return order.cardLast4 === null ? "Paid." : `Paid by card ending in ${order.cardLast4}.`;
    case "cod_due":
      return `Cash on delivery: please have ${due} ready when your order arrives.`;
    case "cod_collected":
      return "Paid in cash on delivery.";
    case "refund_due":
      return "A refund is on its way to you.";
    case "partially_refunded":
      return "Partly refunded.";
    case "refunded":
      return "Refunded.";
    case "pending":
      return "Awaiting payment.";
  }
}

/** One sentence per refund: made (and when), or still to come. */
function refundLines(input: OrderPageInput, money: (amount: number) => string): string[] {
  return input.refunds.map((refund) =>
    refund.status === "succeeded"
      ? `Refund of ${money(refund.amount)} made${refund.completedAt === null ? "" : ` on ${dayText(refund.completedAt, input.order.timeZone)}`}.`
      : `Refund of ${money(refund.amount)} on its way: we will email you when it is made.`,
  );
}

/** The shopper's own page for one order, reached by the unguessable link in their email. */
export function renderOrderPage(input: OrderPageInput): string {
  const { order } = input;
  const currency = input.currency ?? { code: order.currencyCode };
  const money = (amount: number) => markup`<span class="nowrap">${formatMoney(amount, currency ?? {})}</span>`;
  const due = formatMoney(cashDue(order.totalAmount, input.lines), currency ?? {});
  const rows = input.lines.map(
    (line) => markup`<tr><td>${line.productTitle}<br><span class="note">${line.variantTitle}</span></td>
<td class="num">${line.quantity}</td><td class="num">${money(line.unitAmount * line.quantity)}</td></tr>
${
  line.discountAmount > line.codeDiscountAmount
    ? markup`<tr><td colspan="2" class="note" data-testid="line-offer">${line.offerLabel ?? "Discount"}</td><td class="num" data-testid="line-discount">−${money(line.discountAmount - line.codeDiscountAmount)}</td></tr>
`
    : ""
}`,
  );
  const shipment =
    input.shipment === null || (order.fulfilmentStatus !== "shipped" && order.fulfilmentStatus !== "delivered")
      ? ""
      : markup`<p>Carrier: ${input.shipment.carrier}. Tracking number: <strong>${input.shipment.trackingNumber}</strong>.</p>`;
  const address =
    order.customer === null
      ? ""
      : markup`<section class="card" aria-labelledby="address-heading"><h2 id="address-heading">Delivery address</h2>
<address>${addressLines(order.customer).map((line, index) => (index === 0 ? line : markup`<br>${line}`))}</address></section>`;
  const taxNote = taxNoteText(orderTaxFacts(order, input.market, (amount) => formatMoney(amount, currency)));
  const refunds = refundLines(input, (amount) => formatMoney(amount, currency ?? {})).map(
    (line) => markup`\n<p data-testid="refund-status">${line}</p>`,
  );
  const body = markup`<h1>Order ${order.number}</h1>
<p class="note">Placed on ${dateTimeText(order.createdAt, order.timeZone)}</p>
<section class="card" aria-labelledby="status-heading">
<h2 id="status-heading">Status</h2>
<p data-testid="fulfilment-status">${fulfilmentText[order.fulfilmentStatus]}</p>
${shipment}
<p data-testid="payment-status">${paymentText(order.paymentStatus, order, due)}</p>${refunds}
</section>
<section class="card" aria-labelledby="items-heading">
<h2 id="items-heading">Items</h2>
<table>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${rows}</tbody>
<tfoot>
${
  order.discountCode === null
    ? ""
    : markup`<tr><th scope="row" colspan="2">Discount code ${order.discountCode}</th><td class="num" data-testid="code-discount">−${money(order.codeDiscountAmount)}</td></tr>`
}
<tr><th scope="row" colspan="2">Subtotal</th><td class="num">${money(order.subtotalAmount)}</td></tr>
<tr><th scope="row" colspan="2">Shipping</th><td class="num">${order.shippingAmount === 0 ? "Free" : money(order.shippingAmount)}</td></tr>
<tr class="total"><th scope="row" colspan="2">Total</th><td class="num" data-testid="total"><span class="nowrap">${formatMoneyWithCode(order.totalAmount, currency ?? { code: order.currencyCode })}</span></td></tr>
${taxNote === null ? "" : markup`<tr><td colspan="3" class="note" data-testid="tax-note">${taxNote}</td></tr>`}
</tfoot>
</table>
<p><a href="/orders/${order.accessToken}/invoice">View and print the invoice</a></p>
</section>
${address}
<p class="note">Questions about this order? Reply to your confirmation email and quote ${order.number}.</p>`;
  return layout(input.frame, `Order ${order.number}`, body, { badge: "Your order" });
}

/** The page for an address that names no order. */
export function renderOrderNotFound(frame: PageFrame): string {
  return layout(
    frame,
    "Order not found",
    markup`<h1>Order not found</h1>
<p>This order link is not valid. Please use the link in your confirmation email, or contact us with your order number.</p>`,
    { badge: "Your order" },
  );
}
