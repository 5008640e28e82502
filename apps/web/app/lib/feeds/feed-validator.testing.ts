import { parse as parseCsv } from "csv-parse/sync";
import { parseGtin } from "@herbo/hosted-api";
import { XMLParser, XMLValidator } from "fast-xml-parser";

/**
 * For tests: reads a shopping feed back the way a merchant platform would, and lists what it would refuse. The
 * rules are the required fields and formats of Google's product data specification and Meta's catalogue fields
 * that the shop's feeds use; an empty list means the feed passes.
 */
export type FeedRecord = Record<string, string | string[] | Record<string, string>[]>;

const googleEnums = { availability: ["in_stock", "out_of_stock", "preorder", "backorder"], condition: ["new"] };
const metaEnums = { availability: ["in stock", "out of stock"], condition: ["new"] };
const priceFormat = /^\d+(\.\d{1,3})? [A-Z]{3}$/;

function text(record: FeedRecord, name: string): string {
  const value = record[name];
  return typeof value === "string" ? value : "";
}

function absoluteRaster(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (parsed.protocol === "https:" || parsed.protocol === "http:") && !/\.svg$/i.test(parsed.pathname);
  } catch {
    return false;
  }
}

function amountOf(price: string): { amount: number; currency: string } {
  const [amount = "", currency = ""] = price.split(" ");
  return { amount: Number(amount), currency };
}

function commonProblems(record: FeedRecord, currency: string, enums: typeof googleEnums): string[] {
  const id = text(record, "id");
  const problems: string[] = [];
  const say = (problem: string) => problems.push(`${id || "(no id)"}: ${problem}`);
  for (const name of [
    "id",
    "title",
    "description",
    "link",
    "image_link",
    "availability",
    "price",
    "brand",
    "condition",
  ]) {
    if (text(record, name).trim() === "") say(`${name} is missing`);
  }
  if (id.length > 50) say("id is longer than 50 characters");
  if (text(record, "title").length > 150) say("title is longer than 150 characters");
  if (text(record, "description").length > 5_000) say("description is longer than 5,000 characters");
  if (!enums.availability.includes(text(record, "availability"))) say(`availability "${text(record, "availability")}"`);
  if (!enums.condition.includes(text(record, "condition"))) say(`condition "${text(record, "condition")}"`);
  if (!absoluteRaster(text(record, "link"))) say("link is not an absolute URL");
  if (!absoluteRaster(text(record, "image_link"))) say("image_link is not an absolute URL of a raster picture");
  for (const name of ["price", "sale_price"]) {
    const price = text(record, name);
    if (name === "sale_price" && price === "") continue;
    if (!priceFormat.test(price)) say(`${name} "${price}" is not "12.99 USD"`);
    else if (amountOf(price).currency !== currency) say(`${name} is not in ${currency}`);
  }
  const sale = text(record, "sale_price");
  if (sale !== "" && amountOf(sale).amount >= amountOf(text(record, "price")).amount)
    say("sale_price is not below price");
  const gtin = text(record, "gtin");
  const parsedGtin = parseGtin(gtin);
  if (gtin !== "" && !(parsedGtin.ok && parsedGtin.value === gtin)) say(`gtin ${gtin} is not a valid GTIN`);
  return problems;
}

/** The items of a Google Merchant Center RSS feed, each as its `g:` fields (repeated ones as lists). */
export function readGoogleFeed(xml: string): { channel: Record<string, string>; items: FeedRecord[] } {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`Not well-formed XML: ${valid.err.msg} (line ${valid.err.line})`);
  const parsed = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    // The feed escapes with numeric references (`&#60;`), which a platform decodes like named ones.
    htmlEntities: true,
    isArray: (name) => ["item", "g:shipping", "g:additional_image_link", "g:free_shipping_threshold"].includes(name),
  }).parse(xml) as { rss?: { "@_xmlns:g"?: string; "@_version"?: string; channel?: Record<string, unknown> } };
  if (parsed.rss?.["@_version"] !== "2.0" || parsed.rss["@_xmlns:g"] !== "http://base.google.com/ns/1.0") {
    throw new Error("Not an RSS 2.0 document with Google's namespace");
  }
  const channel = parsed.rss.channel ?? {};
  const items = ((channel.item as Record<string, unknown>[] | undefined) ?? []).map((item) => {
    const record: FeedRecord = {};
    for (const [name, value] of Object.entries(item)) {
      // Text between an item's fields is no field at all: a platform drops or refuses it.
      if (name === "#text") throw new Error(`Stray text in an item: ${String(value)}`);
      record[name.replace(/^g:/, "")] = value as FeedRecord[string];
    }
    return record;
  });
  return {
    channel: Object.fromEntries(["title", "link", "description"].map((name) => [name, String(channel[name] ?? "")])),
    items,
  };
}

/** What Google would refuse in the feed's items, for a market selling in `currency` to `countries`. */
export function googleFeedProblems(
  items: readonly FeedRecord[],
  currency: string,
  countries: readonly string[],
): string[] {
  return items.flatMap((item) => {
    const problems = commonProblems(item, currency, googleEnums);
    const id = text(item, "id");
    if (text(item, "gtin") === "" && text(item, "mpn") === "" && text(item, "identifier_exists") !== "no") {
      problems.push(`${id}: neither gtin, mpn nor identifier_exists "no"`);
    }
    const shipping = (item.shipping ?? []) as Record<string, string>[];
    if (shipping.length === 0) problems.push(`${id}: no shipping`);
    for (const rate of shipping) {
      if (!countries.includes(rate["g:country"] ?? "")) problems.push(`${id}: ships to ${rate["g:country"]}`);
      if (!priceFormat.test(rate["g:price"] ?? "") || amountOf(rate["g:price"] ?? "").currency !== currency) {
        problems.push(`${id}: shipping price "${rate["g:price"]}"`);
      }
    }
    return problems;
  });
}

/** The rows of a Meta catalogue CSV, by column name. */
export function readMetaFeed(csv: string): FeedRecord[] {
  return parseCsv(csv, { columns: true, skip_empty_lines: true }) as FeedRecord[];
}

/** What Meta would refuse in the feed's rows, for a market selling in `currency`. */
export function metaFeedProblems(
  rows: readonly FeedRecord[],
  currency: string,
  countries: readonly string[],
): string[] {
  return rows.flatMap((row) => {
    const problems = commonProblems(row, currency, metaEnums);
    for (const rate of text(row, "shipping")
      .split(",")
      .filter((entry) => entry !== "")) {
      const [country = "", , service = "", price = ""] = rate.split(":");
      if (!countries.includes(country) || service === "" || !priceFormat.test(price)) {
        problems.push(`${text(row, "id")}: shipping "${rate}"`);
      }
    }
    return problems;
  });
}
