import heroImage from "~/assets/images/hero.svg?url";
import { DutiesNote } from "~/components/product/duties-note";
import { RatingStars } from "~/components/product/rating-stars";
import { site } from "~/content/site";
import type { HomeCopy } from "~/content/types";
import type { DisplayPrice } from "~/lib/money";
import type { RatingLine } from "~/lib/shop-rating";

/**
 * The home page's hero: 'Order Now', the flagship's price from the catalogue and the rating line. Nepal's
 * home says the price in words ("1,200 rupees"), another market's home as its cards do, in its currency;
 * none when the store could not say. Beside it, the duties note when the market's prices leave the tax out.
 * The rating line states the fixed figures, or the measured ones the owner chose (`homeRatingLine`); none
 * when the measured rating has no review yet.
 */
export function HomeHero({
  copy,
  price,
  pricesIncludeTax,
  rating,
}: {
  copy: Pick<HomeCopy, "heroTitle" | "heroSubtitle">;
  price: DisplayPrice | null;
  pricesIncludeTax: boolean;
  rating: RatingLine | null;
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
          {rating === null ? null : (
            <p className="mt-5 flex items-center gap-2 text-bark" data-testid="hero-rating">
              <RatingStars rating={rating.stars} />
              <span>
                <strong className="text-resin">{rating.score}</strong> from {rating.from}
              </span>
            </p>
          )}
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
