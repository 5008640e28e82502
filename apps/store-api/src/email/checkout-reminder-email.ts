import { formatMoneyWithCode } from "@herbo/hosted-api";
import { markup } from "../html/markup.ts";
import { htmlDocument, styles, textDocument } from "./email-layout.ts";
import { buttonHtml } from "./order-parts.ts";
import type { OutboxData } from "./outbox-data.ts";
import type { RenderedEmail } from "./rendered-email.ts";

/**
 * To a shopper who asked for it on the checkout's first step and did not pay: what was in the checkout, in
 * its currency, with a link back (a fresh checkout at today's prices) and a one-click way to stop these.
 */
export function renderCheckoutReminder(data: OutboxData<"checkout_reminder">): RenderedEmail {
  const money = (amount: number) => formatMoneyWithCode(amount, data.currency);
  const subject = `Your ${data.shopName} order is waiting`;
  const heading = "You left something in your checkout";
  const intro = `Hello ${data.fullName}, you asked us to remind you about the order you started. Nothing has been charged.`;
  const prices = "Prices and stock are today's when you come back: the checkout shows the amount before you pay.";
  const footer = `You receive this one reminder because you ticked "Email me a reminder about this order" at ${data.shopName}. To get no more reminders: ${data.unsubscribeUrl}`;
  const rows = data.lines.map(
    (
      line,
    ) => markup`<tr><th scope="row" style="${styles.rowHeader}">${line.title}</th><td style="${styles.cell}">${line.quantity}</td></tr>
`,
  );
  const content = markup`<h1 style="${styles.h1}">${heading}</h1>
<p style="${styles.p}">${intro}</p>
<table style="${styles.table}">
<thead><tr><th scope="col" style="${styles.th}">Item</th><th scope="col" style="${styles.thNumber}">Quantity</th></tr></thead>
<tbody>
${rows}</tbody>
</table>
<p style="${styles.p}">Items: ${money(data.itemsAmount)} when you left.</p>
<p style="${styles.small}">${prices}</p>
${buttonHtml(data.resumeUrl, "Return to your order")}
<p style="${styles.small}"><a href="${data.unsubscribeUrl}" style="${styles.link}">Stop reminder emails</a></p>
`;
  const text = textDocument(
    [
      heading,
      intro,
      data.lines.map((line) => `- ${line.title} × ${line.quantity}`).join("\n"),
      `Items: ${money(data.itemsAmount)} when you left.`,
      prices,
      `Return to your order: ${data.resumeUrl}`,
    ],
    data.shopName,
    footer,
  );
  return { subject, html: htmlDocument({ title: subject, shopName: data.shopName, content, footer }), text };
}
