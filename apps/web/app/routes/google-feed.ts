import { feedAnswer } from "~/lib/feeds/feed-data.server";
import { googleFeedXml } from "~/lib/feeds/google-feed";
import { storeApiFor } from "~/lib/store-api/context.server";
import type { Route } from "./+types/google-feed";

/**
 * `/feeds/google/{market}.xml`: the market's products for Google Merchant Center (docs/operations.md#shopping-feeds).
 * Read from the store on every fetch, so it follows the catalogue; an unknown market is a 404.
 */
export function loader({ params, context, request }: Route.LoaderArgs) {
  return feedAnswer({
    fileName: params.file,
    extension: "xml",
    contentType: "application/xml; charset=utf-8",
    storeApi: storeApiFor(context),
    signal: request.signal,
    write: (feed) => googleFeedXml(feed.channel, feed.items),
  });
}
