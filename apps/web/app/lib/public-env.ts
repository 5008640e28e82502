import { defaultPorts, localUrl, placeholderChatPhone } from "@herbo/hosted-api/shop-defaults";
import { useMemo } from "react";
import { useRouteLoaderData } from "react-router";
import { site } from "~/content/site";
import { yearIn } from "./calendar";
import type { PublicEnvironment } from "./env.server";
import { createStoreApi, type StoreApi } from "./store-api/client";

const defaults: PublicEnvironment = {
  siteUrl: localUrl(defaultPorts.web),
  storeApiUrl: localUrl(defaultPorts.storeApi),
  storeId: "local",
  chatPhone: placeholderChatPhone,
};

/** The public settings the root loader handed to the page. */
export function usePublicEnvironment(): PublicEnvironment {
  const data = useRouteLoaderData<{ env: PublicEnvironment }>("root");
  return data?.env ?? defaults;
}

/** The current year on the shop's calendar, as the root loader counted it for this page. */
export function useRenderYear(): number {
  const data = useRouteLoaderData<{ year?: number }>("root");
  return data?.year ?? yearIn(site.timeZone, new Date());
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
