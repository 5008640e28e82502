import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import type { PublicEnvironment } from "./env.server";
import { createStoreApi, type StoreApi } from "./store-api/client";

const defaults: PublicEnvironment = {
  siteUrl: "http://localhost:3000",
  storeApiUrl: "http://localhost:4000",
  storeId: "local",
  chatPhone: "9779800000000",
};

/** The public settings the root loader handed to the page. */
export function usePublicEnvironment(): PublicEnvironment {
  const data = useRouteLoaderData<{ env: PublicEnvironment }>("root");
  return data?.env ?? defaults;
}

/** Browser calls wait longer than server loaders: a shopper on a slow network still gets an answer. */
const browserTimeoutMs = 15_000;

/** The store API as the browser reaches it. */
export function useStoreApi(): StoreApi {
  const { storeApiUrl, storeId } = usePublicEnvironment();
  return useMemo(
    () => createStoreApi({ baseUrl: storeApiUrl, storeId, timeoutMs: browserTimeoutMs }),
    [storeApiUrl, storeId],
  );
}
