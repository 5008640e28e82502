import { HealthDisclaimer } from "~/components/content/health-disclaimer";
import { healthDisclaimerFor } from "~/content/health-disclaimer.server";
import { dutiesNote, marketOfCountry } from "@herbo/hosted-api";
import { data } from "react-router";
import {
  FeatureSection,
  LandingHero,
  LandingIntro,
  OrderNowSection,
  TestimonialSection,
} from "~/components/content/landing-sections";
import { findCountry } from "~/content/countries";
import { shippingRateFor } from "~/content/shipping";
import { landingAlternateLinks } from "~/content/landing-alternates";
import { site } from "~/content/site";
import { flagshipPrice, flagshipProduct } from "~/lib/flagship";
import { defaultMarket, marketPath, pricedForMarket } from "~/lib/markets";
import { yearIn } from "~/lib/calendar";
import { serverEnvironment } from "~/lib/env.server";
import { pageMeta, siteUrlOf } from "~/lib/seo/meta";
import { countryProductJsonLd, type JsonLd } from "~/lib/seo/structured-data";
import { cataloguePriceOf } from "~/lib/stated-price";
import { cardProductOf } from "~/lib/store-api";
import { storeApiFor } from "~/lib/store-api/context.server";
import { loadShipping } from "~/lib/store-api/shipping-rates.server";
import { pricesIncludeTax } from "~/lib/market-tax";
import { deliveredIn } from "~/lib/shop-offer/shipping";
import {
  featureWithRating,
  landingRating,
  landingRatingLine,
  ratingStatement,
  type ShownRating,
} from "~/lib/shop-rating";
import type { ShippingRate } from "~/lib/store-api/types";
import type { CountryLanding } from "~/content/types";
import type { Route } from "./+types/country";

/**
 * One module serves the five /shilajit-in-{slug} routes; the slug comes from the path. The page quotes
 * the flagship product's price from the live catalogue in its market's currency, and its structured
 * data the store's delivery rate to the country, so it renders on the server (cached by URL like
 * /store) instead of at build time. When the store cannot answer, the page still renders, without the
 * price line or an offer (or without the offer's shipping), and that answer is not cached. The shipping answer
 * also says which rating the page states: the fixed one in its structured data, or the measured one, which the
 * page then shows too, with a link to the flagship's reviews. The structured data is built here, on the server,
 * so the page's scripts do not carry its builder.
 */
export async function loader({ request, context, url }: Route.LoaderArgs) {
  const slug = /^\/shilajit-in-([a-z]+)\/?$/.exec(url.pathname)?.[1] ?? "";
  const country = findCountry(slug) ?? null;
  if (country === null)
    return data({
      country,
      priceText: null as string | null,
      shipping: null as ShippingRate | null,
      pricesIncludeTax: true,
      healthDisclaimer: null as string | null,
      ratingLine: null as ShownRating | null,
      productJsonLd: null as JsonLd | null,
    });
  const market = marketOfCountry(country.countryCode) ?? defaultMarket;
  const storeApi = storeApiFor(context);
  // Asked at the same time as the products; it never fails (null when the store cannot say). It also says
  // whether the market's prices include tax, for the duties note.
  const shippingCall = loadShipping(storeApi, request.signal);
  const list = await storeApi.listProducts({}, request.signal).catch(() => null);
  const quoted =
    list === null
      ? null
      : flagshipPrice(list.products.map((product) => cardProductOf(pricedForMarket(product, market))));
  const storeShipping = await shippingCall;
  const shipping = storeShipping === null ? null : (shippingRateFor(storeShipping.rates, country.countryCode) ?? null);
  // The rating the page states: in its structured data, its rating line and its card that names it.
  const statement = ratingStatement(storeShipping?.rating);
  const productJsonLd = countryProductJsonLd(country, {
    siteUrl: serverEnvironment().siteUrl,
    year: yearIn(site.timeZone, new Date()),
    price: quoted === null ? null : cataloguePriceOf(quoted),
    shipping,
    rating: landingRating(statement, site.rating.countryReviewCount),
  });
  return data(
    {
      country: {
        ...country,
        whyChoose: country.whyChoose.map((feature) =>
          featureWithRating(feature, statement),
        ) as CountryLanding["whyChoose"],
      },
      // The catalogue's price, written as every other price in the shop ("$29.99", "₹1,499.00"): the same
      // amount as the offer's, so page and structured data cannot disagree.
      priceText: quoted === null ? null : quoted.display.price,
      shipping,
      pricesIncludeTax: pricesIncludeTax(market, storeShipping),
      healthDisclaimer: healthDisclaimerFor(market),
      ratingLine: landingRatingLine(
        statement,
        market,
        (list === null ? undefined : flagshipProduct(list.products)?.id) ?? site.flagshipProductId,
      ),
      productJsonLd,
    },
    list === null || storeShipping === null ? { headers: { "Cache-Control": "no-store" } } : undefined,
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const country = loaderData?.country;
  if (country === null || country === undefined) return [];
  const siteUrl = siteUrlOf(matches);
  const product = loaderData?.productJsonLd ?? null;
  return [
    ...pageMeta({
      siteUrl,
      path: `/shilajit-in-${country.slug}`,
      title: country.metaTitle,
      description: country.metaDescription,
      type: "product",
    }),
    ...landingAlternateLinks(siteUrl),
    ...(product === null ? [] : [{ "script:ld+json": product }]),
  ];
}

export default function CountryLandingPage({ loaderData }: Route.ComponentProps) {
  const { country, priceText, shipping, pricesIncludeTax: taxIncluded, ratingLine } = loaderData;
  // A missing record renders nothing (docs/storefront.md#country-pages).
  if (country === null) return null;
  const market = marketOfCountry(country.countryCode) ?? defaultMarket;
  return (
    <>
      <LandingHero
        flag={country.flag}
        place={country.country}
        title={country.heroTitle}
        subtitle={country.heroSubtitle}
        lang={country.heroLang}
        rating={ratingLine}
      />
      <LandingIntro title={country.introTitle} text={country.introText} />
      <FeatureSection id="benefits" title="Key Benefits for You" features={country.benefits} stagger tone="sand" />
      <FeatureSection id="why" title={`Why Choose ${site.brand} in ${country.country}?`} features={country.whyChoose} />
      <TestimonialSection title={`Real Testimonials from ${country.country}`} testimonials={country.testimonials} />
      <OrderNowSection
        title={`Order ${site.brand} in ${country.country}`}
        text={
          priceText === null
            ? "Tracked international shipping and our 100% satisfaction guarantee."
            : `${priceText} per jar, with tracked international shipping and our 100% satisfaction guarantee.`
        }
        note={taxIncluded || priceText === null ? null : dutiesNote}
        orderHref={marketPath(market, "/")}
        delivery={shipping === null ? null : deliveredIn(shipping)}
      />
      {loaderData.healthDisclaimer === null ? null : (
        <div className="container-page pb-10">
          <HealthDisclaimer text={loaderData.healthDisclaimer} />
        </div>
      )}
    </>
  );
}
