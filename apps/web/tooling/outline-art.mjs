// Writes the pictures in app/assets/images from the drawings in art/, with every word of lettering turned into
// the outlines of its letters in the display font (Playfair Display 700).
//
// Why outlines: a picture shown by an <img> draws its <text> with whatever fonts the device has, so the hero's
// jar label looked different on each phone. Worse, the browser has to find a system font for each size of text
// before it can draw the picture the first time. On the test machines that took 13-19 ms of layout for the
// hero's three words at full CPU speed, against under 1 ms with outlines. The hero is the home page's largest
// paint, so that time came straight out of it.
//
// Run `node tooling/outline-art.mjs` from apps/web after changing a drawing in art/. A unit test fails while a
// committed picture differs from what this writes.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { create } from "fontkitten";

export const artFolder = fileURLToPath(new URL("../art/", import.meta.url));
export const imagesFolder = fileURLToPath(new URL("../app/assets/images/", import.meta.url));
const displayFontFile = fileURLToPath(
  new URL("../app/assets/fonts/playfair-display-latin-700-normal.woff2", import.meta.url),
);

/** The only face the project has the letters of: a drawing's text must name it, so what it shows is what it asked for. */
const displayFamily = "Playfair Display";
const displayWeight = "700";

let displayFont;
function loadDisplayFont() {
  displayFont ??= create(readFileSync(displayFontFile));
  return displayFont;
}

/**
 * Points are kept in tenths of the drawing's units, which is finer than a device pixel at any size the shop
 * shows its pictures, and written relative to the point before (SVG's lower-case commands) to keep the file
 * small: whole tenths make each step exact, so no error adds up along a letter.
 */
function tenths(value) {
  return Math.round(value * 10);
}

/** "0.5" as ".5" and "-0.5" as "-.5", which SVG reads the same. */
function formatTenths(value) {
  return String(value / 10).replace(/^(-?)0\./, "$1.");
}

/** Numbers in tenths as path data: a minus sign separates two numbers as well as a space does. */
function joinNumbers(numbers) {
  return numbers
    .map(formatTenths)
    .map((text, index) => (index === 0 || text.startsWith("-") ? text : ` ${text}`))
    .join("");
}

function attributesOf(tag) {
  const attributes = new Map();
  for (const match of tag.matchAll(/([\w:-]+)="([^"]*)"/g)) attributes.set(match[1], match[2]);
  return attributes;
}

function numberAttribute(attributes, name, fallback) {
  const text = attributes.get(name);
  if (text === undefined) return fallback;
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value)) throw new Error(`${name}="${text}" is not a number`);
  return value;
}

function decodeText(text) {
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

/**
 * One <text> element as a <path> of its letters' outlines, placed as a browser places the text: from x at the
 * baseline y, each letter's advance plus the letter spacing after it (after the last one too, as browsers do),
 * the whole run shifted left by all of it for text-anchor="end" and by half for "middle".
 */
function outlineText(tag, content, font) {
  const attributes = attributesOf(tag);
  const family = attributes.get("font-family");
  const weight = attributes.get("font-weight");
  if (family !== displayFamily || weight !== displayWeight) {
    throw new Error(
      `Text "${content}" asks for font-family="${family}" font-weight="${weight}"; only ` +
        `font-family="${displayFamily}" font-weight="${displayWeight}" can be outlined.`,
    );
  }
  const size = numberAttribute(attributes, "font-size", Number.NaN);
  if (!(size > 0)) throw new Error(`Text "${content}" needs a font-size above 0`);
  const x = numberAttribute(attributes, "x", 0);
  const y = numberAttribute(attributes, "y", 0);
  const spacing = numberAttribute(attributes, "letter-spacing", 0);
  const anchor = attributes.get("text-anchor") ?? "start";
  if (!["start", "middle", "end"].includes(anchor))
    throw new Error(`text-anchor="${anchor}" is not start, middle or end`);

  const scale = size / font.unitsPerEm;
  const glyphs = font.glyphsForString(decodeText(content));
  const width = glyphs.reduce((sum, glyph) => sum + glyph.advanceWidth * scale + spacing, 0);
  let pen = x - (anchor === "middle" ? width / 2 : anchor === "end" ? width : 0);
  const letters = { M: "m", L: "l", Q: "q", C: "c" };
  const names = { moveTo: "M", lineTo: "L", quadraticCurveTo: "Q", bezierCurveTo: "C" };
  const data = [];
  // Where the path stands, in tenths; every command's points are written from it and the last one moves it.
  let currentX = 0;
  let currentY = 0;
  // Where the open outline began: closing it ("z") takes the path back there.
  let startX = 0;
  let startY = 0;
  let started = false;
  for (const glyph of glyphs) {
    for (const { command, args } of glyph.path.commands) {
      const name = names[command];
      if (name === undefined) {
        data.push("z");
        [currentX, currentY] = [startX, startY];
        continue;
      }
      const points = [];
      for (let index = 0; index < args.length; index += 2) {
        points.push([tenths(pen + args[index] * scale), tenths(y - args[index + 1] * scale)]);
      }
      const fromX = currentX;
      const fromY = currentY;
      const numbers = points.flatMap(([pointX, pointY]) =>
        started ? [pointX - fromX, pointY - fromY] : [pointX, pointY],
      );
      data.push(`${started ? letters[name] : "M"}${joinNumbers(numbers)}`);
      [currentX, currentY] = points.at(-1);
      if (name === "M") [startX, startY] = [currentX, currentY];
      started = true;
    }
    pen += glyph.advanceWidth * scale + spacing;
  }
  const fill = attributes.get("fill");
  return `<path${fill === undefined ? "" : ` fill="${fill}"`} d="${data.join("")}"/>`;
}

/** A drawing's SVG text with each <text> element replaced by the outlines of its letters. */
export function outlineSvgText(svg) {
  return svg.replace(/<text\b([^>]*)>([^<]*)<\/text>/g, (_, tag, content) =>
    outlineText(tag, content, loadDisplayFont()),
  );
}

/** Every drawing in art/, by file name, as its picture in app/assets/images should read. */
export function outlinedArt() {
  const pictures = new Map();
  for (const name of readdirSync(artFolder)
    .filter((file) => file.endsWith(".svg"))
    .sort()) {
    pictures.set(name, outlineSvgText(readFileSync(artFolder + name, "utf8")));
  }
  return pictures;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [name, svg] of outlinedArt()) {
    writeFileSync(imagesFolder + name, svg);
    console.log(`app/assets/images/${name}: ${svg.length} bytes`);
  }
}
