import type { ProductResponse, ShippingRatesResponse, WireReviewPage } from "@herbo/hosted-api";
import type { AdminOverview, AdminRatingDisplay, AdminReview, AdminReviewList } from "@herbo/hosted-api/admin";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { composeEmail } from "../src/email/compose.ts";
import { orders, outbox, reviewLinks, reviews } from "../src/db/schema.ts";
import { backOfficeSuite, expectSessionAndOriginGuard, placeTestOrder } from "./admin-helpers.ts";
import { databaseKinds, snapshot } from "./harness.ts";
import { testMailSettings } from "./outbox-fixtures.ts";

/**
 * Verified reviews: a delivered order's buyer is asked once, REVIEW_REQUEST_DAYS (10 here) after delivery, with
 * one link per product they kept; a link writes one review, waiting for the owner, and only for its own product,
 * until it expires. Nothing shows on the storefront before the owner publishes it.
 */

const kinds = await databaseKinds();
const day = 24 * 3_600_000;
const ship = { action: "ship", carrier: "Nepal Post", trackingNumber: "RR123456785NP" };

describe.each(kinds)("verified reviews on %s", (kind) => {
  const shop = backOfficeSuite(kind);
  // Each test starts long after the last one's requests and links, with a fresh owner session.
  beforeEach(async () => {
    shop.api.clock.advance(100 * day);
    await shop.signOwnerInAgain();
  });

  async function deliveredOrder(items = [{ variant_id: "var_travel_tin", quantity: 1 }]): Promise<string> {
    const number = await placeTestOrder(shop.api, { items });
    for (const action of [{ action: "pack" }, ship, { action: "deliver" }]) {
      expect((await shop.owner.action(number, action)).status).toBe(200);
    }
    return number;
  }
  async function requestsFor(number: string) {
    const [order] = await shop.api.db.select().from(orders).where(eq(orders.number, number));
    return shop.api.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, "review_request"), eq(outbox.orderId, order?.id ?? "")));
  }
  async function sweepAfter(ms: number) {
    shop.api.clock.advance(ms);
    await shop.api.app.sweepExpired();
  }
  /** The review links of an order's request email, as paths on the API. */
  async function linksOf(number: string): Promise<Map<string, string>> {
    const [row] = await requestsFor(number);
    if (row === undefined) throw new Error(`No review request for ${number}`);
    const text = String(composeEmail(row, testMailSettings).text);
    return new Map(
      [...text.matchAll(/^Review (.+): (http\S+)$/gm)].map(([, title = "", url = ""]) => [title, new URL(url).pathname]),
    );
  }
  async function requestedLink(items?: { variant_id: string; quantity: number }[]) {
    const number = await deliveredOrder(items);
    await sweepAfter(10 * day + 1_000);
    // The owner's session ended in those days.
    await shop.signOwnerInAgain();
    const links = await linksOf(number);
    const path = links.get("Shilajit Travel Tin 5 g") ?? [...links.values()][0];
    if (path === undefined) throw new Error("No link");
    return { number, path, links };
  }
  /** Posts the review form as a browser does from the given origin, with the Sec-Fetch-Site it would send. */
  function postReview(
    path: string,
    fields: Record<string, string>,
    from: { origin?: string; site?: string } = { origin: "http://api.test", site: "same-origin" },
  ) {
    return fetch(`${shop.api.baseUrl}${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        ...(from.origin === undefined ? {} : { origin: from.origin }),
        ...(from.site === undefined ? {} : { "sec-fetch-site": from.site }),
      },
      body: new URLSearchParams(fields).toString(),
    });
  }
  const goodReview = { rating: "4", title: "Smooth and easy", body: "Dissolves well in warm water.", displayName: "Asha" };
  /** Reviews written from an order's links. */
  async function reviewCount(number: string) {
    const [order] = await shop.api.db.select().from(orders).where(eq(orders.number, number));
    return (await shop.api.db.select().from(reviews).where(eq(reviews.orderId, order?.id ?? ""))).length;
  }
  async function productPage(productId: string) {
    const response = await fetch(`${shop.api.storeUrl}/products/${productId}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as ProductResponse).product.reviews;
  }

  it("asks once, ten days after delivery, with a link per product the buyer kept", async () => {
    const number = await deliveredOrder([
      { variant_id: "var_travel_tin", quantity: 1 },
      { variant_id: "var_resin_20g", quantity: 1 },
      { variant_id: "var_resin_10g", quantity: 2 },
    ]);
    await sweepAfter(9 * day);
    expect(await requestsFor(number)).toHaveLength(0);
    await sweepAfter(day + 1_000);
    const [row] = await requestsFor(number);
    expect(row).toMatchObject({ recipient: "asha.gurung@example.com", status: "pending" });
    const email = composeEmail(row ?? { id: "", kind: "", recipient: "", data: null, createdAt: new Date() }, testMailSettings);
    expect(email.subject).toBe("How was your Herbo Shilajit order?");
    const links = await linksOf(number);
    // Two sizes of one resin are one product to review.
    expect([...links.keys()]).toEqual(["Shilajit Travel Tin 5 g", "Pure Himalayan Shilajit Resin"]);
    for (const path of links.values()) expect(path).toMatch(/^\/reviews\/write\/prod_\w+\/[\w-]{22}\.[\w-]{43}$/);
    // The database keeps no key: a link cannot be rebuilt from it.
    const stored = await shop.api.db.select().from(reviewLinks);
    for (const path of links.values()) {
      const key = path.split(".").at(-1) ?? "";
      expect(stored.some((link) => link.keyHash.includes(key) || link.id.includes(key))).toBe(false);
    }
    await sweepAfter(day);
    expect(await requestsFor(number)).toHaveLength(1);
  });

  it("asks nothing of an order not delivered, delivered then undone, or delivered long before", async () => {
    const shippedOnly = await placeTestOrder(shop.api);
    await shop.owner.action(shippedOnly, { action: "pack" });
    await shop.owner.action(shippedOnly, ship);
    const undone = await deliveredOrder();
    expect((await shop.owner.action(undone, { action: "undo_delivery" })).status).toBe(200);
    const late = await deliveredOrder();
    // The shop's sweeper was not running for fifty days (reviews turned on long after this delivery).
    shop.api.clock.advance(50 * day);
    await shop.api.app.sweepExpired();
    for (const number of [shippedOnly, undone, late]) expect(await requestsFor(number), number).toHaveLength(0);
  });

  it("takes one review per link, for its own product only, waiting for the owner; forged, reused and expired links change nothing", async () => {
    const { number, path, links } = await requestedLink([
      { variant_id: "var_travel_tin", quantity: 1 },
      { variant_id: "var_starter_kit", quantity: 1 },
    ]);
    const form = await fetch(`${shop.api.baseUrl}${path}`);
    expect(form.status).toBe(200);
    const page = await form.text();
    expect(page).toContain("<h1>Review Shilajit Travel Tin 5 g</h1>");
    expect(page).toContain('value="Asha"');
    expect(form.headers.get("cache-control")).toBe("no-store");

    const [, , , productId = "", token = ""] = path.split("/");
    const [id = "", key = ""] = token.split(".");
    const flip = (text: string) => `${text.slice(0, -1)}${text.endsWith("A") ? "B" : "A"}`;
    const before = await snapshot(shop.api.db);
    const forged = [
      `/reviews/write/${productId}/${id}.${flip(key)}`,
      `/reviews/write/${productId}/${flip(id)}.${key}`,
      `/reviews/write/prod_starter_kit/${token}`,
      `/reviews/write/prod_unknown/${token}`,
      `/reviews/write/${productId}/${id}`,
      `/reviews/write/${productId}/not-a-token`,
    ];
    for (const other of forged) {
      expect((await fetch(`${shop.api.baseUrl}${other}`)).status, other).toBe(404);
      expect((await postReview(other, goodReview)).status, other).toBe(404);
    }
    expect(await snapshot(shop.api.db)).toEqual(before);

    const saved = await postReview(path, goodReview);
    expect(saved.status).toBe(200);
    expect(await saved.text()).toContain("Thank you for your review");
    const [review] = await shop.api.db.select().from(reviews);
    expect(review).toMatchObject({
      productId: "prod_travel_tin",
      rating: 4,
      title: "Smooth and easy",
      status: "pending",
      marketCode: "np",
    });
    // Nothing is public before the owner publishes it.
    expect(await productPage("prod_travel_tin")).toMatchObject({ count: 0, average_rating: null, reviews: [] });

    const reused = await postReview(path, { ...goodReview, title: "Again" });
    expect(reused.status).toBe(410);
    expect((await fetch(`${shop.api.baseUrl}${path}`)).status).toBe(410);
    expect(await reviewCount(number)).toBe(1);

    // The order's other link still works, until it expires.
    const kit = links.get("Shilajit Starter Kit") ?? "";
    shop.api.clock.advance(61 * day);
    expect((await fetch(`${shop.api.baseUrl}${kit}`)).status).toBe(410);
    expect((await postReview(kit, goodReview)).status).toBe(410);
    expect(await reviewCount(number)).toBe(1);
  });

  it("shows a refused form again with its problems and what was typed, escaped, and stores nothing", async () => {
    const { number, path } = await requestedLink();
    const hostile = '<script>alert("x")</script>';
    const refused = await postReview(path, { rating: "6", title: hostile, body: "   ", displayName: "" });
    expect(refused.status).toBe(400);
    const page = await refused.text();
    for (const message of [
      "Choose a rating from 1 to 5 stars.",
      "Write your review.",
      "Give the name to show with your review.",
    ]) {
      expect(page).toContain(message);
    }
    expect(page).not.toContain(hostile);
    expect(page).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(await reviewCount(number)).toBe(0);
    // From another site, even with the right link: refused, nothing stored.
    for (const from of [
      { origin: "https://evil.test", site: "cross-site" },
      { origin: "https://evil.test" },
      // A page that sends no referrer names its origin "null": the fetch metadata still tells where it was.
      { origin: "null", site: "cross-site" },
      { site: "same-site" },
    ]) {
      expect((await postReview(path, goodReview, from)).status, JSON.stringify(from)).toBe(403);
    }
    expect(await reviewCount(number)).toBe(0);
    // The link still works for the buyer, whose review page sends no referrer either.
    expect((await postReview(path, goodReview, { origin: "null", site: "same-origin" })).status).toBe(200);
    expect(await reviewCount(number)).toBe(1);
  });

  it("writes one review when the same link is sent twice at once", async () => {
    const { number, path } = await requestedLink();
    const answers = await Promise.all([postReview(path, goodReview), postReview(path, goodReview)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 410]);
    expect(await reviewCount(number)).toBe(1);
  });

  it("publishes, hides with a kept reason and replies, from the version the owner saw; only published reviews show", async () => {
    const { path } = await requestedLink();
    const before = (await shop.owner.get<AdminReviewList>("/reviews")).counts;
    await postReview(path, {
      rating: "5",
      title: "Good <b>resin</b>",
      body: "First paragraph.\r\n\r\n\r\n\r\nSecond.",
      displayName: "Asha",
    });
    const list = await shop.owner.get<AdminReviewList>("/reviews");
    expect(list.counts).toEqual({ ...before, pending: before.pending + 1 });
    // The overview counts it among those waiting.
    expect((await shop.owner.get<AdminOverview>("/overview")).reviewsWaiting).toEqual({ reviews: before.pending + 1 });
    // The oldest waiting first: this one is the last.
    const waiting = list.reviews.at(-1);
    if (waiting === undefined) throw new Error("No review waiting");
    expect(waiting).toMatchObject({
      productTitle: "Shilajit Travel Tin 5 g",
      market: "np",
      marketName: "Nepal",
      title: "Good <b>resin</b>",
      body: "First paragraph.\n\nSecond.",
      status: "pending",
      version: 1,
    });

    const published = await shop.owner.post(`/reviews/${waiting.id}/publish`, { version: 1 });
    expect(published.status).toBe(200);
    expect(((await published.json()) as AdminReview).status).toBe("published");
    const shown = await productPage("prod_travel_tin");
    expect(shown).toMatchObject({ count: 1, average_rating: 5, page: 1, page_count: 1 });
    expect(shown?.reviews[0]).toMatchObject({ title: "Good <b>resin</b>", display_name: "Asha", market: "np", reply: null });

    // A stale page is refused and changes nothing.
    const stale = await shop.owner.put(`/reviews/${waiting.id}/reply`, { version: 1, reply: "Thank you" });
    expect(stale.status).toBe(409);
    const replied = await shop.owner.put(`/reviews/${waiting.id}/reply`, { version: 2, reply: "Thank you, Asha." });
    expect(replied.status).toBe(200);
    expect((await productPage("prod_travel_tin"))?.reviews[0]?.reply).toBe("Thank you, Asha.");

    const noReason = await shop.owner.post(`/reviews/${waiting.id}/hide`, { version: 3, reason: "  " });
    expect(noReason.status).toBe(400);
    const hidden = await shop.owner.post(`/reviews/${waiting.id}/hide`, { version: 3, reason: "Names a person" });
    expect(hidden.status).toBe(200);
    expect(await hidden.json()).toMatchObject({ status: "hidden", hiddenReason: "Names a person", version: 4 });
    expect(await productPage("prod_travel_tin")).toMatchObject({ count: 0, reviews: [] });
    const later = await fetch(`${shop.api.storeUrl}/products/prod_travel_tin/reviews?page=2`);
    expect(((await later.json()) as WireReviewPage).reviews).toEqual([]);

    // Published again: the reason stays on its record.
    const again = await shop.owner.post(`/reviews/${waiting.id}/publish`, { version: 4 });
    expect(await again.json()).toMatchObject({ status: "published", hiddenReason: "Names a person" });
    for (const [method, call, body] of [
      ["POST", "/reviews/rv_00000000-0000-0000-0000-000000000000/publish", { version: 1 }],
      ["POST", "/reviews/not-an-id/publish", { version: 1 }],
      ["GET", "/reviews?status=deleted", undefined],
    ] as const) {
      expect((await shop.owner.request(method, call, body)).status, call).toBe(call.includes("rv_0") ? 404 : 400);
    }
  });

  it("states the fixed rating until the owner chooses the measured one, which counts published reviews only", async () => {
    const rating = async () =>
      ((await (await fetch(`${shop.api.storeUrl}/shipping-rates`)).json()) as ShippingRatesResponse).rating;
    const before = await rating();
    expect(before?.shown).toBe("fixed");
    const { path } = await requestedLink();
    await postReview(path, { ...goodReview, rating: "2" });
    expect((await rating())?.count).toBe(before?.count);
    const { version } = (await shop.owner.get<AdminReviewList>("/reviews")).ratingDisplay;
    const saved = await shop.owner.put("/rating-display", { version, measured: true });
    expect(saved.status).toBe(200);
    expect((await saved.json()) as AdminRatingDisplay).toEqual({ measured: true, version: version + 1 });
    expect((await shop.owner.put("/rating-display", { version, measured: false })).status).toBe(409);
    expect(await rating()).toMatchObject({ shown: "measured", count: before?.count });
    const waiting = (await shop.owner.get<AdminReviewList>("/reviews")).reviews.at(-1);
    await shop.owner.post(`/reviews/${waiting?.id ?? ""}/publish`, { version: waiting?.version ?? 0 });
    expect((await rating())?.count).toBe((before?.count ?? 0) + 1);
    await shop.owner.put("/rating-display", { version: version + 1, measured: false });
  });

  it("lets only a signed-in owner from the back office moderate", async () => {
    const id = "rv_00000000-0000-0000-0000-000000000000";
    await expectSessionAndOriginGuard(shop.api, shop.owner, [
      ["GET", "/reviews", undefined],
      ["POST", `/reviews/${id}/publish`, { version: 1 }],
      ["POST", `/reviews/${id}/hide`, { version: 1, reason: "spam" }],
      ["PUT", `/reviews/${id}/reply`, { version: 1, reply: null }],
      ["PUT", "/rating-display", { version: 1, measured: true }],
    ]);
  });
});
