import { randomBytes } from "node:crypto";
import { markets } from "@herbo/hosted-api";
import {
  googleFeedProblems,
  metaFeedProblems,
  readGoogleFeed,
  readMetaFeed,
  type FeedRecord,
} from "../../app/lib/feeds/feed-validator.testing";
import { expect, test } from "./support/fixtures";
import { freePort, startStoreApi, startWebServer, type RunningServer } from "./support/servers";

/**
 * Every market's Google and Meta feeds against what the shop states elsewhere: each item's price, sale price,
 * currency and availability are those of its product page's structured data, and a checkout of one unit costs
 * what the feed says (an item out of stock cannot be checked out). The shop here is its own store API and web
 * server, so its forty-odd checkouts from one address neither meet the checkout rate limit nor hold stock the
 * other browser tests buy.
 */
let api: RunningServer;
let web: RunningServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const webPort = await freePort();
  const webUrl = `http://localhost:${webPort}`;
  api = await startStoreApi(await freePort(), {
    ALLOWED_ORIGINS: webUrl,
    SITE_URL: webUrl,
    CHECKOUT_RATE_LIMIT: "0",
  });
  web = await startWebServer(api.url, { PORT: String(webPort), SITE_URL: webUrl, PUBLIC_STORE_API_URL: api.url });
});

test.afterAll(async () => {
  await web?.stop();
  await api?.stop();
});

function text(record: FeedRecord | undefined, name: string): string {
  const value = record?.[name];
  return typeof value === "string" ? value : "";
}

/** "29.99 USD" → 29.99 */
const amountOf = (price: string) => Number(price.split(" ")[0]);
/** What a feed item costs the shopper: its sale price when it has one. */
const paidOf = (item: FeedRecord) => amountOf(text(item, "sale_price") || text(item, "price"));

interface Offer {
  price: string;
  priceCurrency: string;
  availability: string;
  url: string;
}

/** The offer a product page's structured data makes for the feed item's variant. */
async function pageOffer(item: FeedRecord): Promise<Offer | undefined> {
  const html = await (await fetch(text(item, "link"))).text();
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1] ?? "null") as Record<string, unknown>,
  );
  for (const block of blocks) {
    if (block["@type"] === "Product") return block.offers as Offer;
    if (block["@type"] === "ProductGroup") {
      const variants = block.hasVariant as { name: string; offers: Offer }[];
      return variants.find((variant) => variant.name === text(item, "title"))?.offers;
    }
  }
  return undefined;
}

/** The subtotal the hosted checkout states for one unit of the item, in the market's currency, or the refusal. */
async function checkoutOfOne(item: FeedRecord, currency: string): Promise<{ status: number; subtotal?: number }> {
  const shop = new URL(text(item, "link")).origin;
  const created = await fetch(`${api.url}/store/local/checkout`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: shop },
    body: JSON.stringify({
      items: [{ variant_id: text(item, "id"), quantity: 1 }],
      successUrl: `${shop}/success`,
      cancelUrl: `${shop}/store`,
      // A new cart each time: nothing is replaced, and the checkouts expire on their own.
      cartToken: randomBytes(24).toString("base64url"),
      currency,
    }),
  });
  if (created.status !== 200) return { status: created.status };
  const { url } = (await created.json()) as { url: string };
  const page = await (await fetch(url)).text();
  // "Rs. 1200.00", "AED 65.00", "$29.99", inside a span: the number is the last run of digits.
  const cell = /data-testid="subtotal">([\s\S]*?)<\/td>/.exec(page)?.[1]?.replace(/<[^>]*>/g, "") ?? "";
  const number = cell.match(/\d[\d,]*(\.\d+)?/g)?.at(-1) ?? "";
  return { status: 200, subtotal: Number(number.replace(/,/g, "")) };
}

for (const market of markets) {
  test(`the ${market.name} feeds state the prices, stock and links the shop states (${market.code})`, async () => {
    test.setTimeout(120_000);
    const googleAnswer = await fetch(`${web.url}/feeds/google/${market.code}.xml`);
    expect(googleAnswer.status).toBe(200);
    expect(googleAnswer.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const google = readGoogleFeed(await googleAnswer.text());
    expect(googleFeedProblems(google.items, market.currencyCode, market.countries)).toEqual([]);
    expect(google.items.length).toBeGreaterThanOrEqual(8);
    // Named as a sentence names the market: "the United States", "Nepal".
    expect(google.channel.description).toBe(
      `Herbo Shilajit's products for shoppers in ${/^United /.test(market.name) ? "the " : ""}${market.name}, priced in ${market.currencyCode}.`,
    );

    const metaAnswer = await fetch(`${web.url}/feeds/meta/${market.code}.csv`);
    expect(metaAnswer.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const meta = readMetaFeed(await metaAnswer.text());
    expect(metaFeedProblems(meta, market.currencyCode, market.countries)).toEqual([]);
    // Both feeds list the same variants at the same prices, stock and pages.
    const sameFacts = (rows: FeedRecord[], inStock: string) =>
      rows.map((row) => [
        text(row, "id"),
        text(row, "price"),
        text(row, "sale_price"),
        text(row, "link"),
        text(row, "availability") === inStock,
      ]);
    expect(sameFacts(meta, "in stock")).toEqual(sameFacts(google.items, "in_stock"));

    for (const item of google.items) {
      const id = text(item, "id");
      const offer = await pageOffer(item);
      expect(offer, `${id}'s page has an offer for it`).toBeDefined();
      expect(Number(offer?.price), `${id}: the page's price`).toBe(paidOf(item));
      expect(offer?.priceCurrency).toBe(market.currencyCode);
      expect(offer?.url).toBe(text(item, "link"));
      const inStock = text(item, "availability") === "in_stock";
      expect(offer?.availability).toBe(inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock");

      const checkout = await checkoutOfOne(item, market.currencyCode);
      if (inStock) {
        expect(checkout, `${id}: one unit at checkout`).toEqual({ status: 200, subtotal: paidOf(item) });
      } else {
        expect(checkout.status, `${id}: out of stock, no checkout`).toBeGreaterThanOrEqual(400);
      }
    }
  });
}

test("an unknown market or file is a 404, and a store that cannot answer is a 503 the platforms retry", async () => {
  for (const path of ["/feeds/google/xx.xml", "/feeds/google/us.csv", "/feeds/meta/US.csv", "/feeds/meta/"]) {
    expect((await fetch(`${web.url}${path}`)).status, path).toBe(404);
  }
  const down = await startWebServer(`http://localhost:${await freePort()}`);
  try {
    const answer = await fetch(`${down.url}/feeds/google/us.xml`);
    expect(answer.status).toBe(503);
    expect(answer.headers.get("retry-after")).toBe("300");
    expect(answer.headers.get("cache-control")).toBe("no-store");
  } finally {
    await down.stop();
  }
});
