import { markup } from "../html/markup.ts";
import { htmlDocument, styles, textDocument } from "./email-layout.ts";
import { actionLabels, shopTimeZone } from "@herbo/hosted-api/admin";
import { backOfficeOrderUrl, money, paymentMethodText, placedAtText } from "./order-facts.ts";
import { addressHtml, addressText, buttonHtml, linesTableHtml, linesText } from "./order-parts.ts";
import type { OutboxData } from "./outbox-data.ts";
import type { RenderedEmail } from "./rendered-email.ts";

/** To the shop (SHOP_EMAIL) when an order is placed: who, where, what, and how the money comes in. */
export function renderNewOrderNotice({ order }: OutboxData<"new_order_notice">): RenderedEmail {
  const subject = `New order ${order.number}`;
  const { customer } = order;
  const total = money(order, order.totalAmount);
  const payment =
    order.paymentMethod === "cod"
      ? order.awaitingConfirmation === true
        ? `Cash on delivery, not yet confirmed: call ${customer.phone} to confirm it, then press "${actionLabels.confirm}" in the back office. Its stock is held until then. Collect ${total} in cash when delivering.`
        : `Cash on delivery: collect ${total} in cash when delivering.`
      : `${paymentMethodText(order)}: ${order.paymentStatus === "paid" ? "paid" : "payment pending"}, ${total}.`;
  // The shop reads its own clock (Kathmandu), not the shopper's.
  const placedAt = placedAtText(order, shopTimeZone);
  const backOffice = backOfficeOrderUrl(order);
  const footer = `Sent by ${order.shopName}'s store for each new order.`;

  const content = markup`<h1 style="${styles.h1}">New order ${order.number}</h1>
<p style="${styles.p}">Placed on ${placedAt}. Total ${total}.</p>
<p style="${styles.callout}"><strong>${payment}</strong></p>
<h2 style="${styles.h2}">Customer</h2>
<p style="${styles.p}">${customer.fullName}<br>
<a href="mailto:${customer.email}" style="${styles.link}">${customer.email}</a><br>
<a href="tel:${customer.phone}" style="${styles.link}">${customer.phone}</a></p>
<h2 style="${styles.h2}">Deliver to</h2>
${addressHtml(order)}
<h2 style="${styles.h2}">Items</h2>
${linesTableHtml(order, `Order ${order.number}`)}
${buttonHtml(backOffice, "Open the order in the back office")}
`;
  const text = textDocument(
    [
      `New order ${order.number}`,
      `Placed on ${placedAt}. Total ${total}.`,
      payment,
      `CUSTOMER\n${customer.fullName}\n${customer.email}\n${customer.phone}`,
      `DELIVER TO\n${addressText(order)}`,
      `ITEMS\n${linesText(order)}`,
      `Open the order in the back office: ${backOffice}`,
    ],
    order.shopName,
    footer,
  );
  return { subject, html: htmlDocument({ title: subject, shopName: order.shopName, content, footer }), text };
}
