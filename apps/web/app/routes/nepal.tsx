import { data } from "react-router";
import { FaqAccordion } from "~/components/content/faq-accordion";
import {
  FeatureSection,
  LandingHero,
  LandingIntro,
  OrderNowSection,
  TestimonialSection,
} from "~/components/content/landing-sections";
import { landingAlternateLinks } from "~/content/landing-alternates";
import { nepal } from "~/content/nepal";
import { shippingRateFor } from "~/content/shipping";
import { site } from "~/content/site";
import { flagshipProduct } from "~/lib/flagship";
import { defaultMarket } from "~/lib/markets";
import { yearIn } from "~/lib/calendar";
import { serverEnvironment } from "~/lib/env.server";
import { pageMeta, siteUrlOf } from "~/lib/seo/meta";
import { cataloguePriceOf, flagshipPriceIn, priceInCopy, statePrice } from "~/lib/stated-price";
import { faqJsonLd, nepalProductJsonLd } from "~/lib/seo/structured-data";
import { storeApiFor } from "~/lib/store-api/context.server";
import { deliveredIn } from "~/lib/shop-offer/shipping";
import { featureWithRating, landingRating, landingRatingLine, ratingStatement } from "~/lib/shop-rating";
import { loadShipping } from "~/lib/store-api/shipping-rates.server";
import type { Route } from "./+types/nepal";

/**
 * The page states the flagship's rupee price from the catalogue (its hero, order section, description and
 * structured data's offer) and the store's delivery rate to Nepal, both of which the owner may change, so
 * it renders on the server (cached by URL like the country pages) instead of at build time. When the store
 * cannot answer, the page reads without a price (and its offer without shipping), and is not cached. The
 * shipping answer also says which rating the page states: the fixed one in its structured data and its card, or
 * the measured one, which the page then shows in its hero too, with a link to the flagship's reviews. The
 * structured data is built here, on the server, so the page's scripts do not carry its builders.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const storeApi = storeApiFor(context);
  const shippingCall = loadShipping(storeApi, request.signal);
  const list = await storeApi.listProducts({}, request.signal).catch(() => null);
  const price = list === null ? null : flagshipPriceIn(list.products, defaultMarket);
  const storeShipping = await shippingCall;
  const shipping = storeShipping === null ? null : (shippingRateFor(storeShipping.rates, "NP") ?? null);
  // The rating the page states: in its structured data, its rating line and its card that names it.
  const statement = ratingStatement(storeShipping?.rating);
  const page = {
    ...nepal,
    heroSubtitle: statePrice(nepal.heroSubtitle, price && priceInCopy(price)),
    orderNowText: statePrice(nepal.orderNowText, price && priceInCopy(price)),
    metaDescription: statePrice(nepal.metaDescription, price && priceInCopy(price)),
    whyChoose: nepal.whyChoose.map((feature) => featureWithRating(feature, statement)),
  };
  const productJsonLd = nepalProductJsonLd({
    siteUrl: serverEnvironment().siteUrl,
    year: yearIn(site.timeZone, new Date()),
    description: page.metaDescription,
    price: price === null ? null : cataloguePriceOf(price),
    shipping,
    rating: landingRating(statement, site.rating.nepalReviewCount),
  });
  const flagshipId = (list === null ? undefined : flagshipProduct(list.products)?.id) ?? site.flagshipProductId;
  return data(
    {
      page,
      shipping,
      ratingLine: landingRatingLine(statement, defaultMarket, flagshipId),
      structuredData: [...(productJsonLd === null ? [] : [productJsonLd]), faqJsonLd(page.faq)],
    },
    shipping === null || price === null ? { headers: { "Cache-Control": "no-store" } } : undefined,
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const page = loaderData?.page;
  if (page === undefined) return [];
  const siteUrl = siteUrlOf(matches);
  return [
    ...pageMeta({
      siteUrl,
      path: "/shilajit-nepal",
      title: page.metaTitle,
      description: page.metaDescription,
      type: "product",
    }),
    ...landingAlternateLinks(siteUrl),
    ...loaderData.structuredData.map((item) => ({ "script:ld+json": item })),
  ];
}

export default function NepalLandingPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <>
      <LandingHero
        flag={page.flag}
        place={"Nepal"}
        title={page.heroTitle}
        subtitle={page.heroSubtitle}
        rating={loaderData.ratingLine}
      />
      <LandingIntro title={page.introTitle} text={page.introText} />
      <FeatureSection id="benefits" title={page.benefitsTitle} features={page.benefits} stagger tone="sand" />
      <FeatureSection id="why" title={page.whyChooseTitle} features={page.whyChoose} />
      <TestimonialSection title="What Our Customers in Nepal Say" testimonials={page.testimonials} />
      <section aria-labelledby="faq-heading" className="container-page max-w-3xl py-16">
        <h2 id="faq-heading" className="text-center text-3xl font-bold sm:text-4xl">
          Frequently Asked Questions
        </h2>
        <div className="mt-10">
          <FaqAccordion items={page.faq} />
        </div>
      </section>
      <OrderNowSection
        title="Order Shilajit Anywhere in Nepal"
        text={page.orderNowText}
        delivery={loaderData.shipping === null ? null : deliveredIn(loaderData.shipping)}
      />
    </>
  );
}
