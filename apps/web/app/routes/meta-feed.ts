import { feedCacheControl, feedMarketOf, feedUnavailable, loadFeed } from "~/lib/feeds/feed-data.server";
import { metaFeedCsv } from "~/lib/feeds/meta-feed.server";
import { serverEnvironment } from "~/lib/env.server";
import { storeApiFor } from "~/lib/store-api/context.server";
import type { Route } from "./+types/meta-feed";

/**
 * `/feeds/meta/{market}.csv`: the market's products for a Meta (Facebook and Instagram) catalogue
 * (docs/operations.md#shopping-feeds). Read from the store on every fetch; an unknown market is a 404.
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const market = feedMarketOf(params.file, "csv");
  if (market === undefined) throw new Response("Not Found", { status: 404 });
  let feed;
  try {
    feed = await loadFeed(storeApiFor(context), market, serverEnvironment().siteUrl, request.signal);
  } catch {
    return feedUnavailable();
  }
  return new Response(metaFeedCsv(feed.items), {
    headers: { "Content-Type": "text/csv; charset=utf-8", "Cache-Control": feedCacheControl },
  });
}
