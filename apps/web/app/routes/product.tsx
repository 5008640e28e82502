import { data, Link } from "react-router";
import { quantityPriceLabel } from "@herbo/hosted-api";
import { ProductDetail } from "~/components/product/product-detail";
import { ProductReviewsSection } from "~/components/product/product-reviews";
import { site } from "~/content/site";
import { displayedVariant, variantPrice } from "~/lib/money";
import { htmlToText, sanitizeHtmlInTurn } from "~/lib/sanitize.server";
import { marketAlternateLinks, marketOf, marketOfUrl, marketPath, pricedForMarket, useMarket } from "~/lib/markets";
import { documentTitle, pageMeta, renderYearOf, siteUrlOf, truncateText, type PageMetaInput } from "~/lib/seo/meta";
import { productJsonLd } from "~/lib/seo/product-structured-data";
import { breadcrumbJsonLd } from "~/lib/seo/page-structured-data";
import type { Product } from "~/lib/store-api/types";
import { storeApiFor } from "~/lib/store-api/context.server";
import { loadShipping } from "~/lib/store-api/shipping-rates.server";
import { pricesIncludeTax } from "~/lib/market-tax";
import { marketShippingRate, shippingLine } from "~/lib/shop-offer/shipping";
import { productMessageOf, statusForStoreError } from "~/lib/store-api/load-error.server";
import type { Route } from "./+types/product";
import { messages } from "~/content/messages";
import { healthDisclaimerFor } from "~/content/health-disclaimer.server";
import { noReviews, reviewPageOf, reviewsParameter } from "~/lib/product-reviews";

/** The product page's meta description is cut at 160 characters (docs/storefront.md#product-page). */
export const metaDescriptionLength = 160;

export async function loader({ params, context, request, url }: Route.LoaderArgs) {
  const market = marketOfUrl(url);
  const storeApi = storeApiFor(context);
  // The structured data's shipping and the duties note's tax setting, in one call the store API caches,
  // asked at the same time; it never fails (null: no rate stated, the contract's tax flag).
  const shippingCall = loadShipping(storeApi, request.signal);
  // `?reviews=N` asks for a later page of reviews (the first comes with the product), beside the product call.
  // It never fails the page: null when the store could not answer it.
  const reviewPage = reviewPageOf(url.searchParams.get(reviewsParameter));
  const laterReviewsCall =
    reviewPage === 1
      ? null
      : storeApi.getReviewPage(params.id, reviewPage, request.signal).then(
          (page) => page,
          () => null,
        );
  try {
    // Priced for the page's market: its currency's price, else the store's first; the store is asked for that
    // price only, so the page's data carries one price per variant rather than every market's.
    const product = pricedForMarket(
      await storeApi.getProductWithStock(params.id, request.signal, market.currencyCode),
      market,
    );
    const descriptionHtml = await sanitizeHtmlInTurn(product.descriptionHtml);
    const sections: { title: string; descriptionHtml: string }[] = [];
    for (const section of product.sections) {
      sections.push({ title: section.title, descriptionHtml: await sanitizeHtmlInTurn(section.descriptionHtml) });
    }
    // Only the rates the offer can state (its currency's) travel with the page's data.
    const offerCurrency = displayedVariant(product)?.currency.code.toUpperCase();
    const shipping = await shippingCall;
    const shippingRates = shipping?.rates.filter((rate) => rate.currency === offerCurrency) ?? null;
    // The market's own rate beside the price, in the price's currency: what checkout adds to this cart.
    const marketRate = shippingRates === null ? undefined : marketShippingRate(shippingRates, market);
    // The page of reviews shown, which the structured data describes too: the one asked for, else the newest
    // (a page past the last has none to show, and one that could not be loaded is said so).
    const laterReviews = laterReviewsCall === null ? null : await laterReviewsCall;
    const reviewsFailed = laterReviewsCall !== null && laterReviews === null;
    const details =
      product.details === undefined
        ? undefined
        : {
            ...product.details,
            reviews: laterReviews !== null && laterReviews.reviews.length > 0 ? laterReviews : product.details.reviews,
          };
    return data(
      {
        product: { ...product, descriptionHtml, sections, details },
        // Each variant's price as the page writes it, so the browser draws them without Intl (lib/money.ts).
        variantPrices: Object.fromEntries(product.variants.map((variant) => [variant.id, variantPrice(variant)])),
        metaDescription: truncateText(
          htmlToText(descriptionHtml) || product.subtitle || product.title,
          metaDescriptionLength,
        ),
        shippingRates,
        shippingLine: marketRate === undefined ? null : shippingLine(marketRate),
        // The market's quantity prices for this product, as checkout applies them ("Buy 2, save 10 %").
        quantityOffers: (shipping?.quantityPrices[market.code]?.[product.id] ?? []).map(quantityPriceLabel),
        pricesIncludeTax: pricesIncludeTax(market, shipping),
        healthDisclaimer: healthDisclaimerFor(market),
        reviewsFailed,
        error: null,
      },
      // Without the rates or the reviews asked for, the page is right but incomplete: the next request asks again.
      shippingRates === null || reviewsFailed ? { headers: { "Cache-Control": "no-store" } } : undefined,
    );
  } catch (error) {
    return data(
      {
        product: null,
        variantPrices: {},
        metaDescription: null,
        shippingRates: null,
        shippingLine: null,
        quantityOffers: [],
        pricesIncludeTax: market.pricesIncludeTax,
        healthDisclaimer: null,
        reviewsFailed: false,
        error: productMessageOf(error),
      },
      { status: statusForStoreError(error), headers: { "Cache-Control": "no-store" } },
    );
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches, params, location }: Route.MetaArgs) {
  const siteUrl = siteUrlOf(matches);
  const market = marketOf(location.pathname);
  const product = loaderData?.product;
  if (product === null || product === undefined) {
    return pageMeta({
      siteUrl,
      path: marketPath(market, `/product/${params.id}`),
      title: `Product unavailable | ${site.brand}`,
      description: "This product could not be loaded.",
      noindex: true,
    });
  }
  const description = loaderData?.metaDescription ?? product.title;
  const productPath = `/product/${encodeURIComponent(product.id)}`;
  const path = marketPath(market, productPath);
  return [
    ...pageMeta({
      siteUrl,
      path,
      title: product.title,
      documentTitle: documentTitle(product.title),
      description,
      type: "product",
      ...socialImageOf(product),
    }),
    ...marketAlternateLinks(siteUrl, productPath),
    {
      "script:ld+json": productJsonLd(product, {
        siteUrl,
        year: renderYearOf(matches),
        description,
        path,
        shippingRates: loaderData?.shippingRates ?? null,
      }),
    },
    {
      "script:ld+json": breadcrumbJsonLd(siteUrl, [
        { name: "Home", path: marketPath(market, "/") },
        { name: "Store", path: marketPath(market, "/store") },
        { name: product.title, path },
      ]),
    },
  ];
}

/**
 * The picture a shared link shows: the product's own social card, else its first picture when that is a
 * raster image (social networks show no SVG previews), else the brand's card.
 */
function socialImageOf(product: Product): Pick<PageMetaInput, "image" | "imageSize" | "imageAlt"> {
  // The card is drawn from the first picture: its alt text says what the card shows.
  const alt = product.images[0]?.alt ?? product.title;
  if (product.socialImage !== null) {
    const { url, width, height } = product.socialImage;
    return { image: url, imageSize: width === null || height === null ? null : { width, height }, imageAlt: alt };
  }
  const first = product.images[0]?.url;
  if (first !== undefined && !/\.svg(\?|$)/i.test(first)) return { image: first, imageSize: null, imageAlt: alt };
  return {};
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const market = useMarket();
  if (loaderData.product === null) {
    return (
      <section className="container-page py-24 text-center">
        <h1 className="sr-only">Product unavailable</h1>
        <p role="alert" className="text-xl font-semibold text-danger">
          {messages.productError(loaderData.error)}
        </p>
        <Link to={marketPath(market, "/store")} className="button-outline mt-8">
          Go back to store
        </Link>
      </section>
    );
  }
  return (
    <>
      <ProductDetail
        key={loaderData.product.id}
        product={loaderData.product}
        variantPrices={loaderData.variantPrices}
        pricesIncludeTax={loaderData.pricesIncludeTax}
        shippingLine={loaderData.shippingLine}
        quantityOffers={loaderData.quantityOffers}
        healthDisclaimer={loaderData.healthDisclaimer}
      />
      <ProductReviewsSection
        reviews={loaderData.product.details?.reviews ?? noReviews}
        olderPagesFailed={loaderData.reviewsFailed}
      />
    </>
  );
}
