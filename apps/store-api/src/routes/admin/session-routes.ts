import type { AdminSession } from "@herbo/hosted-api/admin";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { findOwnerByEmail } from "../../admin/owners.ts";
import { hashPassword, maxPasswordLength, needsRehash, verifyPassword } from "../../admin/passwords.ts";
import { clearedSessionCookie, readSessionToken, sessionCookie } from "../../admin/session-cookie.ts";
import { createSession, deleteExpiredSessions, endSession, sessionLifetime } from "../../admin/sessions.ts";
import { signInThrottle } from "../../admin/sign-in-throttle.ts";
import { owners } from "../../db/schema.ts";
import { ApiError } from "../../errors.ts";
import type { ZodTypeProvider } from "../../http/zod-schemas.ts";
import { ownerOf, type AdminRouteOptions } from "./admin-context.ts";

const signInSchema = z.object({
  email: z.string().max(320),
  password: z.string().min(1).max(maxPasswordLength),
});

/** POST /session signs in, GET /session says who is signed in, DELETE /session signs out. */
export const sessionRoutes: FastifyPluginAsync<AdminRouteOptions> = async (app, options) => {
  const { db } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const throttle = signInThrottle(db, options.now);
  // Unknown emails are checked against this decoy, so they take as long as a wrong password.
  let decoy: Promise<string> | undefined;
  const decoyHash = () => (decoy ??= hashPassword("not any owner's password", options.passwordParameters));

  routes.post(
    "/session",
    { schema: { body: signInSchema }, config: { withoutSession: true } },
    async (request, reply): Promise<AdminSession> => {
      const now = options.now();
      const attempt = { email: request.body.email, address: request.ip };
      const verdict = await throttle.count(attempt);
      if (!verdict.allowed) {
        reply.header("retry-after", String(verdict.retryAfterSeconds));
        throw new ApiError(
          429,
          "rate_limited",
          `Too many sign-in attempts. Try again in ${Math.ceil(verdict.retryAfterSeconds / 60)} min.`,
          { retry_after_seconds: verdict.retryAfterSeconds },
        );
      }
      const owner = await findOwnerByEmail(db, request.body.email);
      const matches = await verifyPassword(request.body.password, owner?.passwordHash ?? (await decoyHash()));
      if (owner === undefined || !matches) {
        throw new ApiError(401, "sign_in_failed", "The email or password is not right.");
      }
      await throttle.succeeded(attempt);
      if (needsRehash(owner.passwordHash, options.passwordParameters)) {
        const passwordHash = await hashPassword(request.body.password, options.passwordParameters);
        await db.update(owners).set({ passwordHash }).where(eq(owners.id, owner.id));
      }
      await deleteExpiredSessions(db, now);
      const token = await createSession(db, owner.id, now);
      reply.header(
        "set-cookie",
        sessionCookie(token, { secure: options.secureCookies, maxAgeSeconds: sessionLifetime.absoluteMs / 1000 }),
      );
      request.log.info({ owner: owner.id }, "owner signed in");
      return { owner: { email: owner.email }, shopName: options.shopName };
    },
  );

  routes.get("/session", async (request): Promise<AdminSession> => ({
    owner: { email: ownerOf(request).email },
    shopName: options.shopName,
  }));

  routes.delete("/session", async (request, reply) => {
    const token = readSessionToken(request.headers.cookie);
    if (token !== undefined) await endSession(db, token);
    reply.header("set-cookie", clearedSessionCookie({ secure: options.secureCookies }));
    return reply.code(204).send();
  });
};
