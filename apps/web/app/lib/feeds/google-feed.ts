import { escapeXml } from "~/lib/seo/sitemap";
import { feedPrice, type FeedItem } from "./feed-items";

export interface FeedChannel {
  title: string;
  /** The market's home page. */
  link: string;
  description: string;
  /** The market's free-shipping threshold in minor units of the feed's currency, if it has one. */
  freeShippingOver: number | null;
}

const element = (name: string, value: string | number) => `<g:${name}>${escapeXml(String(value))}</g:${name}>`;

function itemXml(item: FeedItem, channel: FeedChannel): string {
  const money = (minorUnits: number) => feedPrice(minorUnits, item.decimalDigits, item.currency);
  const threshold = channel.freeShippingOver;
  const parts = [
    element("id", item.id),
    element("title", item.title),
    element("description", item.description),
    element("link", item.link),
    element("image_link", item.imageLink),
    ...item.additionalImageLinks.map((url) => element("additional_image_link", url)),
    element("availability", item.inStock ? "in_stock" : "out_of_stock"),
    element("price", money(item.price)),
    ...(item.salePrice === null ? [] : [element("sale_price", money(item.salePrice))]),
    element("condition", "new"),
    element("brand", item.brand),
    ...(item.gtin === null ? [] : [element("gtin", item.gtin)]),
    ...(item.mpn === null ? [] : [element("mpn", item.mpn)]),
    // Without either, Google is told the product has no identifiers rather than left to flag it as missing them.
    ...(item.gtin === null && item.mpn === null ? [element("identifier_exists", "no")] : []),
    ...(item.groupId === null ? [] : [element("item_group_id", item.groupId)]),
    ...(item.size === null ? [] : [element("size", item.size)]),
    ...item.shipping.map(
      (rate) =>
        `<g:shipping>${[
          element("country", rate.country),
          element("service", "Standard"),
          element("price", feedPrice(rate.amount, rate.decimalDigits, rate.currency)),
          element("min_handling_time", rate.handlingDays.min),
          element("max_handling_time", rate.handlingDays.max),
          element("min_transit_time", rate.transitDays.min),
          element("max_transit_time", rate.transitDays.max),
        ].join("")}</g:shipping>`,
    ),
    ...(threshold === null
      ? []
      : item.shipping.map(
          (rate) =>
            `<g:free_shipping_threshold>${element("country", rate.country)}${element(
              "price_threshold",
              money(threshold),
            )}</g:free_shipping_threshold>`,
        )),
  ];
  return `<item>${parts.join("")}</item>`;
}

/**
 * A market's products as a Google Merchant Center feed: RSS 2.0 with Google's `g:` namespace, one item per
 * variant (https://support.google.com/merchants/answer/7052112 lists the attributes).
 */
export function googleFeedXml(channel: FeedChannel, items: readonly FeedItem[]): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    "<channel>",
    `<title>${escapeXml(channel.title)}</title>`,
    `<link>${escapeXml(channel.link)}</link>`,
    `<description>${escapeXml(channel.description)}</description>`,
    ...items.map((item) => itemXml(item, channel)),
    "</channel>",
    "</rss>",
    "",
  ].join("\n");
}
