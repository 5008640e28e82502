import Stripe from "stripe";
import { listOf, parseBracketForm, randomId, startHttpFake, type FakeAnswer, type FakeRequest } from "./http-fake.ts";

/**
 * A local Stripe, after its documented HTTP API (docs.stripe.com/api): form-encoded requests with a
 * Bearer secret key and Idempotency-Key, JSON answers and errors shaped {error: {type, message}}.
 * Covers Checkout Sessions (create, retrieve, expire), refunds, a minimal hosted payment page that
 * pays and redirects to success_url, and signed webhook events (the SDK's own test header helper).
 */
export interface FakeCheckoutSession {
  id: string;
  object: "checkout.session";
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: "payment";
  payment_intent: string | null;
  payment_status: "paid" | "unpaid";
  status: "open" | "complete" | "expired";
  success_url: string;
  cancel_url: string;
  url: string | null;
  line_items_sent: { name: string; quantity: number; unit_amount: number }[];
  shipping_amount: number;
}

export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  idempotencyKey: string | undefined;
}

export interface StripeFake {
  url: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, FakeCheckoutSession>;
  refunds: FakeRefund[];
  /** Requests by "METHOD path", to see what our API asked. */
  requests: string[];
  /** The Idempotency-Key of each POST. */
  idempotencyKeys: string[];
  /** Pays a session as a shopper would on the hosted page. */
  pay(sessionId: string): FakeCheckoutSession;
  /** A webhook event about a session, as JSON text. */
  event(type: string, session: FakeCheckoutSession): string;
  /** The Stripe-Signature header for a payload, signed at `timestamp` (seconds) or now. */
  sign(payload: string, timestamp?: number, secret?: string): string;
  /** Called right after each answer is sent (a crash test kills the API at that moment). */
  onAnswered: ((request: FakeRequest, answer: FakeAnswer) => void) | undefined;
  /** Posts a signed event to our webhook route and answers its status. */
  deliver(webhookUrl: string, payload: string, timestamp?: number): Promise<number>;
  close(): Promise<void>;
}

const stripe = new Stripe("sk_test_signing_only");

function stripeError(status: number, message: string, code?: string): FakeAnswer {
  return {
    status,
    json: { error: { type: "invalid_request_error", message, ...(code === undefined ? {} : { code }) } },
  };
}

export async function startStripeFake(
  options: { secretKey?: string; webhookSecret?: string; webhookUrl?: string } = {},
): Promise<StripeFake> {
  const secretKey = options.secretKey ?? "sk_test_fake0000000000";
  const webhookSecret = options.webhookSecret ?? "whsec_fake0000000000";
  const sessions = new Map<string, FakeCheckoutSession>();
  const refunds: FakeRefund[] = [];
  const requests: string[] = [];
  const idempotencyKeys: string[] = [];
  const idempotent = new Map<string, FakeAnswer>();
  let baseUrl = "";

  const publicView = (session: FakeCheckoutSession) => {
    const { line_items_sent: _lines, shipping_amount: _shipping, ...rest } = session;
    return rest;
  };

  function pay(id: string): FakeCheckoutSession {
    const session = sessions.get(id);
    if (session === undefined) throw new Error(`No fake Checkout Session ${id}`);
    if (session.status === "open") {
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent = randomId("pi_");
      session.url = null;
    }
    return session;
  }

  function event(type: string, session: FakeCheckoutSession): string {
    return JSON.stringify({
      id: randomId("evt_"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: publicView(session) },
    });
  }

  function sign(payload: string, timestamp?: number, secret = webhookSecret): string {
    return stripe.webhooks.generateTestHeaderString({
      payload,
      secret,
      ...(timestamp === undefined ? {} : { timestamp }),
    });
  }

  async function deliver(webhookUrl: string, payload: string, timestamp?: number): Promise<number> {
    const response = await fetch(webhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": sign(payload, timestamp) },
      body: payload,
    });
    return response.status;
  }

  function createSession(request: FakeRequest): FakeAnswer {
    const form = parseBracketForm(request.body);
    const lines = listOf(form.line_items).map((item) => {
      const line = item as {
        quantity: string;
        price_data: { currency: string; unit_amount: string; product_data: { name: string } };
      };
      return {
        name: line.price_data.product_data.name,
        quantity: Number(line.quantity),
        unit_amount: Number(line.price_data.unit_amount),
        currency: line.price_data.currency,
      };
    });
    const shipping = listOf(form.shipping_options).map(
      (option) =>
        (option as { shipping_rate_data: { fixed_amount: { amount: string; currency: string } } }).shipping_rate_data
          .fixed_amount,
    );
    const currency = lines[0]?.currency;
    if (lines.length === 0 || currency === undefined) return stripeError(400, "Missing required param: line_items.");
    if (typeof form.success_url !== "string" || typeof form.cancel_url !== "string") {
      return stripeError(400, "Missing required param: success_url.");
    }
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = typeof form.expires_at === "string" ? Number(form.expires_at) : now + 24 * 3600;
    const subtotal = lines.reduce((sum, line) => sum + line.unit_amount * line.quantity, 0);
    const shippingAmount = shipping.reduce((sum, option) => sum + Number(option.amount), 0);
    const id = randomId("cs_test_");
    const session: FakeCheckoutSession = {
      id,
      object: "checkout.session",
      amount_subtotal: subtotal,
      amount_total: subtotal + shippingAmount,
      currency,
      client_reference_id: typeof form.client_reference_id === "string" ? form.client_reference_id : null,
      customer_email: typeof form.customer_email === "string" ? form.customer_email : null,
      expires_at: expiresAt,
      livemode: false,
      metadata: (form.metadata as Record<string, string> | undefined) ?? {},
      mode: "payment",
      payment_intent: null,
      payment_status: "unpaid",
      status: "open",
      success_url: form.success_url,
      cancel_url: form.cancel_url,
      url: `${baseUrl}/c/pay/${id}`,
      line_items_sent: lines.map(({ name, quantity, unit_amount }) => ({ name, quantity, unit_amount })),
      shipping_amount: shippingAmount,
    };
    sessions.set(id, session);
    return { status: 200, json: publicView(session) };
  }

  function hostedPage(session: FakeCheckoutSession): string {
    const amount = (session.amount_total / 100).toFixed(2);
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title></head>
<body><main><h1>Fake Stripe Checkout</h1>
<p>Pay ${session.currency.toUpperCase()} ${amount} to the test shop.</p>
<form method="post" action="/c/pay/${session.id}"><button type="submit">Pay ${session.currency.toUpperCase()} ${amount}</button></form>
<p><a href="${session.cancel_url}">Back to the shop</a></p></main></body></html>`;
  }

  const self: { fake?: StripeFake } = {};
  const fake = await startHttpFake(
    async (request) => {
      requests.push(`${request.method} ${request.path}`);
      const hosted = /^\/c\/pay\/(cs_test_[a-z0-9]+)$/.exec(request.path);
      if (hosted !== null) {
        const session = sessions.get(hosted[1] ?? "");
        if (session === undefined) return { status: 404, html: "<h1>Not found</h1>" };
        if (request.method === "GET") return { status: 200, html: hostedPage(session) };
        pay(session.id);
        if (options.webhookUrl !== undefined)
          await deliver(options.webhookUrl, event("checkout.session.completed", session));
        return { status: 303, redirect: session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) };
      }
      if (request.headers.authorization !== `Bearer ${secretKey}`) {
        return stripeError(401, "Invalid API Key provided.");
      }
      const key = request.headers["idempotency-key"];
      if (request.method === "POST" && typeof key === "string") idempotencyKeys.push(key);
      const idempotencyKey =
        typeof key === "string" && request.method === "POST" ? `${request.path} ${key}` : undefined;
      const earlier = idempotencyKey === undefined ? undefined : idempotent.get(idempotencyKey);
      if (earlier !== undefined) return earlier;
      const answer = route(request, typeof key === "string" ? key : undefined);
      if (idempotencyKey !== undefined && answer.status < 500) idempotent.set(idempotencyKey, answer);
      return answer;
    },
    (request, answer) => self.fake?.onAnswered?.(request, answer),
  );
  baseUrl = fake.url;

  function route(request: FakeRequest, key: string | undefined): FakeAnswer {
    if (request.method === "POST" && request.path === "/v1/checkout/sessions") return createSession(request);
    const one = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(request.path);
    if (one !== null) {
      const session = sessions.get(one[1] ?? "");
      if (session === undefined) return stripeError(404, "No such checkout.session", "resource_missing");
      if (one[2] === undefined && request.method === "GET") return { status: 200, json: publicView(session) };
      if (one[2] !== undefined && request.method === "POST") {
        if (session.status !== "open")
          return stripeError(400, "Only Checkout Sessions with a status of open can be expired.");
        session.status = "expired";
        session.url = null;
        return { status: 200, json: publicView(session) };
      }
    }
    if (request.method === "POST" && request.path === "/v1/refunds") {
      const form = parseBracketForm(request.body);
      const session = [...sessions.values()].find((candidate) => candidate.payment_intent === form.payment_intent);
      if (session === undefined) return stripeError(404, "No such payment_intent", "resource_missing");
      const amount = typeof form.amount === "string" ? Number(form.amount) : session.amount_total;
      const refunded = refunds.filter((refund) => refund.payment_intent === session.payment_intent);
      if (amount + refunded.reduce((sum, refund) => sum + refund.amount, 0) > session.amount_total) {
        return stripeError(400, "Refund amount is greater than unrefunded amount on charge", "charge_already_refunded");
      }
      const refund: FakeRefund = {
        id: randomId("re_"),
        object: "refund",
        amount,
        currency: session.currency,
        payment_intent: session.payment_intent ?? "",
        status: "succeeded",
        idempotencyKey: key,
      };
      refunds.push(refund);
      const { idempotencyKey: _key, ...json } = refund;
      return { status: 200, json };
    }
    return stripeError(404, `Unrecognized request URL (${request.method}: ${request.path}).`);
  }

  const result: StripeFake = {
    url: fake.url,
    secretKey,
    webhookSecret,
    onAnswered: undefined,
    sessions,
    refunds,
    requests,
    idempotencyKeys,
    pay,
    event,
    sign,
    deliver,
    close: fake.close,
  };
  self.fake = result;
  return result;
}
