import { data } from "react-router";
import { DutiesNote, TaxIncludedNote } from "~/components/product/duties-note";
import { ProductGrid, type ProductListState } from "~/components/product/product-grid";
import { site } from "~/content/site";
import { cardProductOf } from "~/lib/store-api";
import { storeApiFor } from "~/lib/store-api/context.server";
import { loadShipping } from "~/lib/store-api/shipping-rates.server";
import { pricesIncludeTax } from "~/lib/market-tax";
import { messageOf, statusForStoreError } from "~/lib/store-api/load-error.server";
import { marketAlternateLinks, marketOf, marketOfUrl, marketPath, pricedForMarket, useMarket } from "~/lib/markets";
import { pageMeta, siteUrlOf } from "~/lib/seo/meta";
import type { Route } from "./+types/store";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const market = marketOfUrl(url);
  const storeApi = storeApiFor(context);
  // The duties note follows the market's live tax setting: the store API's cached shipping answer, asked
  // beside the list; it never fails (null: the contract's flag, and the page is not cached).
  const shippingCall = loadShipping(storeApi, request.signal);
  try {
    const list = await storeApi.listProducts({ priceCurrency: market.currencyCode }, request.signal);
    // The cards' fields only: the page's hydration data is about half the size with the descriptions,
    // galleries and options left out, and the server encodes less on every render. Each card is priced
    // in the page's market: its currency's price, else the store's first. The store is asked for that price
    // only (`priceCurrency`), so it sends and the server parses a third of the list.
    const products = list.products.map((product) => cardProductOf(pricedForMarket(product, market)));
    const shipping = await shippingCall;
    return data(
      {
        state: { status: "loaded", products } satisfies ProductListState,
        pricesIncludeTax: pricesIncludeTax(market, shipping),
      },
      shipping === null ? { headers: { "Cache-Control": "no-store" } } : undefined,
    );
  } catch (error) {
    const state: ProductListState = { status: "error", message: messageOf(error) };
    return data(
      { state, pricesIncludeTax: pricesIncludeTax(market, await shippingCall) },
      { status: statusForStoreError(error), headers: { "Cache-Control": "no-store" } },
    );
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
  return (
    <section className="container-page py-12 md:py-16">
      <h1 className="text-center text-4xl font-bold sm:text-5xl">Our Store</h1>
      <p className="mx-auto mt-4 max-w-2xl text-center text-lg text-bark">
        Pure Himalayan shilajit resin, purified in small batches and lab-tested for purity.
      </p>
      <DutiesNote pricesIncludeTax={loaderData.pricesIncludeTax} className="mt-2 text-center text-bark" />
      <TaxIncludedNote
        market={useMarket()}
        pricesIncludeTax={loaderData.pricesIncludeTax}
        className="mt-2 text-center text-bark"
      />
      <div className="mt-12">
        <ProductGrid state={loaderData.state as ProductListState} priorityCount={2} cardHeadingLevel="h2" />
      </div>
    </section>
  );
}
