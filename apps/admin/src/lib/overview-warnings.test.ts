import type { AdminPaymentOpenWarning } from "@herbo/hosted-api/admin";
import { describe, expect, it } from "vitest";
import { warningView } from "./overview-warnings.ts";

const openPayment: AdminPaymentOpenWarning = {
  kind: "payment_open_too_long",
  provider: "khalti",
  checkoutId: "cs_abc123",
  reference: "pidx_9f8e7d",
  orderNumber: null,
  amount: { amount: 120_000, currency: "NPR", text: "Rs. 1,200.00" },
  startedAt: "2026-03-01T10:00:00.000Z",
};

describe("the overview's warnings", () => {
  it("counts emails waiting for a retry and links to them", () => {
    expect(warningView({ kind: "emails_failing", retrying: 1, givenUp: 0 })).toEqual({
      text: "1 email failed to send and is waiting to be tried again.",
      link: { to: "/emails?status=retrying", label: "See the emails" },
    });
    expect(warningView({ kind: "emails_failing", retrying: 3, givenUp: 0 }).text).toBe(
      "3 emails failed to send and are waiting to be tried again.",
    );
  });

  it("counts emails given up in the last 7 days and links to the failed ones", () => {
    expect(warningView({ kind: "emails_failing", retrying: 0, givenUp: 2 })).toEqual({
      text: "2 emails could not be sent and were given up in the last 7 days.",
      link: { to: "/emails?status=failed", label: "See the emails" },
    });
  });

  it("names both kinds of failing email, linking to every email", () => {
    expect(warningView({ kind: "emails_failing", retrying: 1, givenUp: 1 })).toEqual({
      text: "2 emails failing: 1 waiting to be tried again, 1 given up in the last 7 days.",
      link: { to: "/emails", label: "See the emails" },
    });
  });

  it("says which order a payment open too long belongs to, since when on the shop's clock, and links to it", () => {
    expect(warningView({ ...openPayment, provider: "stripe", orderNumber: "HS-1001" })).toEqual({
      text: "The Stripe payment of Rs. 1,200.00 for order HS-1001 has been open since 1 Mar 2026, 15:45.",
      link: { to: "/orders/HS-1001", label: "Open order HS-1001" },
    });
  });

  it("names the checkout and the provider's reference of a payment open too long that has no order", () => {
    expect(warningView(openPayment)).toEqual({
      text:
        "The Khalti payment of Rs. 1,200.00 for checkout cs_abc123 has been open since 1 Mar 2026, 15:45 " +
        "and has no order yet; find it in Khalti's dashboard by its reference pidx_9f8e7d.",
      link: undefined,
    });
  });

  it("says the contact number is still the placeholder, and how to set the shop's own", () => {
    expect(warningView({ kind: "placeholder_contact_number", phone: "9779800000000" })).toEqual({
      text: "The shop's chat and contact number is still the placeholder +9779800000000: shoppers who call or message it reach nobody. Set CHAT_PHONE to the shop's own number and restart the shop.",
      link: undefined,
    });
  });
});
