import { ratingLabel } from "@herbo/hosted-api";
import { markup } from "../html/markup.ts";
import { htmlDocument, styles, textDocument } from "./email-layout.ts";
import { buttonHtml } from "./order-parts.ts";
import type { OutboxData } from "./outbox-data.ts";
import type { RenderedEmail } from "./rendered-email.ts";

/**
 * To a buyer some days after their order was delivered: one link per product to review it. It says plainly
 * that any honest review is welcome, that nothing is given for one, and that it is read before it is shown.
 */
export function renderReviewRequest(data: OutboxData<"review_request">): RenderedEmail {
  const single = data.products.length === 1 ? data.products[0] : undefined;
  const subject =
    single === undefined ? `How was your ${data.shopName} order?` : `How is your ${single.title}?`;
  const heading = "Would you review what you bought?";
  const intro = `Hello ${data.fullName}, your order ${data.orderNumber} was delivered a few days ago. A short review helps other shoppers decide, whether you liked it or not.`;
  const how = `Each link below opens a form for one product: a rating from 1 to 5 stars, a title, a few words and the name to show. We read every review before it appears on our shop, and we publish negative ones too. We give nothing in exchange for a review.`;
  const expiry = `The links are yours alone and work once, for ${data.linkDays} days.`;
  const footer = `You receive this one email because you ordered from ${data.shopName}. We send no other review requests for this order.`;
  const buttons = data.products.map((product) => buttonHtml(product.url, `Review ${product.title}`));
  const content = markup`<h1 style="${styles.h1}">${heading}</h1>
<p style="${styles.p}">${intro}</p>
<p style="${styles.p}">${how}</p>
${buttons}
<p style="${styles.small}">${expiry}</p>
`;
  const text = textDocument(
    [
      heading,
      intro,
      how,
      data.products.map((product) => `Review ${product.title}: ${product.url}`).join("\n"),
      expiry,
    ],
    data.shopName,
    footer,
  );
  return { subject, html: htmlDocument({ title: subject, shopName: data.shopName, content, footer }), text };
}

/**
 * To the shop (SHOP_EMAIL) when a buyer wrote a review: the review as written, escaped like every value, and
 * the back office's page where it is published or hidden. Nothing shows on the shop before that.
 */
export function renderReviewReceived(data: OutboxData<"review_received">): RenderedEmail {
  const subject = `New review of ${data.productTitle} to moderate`;
  const stars = `${ratingLabel(data.rating)} stars`;
  const byline = `By ${data.displayName}, verified buyer in ${data.marketName} (order ${data.orderNumber}).`;
  const footer = `Sent by ${data.shopName}'s store for each new review.`;
  const paragraphs = data.body.split(/\n{2,}/);
  const content = markup`<h1 style="${styles.h1}">${subject}</h1>
<p style="${styles.p}"><strong>${stars}</strong></p>
<h2 style="${styles.h2}">${data.title}</h2>
${paragraphs.map((paragraph) => markup`<p style="${styles.p}">${paragraph}</p>\n`)}
<p style="${styles.small}">${byline}</p>
${buttonHtml(data.moderateUrl, "Publish or hide it in the back office")}
`;
  const text = textDocument(
    [subject, stars, data.title, data.body, byline, `Publish or hide it in the back office: ${data.moderateUrl}`],
    data.shopName,
    footer,
  );
  return { subject, html: htmlDocument({ title: subject, shopName: data.shopName, content, footer }), text };
}
