import { feedAnswer } from "~/lib/feeds/feed-data.server";
import { metaFeedCsv } from "~/lib/feeds/meta-feed.server";
import { storeApiFor } from "~/lib/store-api/context.server";
import type { Route } from "./+types/meta-feed";

/**
 * `/feeds/meta/{market}.csv`: the market's products for a Meta (Facebook and Instagram) catalogue
 * (docs/operations.md#shopping-feeds). Read from the store on every fetch; an unknown market is a 404.
 */
export function loader({ params, context, request }: Route.LoaderArgs) {
  return feedAnswer({
    fileName: params.file,
    extension: "csv",
    contentType: "text/csv; charset=utf-8",
    storeApi: storeApiFor(context),
    signal: request.signal,
    write: (feed) => metaFeedCsv(feed.items),
  });
}
