import type { CurrencyRow } from "../catalog/repository.ts";
import { sandboxCards } from "./cards.ts";
import { formatMinorUnits } from "@herbo/hosted-api";
import type { SessionWithLines } from "./service.ts";

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
}

const styles = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#faf6ef;color:#1c1410}
main{max-width:36rem;margin:0 auto;padding:2rem 1rem}h1{font-size:1.5rem;margin:0 0 .25rem}
.shop{color:#7a5a2e;font-weight:600;letter-spacing:.04em;text-transform:uppercase;font-size:.8rem;margin:0}
.card{background:#fff;border:1px solid #eadfcd;border-radius:12px;padding:1.25rem;margin-top:1.25rem}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:.4rem 0;vertical-align:top}
td.num,th.num{text-align:right}tfoot td{border-top:1px solid #eadfcd;font-weight:700;padding-top:.75rem}
label{display:block;font-weight:600;margin-top:.9rem}input{width:100%;font:inherit;padding:.6rem .75rem;border:1px solid #b9a88f;border-radius:8px;margin-top:.25rem}
input:focus,button:focus{outline:3px solid #c8963e;outline-offset:2px}.row{display:flex;gap:1rem}.row>div{flex:1}
button{font:inherit;font-weight:700;border:0;border-radius:999px;padding:.8rem 1.5rem;cursor:pointer}
.pay{background:#1c1410;color:#fff;width:100%;margin-top:1.25rem}.cancel{background:transparent;color:#5b4630;text-decoration:underline;padding:.5rem 0}
.error{background:#fdecea;color:#8a1c12;border:1px solid #f3b8b0;border-radius:8px;padding:.75rem 1rem;margin-top:1rem}
.card h2{font-size:1.1rem;margin:0 0 .5rem}a{color:#1c1410;font-weight:700}.note{font-size:.875rem;color:#5b4630}code{background:#f3ebdd;padding:0 .25rem;border-radius:4px}
`;

function layout(title: string, shopName: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} · ${escapeHtml(shopName)}</title>
<style>${styles}</style>
</head>
<body>
<main>
<p class="shop">${escapeHtml(shopName)}</p>
${body}
</main>
</body>
</html>`;
}

export interface CheckoutPageInput {
  shopName: string;
  order: SessionWithLines;
  currency: CurrencyRow | undefined;
  /** Shown above the form after a failed attempt. */
  error?: string;
  /** Values to put back in the form after a failed attempt (never the card number). */
  name?: string;
}

function formatExpiry(date: Date, timeZone: string | null): string {
  const options: Intl.DateTimeFormatOptions = { hour: "2-digit", minute: "2-digit", timeZoneName: "short" };
  try {
    return date.toLocaleTimeString("en-GB", { ...options, timeZone: timeZone ?? "UTC" });
  } catch {
    return date.toLocaleTimeString("en-GB", { ...options, timeZone: "UTC" });
  }
}

/** The hosted payment page for an open session. */
export function renderCheckoutPage(input: CheckoutPageInput): string {
  const { session, lines } = input.order;
  const money = (amount: number) => escapeHtml(formatMinorUnits(amount, input.currency));
  const rows = lines
    .map(
      (
        line,
      ) => `<tr><td>${escapeHtml(line.productTitle)}<br><span class="note">${escapeHtml(line.variantTitle)}</span></td>
<td class="num">${line.quantity}</td><td class="num">${money(line.unitAmount * line.quantity)}</td></tr>`,
    )
    .join("\n");
  const base = `/checkout/${encodeURIComponent(session.id)}`;
  const error =
    input.error === undefined ? "" : `<p class="error" role="alert" id="payment-error">${escapeHtml(input.error)}</p>`;
  const body = `<h1>Complete your payment</h1>
<p class="note">Your items are reserved until ${escapeHtml(formatExpiry(session.expiresAt, session.timeZone))}.</p>
<section class="card" aria-labelledby="summary-heading">
<h2 id="summary-heading">Order summary</h2>
<table>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Qty</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>
${rows}
</tbody>
<tfoot><tr><td colspan="2">Total</td><td class="num" data-testid="total">${money(session.totalAmount)}</td></tr></tfoot>
</table>
</section>
<section class="card" aria-labelledby="card-heading">
<h2 id="card-heading">Pay by card</h2>
<p class="note">Sandbox mode: no real money moves. Test card <code>4242 4242 4242 4242</code> succeeds and
<code>4000 0000 0000 0002</code> is declined; use any future expiry date and any 3-digit code.</p>
${error}
<form method="post" action="${base}/pay">
<label for="name">Name on card</label>
<input id="name" name="name" autocomplete="cc-name" required maxlength="100" value="${escapeHtml(input.name ?? "")}">
<label for="number">Card number</label>
<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required maxlength="23" placeholder="${sandboxCards.success.replace(/(\d{4})(?=\d)/g, "$1 ")}"${input.error === undefined ? "" : ' aria-describedby="payment-error"'}>
<div class="row">
<div><label for="expiry">Expiry (MM/YY)</label><input id="expiry" name="expiry" autocomplete="cc-exp" required maxlength="7" placeholder="12/30"></div>
<div><label for="cvc">Security code</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4" placeholder="123"></div>
</div>
<button class="pay" type="submit">Pay ${money(session.totalAmount)}</button>
</form>
<form method="post" action="${base}/cancel">
<button class="cancel" type="submit">Cancel and return to the shop</button>
</form>
</section>`;
  return layout("Checkout", input.shopName, body);
}

/** A page for a session that cannot be paid: unknown, expired, cancelled or already paid. */
export function renderClosedPage(
  shopName: string,
  heading: string,
  message: string,
  link: { href: string; label: string } | undefined,
): string {
  const action = link === undefined ? "" : `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`;
  return layout(heading, shopName, `<h1>${escapeHtml(heading)}</h1>\n<p>${escapeHtml(message)}</p>\n${action}`);
}
