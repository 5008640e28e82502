import { stringify } from "csv-stringify/sync";
import { feedPrice, type FeedItem } from "./feed-items";

/** The columns of Meta's catalogue data feed, in the order the file lists them. */
export const metaFeedColumns = [
  "id",
  "title",
  "description",
  "availability",
  "condition",
  "price",
  "sale_price",
  "link",
  "image_link",
  "additional_image_link",
  "brand",
  "gtin",
  "mpn",
  "item_group_id",
  "size",
  "shipping",
] as const;

/**
 * A market's products as a Meta catalogue feed (CSV, one row per variant). Empty cells are optional fields the
 * item does not have; Meta accepts an item with a brand and no GTIN or MPN. Each delivery rate is written
 * `COUNTRY::Standard:12.99 USD` (no region: the rate is the whole country's), several separated by commas.
 */
export function metaFeedCsv(items: readonly FeedItem[]): string {
  const rows = items.map((item) => {
    const money = (minorUnits: number) => feedPrice(minorUnits, item.decimalDigits, item.currency);
    return [
      item.id,
      item.title,
      item.description,
      item.inStock ? "in stock" : "out of stock",
      "new",
      money(item.price),
      item.salePrice === null ? "" : money(item.salePrice),
      item.link,
      item.imageLink,
      item.additionalImageLinks.join(","),
      item.brand,
      item.gtin ?? "",
      item.mpn ?? "",
      item.groupId ?? "",
      item.size ?? "",
      item.shipping
        .map((rate) => `${rate.country}::Standard:${feedPrice(rate.amount, rate.decimalDigits, rate.currency)}`)
        .join(","),
    ];
  });
  // Lines end with a line feed, csv-stringify's default.
  return stringify([[...metaFeedColumns], ...rows]);
}
