import { data } from "react-router";
import { DutiesNote } from "~/components/product/duties-note";
import { ProductGrid, type ProductListState } from "~/components/product/product-grid";
import { site } from "~/content/site";
import { cardProductOf } from "~/lib/store-api";
import { storeApiFor } from "~/lib/store-api/context.server";
import { messageOf, statusForStoreError } from "~/lib/store-api/load-error.server";
import { marketAlternateLinks, marketOf, marketOfRequest, marketPath, pricedForMarket, useMarket } from "~/lib/markets";
import { pageMeta, siteUrlOf } from "~/lib/seo/meta";
import type { Route } from "./+types/store";

export async function loader({ context, request }: Route.LoaderArgs) {
  const market = marketOfRequest(request);
  try {
    const list = await storeApiFor(context).listProducts({}, request.signal);
    // The cards' fields only: the page's hydration data is about half the size with the descriptions,
    // galleries and options left out, and the server encodes less on every render. Each card is priced
    // in the page's market (issue 26): its currency's price, else the store's first.
    const products = list.products.map((product) => cardProductOf(pricedForMarket(product, market)));
    return data({ state: { status: "loaded", products } satisfies ProductListState });
  } catch (error) {
    const state: ProductListState = { status: "error", message: messageOf(error) };
    return data({ state }, { status: statusForStoreError(error), headers: { "Cache-Control": "no-store" } });
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ matches, location }: Route.MetaArgs) {
  const siteUrl = siteUrlOf(matches);
  return [
    ...pageMeta({
      siteUrl,
      path: marketPath(marketOf(location.pathname), "/store"),
      title: `Our Store: Pure Himalayan Shilajit Resin | ${site.brand}`,
      description:
        "Shop lab-tested Himalayan shilajit resin in 10 g, 20 g and 30 g jars, travel tins and value packs. Free delivery across Nepal and international shipping.",
    }),
    ...marketAlternateLinks(siteUrl, "/store"),
  ];
}

export default function Store({ loaderData }: Route.ComponentProps) {
  const market = useMarket();
  return (
    <section className="container-page py-12 md:py-16">
      <h1 className="text-center text-4xl font-bold sm:text-5xl">Our Store</h1>
      <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-bark">
        Pure Himalayan shilajit resin, purified in small batches and lab-tested for purity.
      </p>
      <DutiesNote market={market} className="mt-2 text-center text-bark" />
      <div className="mt-12">
        <ProductGrid state={loaderData.state as ProductListState} priorityCount={2} cardHeadingLevel="h2" />
      </div>
    </section>
  );
}
