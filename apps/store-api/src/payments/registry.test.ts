import { describe, expect, it } from "vitest";
import { createProviders, providerReturnUrl } from "./registry.ts";
import { stripeDecimalDigits } from "./stripe-checkout.ts";

const links = { publicUrl: "https://api.shop.example", shopName: "Herbo Shilajit" };
const stripe = { secretKey: "sk_test_0000000000", webhookSecret: "whsec_0000000000", apiUrl: undefined };
const nepal = { country: "NP", currencyCode: "NPR", decimalDigits: 2, totalAmount: 120_000 };
const usa = { country: "US", currencyCode: "USD", decimalDigits: 2, totalAmount: 2999 };

describe("payment providers", () => {
  it("builds the named providers in PAYMENT_METHODS order", () => {
    const providers = createProviders(["stripe", "cod", "sandbox"], { stripe }, links);
    expect(providers.map((provider) => provider.id)).toEqual(["stripe", "cod", "sandbox"]);
  });

  it("refuses an unknown method and one without its keys", () => {
    expect(() => createProviders(["paypal"], {}, links)).toThrow('Unknown payment method "paypal"');
    expect(() => createProviders(["stripe"], {}, links)).toThrow("needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET");
    expect(() => createProviders(["esewa"], {}, links)).toThrow("needs ESEWA_PRODUCT_CODE and ESEWA_SECRET_KEY");
  });

  it("offers the Nepal wallets only for Nepal addresses in rupees, and cards wherever Stripe charges the currency", () => {
    const [card, khalti, esewa] = createProviders(
      ["stripe", "khalti", "esewa"],
      {
        stripe,
        khalti: { secretKey: "live_secret_key_0000", apiUrl: "https://khalti.com" },
        esewa: { productCode: "EPAYTEST", secretKey: "secret-key", apiUrl: "https://epay.esewa.com.np" },
      },
      links,
    );
    for (const wallet of [khalti, esewa]) {
      expect(wallet?.isAvailable(nepal)).toBe(true);
      expect(wallet?.isAvailable(usa)).toBe(false);
      expect(wallet?.isAvailable({ ...nepal, currencyCode: "USD" })).toBe(false);
    }
    expect(card?.isAvailable(nepal)).toBe(true);
    expect(card?.isAvailable(usa)).toBe(true);
    expect(card?.isAvailable({ ...usa, currencyCode: "XYZ" })).toBe(false);
  });

  it("offers Stripe only from its minimum charge in each currency", () => {
    const [card] = createProviders(["stripe"], { stripe }, links);
    expect(card?.isAvailable({ ...usa, totalAmount: 50 })).toBe(true);
    expect(card?.isAvailable({ ...usa, totalAmount: 49 })).toBe(false);
    expect(card?.isAvailable({ ...usa, currencyCode: "GBP", totalAmount: 30 })).toBe(true);
    expect(card?.isAvailable({ ...usa, currencyCode: "GBP", totalAmount: 29 })).toBe(false);
    expect(card?.isAvailable({ ...usa, currencyCode: "AED", totalAmount: 199 })).toBe(false);
    expect(card?.isAvailable({ ...nepal, totalAmount: 6_999 })).toBe(false);
    // A currency Stripe charges but the shop lists no minimum for is not offered.
    expect(card?.isAvailable({ ...usa, currencyCode: "EUR", totalAmount: 10_000 })).toBe(false);
  });

  it("sends the shopper back to the return route of the session and provider", () => {
    expect(providerReturnUrl("https://api.shop.example", "cs_abc", "khalti")).toBe(
      "https://api.shop.example/checkout/cs_abc/return/khalti",
    );
  });
});

describe("Stripe's currency exponents", () => {
  it("counts most currencies in hundredths, and knows the zero- and three-decimal ones", () => {
    expect(stripeDecimalDigits("NPR")).toBe(2);
    expect(stripeDecimalDigits("usd")).toBe(2);
    expect(stripeDecimalDigits("INR")).toBe(2);
    expect(stripeDecimalDigits("JPY")).toBe(0);
    expect(stripeDecimalDigits("KWD")).toBe(3);
    expect(stripeDecimalDigits("XYZ")).toBeUndefined();
  });
});
