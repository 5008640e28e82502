import { existsSync, readFileSync, readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { imagesFolder, outlinedArt, outlineSvgText } from "./outline-art.mjs";

const display = 'font-family="Playfair Display" font-weight="700"';

/** Each outline of a path, as the absolute points its commands end on, read the way a browser reads them. */
function outlines(svg: string): [number, number][][] {
  const data = /\bd="([^"]*)"/.exec(svg)?.[1] ?? "";
  const counts: Record<string, number> = { m: 2, l: 2, q: 4, c: 6 };
  const result: [number, number][][] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  for (const [, letter = "", numbers = ""] of data.matchAll(/([MmLlQqCcZz])([^MmLlQqCcZz]*)/g)) {
    const lower = letter.toLowerCase();
    if (lower === "z") {
      [x, y] = [startX, startY];
      continue;
    }
    const values = (numbers.match(/-?(?:\d+\.?\d*|\.\d+)/g) ?? []).map(Number);
    expect(values).toHaveLength(counts[lower] ?? Number.NaN);
    const relative = letter === lower;
    const endX = (relative ? x : 0) + (values.at(-2) ?? Number.NaN);
    const endY = (relative ? y : 0) + (values.at(-1) ?? Number.NaN);
    [x, y] = [endX, endY];
    if (lower === "m") {
      [startX, startY] = [x, y];
      result.push([]);
    }
    result.at(-1)?.push([Math.round(x * 10) / 10, Math.round(y * 10) / 10]);
  }
  return result;
}

function bounds(svg: string) {
  const points = outlines(svg).flat();
  const xs = points.map(([x]) => x);
  const ys = points.map(([, y]) => y);
  return { left: Math.min(...xs), right: Math.max(...xs), top: Math.min(...ys), bottom: Math.max(...ys) };
}

describe("the pictures' lettering as outlines", () => {
  it("are what the tool makes from the drawings in art/ now", () => {
    const pictures = outlinedArt();
    expect(pictures.size).toBeGreaterThan(0);
    for (const [name, svg] of pictures) expect(readFileSync(imagesFolder + name, "utf8"), name).toBe(svg);
  });

  it("leave no live text in any picture the pages load", () => {
    const folders = [new URL("../app/assets/", import.meta.url), new URL("../public/", import.meta.url)];
    let read = 0;
    // A copy of the app made for mutation testing may leave public/ out; the pictures in app/assets are always here.
    for (const folder of folders.filter((url) => existsSync(url))) {
      for (const entry of readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((name) =>
        name.endsWith(".svg"),
      )) {
        expect(readFileSync(new URL(entry, folder), "utf8"), entry).not.toMatch(/<text\b/);
        read += 1;
      }
    }
    expect(read).toBeGreaterThanOrEqual(outlinedArt().size);
  });

  it("turn a word into one path in the text's colour, with nothing else of the drawing changed", () => {
    const svg = `<svg><rect/><text x="10" y="50" ${display} font-size="20" fill="#2b1d14">HERBO</text><circle/></svg>`;
    const outlined = outlineSvgText(svg);
    expect(outlined).toMatch(/^<svg><rect\/><path fill="#2b1d14" d="M[^"]+"\/><circle\/><\/svg>$/);
    // At least one outline a letter; some letters are drawn in several.
    expect(outlines(outlined).length).toBeGreaterThanOrEqual(5);
    // Text with no colour of its own leaves the path's to the drawing, as the text's was.
    expect(outlineSvgText(`<text ${display} font-size="20">A</text>`)).toMatch(/^<path d="M[^"]+"\/>$/);
  });

  it("sit the letters on the baseline, starting at x for the default anchor", () => {
    const { left, right, bottom, top } = bounds(
      outlineSvgText(`<text x="100" y="200" ${display} font-size="40">HERBO</text>`),
    );
    expect(left).toBeGreaterThanOrEqual(100);
    expect(left).toBeLessThan(104);
    // Round letters dip a little below the baseline, as they do in any typeface.
    expect(bottom).toBeGreaterThanOrEqual(199.9);
    expect(bottom).toBeLessThan(201.5);
    // Capital letters of a 40-unit font are about 28 units tall.
    expect(200 - top).toBeGreaterThan(24);
    expect(200 - top).toBeLessThan(32);
    expect(right - left).toBeGreaterThan(100);
  });

  it("end the run at x for text-anchor end, and centre it on x for middle", () => {
    const word = (anchor: string) =>
      bounds(outlineSvgText(`<text x="300" y="100" text-anchor="${anchor}" ${display} font-size="40">HERBO</text>`));
    const start = word("start");
    const end = word("end");
    const middle = word("middle");
    const width = start.right - start.left;
    expect(end.right).toBeLessThanOrEqual(300);
    expect(end.right).toBeGreaterThan(296);
    expect(end.right - end.left).toBeCloseTo(width, 0);
    expect((middle.left + middle.right) / 2).toBeGreaterThan(298);
    expect((middle.left + middle.right) / 2).toBeLessThan(302);
  });

  it("add the letter spacing after each letter, as browsers do", () => {
    const spaced = (spacing: number) =>
      bounds(outlineSvgText(`<text x="0" y="100" ${display} font-size="40" letter-spacing="${spacing}">HERBO</text>`));
    // Five letters: four gaps between the first letter's left and the last one's right.
    expect(spaced(10).right - spaced(0).right).toBeCloseTo(40, 0);
    expect(spaced(10).left).toBeCloseTo(spaced(0).left, 1);
    const centred = bounds(
      outlineSvgText(
        `<text x="0" y="100" text-anchor="middle" ${display} font-size="40" letter-spacing="10">HERBO</text>`,
      ),
    );
    // The spacing after the last letter counts in the run's width, so the letters sit half of it left of x.
    expect((centred.left + centred.right) / 2).toBeCloseTo(-5, 0);
  });

  it("draw a letter the same wherever it falls in a word, outline after outline", () => {
    const single = outlines(outlineSvgText(`<text x="0" y="100" ${display} font-size="40">O</text>`));
    const double = outlines(outlineSvgText(`<text x="0" y="100" ${display} font-size="40">OO</text>`));
    expect(single).toHaveLength(2);
    expect(double).toHaveLength(4);
    expect(double.slice(0, 2)).toEqual(single);
    const advance = (double[2]?.[0]?.[0] ?? Number.NaN) - (single[0]?.[0]?.[0] ?? Number.NaN);
    expect(advance).toBeGreaterThan(20);
    for (const [index, outline] of double.slice(2).entries()) {
      for (const [pointIndex, [x, y]] of outline.entries()) {
        const [singleX = Number.NaN, singleY = Number.NaN] = single[index]?.[pointIndex] ?? [];
        expect(Math.abs(x - advance - singleX)).toBeLessThanOrEqual(0.11);
        expect(y).toBeCloseTo(singleY, 5);
      }
    }
  });

  it("read character references in the text as the characters they stand for", () => {
    expect(outlineSvgText(`<text x="0" y="50" ${display} font-size="20">R&amp;D</text>`)).toBe(
      outlineSvgText(`<text x="0" y="50" ${display} font-size="20">R&D</text>`),
    );
    expect(outlineSvgText(`<text x="0" y="50" ${display} font-size="20">&gt;&quot;&#39;</text>`)).toBe(
      outlineSvgText(`<text x="0" y="50" ${display} font-size="20">>"'</text>`),
    );
  });

  it("refuse text that asks for a face the project has no outlines of, or has no size", () => {
    expect(() => outlineSvgText(`<text font-family="Georgia" font-weight="700" font-size="20">A</text>`)).toThrow(
      'asks for font-family="Georgia" font-weight="700"',
    );
    expect(() =>
      outlineSvgText(`<text font-family="Playfair Display" font-weight="400" font-size="20">A</text>`),
    ).toThrow("only");
    expect(() => outlineSvgText(`<text ${display}>A</text>`)).toThrow("needs a font-size above 0");
    expect(() => outlineSvgText(`<text ${display} font-size="0">A</text>`)).toThrow("needs a font-size above 0");
    expect(() => outlineSvgText(`<text ${display} font-size=" ">A</text>`)).toThrow('font-size=" " is not a number');
    expect(() => outlineSvgText(`<text ${display} font-size="big">A</text>`)).toThrow(
      'font-size="big" is not a number',
    );
    expect(() => outlineSvgText(`<text ${display} font-size="20" text-anchor="left">A</text>`)).toThrow(
      'text-anchor="left" is not start, middle or end',
    );
  });
});
