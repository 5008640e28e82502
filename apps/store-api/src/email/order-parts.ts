import type { OrderSnapshot } from "./order-snapshot.ts";
import { addressLines } from "../checkout/details/index.ts";
import { markup, type SafeHtml } from "../html/markup.ts";
import { styles } from "./email-layout.ts";
import { lineTitle, money, shippingText, taxText, totalText } from "./order-facts.ts";

/** Blocks several emails about an order show, each as HTML and as plain text. */

/** What a line's discount is called: its offer's name ("Buy 2, save 10 %"), or "Discount". */
function offerName(line: OrderSnapshot["lines"][number]): string {
  return line.offerLabel ?? "Discount";
}

export function linesTableHtml(order: OrderSnapshot, caption: string): SafeHtml {
  const taxNote = taxText(order);
  const rows = order.lines.map(
    (line) => markup`<tr>
<th scope="row" style="${styles.rowHeader}">${lineTitle(line)}</th>
<td style="${styles.cell}">${line.quantity}</td>
<td style="${styles.cell}">${money(order, line.lineAmount)}</td>
</tr>
${
  (line.discountAmount ?? 0) > 0
    ? markup`<tr><td colspan="2" style="${styles.small}">${offerName(line)}</td><td style="${styles.cell}">−${money(order, line.discountAmount ?? 0)}</td></tr>
`
    : ""
}`,
  );
  return markup`<table style="${styles.table}">
<caption style="text-align:left;padding:0 0 8px;font-size:15px;">${caption}</caption>
<thead><tr><th scope="col" style="${styles.th}">Item</th><th scope="col" style="${styles.thNumber}">Quantity</th><th scope="col" style="${styles.thNumber}">Amount</th></tr></thead>
<tbody>
${rows}</tbody>
<tfoot>
${
  order.discountCode === undefined
    ? ""
    : markup`<tr><th scope="row" colspan="2" style="${styles.totalLabel}">Discount code ${order.discountCode}</th><td style="${styles.cell}border-bottom:none;">−${money(order, order.codeDiscountAmount ?? 0)}</td></tr>
`
}<tr><th scope="row" colspan="2" style="${styles.totalLabel}">Subtotal</th><td style="${styles.cell}border-bottom:none;">${money(order, order.subtotalAmount)}</td></tr>
<tr><th scope="row" colspan="2" style="${styles.totalLabel}">Shipping</th><td style="${styles.cell}border-bottom:none;">${shippingText(order)}</td></tr>
<tr><th scope="row" colspan="2" style="${styles.totalStrong}">Total</th><td style="${styles.totalStrong}">${totalText(order)}</td></tr>
${
  taxNote === null
    ? ""
    : markup`<tr><td colspan="3" style="${styles.small}">${taxNote}</td></tr>
`
}</tfoot>
</table>
`;
}

export function linesText(order: OrderSnapshot): string {
  const lines = order.lines.flatMap((line) => [
    `- ${lineTitle(line)} × ${line.quantity}: ${money(order, line.lineAmount)}`,
    ...((line.discountAmount ?? 0) > 0 ? [`  ${offerName(line)}: −${money(order, line.discountAmount ?? 0)}`] : []),
  ]);
  return [
    ...lines,
    "",
    ...(order.discountCode === undefined
      ? []
      : [`Discount code ${order.discountCode}: −${money(order, order.codeDiscountAmount ?? 0)}`]),
    `Subtotal: ${money(order, order.subtotalAmount)}`,
    `Shipping: ${shippingText(order)}`,
    `Total: ${totalText(order)}`,
    ...[taxText(order)].filter((note) => note !== null),
  ].join("\n");
}

export function addressHtml(order: OrderSnapshot): SafeHtml {
  const lines = addressLines(order.customer);
  return markup`<p style="${styles.p}">${lines.map((line, index) => markup`${index > 0 ? markup`<br>` : ""}${line}`)}</p>`;
}

export function addressText(order: OrderSnapshot): string {
  return addressLines(order.customer).join("\n");
}

export function buttonHtml(href: string, label: string): SafeHtml {
  return markup`<p style="${styles.p}margin:24px 0 8px;"><a href="${href}" style="${styles.button}">${label}</a></p>
<p style="${styles.small}">Or open this address: <a href="${href}" style="${styles.link}">${href}</a></p>`;
}
