import { z } from "zod";
import { checkSandboxCard, sandboxCards } from "../checkout/cards.ts";
import { escapeHtml } from "../checkout/page-layout.ts";
import type { PaymentProvider } from "./provider.ts";

const cardFormSchema = z.object({
  name: z.string().max(200).default(""),
  number: z.string().max(40).default(""),
  expiry: z.string().max(20).default(""),
  cvc: z.string().max(10).default(""),
});

const spacedTestCard = sandboxCards.success.replace(/(\d{4})(?=\d)/g, "$1 ");

/** Card payments in the sandbox: only the documented test cards, and no money moves. */
export const sandboxCardProvider: PaymentProvider = {
  id: "sandbox",
  displayName: "Card (sandbox)",
  isAvailable: () => true,
  renderSection({ action, context, error }) {
    const errorHtml = error === null ? "" : `<p class="error" role="alert" id="card-error">${escapeHtml(error)}</p>`;
    const described = error === null ? "" : ' aria-describedby="card-error"';
    return `<section class="card" aria-labelledby="card-heading">
<h2 id="card-heading">Pay by card</h2>
<p class="note">Sandbox mode: no real money moves. Test card <code>${spacedTestCard}</code> succeeds and
<code>4000 0000 0000 0002</code> is declined; use any future expiry date and any 3-digit code.</p>
${errorHtml}
<form method="post" action="${escapeHtml(action)}">
<label for="card-name">Name on card</label>
<input id="card-name" name="name" autocomplete="cc-name" required maxlength="100" value="${escapeHtml(context.customer.fullName)}">
<label for="card-number">Card number</label>
<input id="card-number" name="number" inputmode="numeric" autocomplete="cc-number" required maxlength="23" placeholder="${spacedTestCard}"${described}>
<div class="row">
<div><label for="card-expiry">Expiry (MM/YY)</label><input id="card-expiry" name="expiry" autocomplete="cc-exp" required maxlength="7" placeholder="12/30"></div>
<div><label for="card-cvc">Security code</label><input id="card-cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4" placeholder="123"></div>
</div>
<button class="pay" type="submit">Pay <span class="nowrap">${escapeHtml(context.totalText)}</span></button>
</form>
</section>`;
  },
  async initiatePayment(_context, form, now) {
    const parsed = cardFormSchema.safeParse(form);
    const card = parsed.success
      ? checkSandboxCard(parsed.data, now)
      : ({ ok: false, field: "number", message: "Enter your card details." } as const);
    if (!card.ok) return { kind: "declined", message: card.message };
    return {
      kind: "authorized",
      payment: { method: "card", provider: "sandbox", reference: null, cardLast4: card.last4 },
    };
  },
};
