import type { AppLoadContext } from "react-router";
import { serverEnvironment } from "../env.server";
import { createStoreApi, type StoreApi } from "./client";
import { readProductDetails } from "./product-details.server";
import { readReviewPage } from "./product-reviews.server";
import { readShopRating } from "./shop-rating.server";

declare module "react-router" {
  interface AppLoadContext {
    /** The store API client of this server, created once at start-up (server/main.ts). */
    storeApi?: StoreApi;
    /**
     * True when the caller writes the site's stylesheet into the document itself (`withSiteCss`, exported
     * by entry.server), after its own rewriting; otherwise entry.server writes it in.
     */
    writesSiteCss?: boolean;
  }
}

let fallback: StoreApi | undefined;

/**
 * The store API for a loader. The production server hands one in through the load context; the dev
 * server and the prerender step have none, so they get one built from the environment.
 */
export function storeApiFor(context: AppLoadContext | undefined): StoreApi {
  if (context?.storeApi !== undefined) return context.storeApi;
  const environment = serverEnvironment();
  fallback ??= createStoreApi({
    baseUrl: environment.storeApiUrl,
    storeId: environment.storeId,
    timeoutMs: environment.storeApiTimeoutMs,
    readProductDetails,
    readReviewPage,
    readShopRating,
  });
  return fallback;
}
