import type { OrderSnapshot } from "./order-snapshot.ts";
import { markup } from "../html/markup.ts";
import { htmlDocument, styles, textDocument } from "./email-layout.ts";
import { money } from "./order-facts.ts";
import { buttonHtml, linesTableHtml, linesText } from "./order-parts.ts";
import type { OutboxData, RefundState } from "./outbox-data.ts";
import type { RenderedEmail } from "./rendered-email.ts";

/** What happens to the shopper's money, in one sentence (cancellations and returns). */
export function refundText(refund: RefundState, order: OrderSnapshot, refundAmount: number): string {
  const amount = money(order, refundAmount);
  switch (refund) {
    case "refunded":
      return `Your payment of ${amount} has been refunded.`;
    case "to_make":
      return `We will refund your payment of ${amount}; you will hear from us when it is done.`;
    case "none":
      return order.paymentStatus === "pending" || order.paymentStatus === "cod_due"
        ? "No payment was taken for this order, so there is nothing to refund."
        : "No refund is due for this order.";
  }
}

/** To the shopper when the shop cancels the order: which order, and what happens to the money. */
export function renderOrderCancelled({ order, refund, refundAmount }: OutboxData<"order_cancelled">): RenderedEmail {
  const subject = `Your order ${order.number} has been cancelled`;
  const refundLine = refundText(refund, order, refundAmount ?? order.totalAmount);
  const footer = `You receive this email because you placed order ${order.number} at ${order.shopName}.`;

  const content = markup`<h1 style="${styles.h1}">Your order has been cancelled</h1>
<p style="${styles.p}">Hello ${order.customer.fullName}, order <strong>${order.number}</strong> has been cancelled and will not be delivered.</p>
<p style="${styles.callout}">${refundLine}</p>
${linesTableHtml(order, `Cancelled order ${order.number}`)}
${buttonHtml(order.orderUrl, "View your order")}
`;
  const text = textDocument(
    [
      "Your order has been cancelled",
      `Hello ${order.customer.fullName}, order ${order.number} has been cancelled and will not be delivered.`,
      refundLine,
      `CANCELLED ORDER ${order.number}\n${linesText(order)}`,
      `View your order: ${order.orderUrl}`,
    ],
    order.shopName,
    footer,
  );
  return { subject, html: htmlDocument({ title: subject, shopName: order.shopName, content, footer }), text };
}
