import { suggestedCaliforniaWarning, type AdminShipping } from "@herbo/hosted-api/admin";
import { count } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { catalogChanges, shopSettings } from "../src/db/schema.ts";
import { backOfficeSuite, expectSessionAndOriginGuard } from "./admin-helpers.ts";
import {
  checkoutBody,
  databaseKinds,
  enterDetails,
  postJson,
  sessionIdOf,
  shopperDetails,
  type RunningApi,
} from "./harness.ts";

const kinds = await databaseKinds();

/** The owner's own words, with text that looks like markup: the page must show it as text. */
const ownWarning =
  "WARNING: Consuming this product can expose you to chemicals including lead, which is known to the State of California to cause cancer and birth defects or other reproductive harm. <script>alert(1)</script> & more at www.P65Warnings.ca.gov/food.";

/** A checkout in US dollars, its details entered with this address; answers its payment step's HTML. */
async function paymentStep(api: RunningApi, address: Record<string, string>, currency = "USD"): Promise<string> {
  const created = await postJson(
    `${api.storeUrl}/checkout`,
    checkoutBody([{ variant_id: "var_travel_tin", quantity: 1 }], currency),
  );
  expect(created.status).toBe(200);
  const sessionId = sessionIdOf(((await created.json()) as { url: string }).url);
  const entered = await enterDetails(api.baseUrl, sessionId, address);
  expect(entered.status, await entered.clone().text()).toBe(303);
  const step = await fetch(new URL(entered.headers.get("location") ?? "", api.baseUrl));
  expect(step.status).toBe(200);
  return step.text();
}

const californian = shopperDetails.US;
const newYorker = {
  ...shopperDetails.US,
  line1: "350 Fifth Avenue",
  city: "New York",
  region: "NY",
  postalCode: "10118",
};

describe.each(kinds)("the California notice on the payment step on %s", (kind) => {
  const shop = backOfficeSuite(kind, { email: "partner@shop.test" });

  const shipping = () => shop.owner.get<AdminShipping>("/shipping");
  async function stored() {
    const rows = await shop.api.db.select().from(shopSettings);
    const [changes] = await shop.api.db.select({ total: count() }).from(catalogChanges);
    return { rows, changes: changes?.total };
  }

  it("refuses the setting's route without a session (401), from another origin or with no Origin (403)", async () => {
    const before = await stored();
    const body = { version: 1, enabled: true, warning: ownWarning };
    await expectSessionAndOriginGuard(shop.api, shop.owner, [["PUT", "/california-notice", body]]);
    expect((await shop.owner.request("PUT", "/california-notice", body, null)).status).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it("is off at first, with the suggested text ready, and the payment step shows no notice in California", async () => {
    expect((await shipping()).californiaNotice).toEqual({
      enabled: false,
      warning: suggestedCaliforniaWarning,
      version: 1,
    });
    const html = await paymentStep(shop.api, californian);
    expect(html).not.toContain("california-notice");
    expect(html).not.toContain("P65Warnings");
  });

  it("refuses an empty text while on, line breaks, too long a text and an outdated page, changing nothing", async () => {
    const before = await stored();
    const cases: [unknown, number, string][] = [
      [{ version: 1, enabled: true, warning: "   " }, 400, "body.warning"],
      [{ version: 1, enabled: true, warning: "WARNING:\nlead" }, 400, "body.warning"],
      [{ version: 1, enabled: false, warning: "w".repeat(1001) }, 400, "body.warning"],
      [{ version: 1, enabled: "yes", warning: ownWarning }, 400, "body.enabled"],
      [{ version: 1, enabled: true }, 400, "body.warning"],
    ];
    for (const [body, status, field] of cases) {
      const response = await shop.owner.put("/california-notice", body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(((await response.json()) as { error: { details: { field: string } } }).error.details.field).toBe(field);
    }
    const stale = await shop.owner.put("/california-notice", { version: 7, enabled: true, warning: ownWarning });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ error: { code: "edit_conflict", details: { version: 1 } } });
    expect(await stored()).toEqual(before);
  });

  it("once on, shows the owner's text escaped above the ways to pay for a Californian address only", async () => {
    const { californiaNotice } = await shipping();
    const saved = await shop.owner.put("/california-notice", {
      version: californiaNotice.version,
      enabled: true,
      warning: `  ${ownWarning}  `,
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const answer = (await saved.json()) as AdminShipping;
    expect(answer.californiaNotice).toEqual({ enabled: true, warning: ownWarning, version: 2 });
    expect(answer.history[0]).toMatchObject({
      actor: "owner@shop.test",
      entity: "california_notice",
      label: "California notice",
      before: { enabled: false, warning: suggestedCaliforniaWarning },
      after: { enabled: true, warning: ownWarning },
    });

    const html = await paymentStep(shop.api, californian);
    const notice = html.indexOf('data-testid="california-notice"');
    expect(notice).toBeGreaterThan(-1);
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &amp; more at www.P65Warnings.ca.gov/food.");
    expect(html).not.toContain("<script>alert(1)");
    // Before every way to pay: a payment cannot start without the shopper having passed it.
    const firstPayForm = html.search(/<form[^>]+action="\/checkout\/[^"]+\/pay\//);
    expect(firstPayForm).toBeGreaterThan(notice);

    expect(await paymentStep(shop.api, newYorker)).not.toContain("california-notice");
    expect(await paymentStep(shop.api, shopperDetails.CA, "CAD")).not.toContain("california-notice");
  });

  it("goes from every payment step once turned off again", async () => {
    const { californiaNotice } = await shipping();
    // The history lists changes newest first: this one comes a second after the one before.
    shop.api.clock.advance(1_000);
    const off = await shop.partner.put("/california-notice", {
      version: californiaNotice.version,
      enabled: false,
      warning: ownWarning,
    });
    expect(off.status).toBe(200);
    const answer = (await off.json()) as AdminShipping;
    expect(answer.californiaNotice).toEqual({ enabled: false, warning: ownWarning, version: 3 });
    expect(answer.history[0]).toMatchObject({ actor: "partner@shop.test", after: { enabled: false } });
    expect(await paymentStep(shop.api, californian)).not.toContain("california-notice");
  });
});
