import { randomId, startHttpFake, type FakeAnswer } from "./http-fake.ts";

/**
 * A local Khalti KPG-2, after docs.khalti.com/khalti-epayment/: POST /api/v2/epayment/initiate/ and
 * /lookup/ with "Authorization: Key <secret>", amounts in paisa, lookup statuses Completed, Pending,
 * Initiated, Refunded, Expired and User canceled (the last two answered with HTTP 400), and the refund
 * API of docs.khalti.com/api/refund/.
 */
export interface FakeKhaltiPayment {
  pidx: string;
  amount: number;
  purchaseOrderId: string;
  /** The name Khalti shows the payer and keeps in the merchant's records. */
  purchaseOrderName: string;
  returnUrl: string;
  status: string;
  transactionId: string | null;
  /** What lookup reports as total_amount (the paid amount; a test may make it differ). */
  reportedAmount: number;
  /** Paisa refunded so far. */
  refundedAmount: number;
}

export interface KhaltiFake {
  url: string;
  secretKey: string;
  payments: Map<string, FakeKhaltiPayment>;
  lookups: string[];
  refunds: string[];
  /** The paisa of each refund, in order. */
  refundAmounts: number[];
  /** The shopper pays: status Completed with a transaction id. */
  complete(pidx: string, reportedAmount?: number): FakeKhaltiPayment;
  /** The query Khalti appends to return_url after a payment (the callback of the docs). */
  callbackQuery(pidx: string): URLSearchParams;
  close(): Promise<void>;
}

const lookupStatusCode: Record<string, number> = { Expired: 400, "User canceled": 400 };

export async function startKhaltiFake(options: { secretKey?: string; now?: () => Date } = {}): Promise<KhaltiFake> {
  const now = options.now ?? (() => new Date());
  const secretKey = options.secretKey ?? "live_secret_key_fake0000";
  const payments = new Map<string, FakeKhaltiPayment>();
  const lookups: string[] = [];
  const refunds: string[] = [];
  const refundAmounts: number[] = [];
  let baseUrl = "";

  function lookupBody(payment: FakeKhaltiPayment) {
    return {
      pidx: payment.pidx,
      total_amount: payment.reportedAmount,
      status: payment.status,
      transaction_id: payment.transactionId,
      fee: 0,
      refunded: payment.status === "Refunded",
    };
  }

  const fake = await startHttpFake((request): FakeAnswer => {
    if (request.headers.authorization !== `Key ${secretKey}`) {
      return { status: 401, json: { detail: "Invalid token.", status_code: 401 } };
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.body || "{}") as Record<string, unknown>;
    } catch {
      return { status: 400, json: { detail: "JSON parse error", error_key: "validation_error" } };
    }
    if (request.method === "POST" && request.path === "/api/v2/epayment/initiate/") {
      const amount = Number(body.amount);
      if (!Number.isInteger(amount)) {
        return { status: 400, json: { amount: ["A valid integer is required."], error_key: "validation_error" } };
      }
      if (amount < 1000) {
        return {
          status: 400,
          json: {
            amount: ["Amount should be greater than Rs. 10, that is 1000 paisa."],
            error_key: "validation_error",
          },
        };
      }
      if (typeof body.return_url !== "string" || typeof body.purchase_order_id !== "string") {
        return { status: 400, json: { return_url: ["This field may not be blank."], error_key: "validation_error" } };
      }
      if (typeof body.purchase_order_name !== "string" || body.purchase_order_name === "") {
        return {
          status: 400,
          json: { purchase_order_name: ["This field may not be blank."], error_key: "validation_error" },
        };
      }
      const pidx = randomId("");
      payments.set(pidx, {
        pidx,
        amount,
        purchaseOrderId: body.purchase_order_id,
        purchaseOrderName: body.purchase_order_name,
        returnUrl: body.return_url,
        status: "Initiated",
        transactionId: null,
        reportedAmount: amount,
        refundedAmount: 0,
      });
      return {
        status: 200,
        json: {
          pidx,
          payment_url: `${baseUrl}/pay/?pidx=${pidx}`,
          expires_at: new Date(now().getTime() + 30 * 60_000).toISOString(),
          expires_in: 1800,
        },
      };
    }
    if (request.method === "POST" && request.path === "/api/v2/epayment/lookup/") {
      const payment = payments.get(String(body.pidx));
      lookups.push(String(body.pidx));
      if (payment === undefined) return { status: 404, json: { detail: "Not found.", error_key: "validation_error" } };
      return { status: lookupStatusCode[payment.status] ?? 200, json: lookupBody(payment) };
    }
    const refund = /^\/api\/merchant-transaction\/([^/]+)\/refund\/$/.exec(request.path);
    if (request.method === "POST" && refund !== null) {
      const payment = [...payments.values()].find((candidate) => candidate.transactionId === refund[1]);
      if (payment === undefined || (payment.status !== "Completed" && payment.status !== "Partially refunded")) {
        return { status: 400, json: { detail: "Transaction cannot be refunded.", error_key: "validation_error" } };
      }
      // A partial refund names its amount in paisa; a full one names nothing.
      const asked = body.amount === undefined ? payment.reportedAmount - payment.refundedAmount : Number(body.amount);
      if (!Number.isInteger(asked) || asked <= 0 || asked > payment.reportedAmount - payment.refundedAmount) {
        return { status: 400, json: { amount: ["Invalid refund amount."], error_key: "validation_error" } };
      }
      payment.refundedAmount += asked;
      payment.status = payment.refundedAmount === payment.reportedAmount ? "Refunded" : "Partially refunded";
      refunds.push(payment.transactionId ?? "");
      refundAmounts.push(asked);
      return { status: 200, json: { detail: "Transaction refund successful." } };
    }
    return { status: 404, json: { detail: "Not found." } };
  });
  baseUrl = fake.url;

  return {
    url: fake.url,
    secretKey,
    payments,
    lookups,
    refunds,
    refundAmounts,
    complete(pidx, reportedAmount) {
      const payment = payments.get(pidx);
      if (payment === undefined) throw new Error(`No fake Khalti payment ${pidx}`);
      payment.status = "Completed";
      payment.transactionId = randomId("txn");
      payment.reportedAmount = reportedAmount ?? payment.amount;
      return payment;
    },
    callbackQuery(pidx) {
      const payment = payments.get(pidx);
      if (payment === undefined) throw new Error(`No fake Khalti payment ${pidx}`);
      return new URLSearchParams({
        pidx,
        transaction_id: payment.transactionId ?? "",
        tidx: payment.transactionId ?? "",
        amount: String(payment.amount),
        total_amount: String(payment.amount),
        mobile: "98XXXXX904",
        status: payment.status,
        purchase_order_id: payment.purchaseOrderId,
        purchase_order_name: payment.purchaseOrderName,
      });
    },
    close: fake.close,
  };
}
