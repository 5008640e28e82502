import { site } from "~/content/site";
import { serverEnvironment } from "~/lib/env.server";
import { marketByCode } from "@herbo/hosted-api";
import { marketInSentence, marketPath, pricedForMarket, type Market } from "~/lib/markets";
import { absoluteUrl } from "~/lib/seo/meta";
import { htmlToText } from "~/lib/sanitize.server";
import type { StoreApi } from "~/lib/store-api/client";
import type { Product } from "~/lib/store-api/types";
import { feedItems, type FeedItem } from "./feed-items";
import type { FeedChannel } from "./google-feed";

/** How many products one call to the store lists; a larger catalogue is read page by page. */
const pageSize = 100;

/**
 * How long a feed may be reused by whoever fetches it: Google and Meta fetch on a schedule, so a minute's
 * delay is never seen, and a price or stock change shows in the next fetch after it.
 */
const feedCacheControl = "public, max-age=30";

/** The market a feed's file name asks for (`us.xml` with the extension given), or undefined for any other name. */
export function feedMarketOf(fileName: string, extension: string): Market | undefined {
  const match = new RegExp(`^([a-z]{2})\\.${extension}$`).exec(fileName);
  return match?.[1] === undefined ? undefined : marketByCode(match[1]);
}

async function everyProduct(storeApi: StoreApi, market: Market, signal: AbortSignal): Promise<Product[]> {
  const products: Product[] = [];
  for (let offset = 0; ; offset += pageSize) {
    const page = await storeApi.listProducts({ offset, limit: pageSize, priceCurrency: market.currencyCode }, signal);
    products.push(...page.products);
    if (page.products.length === 0 || products.length >= page.count) return products;
  }
}

/**
 * What a market's feed lists, read from the store when it is asked for: every published product priced in the
 * market's currency, its live stock, and the delivery rates checkout charges. A store that cannot answer fails
 * the feed (the caller answers 503), because an empty or partial feed would take the products off the listings.
 */
export async function loadFeed(
  storeApi: StoreApi,
  market: Market,
  siteUrl: string,
  signal: AbortSignal,
): Promise<{ channel: FeedChannel; items: FeedItem[] }> {
  const [products, shipping] = await Promise.all([
    everyProduct(storeApi, market, signal),
    storeApi.getShipping(signal),
  ]);
  const priced = products.map((product) => pricedForMarket(product, market));
  const items = feedItems({
    siteUrl,
    market,
    products: priced,
    descriptions: new Map(priced.map((product) => [product.id, htmlToText(product.descriptionHtml)])),
    shippingRates: shipping.rates,
  });
  return {
    channel: {
      title: `${site.brand}: ${market.name}`,
      link: absoluteUrl(siteUrl, marketPath(market, "/")),
      description: `${site.brand}'s products for shoppers in ${marketInSentence(market)}, priced in ${market.currencyCode}.`,
      freeShippingOver: shipping.freeShippingOver[market.code] ?? null,
    },
    items,
  };
}

/**
 * A feed's whole answer: the market its file name asks for (else 404), read from the store and written by
 * `write`, or 503 when the store could not be read (try again shortly, and keep the last good copy meanwhile).
 */
export async function feedAnswer(options: {
  fileName: string;
  extension: string;
  contentType: string;
  storeApi: StoreApi;
  signal: AbortSignal;
  write: (feed: { channel: FeedChannel; items: FeedItem[] }) => string;
}): Promise<Response> {
  const market = feedMarketOf(options.fileName, options.extension);
  if (market === undefined) throw new Response("Not Found", { status: 404 });
  let feed;
  try {
    feed = await loadFeed(options.storeApi, market, serverEnvironment().siteUrl, options.signal);
  } catch {
    return new Response("The shop's catalogue could not be read. Please fetch this feed again in a few minutes.\n", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "300" },
    });
  }
  return new Response(options.write(feed), {
    headers: { "Content-Type": options.contentType, "Cache-Control": feedCacheControl },
  });
}
