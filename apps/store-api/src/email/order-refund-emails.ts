import { markup } from "../html/markup.ts";
import { htmlDocument, styles, textDocument } from "./email-layout.ts";
import { refundText } from "./order-cancelled-email.ts";
import { money } from "./order-facts.ts";
import { buttonHtml } from "./order-parts.ts";
import type { OutboxData } from "./outbox-data.ts";
import type { RenderedEmail } from "./rendered-email.ts";

function lineTitle(line: { productTitle: string; variantTitle: string }): string {
  return line.variantTitle.trim() === "" ? line.productTitle : `${line.productTitle} (${line.variantTitle})`;
}

/** To the shopper when the shop takes items back: which ones, and what happens to the money. */
export function renderOrderReturned(data: OutboxData<"order_returned">): RenderedEmail {
  const { order, lines, refund, refundAmount } = data;
  const subject = `Your return for order ${order.number}`;
  const refundLine = refundText(refund, order, refundAmount);
  const items = lines.map((line) => `${line.quantity} × ${lineTitle(line)}`);
  const footer = `You receive this email because you placed order ${order.number} at ${order.shopName}.`;
  const intro =
    items.length === 0
      ? `Hello ${order.customer.fullName}, about order ${order.number}:`
      : `Hello ${order.customer.fullName}, we have received what you sent back from order ${order.number}:`;
  const content = markup`<h1 style="${styles.h1}">${items.length === 0 ? "About your order" : "We received your return"}</h1>
<p style="${styles.p}">${intro}</p>
${items.length === 0 ? "" : markup`<ul>${items.map((item) => markup`<li style="${styles.p}">${item}</li>`)}</ul>`}
<p style="${styles.callout}">${refundLine}</p>
${buttonHtml(order.orderUrl, "View your order")}
`;
  const text = textDocument(
    [
      items.length === 0 ? "About your order" : "We received your return",
      intro,
      items.length === 0 ? null : items.map((item) => `- ${item}`).join("\n"),
      refundLine,
      `View your order: ${order.orderUrl}`,
    ],
    order.shopName,
    footer,
  );
  return { subject, html: htmlDocument({ title: subject, shopName: order.shopName, content, footer }), text };
}

/** To the shopper when a refund we said we would make has been made. */
export function renderOrderRefunded({ order, refundAmount }: OutboxData<"order_refunded">): RenderedEmail {
  const subject = `Your refund for order ${order.number}`;
  const amount = money(order, refundAmount);
  const line = `We have refunded ${amount} for order ${order.number}. Depending on your bank or wallet, it can take a few days to show.`;
  const footer = `You receive this email because you placed order ${order.number} at ${order.shopName}.`;
  const content = markup`<h1 style="${styles.h1}">Your refund has been made</h1>
<p style="${styles.p}">Hello ${order.customer.fullName},</p>
<p style="${styles.callout}">${line}</p>
${buttonHtml(order.orderUrl, "View your order")}
`;
  const text = textDocument(
    ["Your refund has been made", `Hello ${order.customer.fullName},`, line, `View your order: ${order.orderUrl}`],
    order.shopName,
    footer,
  );
  return { subject, html: htmlDocument({ title: subject, shopName: order.shopName, content, footer }), text };
}
