import { bestRating, type ShippingRatesResponse, type WireShopRating } from "@herbo/hosted-api";
import { asFiniteNumber, isWholeNumber } from "../json-guards";
import { fields } from "./reshape";
import type { ShopRating } from "./types";

/**
 * Which rating the home and landing pages state, from the shipping answer's `rating`. Anything but the owner's
 * choice of the measured one (an older store API sends none) is the fixed one. A measured rating whose count or
 * average cannot be read states none, rather than figures the owner chose not to show. Server-only: the pages
 * state the rating from their data, and the browser's cart, which reads the same answer, states none.
 */
export function readShopRating(answer: unknown): ShopRating {
  const rating = fields<WireShopRating>(fields<ShippingRatesResponse>(answer)?.rating);
  if (rating?.shown !== "measured") return { shown: "fixed" };
  const count = rating.count;
  const average = asFiniteNumber(rating.average_rating);
  if (!isWholeNumber(count, 1, Number.MAX_SAFE_INTEGER) || average === undefined || average < 1 || average > bestRating)
    return { shown: "measured", count: 0, averageRating: null };
  return { shown: "measured", count, averageRating: Math.round(average * 10) / 10 };
}
