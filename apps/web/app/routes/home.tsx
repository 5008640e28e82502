import { HealthDisclaimer } from "~/components/content/health-disclaimer";
import { healthDisclaimerFor } from "~/content/health-disclaimer.server";
import { data, Link } from "react-router";
import { FeatureCard } from "~/components/content/feature-card";
import { HomeHero } from "~/components/content/home-hero";
import { ServerDrawn } from "~/components/layout/server-drawn";
import { revealCardsWithin } from "~/hooks/use-reveal-on-scroll";
import { ProductGrid, type ProductListState } from "~/components/product/product-grid";
import { aboutGuarantee, aboutPriceCopy, home } from "~/content/home";
import { site } from "~/content/site";
import { flagshipPrice, type QuotedPrice } from "~/lib/flagship";
import {
  defaultMarket,
  marketAlternateLinks,
  marketOf,
  marketOfUrl,
  marketPath,
  pricedForMarket,
  useMarket,
  type Market,
} from "~/lib/markets";
import type { DisplayPrice } from "~/lib/money";
import { pageMeta, siteUrlOf } from "~/lib/seo/meta";
import { organizationJsonLd, webSiteJsonLd } from "~/lib/seo/page-structured-data";
import { cardProductOf } from "~/lib/store-api";
import { storeApiFor } from "~/lib/store-api/context.server";
import { loadShipping } from "~/lib/store-api/shipping-rates.server";
import { pricesIncludeTax } from "~/lib/market-tax";
import { homeRatingLine, ratingStatement, stateRating, type RatingLine } from "~/lib/shop-rating";
import { priceInCopy, rupeesInWords, statePrice } from "~/lib/stated-price";
import { messageOf } from "~/lib/store-api/load-error.server";
import type { Route } from "./+types/home";

/**
 * What a market home loads on the server: its grid, the flagship's price for the hero and the About text,
 * whether the market's prices include tax as the store last said, for the duties note, and the rating line.
 */
interface MarketCatalogue {
  state: ProductListState;
  heroPrice: DisplayPrice | null;
  pricesIncludeTax: boolean;
  rating: RatingLine | null;
}

/**
 * Every market's home renders on the server, Nepal's (`/`) included: its hero and About text quote the
 * flagship's price from the catalogue in the market's currency, never a copied figure, so a price the owner
 * changes shows here within the page cache's second. The grid arrives with the page, so nothing below the
 * hero moves while the shopper scrolls to it. A store that cannot answer leaves the page without the
 * price, showing the grid's error, and that answer is not cached.
 */
export async function loader({ context, request, url }: Route.LoaderArgs) {
  const market = marketOfUrl(url);
  const storeApi = storeApiFor(context);
  // The store API's cached shipping answer, asked beside the list; it never fails (null: the contract's flag).
  const shippingCall = loadShipping(storeApi, request.signal);
  try {
    const list = await storeApi.listProducts({ priceCurrency: market.currencyCode }, request.signal);
    const products = list.products.map((product) => cardProductOf(pricedForMarket(product, market)));
    const quoted = flagshipPrice(products);
    const shipping = await shippingCall;
    // The fixed figures, or the measured ones when the owner chose them (the store's shipping answer says).
    const rating = ratingStatement(shipping?.rating);
    const catalogue: MarketCatalogue = {
      state: { status: "loaded", products },
      heroPrice: quoted === null ? null : heroPriceOf(market, quoted),
      pricesIncludeTax: pricesIncludeTax(market, shipping),
      rating: homeRatingLine(rating),
    };
    const about = [
      ...home.aboutParagraphs,
      `${statePrice(aboutPriceCopy(market), quoted && priceInCopy(quoted))} ${stateRating(aboutGuarantee, rating)}`,
    ];
    return data(
      { copy: home, about, catalogue, healthDisclaimer: healthDisclaimerFor(market) },
      shipping === null ? { headers: { "Cache-Control": "no-store" } } : undefined,
    );
  } catch (error) {
    const shipping = await shippingCall;
    const rating = ratingStatement(shipping?.rating);
    const catalogue: MarketCatalogue = {
      state: { status: "error", message: messageOf(error) },
      heroPrice: null,
      pricesIncludeTax: pricesIncludeTax(market, shipping),
      rating: homeRatingLine(rating),
    };
    const about = [
      ...home.aboutParagraphs,
      `${statePrice(aboutPriceCopy(market), null)} ${stateRating(aboutGuarantee, rating)}`,
    ];
    return data(
      { copy: home, about, catalogue, healthDisclaimer: healthDisclaimerFor(market) },
      { headers: { "Cache-Control": "no-store" } },
    );
  }
}

/** The hero's price: Nepal's home says it in words ("1,200 rupees"), the others as their cards do. */
function heroPriceOf(market: Market, quoted: QuotedPrice): DisplayPrice {
  if (market.code !== defaultMarket.code) return quoted.display;
  return {
    price: rupeesInWords(quoted.amount),
    regularPrice: quoted.regularAmount === null ? null : rupeesInWords(quoted.regularAmount),
  };
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches, location }: Route.MetaArgs) {
  const siteUrl = siteUrlOf(matches);
  return [
    ...pageMeta({
      siteUrl,
      path: marketPath(marketOf(location.pathname), "/"),
      title: loaderData?.copy.metaTitle ?? site.brand,
      description: loaderData?.copy.metaDescription ?? site.tagline,
    }),
    ...marketAlternateLinks(siteUrl, "/"),
    { "script:ld+json": organizationJsonLd(siteUrl) },
    { "script:ld+json": webSiteJsonLd(siteUrl) },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { copy, about, catalogue } = loaderData;
  const market = useMarket();
  return (
    <>
      <HomeHero
        copy={copy}
        price={catalogue.heroPrice}
        pricesIncludeTax={catalogue.pricesIncludeTax}
        rating={catalogue.rating}
      />

      {/* The about and benefits sections answer no taps, so they are kept as the server drew them instead
          of being hydrated: over 40 % of the elements the home page would otherwise hydrate. */}
      <ServerDrawn
        as="section"
        id="about"
        labelledBy="about-heading"
        className="container-page grid gap-10 py-16 md:grid-cols-5 md:py-24"
        drawnFrom={loaderData}
        whileKept={revealCardsWithin}
      >
        <div className="md:col-span-3">
          <h2 id="about-heading" className="text-3xl font-bold sm:text-4xl">
            {copy.aboutTitle}
          </h2>
          {about.map((paragraph) => (
            <p key={paragraph.slice(0, 40)} className="mt-4 text-lg leading-relaxed text-bark">
              {paragraph}
            </p>
          ))}
        </div>
        <ul className="grid gap-4 md:col-span-2">
          {copy.aboutHighlights.map((feature) => (
            <FeatureCard key={feature.title} feature={feature} />
          ))}
        </ul>
      </ServerDrawn>

      <ServerDrawn
        as="section"
        id="benefits"
        labelledBy="benefits-heading"
        className="bg-sand py-16 md:py-24"
        drawnFrom={loaderData}
        whileKept={revealCardsWithin}
      >
        <div className="container-page">
          <h2 id="benefits-heading" className="text-center text-3xl font-bold sm:text-4xl">
            Top 10 Benefits
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-center text-bark">
            What people have traditionally valued shilajit for, and what early research is exploring.
          </p>
          <ol className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-5" data-testid="benefits">
            {copy.benefits.map((feature, index) => (
              <FeatureCard key={feature.title} feature={feature} index={index} staggerSeconds={0.05} />
            ))}
          </ol>
          {loaderData.healthDisclaimer === null ? null : <HealthDisclaimer text={loaderData.healthDisclaimer} />}
        </div>
      </ServerDrawn>

      <section id="products" aria-labelledby="products-heading" className="container-page scroll-mt-20 py-16 md:py-24">
        <h2 id="products-heading" className="text-center text-3xl font-bold sm:text-4xl">
          Our Products
        </h2>
        <div className="mt-10">
          <ProductGrid state={catalogue.state} />
        </div>
        <div className="mt-10 text-center">
          <Link to={marketPath(market, "/store")} className="button-outline">
            View All Products
          </Link>
        </div>
      </section>
    </>
  );
}
