import {
  FeatureSection,
  LandingHero,
  LandingIntro,
  OrderNowSection,
  TestimonialSection,
} from "~/components/content/landing-sections";
import { findCountry } from "~/content/countries";
import { landingAlternateLinks } from "~/content/landing-alternates";
import { site } from "~/content/site";
import { pageMeta, renderYearOf, siteUrlOf } from "~/lib/seo/meta";
import { countryProductJsonLd } from "~/lib/seo/structured-data";
import type { Route } from "./+types/country";

/** One module serves the five /shilajit-in-{slug} routes; the slug comes from the path. */
export function loader({ request }: Route.LoaderArgs) {
  const slug = /^\/shilajit-in-([a-z]+)\/?$/.exec(new URL(request.url).pathname)?.[1] ?? "";
  return { country: findCountry(slug) ?? null };
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
    { "script:ld+json": countryProductJsonLd(country, { siteUrl, year: renderYearOf(matches) }) },
  ];
}

export default function CountryLandingPage({ loaderData }: Route.ComponentProps) {
  const { country } = loaderData;
  // SPEC §2: a missing record renders nothing.
  if (country === null) return null;
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
        text={`${country.currency} ${country.price} per jar, with tracked international shipping and our 100% satisfaction guarantee.`}
      />
    </>
  );
}
