import { markup } from "../html/markup.ts";
import { htmlDocument, styles, textDocument } from "./email-layout.ts";
import { money } from "./order-facts.ts";
import { addressHtml, addressText, buttonHtml } from "./order-parts.ts";
import type { OutboxData } from "./outbox-data.ts";
import type { RenderedEmail } from "./rendered-email.ts";

/** To the shopper when the parcel leaves: the carrier, the tracking number and where it goes. */
export function renderOrderShipped(data: OutboxData<"order_shipped">): RenderedEmail {
  const { order, carrier, trackingNumber, trackingUrl } = data;
  const corrected = data.corrected === true;
  const subject = corrected
    ? `New tracking details for your order ${order.number}`
    : `Your order ${order.number} has shipped`;
  const heading = corrected ? "Your tracking details have changed" : "Your order is on its way";
  const intro = corrected
    ? `Hello ${order.customer.fullName}, we sent you the wrong shipping details for order ${order.number}. It is travelling with ${carrier}; please use the tracking number below.`
    : `Hello ${order.customer.fullName}, order ${order.number} has been handed to ${carrier}.`;
  const cash =
    order.paymentMethod === "cod" && order.paymentStatus === "cod_due"
      ? `Please have ${money(order, order.totalAmount)} ready in cash for the courier.`
      : null;
  const footer = `You receive this email because you placed order ${order.number} at ${order.shopName}.`;

  const content = markup`<h1 style="${styles.h1}">${heading}</h1>
<p style="${styles.p}">${intro}</p>
<p style="${styles.callout}">Tracking number: <strong>${trackingNumber}</strong>${
    trackingUrl === null
      ? ""
      : markup`<br><a href="${trackingUrl}" style="${styles.link}">Track your parcel with ${carrier}</a>`
  }</p>
${cash === null ? "" : markup`<p style="${styles.p}"><strong>${cash}</strong></p>`}
<h2 style="${styles.h2}">Delivery address</h2>
${addressHtml(order)}
${buttonHtml(order.orderUrl, "View your order")}
`;
  const text = textDocument(
    [
      heading,
      intro,
      `Tracking number: ${trackingNumber}${trackingUrl === null ? "" : `\nTrack your parcel: ${trackingUrl}`}`,
      cash,
      `DELIVERY ADDRESS\n${addressText(order)}`,
      `View your order: ${order.orderUrl}`,
    ],
    order.shopName,
    footer,
  );
  return { subject, html: htmlDocument({ title: subject, shopName: order.shopName, content, footer }), text };
}
