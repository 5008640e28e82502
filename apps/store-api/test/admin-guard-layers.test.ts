import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resendLimits } from "../src/routes/admin/email-routes.ts";
import { outbox } from "../src/db/schema.ts";
import {
  AdminClient,
  adminOrigin,
  ownerEmail,
  ownerPassword,
  signedInOwner,
  backOfficeSuite,
} from "./admin-helpers.ts";
import { corsPreflight, databaseKinds, shopOrigin } from "./harness.ts";

const kinds = await databaseKinds();
const minute = 60_000;

describe.each(kinds)("the back office's second layers on %s", (kind) => {
  const shop = backOfficeSuite(kind);

  /** GET /admin/api/session with this Cookie header, as the back office's pages send it. */
  function whoAmI(cookie: string): Promise<Response> {
    return fetch(`${shop.api.baseUrl}/admin/api/session`, { headers: { cookie } });
  }

  describe("cookie tossing", () => {
    const forged = `herbo_admin_session=${"A".repeat(43)}`;

    it("keeps the owner signed in when another cookie of the same name comes first or last", async () => {
      for (const cookie of [
        `herbo_admin_session=AAAA; ${shop.owner.cookie}`,
        `${shop.owner.cookie}; herbo_admin_session=AAAA`,
        `${forged}; ${shop.owner.cookie}`,
        `${shop.owner.cookie}; ${forged}`,
        `theme=dark; ${forged}; herbo_admin_session=; ${shop.owner.cookie}; other=1`,
      ]) {
        const response = await whoAmI(cookie);
        expect(response.status, cookie).toBe(200);
        expect(await response.json()).toEqual({ owner: { email: ownerEmail }, shopName: "Herbo Shilajit" });
      }
    });

    it("still refuses when no cookie of the name is a valid session", async () => {
      expect((await whoAmI(`herbo_admin_session=AAAA; ${forged}`)).status).toBe(401);
    });

    it("lets a tossed cookie neither block an action nor keep the owner from signing out", async () => {
      const session = await AdminClient.signIn(shop.api);
      const tossed = new AdminClient(shop.api, `${forged}; ${session.cookie}`);
      expect((await tossed.post("/emails/msg_unknown/resend")).status).toBe(404);
      expect((await tossed.request("DELETE", "/session")).status).toBe(204);
      expect((await whoAmI(session.cookie)).status).toBe(401);
    });
  });

  describe("JSON only", () => {
    it("refuses form-encoded, text/plain and multipart bodies with 415 on state-changing requests, session or not", async () => {
      const bodies: [string, string][] = [
        ["application/x-www-form-urlencoded", `email=${encodeURIComponent(ownerEmail)}&password=${ownerPassword}`],
        ["text/plain", JSON.stringify({ email: ownerEmail, password: ownerPassword })],
        [
          "multipart/form-data; boundary=x",
          `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n${ownerEmail}\r\n--x--`,
        ],
        ["application/jsonp", "{}"],
        // Only the photo upload takes an image body.
        ["image/jpeg", "\u00ff\u00d8\u00ff"],
      ];
      for (const [type, body] of bodies) {
        for (const [path, cookie] of [
          ["/session", ""],
          ["/orders/HS-1001/actions", shop.owner.cookie],
          ["/emails/msg_unknown/resend", shop.owner.cookie],
        ] as const) {
          const response = await fetch(`${shop.api.baseUrl}/admin/api${path}`, {
            method: "POST",
            headers: { origin: adminOrigin, "content-type": type, cookie },
            body,
          });
          expect(response.status, `${type} to ${path}`).toBe(415);
          expect(await response.json()).toEqual({
            error: {
              code: "unsupported_media_type",
              message: "The back office's requests send JSON (application/json).",
            },
          });
          expect(response.headers.get("set-cookie")).toBeNull();
        }
      }
    });

    it("still takes JSON (with a charset too), and requests without a body", async () => {
      const signIn = await fetch(`${shop.api.baseUrl}/admin/api/session`, {
        method: "POST",
        headers: { origin: adminOrigin, "content-type": "application/json; charset=utf-8" },
        body: JSON.stringify({ email: ownerEmail, password: ownerPassword }),
      });
      expect(signIn.status).toBe(200);
      expect((await shop.owner.post("/emails/msg_unknown/resend")).status).toBe(404);
      expect((await shop.owner.put("/products/prod_nothing/purchasable", { purchasable: true })).status).toBe(404);
    });
  });

  describe("CORS", () => {
    it("never answers the back office's API to another origin, not even the shop's", async () => {
      const read = await fetch(`${shop.api.baseUrl}/admin/api/session`, {
        headers: { origin: shopOrigin, cookie: shop.owner.cookie },
      });
      expect(read.status).toBe(403);
      expect(read.headers.get("access-control-allow-origin")).toBeNull();
      expect(read.headers.get("access-control-allow-credentials")).toBeNull();
      for (const path of ["/admin/api/session", "/admin/api/orders/HS-1001/actions"]) {
        const preflight = await corsPreflight(`${shop.api.baseUrl}${path}`, shopOrigin);
        expect(preflight.headers.get("access-control-allow-origin"), path).toBeNull();
        expect(preflight.headers.get("access-control-allow-methods"), path).toBeNull();
        expect(preflight.status, path).toBe(404);
      }
      const page = await fetch(`${shop.api.baseUrl}/admin`, { headers: { origin: shopOrigin } });
      expect(page.headers.get("access-control-allow-origin")).toBeNull();
      const health = await fetch(`${shop.api.baseUrl}/health`, { headers: { origin: shopOrigin } });
      expect(health.headers.get("access-control-allow-origin")).toBeNull();
    });

    it("still answers the catalogue and the checkout to the shop's origin", async () => {
      const products = await fetch(`${shop.api.storeUrl}/products`, { headers: { origin: shopOrigin } });
      expect(products.headers.get("access-control-allow-origin")).toBe(shopOrigin);
      const preflight = await corsPreflight(`${shop.api.storeUrl}/checkout`, shopOrigin);
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get("access-control-allow-origin")).toBe(shopOrigin);
      const stranger = await fetch(`${shop.api.storeUrl}/products`, { headers: { origin: "http://evil.test" } });
      expect(stranger.headers.get("access-control-allow-origin")).toBeNull();
    });
  });

  describe("resend", () => {
    /** A sent email in the outbox, as the worker leaves it. */
    async function sentEmail(recipient: string): Promise<string> {
      const id = `msg_${randomUUID()}`;
      const now = shop.api.clock.now();
      await shop.api.db.insert(outbox).values({
        id,
        kind: "order_confirmation",
        orderId: null,
        recipient,
        data: {},
        status: "sent",
        attempts: 1,
        nextAttemptAt: now,
        createdAt: now,
        sentAt: now,
      });
      return id;
    }

    it(`sends one email again at most ${resendLimits.perEmail} times an hour, copies included, then 429`, async () => {
      const id = await sentEmail("asha.gurung@example.com");
      const copies: string[] = [];
      for (let resend = 1; resend <= resendLimits.perEmail; resend += 1) {
        const response = await shop.owner.post(`/emails/${id}/resend`);
        expect(response.status).toBe(200);
        copies.push(((await response.json()) as { id: string }).id);
      }
      const refused = await shop.owner.post(`/emails/${id}/resend`);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("3600");
      expect(await refused.json()).toEqual({
        error: {
          code: "rate_limited",
          message: `This email was sent again ${resendLimits.perEmail} times in the last hour. Try again in 60 min.`,
          details: { retry_after_seconds: 3600 },
        },
      });
      // A copy is the same email to the same person: resending it counts alike.
      const copy = copies[0] ?? "";
      await shop.api.db.update(outbox).set({ status: "sent" }).where(eq(outbox.id, copy));
      expect((await shop.owner.post(`/emails/${copy}/resend`)).status).toBe(429);
      // Another shopper's email is not held back by it.
      expect((await shop.owner.post(`/emails/${await sentEmail("jordan@example.com")}/resend`)).status).toBe(200);
      shop.api.clock.advance(60 * minute);
      expect((await shop.owner.post(`/emails/${id}/resend`)).status).toBe(200);
    });

    it(`lets one owner send at most ${resendLimits.perOwner} emails again an hour`, async () => {
      shop.api.clock.advance(60 * minute);
      for (let resend = 1; resend <= resendLimits.perOwner; resend += 1) {
        const response = await shop.owner.post(`/emails/${await sentEmail(`shopper${resend}@example.com`)}/resend`);
        expect(response.status, `resend ${resend}`).toBe(200);
      }
      const refused = await shop.owner.post(`/emails/${await sentEmail("one.more@example.com")}/resend`);
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
        `You have sent ${resendLimits.perOwner} emails again in the last hour. Try again in 60 min.`,
      );
      // Another owner has their own allowance.
      const partner = await signedInOwner(shop.api, "partner@shop.test", "another long passphrase");
      expect((await partner.post(`/emails/${await sentEmail("two.more@example.com")}/resend`)).status).toBe(200);
    });
  });
});
