import { Link } from "react-router";
import { ServerDrawn } from "~/components/layout/server-drawn";
import { revealCardsWithin } from "~/hooks/use-reveal-on-scroll";
import introImage from "~/assets/images/intro-himalaya.svg?url";
import { site } from "~/content/site";
import type { Feature, Testimonial } from "~/content/types";
import { FeatureCard } from "./feature-card";
import { Flag } from "./flag";
import type { ShownRating } from "~/lib/shop-rating";
import { MeasuredRatingLine } from "./measured-rating";
import { TestimonialCard } from "./testimonial-card";

/** Landing-page benefit cards appear 0.1 s apart (docs/storefront.md#country-pages). */
export const landingStaggerSeconds = 0.1;

export function LandingHero({
  flag,
  place,
  title,
  subtitle,
  lang,
  rating = null,
}: {
  /** The place's flag emoji, decorative. */
  flag: string;
  place: string;
  title: string;
  subtitle: string;
  lang?: string | undefined;
  /** The measured rating the page's structured data states; none with the fixed one, which the page never showed. */
  rating?: ShownRating | null;
}) {
  return (
    <section className="bg-gradient-to-b from-resin to-resin-soft text-cream">
      <div className="container-page py-16 text-center md:py-24" lang={lang}>
        <p className="text-lg font-semibold text-gold-light">
          <Flag emoji={flag} /> {site.brand} in {place}
        </p>
        <h1 className="mx-auto mt-4 max-w-4xl text-4xl leading-tight font-bold sm:text-5xl">{title}</h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-cream/85">{subtitle}</p>
        {rating === null ? null : <MeasuredRatingLine rating={rating} lang={lang} />}
        <a href="#order-now" className="button-gold mt-8">
          Order Now
        </a>
      </div>
    </section>
  );
}

export function LandingIntro({ title, text }: { title: string; text: string }) {
  return (
    <section className="container-page grid items-center gap-10 py-16 md:grid-cols-2 md:py-20">
      <img
        src={introImage}
        alt="Dark shilajit resin seeping from a Himalayan rock face"
        width={800}
        height={600}
        className="w-full rounded-3xl shadow-lg"
      />
      <div>
        <h2 className="text-3xl font-bold sm:text-4xl">{title}</h2>
        <p className="mt-4 text-lg leading-relaxed text-bark">{text}</p>
      </div>
    </section>
  );
}

/** Columns that leave no orphan row: four cards as 2 then 4 across, six as 2 then 3, three as 3. */
export function featureColumns(count: number): string {
  if (count % 4 === 0) return "sm:grid-cols-2 lg:grid-cols-4";
  if (count % 3 === 0 && count > 3) return "sm:grid-cols-2 lg:grid-cols-3";
  return "md:grid-cols-3";
}

/**
 * A section of benefit or reason cards. Like the testimonials, it answers no taps, so it is kept as the server
 * drew it instead of hydrating (docs/decisions/032-footer-kept-as-drawn.md); its cards still rise into view.
 */
export function FeatureSection({
  id,
  title,
  features,
  stagger = false,
  tone = "plain",
}: {
  /** The section's id; its heading's is the same followed by "-heading". */
  id: string;
  title: string;
  features: readonly Feature[];
  stagger?: boolean;
  tone?: "plain" | "sand";
}) {
  const headingId = `${id}-heading`;
  return (
    <ServerDrawn
      as="section"
      id={id}
      labelledBy={headingId}
      className={tone === "sand" ? "bg-sand py-16 md:py-20" : "py-16 md:py-20"}
      drawnFrom={features}
      whileKept={revealCardsWithin}
    >
      <div className="container-page">
        <h2 id={headingId} className="text-center text-3xl font-bold sm:text-4xl">
          {title}
        </h2>
        <ul className={`mt-10 grid gap-6 ${featureColumns(features.length)}`}>
          {features.map((feature, index) => (
            <FeatureCard
              key={feature.title}
              feature={feature}
              index={index}
              staggerSeconds={stagger ? landingStaggerSeconds : 0}
            />
          ))}
        </ul>
      </div>
    </ServerDrawn>
  );
}

export function TestimonialSection({ title, testimonials }: { title: string; testimonials: readonly Testimonial[] }) {
  return (
    <ServerDrawn
      as="section"
      id="testimonials"
      labelledBy="testimonials-heading"
      className="py-16 md:py-20"
      drawnFrom={testimonials}
      whileKept={revealCardsWithin}
    >
      <div className="container-page">
        <h2 id="testimonials-heading" className="text-center text-3xl font-bold sm:text-4xl">
          {title}
        </h2>
        <ul className="mt-10 grid gap-6 md:grid-cols-3">
          {testimonials.map((testimonial, index) => (
            <TestimonialCard key={testimonial.name} testimonial={testimonial} index={index} />
          ))}
        </ul>
      </div>
    </ServerDrawn>
  );
}

export function OrderNowSection({
  title,
  text,
  note = null,
  orderHref = "/",
  delivery = null,
}: {
  title: string;
  text: string;
  /** A line under the text, such as the duties note of a price without tax. */
  note?: string | null;
  /** Where 'Order Now on Our Main Website' leads: the market's home (docs/storefront.md#markets), "/" for Nepal. */
  orderHref?: string;
  /**
   * The delivery time to the page's country from the store's rate ("Delivered in 9–17 business days"),
   * stated beside the fixed "Fast Delivery" so the promise has its figure; null when the store could not say.
   */
  delivery?: string | null;
}) {
  return (
    <section id="order-now" aria-labelledby="order-now-heading" className="container-page scroll-mt-20 py-8">
      <div className="rounded-3xl bg-resin px-6 py-12 text-center text-cream sm:px-12">
        <h2 id="order-now-heading" className="text-3xl font-bold sm:text-4xl">
          {title}
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-cream/80">{text}</p>
        {note === null ? null : (
          <p className="mx-auto mt-2 max-w-xl text-sm text-cream/80" data-testid="duties-note">
            {note}
          </p>
        )}
        <p className="mt-4 font-semibold tracking-wide text-gold-light">
          Premium Quality | Fast Delivery | Secure Checkout
        </p>
        {delivery === null ? null : (
          <p className="mt-1 text-sm text-cream/80" data-testid="delivery-time">
            {delivery}
          </p>
        )}
        <Link to={orderHref} className="button-gold mt-8 px-8 py-4 text-lg">
          Order Now on Our Main Website
        </Link>
      </div>
    </section>
  );
}
