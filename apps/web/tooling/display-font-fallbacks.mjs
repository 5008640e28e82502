// Writes app/display-font-fallbacks.css: the serif faces headings are drawn in until the display font
// (Playfair Display 700) has arrived, each one a system serif resized to Playfair's width and line height,
// so that when the display font swaps in, headings keep their lines and nothing below them moves.
//
// Run `node tooling/display-font-fallbacks.mjs` from apps/web after changing the display font; a unit
// test fails while the committed file differs from what this prints.
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createFontStack } from "@capsizecss/core";
import { fromFile } from "@capsizecss/unpack/fs";

const displayFontFile = fileURLToPath(
  new URL("../app/assets/fonts/playfair-display-latin-700-normal.woff2", import.meta.url),
);
export const fallbackCssFile = fileURLToPath(new URL("../app/display-font-fallbacks.css", import.meta.url));

/**
 * The bold serif a shopper's device already has, in the order tried: Georgia (Windows, macOS, iOS), Noto
 * Serif (Android, many Linux desktops) and DejaVu Serif (other Linux desktops, and the test machines).
 * Their metrics, in font units, as published by @capsizecss/metrics 4.3.0 for the first two and read with
 * @capsizecss/unpack from Debian's DejaVuSerif-Bold.ttf for the third; the average width is that of
 * Latin text, weighted by how often each letter occurs.
 */
export const serifFallbacks = [
  {
    familyName: "Georgia",
    fullName: "Georgia Bold",
    postscriptName: "Georgia-Bold",
    ascent: 1878,
    descent: -449,
    lineGap: 0,
    unitsPerEm: 2048,
    xWidthAvg: 1062,
  },
  {
    familyName: "Noto Serif",
    fullName: "Noto Serif Bold",
    postscriptName: "NotoSerif-Bold",
    ascent: 1069,
    descent: -293,
    lineGap: 0,
    unitsPerEm: 1000,
    xWidthAvg: 512,
  },
  {
    familyName: "DejaVu Serif",
    fullName: "DejaVu Serif Bold",
    postscriptName: "DejaVuSerif-Bold",
    ascent: 1923,
    descent: -483,
    lineGap: 0,
    unitsPerEm: 2048,
    xWidthAvg: 1168,
  },
];

/** The stylesheet's text and the font-family list that uses it, from the display font file itself. */
export async function displayFontFallbacks() {
  const display = await fromFile(displayFontFile);
  const { fontFamily, fontFaces } = createFontStack([display, ...serifFallbacks], {
    // Headings are bold, and only the bold display face is shipped.
    fontFaceProperties: { fontWeight: "700" },
  });
  const css = [
    "/* Written by tooling/display-font-fallbacks.mjs: do not edit. System serifs resized to the display",
    "   font's width and line height, used until it arrives, so its swap moves nothing. */",
    fontFaces.trim(),
    "",
  ].join("\n");
  return { css, fontFamily };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { css, fontFamily } = await displayFontFallbacks();
  writeFileSync(fallbackCssFile, css);
  console.log(`wrote ${fallbackCssFile}\n--font-display starts: ${fontFamily}`);
}
