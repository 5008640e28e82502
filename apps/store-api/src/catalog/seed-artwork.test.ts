import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readSeedCatalog, seedImagesFolder } from "./seed.ts";

const catalog = await readSeedCatalog();

describe("the seed catalogue's pictures", () => {
  it("gives every product a subtitle, a thumbnail among its images, and every variant a picture of it", () => {
    for (const product of catalog.products) {
      expect(product.subtitle, product.id).toBeTruthy();
      expect(product.images.length, product.id).toBeGreaterThan(0);
      expect(product.images, product.id).toContain(product.thumbnail);
      for (const variant of product.variants) expect(product.images, variant.id).toContain(variant.image);
    }
  });

  it("points only at drawings that exist, with outlined lettering and a title saying what they show", () => {
    const files = new Set(catalog.products.flatMap((product) => product.images));
    for (const file of files) {
      const full = path.join(seedImagesFolder, file);
      expect(existsSync(full), file).toBe(true);
      const svg = readFileSync(full, "utf8");
      // Lettering as outlines: the store API draws social cards from these files without fonts.
      expect(svg, file).not.toContain("<text");
      expect(svg, file).toMatch(/<title>[^<]+<\/title>/);
    }
  });

  it("shows each size as sold: the jars drawn and the sizes on their labels match the variant", () => {
    const image = new Map(catalog.products.flatMap((product) => product.variants.map((v) => [v.id, v.image ?? ""])));
    /** The size labels on the jars a picture draws, e.g. ["20", "20"] for two 20 g jars. */
    const jarLabels = (variantId: string) =>
      [
        ...readFileSync(path.join(seedImagesFolder, image.get(variantId) ?? ""), "utf8").matchAll(
          /href="#hs-size-(\d+)"/g,
        ),
      ]
        .map((match) => match[1])
        .sort();
    expect(jarLabels("var_resin_10g")).toEqual(["10"]);
    expect(jarLabels("var_resin_20g")).toEqual(["20"]);
    expect(jarLabels("var_resin_30g")).toEqual(["30"]);
    expect(jarLabels("var_starter_kit")).toEqual(["10"]);
    expect(jarLabels("var_value_2x20")).toEqual(["20", "20"]);
    expect(jarLabels("var_value_3x20")).toEqual(["20", "20", "20"]);
    expect(jarLabels("var_gift_box")).toEqual(["20"]);
    const resin = catalog.products.find((product) => product.id === "prod_himalayan_resin");
    // The card shows the cheapest size's price (10 g), so its picture is the 10 g jar.
    expect(resin?.thumbnail).toBe("resin-10g.svg");
  });
});
