import { cashOnDeliveryCountries } from "@herbo/hosted-api";
import { escapeHtml } from "../checkout/page-layout.ts";
import type { PaymentProvider } from "./provider.ts";

/** Cash on delivery: offered only for delivery addresses in Nepal, in the currency the courier collects. */
export const cashOnDeliveryProvider: PaymentProvider = {
  id: "cod",
  displayName: "Cash on delivery",
  isAvailable: ({ country, currencyCode }) =>
    (cashOnDeliveryCountries as readonly string[]).includes(country) && currencyCode === "NPR",
  renderSection({ action, context, error }) {
    const errorHtml = error === null ? "" : `<p class="error" role="alert">${escapeHtml(error)}</p>`;
    return `<section class="card" aria-labelledby="cod-heading">
<h2 id="cod-heading">Cash on delivery</h2>
<p>Pay in cash when your order arrives. Please have <strong class="nowrap">${escapeHtml(context.totalText)}</strong> ready for the courier.</p>
${errorHtml}
<form method="post" action="${escapeHtml(action)}">
<button class="pay" type="submit">Place order, pay <span class="nowrap">${escapeHtml(context.totalText)}</span> on delivery</button>
</form>
</section>`;
  },
  async initiatePayment(context) {
    if (
      !cashOnDeliveryProvider.isAvailable({
        country: context.customer.country,
        currencyCode: context.currencyCode,
        decimalDigits: context.decimalDigits,
      })
    ) {
      return { kind: "declined", message: "Cash on delivery is available only for delivery addresses in Nepal." };
    }
    return { kind: "authorized", payment: { method: "cod", provider: "cod", reference: null, cardLast4: null } };
  },
};
