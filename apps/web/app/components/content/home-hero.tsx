import heroImage from "~/assets/images/hero.svg?url";
import { DutiesNote } from "~/components/product/duties-note";
import { Icon } from "~/components/ui/icon";
import { site } from "~/content/site";
import type { HomeCopy } from "~/content/types";
import type { DisplayPrice } from "~/lib/money";

/**
 * The home page's hero: 'Order Now', the flagship's price from the catalogue and the rating line. Nepal's
 * home says the price in words ("1,200 rupees"), another market's home as its cards do, in its currency;
 * none when the store could not say. Beside it, the duties note when the market's prices leave the tax out.
 */
export function HomeHero({
  copy,
  price,
  pricesIncludeTax,
}: {
  copy: Pick<HomeCopy, "heroTitle" | "heroSubtitle">;
  price: DisplayPrice | null;
  pricesIncludeTax: boolean;
}) {
  return (
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
            {price === null ? null : (
              <p className="flex flex-wrap items-baseline gap-x-2 text-lg" data-testid="hero-price">
                <span className="font-display text-2xl font-bold">{price.price}</span>
                {price.regularPrice === null ? null : (
                  <s className="text-bark">
                    <span className="sr-only">Regular price </span>
                    {price.regularPrice}
                  </s>
                )}
              </p>
            )}
          </div>
          {price === null ? null : <DutiesNote pricesIncludeTax={pricesIncludeTax} className="mt-3 text-bark" />}
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
  );
}
