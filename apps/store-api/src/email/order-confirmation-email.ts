import { markup } from "../html/markup.ts";
import { htmlDocument, styles, textDocument } from "./email-layout.ts";
import { deliveryEstimateText, money, paymentMethodText, paymentStatusText, placedAtText } from "./order-facts.ts";
import { addressHtml, addressText, buttonHtml, linesTableHtml, linesText } from "./order-parts.ts";
import type { OutboxData } from "./outbox-data.ts";
import type { RenderedEmail } from "./rendered-email.ts";

/** To the shopper when the order is placed: what was bought, what it costs, where it goes, how it is paid. */
export function renderOrderConfirmation({ order }: OutboxData<"order_confirmation">): RenderedEmail {
  const toConfirm = order.awaitingConfirmation === true;
  const subject = toConfirm ? `We have received your order ${order.number}` : `Your order ${order.number} is confirmed`;
  const placed = placedAtText(order);
  const delivery = deliveryEstimateText(order);
  const cod = order.paymentMethod === "cod";
  const cashLine = toConfirm
    ? `We will call you on ${order.customer.phone} to confirm your order before we send it. Then please have ${money(order, order.totalAmount)} ready in cash when it arrives.`
    : `Cash on delivery: please have ${money(order, order.totalAmount)} ready in cash when your order arrives.`;
  const footer = `You receive this email because you placed order ${order.number} at ${order.shopName}.`;

  const content = markup`<h1 style="${styles.h1}">Thank you for your order</h1>
<p style="${styles.p}">Hello ${order.customer.fullName}, we have received your order <strong>${order.number}</strong>, placed on ${placed}.</p>
${cod ? markup`<p style="${styles.callout}"><strong>${cashLine}</strong></p>` : ""}
<h2 style="${styles.h2}">Your order</h2>
${linesTableHtml(order, `Order ${order.number}`)}
<h2 style="${styles.h2}">Payment</h2>
<p style="${styles.p}">${paymentMethodText(order)}. ${paymentStatusText(order)}</p>
<h2 style="${styles.h2}">Delivery address</h2>
${addressHtml(order)}
${delivery === null ? "" : markup`<p style="${styles.p}">${delivery}</p>`}
${buttonHtml(order.orderUrl, "View your order")}
`;
  const text = textDocument(
    [
      "Thank you for your order",
      `Hello ${order.customer.fullName}, we have received your order ${order.number}, placed on ${placed}.`,
      cod ? cashLine : null,
      `YOUR ORDER ${order.number}\n${linesText(order)}`,
      `PAYMENT\n${paymentMethodText(order)}. ${paymentStatusText(order)}`,
      `DELIVERY ADDRESS\n${addressText(order)}`,
      delivery,
      `View your order: ${order.orderUrl}`,
    ],
    order.shopName,
    footer,
  );
  return { subject, html: htmlDocument({ title: subject, shopName: order.shopName, content, footer }), text };
}

/** To the shopper once the shop has confirmed a cash-on-delivery order by phone: it is being prepared. */
export function renderOrderConfirmedByPhone({ order }: OutboxData<"order_confirmed">): RenderedEmail {
  const subject = `Your order ${order.number} is confirmed`;
  const line = `Thank you for confirming order ${order.number} on the phone. We are preparing it now; please have ${money(order, order.totalAmount)} ready in cash when it arrives.`;
  const delivery = deliveryEstimateText(order);
  const footer = `You receive this email because you placed order ${order.number} at ${order.shopName}.`;
  const content = markup`<h1 style="${styles.h1}">Your order is confirmed</h1>
<p style="${styles.p}">Hello ${order.customer.fullName},</p>
<p style="${styles.callout}">${line}</p>
${delivery === null ? "" : markup`<p style="${styles.p}">${delivery}</p>`}
${buttonHtml(order.orderUrl, "View your order")}
`;
  const text = textDocument(
    [
      "Your order is confirmed",
      `Hello ${order.customer.fullName},`,
      line,
      delivery,
      `View your order: ${order.orderUrl}`,
    ],
    order.shopName,
    footer,
  );
  return { subject, html: htmlDocument({ title: subject, shopName: order.shopName, content, footer }), text };
}
