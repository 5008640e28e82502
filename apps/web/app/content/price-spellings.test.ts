import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * One way to write a price: every amount the storefront states goes through the contract's `formatMoney`
 * ("Rs. 1200.00", "$29.99", "₹1,499.00", "AED 110.00"), as product cards do. These are the spellings that
 * crept in beside it: an ISO code before the figure ("INR 1499"), rupees grouped by hand ("Rs. 1,200"),
 * and the currency in words after the figure ("1,200 rupees").
 */
const oldSpellings: readonly { name: string; pattern: RegExp }[] = [
  { name: "an ISO code before the figure", pattern: /\b(?:NPR|USD|INR|GBP|CAD|AED) ?\d/ },
  { name: "an ISO code put before the figure in a template", pattern: /\$\{[^}]*currency[^}]*\} \$\{/i },
  { name: "rupees grouped by hand", pattern: /\bRs\.? ?\d{1,3},\d{3}\b/ },
  { name: "the currency in words after the figure", pattern: /\d[\d,.]* (?:rupees|dollars|pounds|dirhams)\b/i },
];

const appFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(tsx?|md)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** What a page can show of a file: a Markdown page whole, code without its comments. */
function withoutComments(file: string, text: string): string {
  if (file.endsWith(".md")) return text;
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:\\])\/\/.*$/gm, "$1");
}

describe("prices are written one way", () => {
  const files = sourceFiles(appFolder).map((file) => path.relative(appFolder, file).split(path.sep).join("/"));

  it("finds the storefront's pages and components to read", () => {
    expect(files).toEqual(
      expect.arrayContaining([
        "routes/country.tsx",
        "routes/nepal.tsx",
        "content/home.ts",
        "components/cart/cart-drawer.tsx",
      ]),
    );
    expect(files.filter((file) => file.endsWith(".md")).length).toBeGreaterThanOrEqual(24);
  });

  it("states no price in an old spelling anywhere (the Nepal home's hero words its rupees from the catalogue)", () => {
    const found = files.flatMap((file) => {
      const text = withoutComments(file, readFileSync(path.join(appFolder, file), "utf8"));
      return oldSpellings.flatMap(({ name, pattern }) => {
        const match = pattern.exec(text);
        return match === null ? [] : [`${file}: ${name}: ${match[0]}`];
      });
    });
    expect(found).toEqual([]);
  });

  it("recognises each old spelling", () => {
    const samples = ["INR 1499 per jar", "`${price.currency} ${amount}`", "from Rs. 1,200", "1,200 rupees"];
    expect(samples.map((sample) => oldSpellings.some(({ pattern }) => pattern.test(sample)))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });
});
