import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { displayFontFallbacks, fallbackCssFile } from "./display-font-fallbacks.mjs";

const appCss = readFileSync(new URL("../app/app.css", import.meta.url), "utf8");

describe("the display font's fallback faces", () => {
  it("are what the generator makes from the display font file now", async () => {
    const { css } = await displayFontFallbacks();
    expect(readFileSync(fallbackCssFile, "utf8")).toBe(css);
  });

  it("are imported and come right after the display font in the headings' stack", async () => {
    const { fontFamily } = await displayFontFallbacks();
    expect(appCss).toContain('@import "./display-font-fallbacks.css";');
    const stack = /--font-display:([^;]*);/.exec(appCss)?.[1]?.replace(/\s+/g, " ").trim();
    // The generator's list ends with the plain system serifs; the stylesheet goes on with its own.
    const resized = fontFamily
      .split(", ")
      .filter((family) => family.includes("Playfair Display"))
      .join(", ");
    expect(stack?.startsWith(resized)).toBe(true);
    expect(resized.split(", ")).toHaveLength(4);
  });

  it("shrink the wider system serifs towards the display font's width and keep its line height", async () => {
    const { css } = await displayFontFallbacks();
    const sizes = [...css.matchAll(/size-adjust: ([\d.]+)%/g)].map((match) => Number(match[1]));
    expect(sizes).toHaveLength(3);
    // Playfair Display is narrower than Georgia, Noto Serif and DejaVu Serif.
    for (const size of sizes) expect(size).toBeLessThan(100);
    expect(css).toContain("font-weight: 700;");
  });
});
