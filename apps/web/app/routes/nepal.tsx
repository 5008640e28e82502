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
import { defaultMarket } from "~/lib/markets";
import { pageMeta, renderYearOf, siteUrlOf } from "~/lib/seo/meta";
import { cataloguePriceOf, flagshipPriceIn, priceInCopy, statePrice } from "~/lib/stated-price";
import { faqJsonLd, nepalProductJsonLd } from "~/lib/seo/structured-data";
import { storeApiFor } from "~/lib/store-api/context.server";
import { deliveredIn } from "~/lib/shop-offer/shipping";
import { loadShippingRates } from "~/lib/store-api/shipping-rates.server";
import type { Route } from "./+types/nepal";

/**
 * The page states the flagship's rupee price from the catalogue (its hero, order section, description and
 * structured data's offer) and the store's delivery rate to Nepal, both of which the owner may change, so
 * it renders on the server (cached by URL like the country pages) instead of at build time. When the store
 * cannot answer, the page reads without a price (and its offer without shipping), and is not cached.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const storeApi = storeApiFor(context);
  const ratesCall = loadShippingRates(storeApi, request.signal);
  const price = await storeApi.listProducts({}, request.signal).then(
    (list) => flagshipPriceIn(list.products, defaultMarket),
    () => null,
  );
  const rates = await ratesCall;
  const shipping = rates === null ? null : (shippingRateFor(rates, "NP") ?? null);
  const page = {
    ...nepal,
    heroSubtitle: statePrice(nepal.heroSubtitle, price && priceInCopy(price)),
    orderNowText: statePrice(nepal.orderNowText, price && priceInCopy(price)),
    metaDescription: statePrice(nepal.metaDescription, price && priceInCopy(price)),
  };
  const offerPrice = price === null ? null : cataloguePriceOf(price);
  return data(
    { page, price: offerPrice, shipping },
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
    {
      "script:ld+json": nepalProductJsonLd({
        siteUrl,
        year: renderYearOf(matches),
        description: page.metaDescription,
        price: loaderData.price,
        shipping: loaderData.shipping,
      }),
    },
    { "script:ld+json": faqJsonLd(page.faq) },
  ];
}

export default function NepalLandingPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <>
      <LandingHero flag={page.flag} place={"Nepal"} title={page.heroTitle} subtitle={page.heroSubtitle} />
      <LandingIntro title={page.introTitle} text={page.introText} />
      <FeatureSection id="benefits-heading" title={page.benefitsTitle} features={page.benefits} stagger tone="sand" />
      <FeatureSection id="why-heading" title={page.whyChooseTitle} features={page.whyChoose} />
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
