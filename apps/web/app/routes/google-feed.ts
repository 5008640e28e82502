import { feedCacheControl, feedMarketOf, feedUnavailable, loadFeed } from "~/lib/feeds/feed-data.server";
import { googleFeedXml } from "~/lib/feeds/google-feed";
import { serverEnvironment } from "~/lib/env.server";
import { storeApiFor } from "~/lib/store-api/context.server";
import type { Route } from "./+types/google-feed";

/**
 * `/feeds/google/{market}.xml`: the market's products for Google Merchant Center (docs/operations.md#shopping-feeds).
 * Read from the store on every fetch, so it follows the catalogue; an unknown market is a 404.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const market = feedMarketOf(params.file, "xml");
  if (market === undefined) throw new Response("Not Found", { status: 404 });
  let feed;
  try {
    feed = await loadFeed(storeApiFor(context), market, serverEnvironment().siteUrl, request.signal);
  } catch {
    return feedUnavailable();
  }
  return new Response(googleFeedXml(feed.channel, feed.items), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": feedCacheControl },
  });
}
