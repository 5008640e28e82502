import { defaultMarket, type Market } from "@herbo/hosted-api";
import { marketInSentence } from "~/lib/markets";
import type { HomeCopy, PricedCopy, RatedCopy } from "./types";

export const home: HomeCopy = {
  heroTitle: "Pure Himalayan Shilajit, Straight from Nepal",
  heroSubtitle:
    "Small-batch shilajit resin harvested from high-altitude rock in the Nepal Himalaya and tested by independent labs for purity and heavy metals.",
  aboutTitle: "About Herbo Shilajit",
  aboutParagraphs: [
    "Herbo Shilajit is a Nepal-based brand with a single focus: pure Himalayan shilajit resin. Our shilajit is harvested from high-altitude rock in the Nepal Himalaya, where this dark mineral resin forms slowly over time.",
    "We purify our resin in small batches in an ISO and GMP certified facility, and independent labs test it for purity and heavy metals. It comes in 10 g, 20 g and 30 g jars with a measuring spoon, so a daily serving of a pea-sized amount, about 250-300 mg, is easy to get right.",
  ],
  aboutHighlights: [
    {
      icon: "mountain",
      title: "Nepal Himalaya Origin",
      text: "Harvested from high-altitude rock in the Nepal Himalaya.",
    },
    {
      icon: "flask",
      title: "Independently Lab-Tested",
      text: "Checked by independent labs for purity and heavy metals.",
    },
    {
      icon: "award",
      title: "ISO and GMP Certified",
      text: "Purified in small batches in a certified facility.",
    },
  ],
  benefits: [
    {
      icon: "bolt",
      title: "Energy and Stamina",
      text: "Traditionally used as a tonic in Ayurveda, shilajit may support natural energy and stamina through busy days.",
    },
    {
      icon: "dumbbell",
      title: "Post-Workout Recovery",
      text: "Shilajit may support your body's normal recovery after exercise when combined with rest, hydration and good nutrition.",
    },
    {
      icon: "brain",
      title: "Focus and Clarity",
      text: "Its fulvic acid content may support mental focus and clarity for work and study.",
    },
    {
      icon: "droplet",
      title: "Fulvic Acid and Minerals",
      text: "Shilajit is a natural source of fulvic acid and trace minerals that may support overall wellness.",
    },
    {
      icon: "shield",
      title: "Immune Support",
      text: "As part of a balanced lifestyle, shilajit may support the body's normal immune function.",
    },
    {
      icon: "leaf",
      title: "Healthy Ageing",
      text: "Ayurveda classes shilajit as a rasayana, a rejuvenating preparation traditionally used to support vitality with age.",
    },
    {
      icon: "heart",
      title: "Men's Vitality",
      text: "Long used in traditional practice as a vitality tonic for men, shilajit may support overall energy and wellbeing.",
    },
    {
      icon: "sparkles",
      title: "Women's Vitality",
      text: "Women have traditionally taken shilajit too, and it may support everyday energy and wellbeing as part of a balanced diet.",
    },
    {
      icon: "mountain",
      title: "Altitude and Endurance",
      text: "Long taken by people living in the high Himalaya, shilajit may support endurance during treks and other demanding outdoor activity.",
    },
    {
      icon: "flask",
      title: "Antioxidant Support",
      text: "Fulvic acid and other compounds in shilajit are being studied for antioxidant activity and may support the body's defences against oxidative stress.",
    },
  ],
  metaTitle: "Herbo Shilajit | Pure Himalayan Shilajit Resin from Nepal",
  metaDescription:
    "Pure Himalayan shilajit resin, small-batch purified and independently lab-tested. Free delivery and cash on delivery in Nepal, plus international shipping.",
};

/** The About section's closing sentence: the guarantee, and the rating the shop states. */
export const aboutGuarantee: RatedCopy = {
  fixed:
    "Every order is backed by our 100% satisfaction guarantee, and customers rate us 4.9/5 from more than 500 reviews.",
  measured: "Every order is backed by our 100% satisfaction guarantee, and verified buyers rate us {rating}.",
  unrated: "Every order is backed by our 100% satisfaction guarantee.",
};

/**
 * The About section's last paragraph on a market's home: where the resin's price starts in that market,
 * written in from the catalogue (`{price}`), and how delivery works there. The guarantee follows it, with the
 * rating the shop states (`aboutGuarantee`).
 */
export function aboutPriceCopy(market: Pick<Market, "code" | "name">): PricedCopy {
  if (market.code === defaultMarket.code)
    return {
      withPrice: `In Nepal, our resin starts at {price}, with free delivery and cash on delivery across the country. We also deliver to India, the USA, the UK, Canada and the UAE for a flat charge per order.`,
      withoutPrice: `In Nepal, we deliver free and take cash on delivery across the country. We also deliver to India, the USA, the UK, Canada and the UAE for a flat charge per order.`,
    };
  const place = marketInSentence(market);
  return {
    withPrice: `In ${place}, our resin starts at {price}, sent from Nepal for a flat delivery charge per order. In Nepal, delivery is free and you can pay cash on delivery.`,
    withoutPrice: `We deliver to ${place} from Nepal for a flat charge per order. In Nepal, delivery is free and you can pay cash on delivery.`,
  };
}
