import type { AdminSession } from "@herbo/hosted-api/admin";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { normaliseEmail } from "../../admin/owners.ts";
import { defaultPasswordCheckLimits } from "../../admin/password-check-gate.ts";
import { maxPasswordLength } from "../../admin/passwords.ts";
import { clearedSessionCookie, readSessionTokens, sessionCookie } from "../../admin/session-cookie.ts";
import { endSession, sessionLifetime } from "../../admin/owner-sessions.ts";
import { createSignIn } from "../../admin/sign-in.ts";
import { maskEmail } from "../../email/privacy.ts";
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
  const signIn = createSignIn({
    db,
    now: options.now,
    passwordParameters: options.passwordParameters,
    passwordChecks: options.passwordChecks ?? defaultPasswordCheckLimits,
    beforePasswordCheck: options.beforePasswordCheck,
  });

  routes.post(
    "/session",
    { schema: { body: signInSchema }, config: { withoutSession: true } },
    async (request, reply): Promise<AdminSession> => {
      const outcome = await signIn({ email: request.body.email, password: request.body.password, address: request.ip });
      switch (outcome.kind) {
        case "busy":
          reply.header("retry-after", String(outcome.retryAfterSeconds));
          throw new ApiError(
            503,
            "service_unavailable",
            "Many sign-ins are being checked. Try again in a few seconds.",
          );
        case "throttled": {
          if (outcome.accountLocked !== undefined) {
            // For the owner reading the log: someone is guessing this account's password from many addresses.
            request.log.warn(
              {
                account: maskEmail(normaliseEmail(request.body.email)),
                lockedMinutes: Math.round(outcome.accountLocked.lockMs / 60_000),
                trip: outcome.accountLocked.trip,
              },
              "sign-in ceiling reached: the account is locked everywhere; `npm run admin -- unlock --email <address>` lifts it",
            );
          }
          reply.header("retry-after", String(outcome.retryAfterSeconds));
          throw new ApiError(
            429,
            "rate_limited",
            `Too many sign-in attempts. Try again in ${Math.ceil(outcome.retryAfterSeconds / 60)} min.`,
            { retry_after_seconds: outcome.retryAfterSeconds },
          );
        }
        case "refused":
          throw new ApiError(401, "sign_in_failed", "The email or password is not right.");
        case "signed_in":
          reply.header(
            "set-cookie",
            sessionCookie(outcome.token, {
              secure: options.secureCookies,
              maxAgeSeconds: sessionLifetime.absoluteMs / 1000,
            }),
          );
          request.log.info({ owner: outcome.owner.id }, "owner signed in");
          return { owner: { email: outcome.owner.email }, shopName: options.shopName };
      }
    },
  );

  routes.get("/session", async (request): Promise<AdminSession> => ({
    owner: { email: ownerOf(request).email },
    shopName: options.shopName,
  }));

  routes.delete("/session", async (request, reply) => {
    // Every session cookie that came along ends, the owner's own among any another site tossed in.
    for (const token of readSessionTokens(request.headers.cookie)) await endSession(db, token);
    reply.header("set-cookie", clearedSessionCookie({ secure: options.secureCookies }));
    return reply.code(204).send();
  });
};
