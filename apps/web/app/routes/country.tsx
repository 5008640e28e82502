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
import { flagshipPrice } from "~/lib/flagship";
import { defaultMarket, marketPath, pricedForMarket } from "~/lib/markets";
import { pageMeta, renderYearOf, siteUrlOf } from "~/lib/seo/meta";
import { countryProductJsonLd, type CataloguePrice } from "~/lib/seo/structured-data";
import { cardProductOf } from "~/lib/store-api";
import { storeApiFor } from "~/lib/store-api/context.server";
import { loadShipping } from "~/lib/store-api/shipping-rates.server";
import { pricesIncludeTax } from "~/lib/market-tax";
import { deliveredIn } from "~/lib/shop-offer/shipping";
import type { ShippingRate, StoreShipping } from "~/lib/store-api/types";
import type { Route } from "./+types/country";

/**
 * One module serves the five /shilajit-in-{slug} routes; the slug comes from the path. The page quotes
 * the flagship product's price from the live catalogue in its market's currency, and its structured
 * data the store's delivery rate to the country, so it renders on the server (cached by URL like
 * /store) instead of at build time. When the store cannot answer, the page still renders, without the
 * price line or an offer (or without the offer's shipping), and that answer is not cached.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const slug = /^\/shilajit-in-([a-z]+)\/?$/.exec(new URL(request.url).pathname)?.[1] ?? "";
  const country = findCountry(slug) ?? null;
  if (country === null)
    return data({
      country,
      price: null as CataloguePrice | null,
      priceText: null as string | null,
      shipping: null as ShippingRate | null,
      pricesIncludeTax: true,
      healthDisclaimer: null as string | null,
    });
  const market = marketOfCountry(country.countryCode) ?? defaultMarket;
  const storeApi = storeApiFor(context);
  // Asked at the same time as the products; it never fails (null when the store cannot say). It also says
  // whether the market's prices include tax, for the duties note.
  const shippingCall = loadShipping(storeApi, request.signal);
  const shippingOf = (shipping: StoreShipping | null) =>
    shipping === null ? null : (shippingRateFor(shipping.rates, country.countryCode) ?? null);
  const uncached = { headers: { "Cache-Control": "no-store" } };
  try {
    const list = await storeApi.listProducts({}, request.signal);
    const quoted = flagshipPrice(list.products.map((product) => cardProductOf(pricedForMarket(product, market))));
    const price: CataloguePrice | null =
      quoted === null
        ? null
        : {
            amount: quoted.amount,
            currency: quoted.currency.code.toUpperCase(),
            decimalDigits: quoted.currency.decimalDigits,
          };
    // The catalogue's price, written as every other price in the shop ("$29.99", "₹1,499.00"): the same
    // amount as the offer's, so page and structured data cannot disagree.
    const priceText = quoted === null ? null : quoted.display.price;
    const shipping = await shippingCall;
    return data(
      {
        country,
        price,
        priceText,
        shipping: shippingOf(shipping),
        pricesIncludeTax: pricesIncludeTax(market, shipping),
        healthDisclaimer: healthDisclaimerFor(market),
      },
      shipping === null ? uncached : undefined,
    );
  } catch {
    const shipping = await shippingCall;
    return data(
      {
        country,
        price: null,
        priceText: null,
        shipping: shippingOf(shipping),
        pricesIncludeTax: pricesIncludeTax(market, shipping),
        healthDisclaimer: healthDisclaimerFor(market),
      },
      uncached,
    );
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const country = loaderData?.country;
  if (country === null || country === undefined) return [];
  const siteUrl = siteUrlOf(matches);
  return [
    ...pageMeta({
      siteUrl,
      path: `/shilajit-in-${country.slug}`,
      title: country.metaTitle,
      description: country.metaDescription,
      type: "product",
    }),
    ...landingAlternateLinks(siteUrl),
    {
      "script:ld+json": countryProductJsonLd(country, {
        siteUrl,
        year: renderYearOf(matches),
        price: loaderData?.price ?? null,
        shipping: loaderData?.shipping ?? null,
      }),
    },
  ];
}

export default function CountryLandingPage({ loaderData }: Route.ComponentProps) {
  const { country, priceText, shipping, pricesIncludeTax: taxIncluded } = loaderData;
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
      />
      <LandingIntro title={country.introTitle} text={country.introText} />
      <FeatureSection
        id="benefits-heading"
        title="Key Benefits for You"
        features={country.benefits}
        stagger
        tone="sand"
      />
      <FeatureSection
        id="why-heading"
        title={`Why Choose ${site.brand} in ${country.country}?`}
        features={country.whyChoose}
      />
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
