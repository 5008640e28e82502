import { data } from "react-router";
import { ContactDetails } from "~/components/pages/contact-details";
import { ShippingRatesTable } from "~/components/pages/shipping-rates-table";
import { ShopPageLayout } from "~/components/pages/shop-page-layout";
import { findPage } from "~/lib/pages/pages.server";
import { shopPageMeta } from "~/lib/pages/page-meta";
import { shippingTableRows } from "~/lib/shop-offer/shipping";
import { storeApiFor } from "~/lib/store-api/context.server";
import { loadShippingRates } from "~/lib/store-api/shipping-rates.server";
import type { Route } from "./+types/shipping";

/**
 * The shipping page quotes the store's live rates, which the owner changes in the back office, so it
 * renders on the server (cached by URL like /store) instead of at build time. When the store cannot
 * answer, the page says so instead of the table, and that answer is not cached.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const rates = await loadShippingRates(storeApiFor(context), request.signal);
  const page = findPage("shipping");
  if (rates === null) return data({ page, rows: null }, { headers: { "Cache-Control": "no-store" } });
  return data({ page, rows: shippingTableRows(rates) });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return shopPageMeta(loaderData?.page, matches);
}

export default function ShippingPage({ loaderData }: Route.ComponentProps) {
  return (
    <ShopPageLayout
      page={loaderData.page}
      blocks={{ "shipping-rates": <ShippingRatesTable rows={loaderData.rows} />, contact: <ContactDetails /> }}
    />
  );
}
