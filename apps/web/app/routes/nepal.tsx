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
import { pageMeta, renderYearOf, siteUrlOf } from "~/lib/seo/meta";
import { faqJsonLd, nepalProductJsonLd } from "~/lib/seo/structured-data";
import { storeApiFor } from "~/lib/store-api/context.server";
import { deliveredIn } from "~/lib/shop-offer/shipping";
import { loadShippingRates } from "~/lib/store-api/shipping-rates.server";
import type { Route } from "./+types/nepal";

/**
 * The page's structured data states the store's delivery rate to Nepal (issue 28), which the owner may
 * change, so the page renders on the server (cached by URL like the country pages) instead of at build
 * time. When the store cannot answer, the offer states no shipping and that answer is not cached.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const rates = await loadShippingRates(storeApiFor(context), request.signal);
  const shipping = rates === null ? null : (shippingRateFor(rates, "NP") ?? null);
  return data({ page: nepal, shipping }, shipping === null ? { headers: { "Cache-Control": "no-store" } } : undefined);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const page = loaderData?.page ?? nepal;
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
        shipping: loaderData?.shipping ?? null,
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
        text={`Rs. ${site.heroPrice} per jar, free delivery across Nepal and cash on delivery.`}
        delivery={loaderData.shipping === null ? null : deliveredIn(loaderData.shipping)}
      />
    </>
  );
}
