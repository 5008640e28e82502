import type { AdminOwedPaymentAction, AdminOwedPayments } from "@herbo/hosted-api/admin";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { listOwedPayments } from "../../payments/owed-payments.ts";
import { ApiError, notFound } from "../../errors.ts";
import type { ZodTypeProvider } from "../../http/zod-schemas.ts";
import { findAttempt, moveAttempt } from "../../payments/attempts.ts";
import { refundCapture } from "../../payments/settle.ts";
import { ownerOf, type AdminRouteOptions } from "./admin-context.ts";

const attemptParams = z.object({ id: z.string().regex(/^pa_[A-Za-z0-9_-]{1,64}$/, "expected a payment id") });
const actionBody: z.ZodType<AdminOwedPaymentAction> = z.discriminatedUnion("action", [
  z.object({ action: z.literal("record"), note: z.string().trim().min(1, "say how it was refunded").max(300) }),
  z.object({ action: z.literal("retry") }),
]);

/** Payments owed back (money taken that became no order): the list, and the owner's refund of each. */
export const paymentRoutes: FastifyPluginAsync<AdminRouteOptions> = async (app, options) => {
  const { db } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get("/payments/owed", async (): Promise<AdminOwedPayments> => ({
    payments: await listOwedPayments(db, options.payments.providers),
  }));

  routes.post(
    "/payments/:id/refund",
    { schema: { params: attemptParams, body: actionBody } },
    async (request): Promise<AdminOwedPayments> => {
      const attempt = await findAttempt(db, request.params.id);
      if (attempt === undefined) throw notFound(`No payment ${request.params.id}.`);
      if (attempt.status !== "refund_due") {
        throw new ApiError(
          409,
          "action_not_allowed",
          "This payment is not owed back (it is an order's payment, or already refunded).",
          {
            action: request.body.action,
            payment_status: attempt.status,
            fulfilment_status: "none",
          },
        );
      }
      if (request.body.action === "record") {
        const note = `${request.body.note} (recorded by ${ownerOf(request).email})`;
        await moveAttempt(db, attempt.id, "refunded", { refundNote: note }, options.now());
        return { payments: await listOwedPayments(db, options.payments.providers) };
      }
      const retried = (await refundCapture(options.payments, attempt.id)) === "refunded" ? "refunded" : "failed";
      return { payments: await listOwedPayments(db, options.payments.providers), retried };
    },
  );
};
