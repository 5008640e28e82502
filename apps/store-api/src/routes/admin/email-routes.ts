import type { AdminEmailList, AdminEmailMessage } from "@herbo/hosted-api/admin";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import {
  emailStatus,
  listEmails,
  outboxRowById,
  resendOutboxRow,
  type OutboxRowSeen,
} from "../../email/outbox-view.ts";
import { renderOutboxRow } from "../../email/compose.ts";
import { EmailDataError } from "../../email/outbox-data.ts";
import { ApiError, notFound } from "../../errors.ts";
import { databaseRequestLimit, type RequestLimit } from "../../request-counters.ts";
import type { ZodTypeProvider } from "../../http/zod-schemas.ts";
import { ownerOf, type AdminRouteOptions } from "./admin-context.ts";
import { optionalField, pageNumber } from "./query-fields.ts";

const listQuery = z.object({
  status: optionalField(z.enum(["queued", "retrying", "sent", "failed"])),
  page: optionalField(pageNumber),
});

const emailParams = z.object({ id: z.string().regex(/^msg_[A-Za-z0-9_-]{1,64}$/, "expected an email id") });

/**
 * The HTML preview is a shopper's email, shown inside the back office: it runs in a sandbox (no scripts, no
 * forms, an origin of its own), loads nothing from anywhere, keeps the inline styles emails are made of, and
 * may be framed by the back office alone.
 */
export const emailPreviewSecurity = [
  "sandbox",
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src data:",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

/**
 * Resends allowed in an hour: of one email (its kind, order and recipient, so resending the copy counts
 * too), and by one owner, so a stolen session or a stuck button cannot flood a shopper's inbox.
 */
export const resendLimits = { perEmail: 5, perOwner: 30, windowMs: 60 * 60_000 } as const;

/** The outbox: every email with its state, and a resend button. */
export const emailRoutes: FastifyPluginAsync<AdminRouteOptions> = async (app, options) => {
  const { db } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const limit = (scope: string, max: number): RequestLimit =>
    databaseRequestLimit(db, { scope, max, windowMs: resendLimits.windowMs, now: options.now });
  const perEmail = limit("email-resend", resendLimits.perEmail);
  const perOwner = limit("email-resend-owner", resendLimits.perOwner);

  routes.get("/emails", { schema: { querystring: listQuery } }, async (request): Promise<AdminEmailList> => {
    return listEmails(db, { status: request.query.status }, request.query.page ?? 1);
  });

  /** The outbox row's message, rendered as it was (or will be) sent; 422 when its data cannot make one. */
  async function renderedEmail(id: string) {
    const row = await outboxRowById(db, id);
    if (row === undefined) throw notFound(`No email ${id}.`);
    try {
      return { row, rendered: renderOutboxRow(row) };
    } catch (error) {
      if (!(error instanceof EmailDataError)) throw error;
      throw new ApiError(422, "invalid_request", `This email cannot be shown: ${error.message}.`);
    }
  }

  routes.get("/emails/:id", { schema: { params: emailParams } }, async (request): Promise<AdminEmailMessage> => {
    const { row, rendered } = await renderedEmail(request.params.id);
    return { id: row.id, subject: rendered.subject, text: rendered.text };
  });

  routes.get("/emails/:id/preview", { schema: { params: emailParams } }, async (request, reply) => {
    const { rendered } = await renderedEmail(request.params.id);
    return reply
      .header("content-type", "text/html; charset=utf-8")
      .header("content-security-policy", emailPreviewSecurity)
      .header("cache-control", "no-store")
      .send(rendered.html);
  });

  routes.post(
    "/emails/:id/resend",
    { schema: { params: emailParams } },
    async (request, reply): Promise<{ id: string }> => {
      const now = options.now();
      const owner = ownerOf(request);
      const actor = owner.email;
      const email = await outboxRowById(db, request.params.id);
      if (email === undefined) throw notFound(`No email ${request.params.id}.`);
      if (email.status === "pending") throw alreadyPending(email);
      const emailWait = await perEmail.take(`${email.kind}\0${email.orderId ?? ""}\0${email.recipient}`);
      const wait = emailWait ?? (await perOwner.take(owner.id));
      if (wait !== null) {
        reply.header("retry-after", String(wait));
        throw new ApiError(
          429,
          "rate_limited",
          emailWait === null
            ? `You have sent ${resendLimits.perOwner} emails again in the last hour. Try again in ${Math.ceil(wait / 60)} min.`
            : `This email was sent again ${resendLimits.perEmail} times in the last hour. Try again in ${Math.ceil(wait / 60)} min.`,
          { retry_after_seconds: wait },
        );
      }
      const outcome = await resendOutboxRow(db, request.params.id, now, actor);
      if (outcome.kind === "not_found") throw notFound(`No email ${request.params.id}.`);
      if (outcome.kind === "pending") throw alreadyPending(outcome.row);
      if (outcome.kind === "queued_meanwhile") {
        throw new ApiError(409, "email_pending", "This email is already waiting to be sent.");
      }
      options.onEmailQueued();
      return { id: outcome.id };
    },
  );
};

function alreadyPending(email: OutboxRowSeen): ApiError {
  return new ApiError(409, "email_pending", `This email is already ${emailStatus(email)}; it will be sent soon.`);
}
