import { Link } from "react-router";
import heroImage from "~/assets/images/hero.svg?url";
import { FeatureCard } from "~/components/content/feature-card";
import { ProductGrid } from "~/components/product/product-grid";
import { useProductList } from "~/components/product/use-product-list";
import { Icon } from "~/components/ui/icon";
import { home } from "~/content/home";
import { site } from "~/content/site";
import { pageMeta, siteUrlOf } from "~/lib/seo/meta";
import { organizationJsonLd, webSiteJsonLd } from "~/lib/seo/structured-data";
import type { Route } from "./+types/home";

export function loader() {
  return { copy: home };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const siteUrl = siteUrlOf(matches);
  return [
    ...pageMeta({
      siteUrl,
      path: "/",
      title: loaderData?.copy.metaTitle ?? site.brand,
      description: loaderData?.copy.metaDescription ?? site.tagline,
    }),
    { "script:ld+json": organizationJsonLd(siteUrl) },
    { "script:ld+json": webSiteJsonLd(siteUrl) },
  ];
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { copy } = loaderData;
  const products = useProductList();
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-cream to-sand">
        <div className="container-page grid items-center gap-10 py-12 md:grid-cols-2 md:py-20">
          <div>
            <p className="mb-3 text-sm font-semibold tracking-widest text-gold-dark uppercase">{site.tagline}</p>
            <h1 className="text-4xl leading-tight font-bold sm:text-5xl lg:text-6xl">{copy.heroTitle}</h1>
            <p className="mt-5 max-w-xl text-lg text-bark">{copy.heroSubtitle}</p>
            <div className="mt-8 flex flex-wrap items-center gap-5">
              <a href="#products" className="button-primary px-8 py-4 text-lg">
                Order Now
              </a>
              <p className="text-lg">
                <span className="font-display text-2xl font-bold">
                  {site.heroPrice} {site.heroCurrencyWord}
                </span>
              </p>
            </div>
            <p className="mt-5 flex items-center gap-2 text-bark">
              <span className="flex text-gold" aria-hidden="true">
                {[1, 2, 3, 4, 5].map((star) => (
                  <Icon key={star} name="star" size={18} filled />
                ))}
              </span>
              <span>
                <strong className="text-resin">
                  {site.rating.value}/{site.rating.best}
                </strong>{" "}
                from {site.rating.homeCountText} reviews
              </span>
            </p>
          </div>
          <img
            src={heroImage}
            alt="A jar of Herbo Shilajit resin in front of Himalayan peaks at dawn"
            width={1200}
            height={900}
            fetchPriority="high"
            className="w-full rounded-3xl shadow-xl"
          />
        </div>
      </section>

      <section
        id="about"
        aria-labelledby="about-heading"
        className="container-page grid gap-10 py-16 md:grid-cols-5 md:py-24"
      >
        <div className="md:col-span-3">
          <h2 id="about-heading" className="text-3xl font-bold sm:text-4xl">
            {copy.aboutTitle}
          </h2>
          {copy.aboutParagraphs.map((paragraph) => (
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
      </section>

      <section aria-labelledby="benefits-heading" className="bg-sand py-16 md:py-24">
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
        </div>
      </section>

      <section id="products" aria-labelledby="products-heading" className="container-page scroll-mt-20 py-16 md:py-24">
        <h2 id="products-heading" className="text-center text-3xl font-bold sm:text-4xl">
          Our Products
        </h2>
        <div className="mt-10">
          <ProductGrid state={products} />
        </div>
        <div className="mt-10 text-center">
          <Link to="/store" className="button-outline">
            View All Products
          </Link>
        </div>
      </section>
    </>
  );
}
