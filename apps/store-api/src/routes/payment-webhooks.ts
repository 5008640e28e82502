import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { errorBody, invalidRequest } from "../errors.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { receiveWebhook } from "../payments/provider-calls.ts";
import type { PaymentServices } from "../payments/settle.ts";

/** Webhook bodies are larger than the shop's own forms (a Stripe event carries a whole Checkout Session). */
const webhookBodyLimit = 512 * 1024;

const paramsSchema = z.object({ providerId: z.string().regex(/^[a-z]{1,20}$/) });

/**
 * POST /payments/{provider}/webhook: a provider's notice about a payment. Its signature is checked on
 * the raw body before anything is read; a bad signature, an old timestamp or an unknown payment is
 * refused (400) and writes nothing. A repeat is answered 200 and changes nothing.
 */
export const paymentWebhookRoutes: FastifyPluginAsync<{
  providers: readonly PaymentProvider[];
  payments: PaymentServices;
}> = async (scope, options) => {
  // This plugin alone keeps the body as bytes: the signature covers them exactly as sent.
  scope.removeAllContentTypeParsers();
  scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: webhookBodyLimit }, (_request, body, done) =>
    done(null, body),
  );

  scope.post("/payments/:providerId/webhook", { bodyLimit: webhookBodyLimit }, async (request, reply) => {
    const params = paramsSchema.safeParse(request.params);
    const provider = options.providers.find((candidate) => candidate.id === params.data?.providerId);
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const outcome = await receiveWebhook(options.payments, provider, { rawBody, headers: request.headers });
    switch (outcome.kind) {
      case "no_webhook":
        return reply.code(404).send(errorBody("not_found", "No webhook for this provider"));
      case "refused":
        request.log.warn({ provider: provider?.id, reason: outcome.reason }, "refused a webhook");
        return reply.code(400).send(invalidRequest("The webhook could not be verified", "signature").toBody());
      case "unknown_payment":
        request.log.warn({ provider: provider?.id }, "refused a webhook about an unknown payment");
        return reply.code(400).send(invalidRequest("No such payment", "reference").toBody());
      case "ignored":
        return reply.send({ received: true });
      case "settled":
        return reply.send({ received: true, outcome: outcome.outcome });
    }
  });
};
