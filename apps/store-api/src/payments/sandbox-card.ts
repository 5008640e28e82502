import { z } from "zod";
import { cardFormats, checkSandboxCard, sandboxCards } from "./sandbox-cards.ts";
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
  section: (context) => ({
    id: "card",
    heading: "Pay by card",
    paragraphs: [
      {
        note: true,
        text: [
          "Sandbox mode: no real money moves. Test card ",
          { code: spacedTestCard },
          " succeeds and\n",
          { code: "4000 0000 0000 0002" },
          " is declined; use any future expiry date and any 3-digit code.",
        ],
      },
    ],
    fields: [
      {
        id: "card-name",
        name: "name",
        label: "Name on card",
        autocomplete: "cc-name",
        required: true,
        maxLength: 100,
        pattern: cardFormats.name.pattern,
        invalidMessage: cardFormats.name.message,
        value: context.customer.fullName,
      },
      {
        id: "card-number",
        name: "number",
        label: "Card number",
        inputMode: "numeric",
        autocomplete: "cc-number",
        required: true,
        maxLength: 23,
        pattern: cardFormats.number.pattern,
        invalidMessage: cardFormats.number.message,
        describedByError: true,
      },
      [
        {
          id: "card-expiry",
          name: "expiry",
          label: "Expiry (MM/YY)",
          autocomplete: "cc-exp",
          required: true,
          // "11 / 2029" at most.
          maxLength: 9,
          hint: "Month and year, as on the card",
          pattern: cardFormats.expiry.pattern,
          invalidMessage: cardFormats.expiry.message,
        },
        {
          id: "card-cvc",
          name: "cvc",
          label: "Security code",
          inputMode: "numeric",
          autocomplete: "cc-csc",
          required: true,
          maxLength: 4,
          hint: "3 digits on the back (Amex: 4 on the front)",
          pattern: cardFormats.code.pattern,
          invalidMessage: cardFormats.code.message,
        },
      ],
    ],
    button: ["Pay ", { nowrap: context.totalText }],
  }),
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
