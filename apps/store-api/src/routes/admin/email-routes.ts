import type { AdminEmailList } from "@herbo/hosted-api/admin";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { emailStatus, listEmails } from "../../admin/emails.ts";
import { orderEvents, outbox } from "../../db/schema.ts";
import { resend } from "../../email/outbox-store.ts";
import { ApiError, notFound } from "../../errors.ts";
import type { ZodTypeProvider } from "../../http/zod-schemas.ts";
import { ownerOf, type AdminRouteOptions } from "./admin-context.ts";
import { optionalField, pageNumber } from "./query-fields.ts";

const listQuery = z.object({
  status: optionalField(z.enum(["queued", "retrying", "sent", "failed"])),
  page: optionalField(pageNumber),
});

/** The outbox: every email with its state, and a resend button. */
export const emailRoutes: FastifyPluginAsync<AdminRouteOptions> = async (app, options) => {
  const { db } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get("/emails", { schema: { querystring: listQuery } }, async (request): Promise<AdminEmailList> => {
    return listEmails(db, { status: request.query.status }, request.query.page ?? 1);
  });

  routes.post(
    "/emails/:id/resend",
    { schema: { params: z.object({ id: z.string().regex(/^msg_[A-Za-z0-9_-]{1,64}$/, "expected an email id") }) } },
    async (request): Promise<{ id: string }> => {
      const now = options.now();
      const actor = ownerOf(request).email;
      const queued = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(outbox).where(eq(outbox.id, request.params.id));
        if (row === undefined) throw notFound(`No email ${request.params.id}.`);
        if (row.status === "pending") {
          throw new ApiError(409, "email_pending", `This email is already ${emailStatus(row)}; it will be sent soon.`);
        }
        const id = await resend(tx, row.id, now);
        if (id === undefined) throw new ApiError(409, "email_pending", "This email is already waiting to be sent.");
        if (row.orderId !== null) {
          await tx.insert(orderEvents).values({
            orderId: row.orderId,
            at: now,
            actor,
            type: "email_resent",
            data: { kind: row.kind, recipient: row.recipient },
          });
        }
        return id;
      });
      options.onEmailQueued();
      return { id: queued };
    },
  );
};
