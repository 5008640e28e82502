import type {
  ProductResponse,
  WireBatch,
  WireDetailProduct,
  WireProductFacts,
  WireProductFactsAmount,
} from "@herbo/hosted-api";
import { asArray, asString, asText } from "../json-guards";
import { readReviewPage } from "./product-reviews.server";
import { fields } from "./reshape";
import type { FactsAmount, ProductBatch, ProductDetails, ProductFacts } from "./types";

/**
 * The product page's own part of a single-product answer: the supplement facts, the current batch and the first
 * page of published reviews (read by `readReviewPage`). Read as
 * leniently as the rest of the answer (a wrong type counts as missing), with the store's own limits on lengths,
 * since the text is the owner's and is shown as plain text. Server-only: the page's data carries the result.
 */
const maxAmounts = 20;
const maxWarnings = 10;

function toAmount(value: unknown): FactsAmount[] {
  const row = fields<WireProductFactsAmount>(value);
  if (row === undefined) return [];
  const name = asText(row.name);
  const amount = asText(row.amount);
  return name === null || amount === null ? [] : [{ name, amount, dailyValue: asText(row.daily_value) }];
}

function toFacts(value: unknown): ProductFacts | null {
  const facts = fields<WireProductFacts>(value);
  if (facts === undefined) return null;
  const servingSize = asText(facts.serving_size);
  if (servingSize === null) return null;
  return {
    servingSize,
    servingsPerContainer: asText(facts.servings_per_container),
    amounts: (asArray(facts.amounts)?.flatMap(toAmount) ?? []).slice(0, maxAmounts),
    ingredients: asText(facts.ingredients),
    warnings: (asArray(facts.warnings)?.flatMap((warning) => asText(warning) ?? []) ?? []).slice(0, maxWarnings),
  };
}

/** A certificate's address only when it is a web address: anything else (`javascript:`, a bare path) is dropped. */
function webAddress(value: unknown): string | null {
  try {
    const url = new URL(asText(value) ?? "");
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

function toBatch(value: unknown): ProductBatch | null {
  const batch = fields<WireBatch>(value);
  if (batch === undefined) return null;
  const lot = asText(batch.lot);
  if (lot === null) return null;
  return {
    lot,
    // A calendar date only (YYYY-MM-DD): the page writes it out without a time of day.
    testedOn: /^\d{4}-\d{2}-\d{2}$/.exec(asString(batch.tested_on) ?? "")?.[0] ?? null,
    certificateUrl: webAddress(batch.certificate_url),
  };
}

/**
 * The supplement facts, current batch and first page of reviews of a single-product answer; null for the facts
 * and batch it does not carry, no reviews when it carries none.
 */
export function readProductDetails(answer: unknown): ProductDetails {
  const product = fields<WireDetailProduct>(fields<ProductResponse>(answer)?.product);
  return { facts: toFacts(product?.facts), batch: toBatch(product?.batch), reviews: readReviewPage(product?.reviews) };
}
