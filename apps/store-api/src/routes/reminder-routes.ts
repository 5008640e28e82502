import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { z } from "zod";
import { sendLinkPage } from "./link-page-reply.ts";
import { renderActionPage, renderClosedPage } from "../hosted-checkout/page.ts";
import type { PageFrame } from "../pages/page-layout.ts";
import type { Database } from "../db/connection.ts";
import {
  findRemindedSession,
  reopenFromReminder,
  resumePath,
  unsubscribePath,
  unsubscribeReminders,
} from "../reminders/checkout-reminders.ts";

export interface ReminderRouteOptions {
  db: Database;
  now: () => Date;
  frame: PageFrame;
  holdMs: number;
  reservationMs: number;
  onStockChange: () => void;
}

const tokenParams = z.object({ token: z.string().max(100) });

/**
 * A reminder's two links. Each GET only shows a page with one button (mail scanners follow links; only a
 * shopper's press opens a checkout or stops reminders), and a forged or unknown token changes nothing.
 * The unsubscribe POST is also what mail clients send for one-click unsubscribe (RFC 8058).
 */
export const reminderRoutes: FastifyPluginAsync<ReminderRouteOptions> = async (app, options) => {
  const { db, frame } = options;
  const notFound = (reply: FastifyReply) =>
    sendLinkPage(
      reply,
      404,
      renderClosedPage(frame, "Link not found", "This link is not valid. Please start again from the shop.", undefined),
    );

  app.get("/checkout/resume/:token", { schema: { params: tokenParams } }, async (request, reply) => {
    const { token } = request.params as z.infer<typeof tokenParams>;
    if ((await findRemindedSession(db, token)) === undefined) return notFound(reply);
    return sendLinkPage(
      reply,
      200,
      renderActionPage(
        frame,
        "Return to your order",
        "We will open a new checkout with the same items and your details, at today's prices and stock.",
        { url: resumePath(token), label: "Open my checkout" },
      ),
    );
  });

  app.post("/checkout/resume/:token", { schema: { params: tokenParams } }, async (request, reply) => {
    const { token } = request.params as z.infer<typeof tokenParams>;
    const outcome = await reopenFromReminder(db, token, {
      now: options.now(),
      holdMs: options.holdMs,
      reservationMs: options.reservationMs,
    });
    switch (outcome.kind) {
      case "unknown":
        return notFound(reply);
      case "ordered":
        return sendLinkPage(
          reply,
          200,
          renderClosedPage(frame, "Order received", "This order has already been placed. Thank you!", {
            href: outcome.successUrl,
            label: "Continue",
          }),
        );
      case "unavailable":
        return sendLinkPage(
          reply,
          409,
          renderClosedPage(frame, "We could not open your order", outcome.message, {
            href: outcome.shopUrl,
            label: "Back to the shop",
          }),
        );
      case "reopened":
        options.onStockChange();
        return reply.redirect(`/checkout/${encodeURIComponent(outcome.sessionId)}`, 303);
    }
  });

  app.get("/reminders/unsubscribe/:token", { schema: { params: tokenParams } }, async (request, reply) => {
    const { token } = request.params as z.infer<typeof tokenParams>;
    if ((await findRemindedSession(db, token)) === undefined) return notFound(reply);
    return sendLinkPage(
      reply,
      200,
      renderActionPage(frame, "Stop reminder emails", "We will send no more checkout reminders to this address.", {
        url: unsubscribePath(token),
        label: "Stop reminder emails",
      }),
    );
  });

  app.post("/reminders/unsubscribe/:token", { schema: { params: tokenParams } }, async (request, reply) => {
    const { token } = request.params as z.infer<typeof tokenParams>;
    if (!(await unsubscribeReminders(db, token, options.now()))) return notFound(reply);
    return sendLinkPage(
      reply,
      200,
      renderClosedPage(frame, "Reminders stopped", "You will get no more checkout reminders from us.", undefined),
    );
  });
};
