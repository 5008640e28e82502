import { walletNames } from "../orders/build-snapshot.ts";
import { z } from "zod";
import type { PaymentProvider, ProviderVerdict, ProviderAttempt } from "./provider.ts";
import { convertMinorUnits } from "./provider-amount.ts";
import { ProviderHttpError, providerJson } from "./provider-http.ts";
import type { KhaltiSettings } from "./khalti-settings.ts";

/** Khalti refuses payments under Rs. 10 (KPG-2 initiate: "Amount should be greater than Rs. 10"). */
const minimumPaisa = 1000;

// docs.khalti.com/khalti-epayment/ "Initiating a Payment request", success response.
const initiateAnswer = z.object({
  pidx: z.string().min(1).max(100),
  payment_url: z.url(),
  expires_at: z.string().optional(),
  expires_in: z.number().int().positive().optional(),
});

// docs.khalti.com/khalti-epayment/ "Payment Verification (Lookup)": answered with HTTP 200, or 400 for
// Expired and User canceled.
const lookupAnswer = z.object({
  pidx: z.string(),
  total_amount: z.number().int().nonnegative(),
  status: z.string(),
  transaction_id: z.string().nullable().optional(),
  refunded: z.boolean().optional(),
});

/** A Nepali mobile number as Khalti's customer_info takes it: the 10 national digits. */
function nationalMobile(phone: string): string | undefined {
  const match = /^\+977(9\d{9})$/.exec(phone);
  return match?.[1];
}

function verdictOfLookup(attempt: ProviderAttempt, answer: z.infer<typeof lookupAnswer>): ProviderVerdict {
  if (answer.pidx !== attempt.reference) return { status: "refused", reason: "Khalti answered about another pidx" };
  switch (answer.status) {
    case "Completed":
      if (answer.transaction_id === null || answer.transaction_id === undefined || answer.transaction_id === "") {
        return { status: "refused", reason: "Khalti reported a completed payment without a transaction id" };
      }
      return {
        status: "paid",
        providerAmount: answer.total_amount,
        currencyCode: "NPR",
        payment: {
          method: "wallet",
          provider: "khalti",
          providerName: "Khalti",
          reference: answer.transaction_id,
          cardLast4: null,
        },
      };
    case "Expired":
    case "User canceled":
    case "Refunded":
    case "Partially refunded":
    case "Failed":
      return { status: "failed", reason: `Khalti reports the payment as ${answer.status}` };
    default:
      // "Pending", "Initiated" and anything new: hold, and ask again (Khalti: "Hold, do not provide service").
      return { status: "pending" };
  }
}

/** A pidx as Khalti writes it (22 letters and digits today): printable ASCII, so a NUL never reaches a query. */
const pidxFormat = /^[\x21-\x7E]{1,100}$/;

/** The order's name at Khalti, shown to the shopper and kept in Khalti's records: the shop's, never a checkout id. */
export function khaltiOrderName(shopName: string): string {
  return `${shopName} order`.slice(0, 100);
}

/**
 * Khalti web checkout, KPG-2 (docs.khalti.com/khalti-epayment/): initiate with the amount in paisa,
 * send the shopper to payment_url, and on their return always confirm with the lookup API: the
 * return's own parameters are never trusted.
 */
export function createKhaltiProvider(settings: KhaltiSettings, shop: { shopName: string }): PaymentProvider {
  const api = settings.apiUrl.replace(/\/+$/, "");
  const headers = { authorization: `Key ${settings.secretKey}` };

  return {
    id: "khalti",
    displayName: walletNames.khalti ?? "Khalti",
    isAvailable: ({ country, currencyCode }) => country === "NP" && currencyCode === "NPR",
    section: (context) => ({
      id: "khalti",
      heading: "Khalti",
      paragraphs: [
        { text: ["Pay from your Khalti wallet, mobile banking or e-banking on Khalti's page, then come back here."] },
      ],
      button: ["Pay ", { nowrap: context.totalText }, " with Khalti"],
    }),

    async initiatePayment(context, _form, now) {
      const paisa = convertMinorUnits(context.totalAmount, context.decimalDigits, 2);
      if (paisa === undefined || paisa < minimumPaisa) {
        return {
          kind: "declined",
          message: "Khalti takes payments of Rs. 10 or more. Please choose another way to pay.",
        };
      }
      const mobile = nationalMobile(context.customer.phone);
      const { status, body } = await providerJson("Khalti", `${api}/api/v2/epayment/initiate/`, {
        method: "POST",
        headers,
        body: {
          return_url: context.returnUrl,
          website_url: context.siteUrl,
          amount: paisa,
          purchase_order_id: context.attemptId,
          // Khalti shows this name and keeps it in its records: the checkout id, a key to the order, stays here.
          purchase_order_name: khaltiOrderName(shop.shopName),
          customer_info: {
            name: context.customer.fullName,
            email: context.customer.email,
            ...(mobile === undefined ? {} : { phone: mobile }),
          },
        },
      });
      const answer = initiateAnswer.safeParse(body);
      if (status !== 200 || !answer.success) {
        throw new ProviderHttpError("Khalti", status, `Khalti refused to start the payment (HTTP ${status})`);
      }
      const expiresAt =
        answer.data.expires_at !== undefined && !Number.isNaN(Date.parse(answer.data.expires_at))
          ? new Date(answer.data.expires_at)
          : new Date(now.getTime() + (answer.data.expires_in ?? 1800) * 1000);
      return {
        kind: "redirect",
        started: {
          reference: answer.data.pidx,
          amount: context.totalAmount,
          currencyCode: context.currencyCode,
          providerAmount: paisa,
          expiresAt,
          redirectUrl: answer.data.payment_url,
        },
      };
    },

    continueTo(attempt) {
      if (attempt.redirectUrl === null) throw new Error("A Khalti payment attempt has no payment_url");
      return { url: attempt.redirectUrl };
    },

    referenceFromReturn: (query) => (query.pidx !== undefined && pidxFormat.test(query.pidx) ? query.pidx : undefined),

    async authorizePayment(attempt) {
      const { status, body } = await providerJson("Khalti", `${api}/api/v2/epayment/lookup/`, {
        method: "POST",
        headers,
        body: { pidx: attempt.reference },
      });
      const answer = lookupAnswer.safeParse(body);
      if ((status !== 200 && status !== 400) || !answer.success) {
        throw new ProviderHttpError("Khalti", status, `Khalti's lookup answered HTTP ${status} without a status`);
      }
      return verdictOfLookup(attempt, answer.data);
    },

    async refundPayment(refund) {
      // docs.khalti.com/api/refund/: a full refund of a wallet payment takes no parameters; a partial one
      // its amount in paisa.
      const paisa = convertMinorUnits(refund.amount, refund.decimalDigits, 2);
      if (paisa === undefined || paisa <= 0)
        throw new Error(`Khalti cannot refund ${refund.currencyCode} ${refund.amount}`);
      const { status } = await providerJson(
        "Khalti",
        `${api}/api/merchant-transaction/${encodeURIComponent(refund.reference)}/refund/`,
        { method: "POST", headers, body: refund.whole ? {} : { amount: paisa } },
      );
      if (status === 200) return { refundReference: refund.reference };
      // Khalti has no idempotency key: a full refund sent again (after a crash) is refused, and its lookup
      // then says whether the first one went through.
      if (refund.whole && refund.attemptReference !== null) {
        const lookup = await providerJson("Khalti", `${api}/api/v2/epayment/lookup/`, {
          method: "POST",
          headers,
          body: { pidx: refund.attemptReference },
        });
        const answer = lookupAnswer.safeParse(lookup.body);
        if (answer.success && answer.data.status === "Refunded") return { refundReference: refund.reference };
      }
      throw new ProviderHttpError("Khalti", status, `Khalti refused the refund (HTTP ${status})`);
    },
  };
}
