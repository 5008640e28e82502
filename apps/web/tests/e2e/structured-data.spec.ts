import Validator, { type ValidationIssue } from "@adobe/structured-data-validator";
import WebAutoExtractor from "@marbec/web-auto-extractor";
import { expect, test } from "./support/fixtures";
import { schemaOrgVocabulary } from "./support/schema-vocabulary";

const landingPaths = ["usa", "india", "uk", "canada", "uae"].map((slug) => `/shilajit-in-${slug}`);
const productIds = ["prod_himalayan_resin", "prod_travel_tin", "prod_starter_kit", "prod_value_pack", "prod_gift_box"];
const multiSizeIds = ["prod_himalayan_resin", "prod_value_pack"];

/** Adobe's validator with Google's rich-result rules and schema.org's types and properties. */
const validator = new Validator(schemaOrgVocabulary());
const extractor = new WebAutoExtractor({ addLocation: true });

async function issuesOf(html: string): Promise<{ types: string[]; issues: ValidationIssue[] }> {
  const data = extractor.parse(html);
  return { types: Object.keys(data.jsonld), issues: await validator.validate(data) };
}

test("the validator and vocabulary catch what Google would refuse", async () => {
  const vocabulary = schemaOrgVocabulary()["@graph"];
  expect(vocabulary.length).toBeGreaterThan(2_000);
  // A product offer without a price, a shipping offer without its rate and an invented type.
  const broken = `<script type="application/ld+json">${JSON.stringify({
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Resin",
    image: "https://shop.test/a.png",
    offers: {
      "@type": "Offer",
      priceCurrency: "NPR",
      shippingDetails: { "@type": "OfferShippingDetails", shippingDestination: { "@type": "DefinedRegion" } },
    },
  })}</script><script type="application/ld+json">{"@context":"https://schema.org","@type":"Shopp","name":"x"}</script>`;
  const messages = (await issuesOf(broken)).issues
    .filter((issue) => issue.severity === "ERROR")
    .map((issue) => issue.issueMessage);
  expect(messages).toEqual(
    expect.arrayContaining([
      expect.stringContaining('"price"'),
      expect.stringContaining('"shippingRate"'),
      expect.stringContaining('"deliveryTime"'),
      expect.stringContaining('"addressCountry"'),
      'Type "Shopp" is not a valid schema.org type',
    ]),
  );
});

test("every page's structured data passes Adobe's validator with no errors", async ({ request }) => {
  const blog = await (await request.get("/blog")).text();
  const articles = [...blog.matchAll(/href="(\/blog\/[a-z0-9-]+)"/g)].map((match) => match[1] ?? "");
  expect(new Set(articles).size).toBeGreaterThanOrEqual(20);
  const paths = [
    "/",
    "/store",
    "/blog",
    ...new Set(articles),
    "/shilajit-nepal",
    ...landingPaths,
    ...productIds.map((id) => `/product/${id}`),
    "/success",
    "/404",
  ];
  const seen = new Map<string, number>();
  const errors: string[] = [];
  for (const path of paths) {
    const { types, issues } = await issuesOf(await (await request.get(path)).text());
    for (const type of types) seen.set(type, (seen.get(type) ?? 0) + 1);
    for (const issue of issues.filter((candidate) => candidate.severity === "ERROR"))
      errors.push(`${path} ${issue.rootType}: ${issue.issueMessage}`);
  }
  expect(errors).toEqual([]);
  // Every kind of data the shop publishes was checked, on every page that carries it.
  expect(Object.fromEntries(seen)).toEqual({
    Organization: 1,
    WebSite: 1,
    BlogPosting: new Set(articles).size,
    BreadcrumbList: new Set(articles).size + productIds.length,
    // The resin jars and the value packs come in several sizes: a ProductGroup of one Product per size.
    Product: 1 + landingPaths.length + productIds.length - multiSizeIds.length,
    ProductGroup: multiSizeIds.length,
    FAQPage: 1,
  });
});

test("a product in several sizes offers each size at its own price, and marks a sale as Google documents", async ({
  request,
}) => {
  const html = await (await request.get("/product/prod_value_pack")).text();
  const group = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
    .map(([, json]) => JSON.parse(json ?? "{}") as Record<string, unknown>)
    .find((data) => data["@type"] === "ProductGroup");
  const sizes = (group?.hasVariant ?? []) as { sku: string; offers: Record<string, unknown> }[];
  expect(
    sizes.map((size) => [size.sku, size.offers.price, size.offers.priceCurrency, size.offers.availability]),
  ).toEqual([
    ["HS-PACK-2x20", "3990", "NPR", "https://schema.org/InStock"],
    ["HS-PACK-3x20", "6000", "NPR", "https://schema.org/OutOfStock"],
  ]);
  // The 2 × 20 g pack is on sale: its regular price is the strikethrough price; the other has none.
  expect(sizes[0]?.offers.priceSpecification).toMatchObject({
    "@type": "UnitPriceSpecification",
    priceType: "https://schema.org/StrikethroughPrice",
    price: "4200",
    priceCurrency: "NPR",
  });
  expect(sizes[1]?.offers).not.toHaveProperty("priceSpecification");
});
