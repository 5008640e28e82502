import { cashOnDeliveryCountries } from "@herbo/hosted-api";
import type { PaymentProvider } from "./provider.ts";

/** Cash on delivery: offered only for delivery addresses in Nepal, in the currency the courier collects. */
export const cashOnDeliveryProvider: PaymentProvider = {
  id: "cod",
  displayName: "Cash on delivery",
  isAvailable: ({ country, currencyCode }) =>
    (cashOnDeliveryCountries as readonly string[]).includes(country) && currencyCode === "NPR",
  section: (context) => ({
    id: "cod",
    heading: "Cash on delivery",
    paragraphs: [
      {
        text: [
          "Pay in cash when your order arrives. Please have ",
          { strong: context.totalText },
          " ready for the courier.",
        ],
      },
    ],
    button: ["Place order, pay ", { nowrap: context.totalText }, " on delivery"],
  }),
  async initiatePayment(context) {
    if (
      !cashOnDeliveryProvider.isAvailable({
        country: context.customer.country,
        currencyCode: context.currencyCode,
        decimalDigits: context.decimalDigits,
        totalAmount: context.totalAmount,
      })
    ) {
      return { kind: "declined", message: "Cash on delivery is available only for delivery addresses in Nepal." };
    }
    return { kind: "authorized", payment: { method: "cod", provider: "cod", reference: null, cardLast4: null } };
  },
};
