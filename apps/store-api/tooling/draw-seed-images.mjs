// Draws the seed catalogue's product artwork into seed/images: `node tooling/draw-seed-images.mjs`.
// Lettering is turned into outlines, so the pictures look the same in every browser and the store API
// can rasterise them (social cards) without any font installed. Drawing needs one font on this machine:
// Liberation Serif Bold (Debian: fonts-liberation), or the file named by DRAWING_FONT.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Resvg } from "@resvg/resvg-js";

const folder = path.resolve(import.meta.dirname, "../seed/images");
const fontFile = process.env.DRAWING_FONT ?? "/usr/share/fonts/truetype/liberation/LiberationSerif-Bold.ttf";
if (!existsSync(fontFile)) {
  console.error(`Font not found: ${fontFile}. Install fonts-liberation or set DRAWING_FONT to a bold serif TTF.`);
  process.exit(1);
}

const round = (text) => text.replace(/-?\d+\.\d+/g, (number) => String(Math.round(Number(number) * 10) / 10));

/** Outlines of one line of text, in the coordinates the text would have had. */
function lettering({ x, y, size, text, fill, anchor = "middle", spacing = 0 }) {
  const probe = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text x="${x}" y="${y}" font-family="Liberation Serif" font-weight="700" font-size="${size}" letter-spacing="${spacing}" text-anchor="${anchor}">${text}</text></svg>`;
  const simplified = new Resvg(probe, {
    font: { loadSystemFonts: false, fontFiles: [fontFile], defaultFontFamily: "Liberation Serif" },
  }).toString();
  const shapes = [...simplified.matchAll(/ d="([^"]+)"/g)].map((match) => round(match[1]).replace(/ ?([MLCZ]) ?/g, "$1"));
  if (shapes.length === 0) throw new Error(`No outlines for "${text}"`);
  return `<path fill="${fill}" d="${shapes.join("")}"/>`;
}

const defs = `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f6ecdc"/><stop offset="1" stop-color="#faf6ef"/></linearGradient><linearGradient id="glass" x1="0" x2="1"><stop offset="0" stop-color="#0f0a07"/><stop offset=".28" stop-color="#4a311d"/><stop offset=".55" stop-color="#2b1d14"/><stop offset="1" stop-color="#0c0806"/></linearGradient><linearGradient id="gold" x1="0" x2="1"><stop offset="0" stop-color="#8f6526"/><stop offset=".3" stop-color="#f0cd7d"/><stop offset=".6" stop-color="#c8963e"/><stop offset="1" stop-color="#7a5420"/></linearGradient><linearGradient id="lblshade" x1="0" x2="1"><stop offset="0" stop-color="#5a3d22" stop-opacity=".35"/><stop offset=".3" stop-color="#fff" stop-opacity="0"/><stop offset=".75" stop-color="#5a3d22" stop-opacity="0"/><stop offset="1" stop-color="#5a3d22" stop-opacity=".4"/></linearGradient><radialGradient id="res" cx=".35" cy=".3" r=".8"><stop offset="0" stop-color="#5c3c22"/><stop offset=".5" stop-color="#2b1d14"/><stop offset="1" stop-color="#0c0806"/></radialGradient>`;

const scene = `<rect width="800" height="800" fill="url(#sky)"/><circle cx="585" cy="250" r="80" fill="#f1dcb0" opacity=".6"/><path d="M0 470 110 330l60 60 110-170 90 120 60-70 120 150 70-80 180 170v290H0z" fill="#ecdfc9"/><path d="M280 220l-42 64 22-10 20 22 18-24 24 12zM430 270l-30 35 16-5 14 12 12-12 20 4zM620 340l-26 30 14-4 12 10 12-10 16 2z" fill="#fffdf8"/><path d="M0 560 150 430l90 70 120-120 140 150 90-60 210 150v180H0z" fill="#e5d4b8"/><path d="M360 380l-46 46 20-8 26 20 22-20 26 6z" fill="#fffdf8" opacity=".9"/><rect y="640" width="800" height="160" fill="#efe5d4"/>`;

const logoMark = `<path d="M3 40 19 9l7 12 4-6 15 25z" fill="#2b1d14"/><path d="M24 21.5c3.8 5.3 6.3 8.7 6.3 11.6a6.3 6.3 0 0 1-12.6 0c0-2.9 2.5-6.3 6.3-11.6z" fill="#c8963e"/>`;

// Lettering every jar repeats is drawn once per picture and reused (<use>), keeping the files small.
const sharedShapes = new Map();
function shared(id, draw) {
  if (!sharedShapes.has(id)) sharedShapes.set(id, draw().replace("<path ", `<path id="${id}" `));
  return `<use href="#${id}"/>`;
}
const jarBrand = () => shared("hs-brand", () => lettering({ x: 0, y: -158, size: 38, text: "HERBO", fill: "#2b1d14", spacing: 3 }));
const jarName = () => shared("hs-name", () => lettering({ x: 0, y: -130, size: 22, text: "SHILAJIT", fill: "#2b1d14", spacing: 7 }));
const sizeLabel = (text) =>
  shared(`hs-size-${text.replace(/\D+/g, "")}`, () => lettering({ x: 0, y: -91, size: 26, text, fill: "#faf6ef" }));

/** A glass jar of resin standing on (x, y); the label names its size. */
function jar({ x, y, scale, size, band = "#c8963e" }) {
  return `<g transform="translate(${x} ${y}) scale(${scale})"><ellipse cx="0" cy="6" rx="185" ry="22" fill="#2b1d14" opacity=".18"/><rect x="-150" y="-300" width="300" height="300" rx="38" fill="url(#glass)"/><rect x="-128" y="-282" width="18" height="262" rx="9" fill="#fff" opacity=".13"/><rect x="-150" y="-238" width="300" height="176" fill="#faf6ef"/><rect x="-150" y="-238" width="300" height="12" fill="${band}"/><rect x="-150" y="-74" width="300" height="12" fill="${band}"/><g transform="translate(-22 -226) scale(0.95)">${logoMark}</g>${jarBrand()}${jarName()}<rect x="-62" y="-119" width="124" height="38" rx="19" fill="${band}"/>${sizeLabel(size)}<rect x="-150" y="-238" width="300" height="176" fill="url(#lblshade)"/><rect x="-160" y="-372" width="320" height="78" rx="14" fill="url(#gold)"/><path d="M-160-352h320M-160-333h320M-160-314h320" stroke="#7a5420" stroke-opacity=".35" stroke-width="3"/><rect x="-160" y="-300" width="320" height="8" rx="4" fill="#6b4a1c"/><rect x="-146" y="-366" width="60" height="8" rx="4" fill="#fff6dc" opacity=".5"/></g>`;
}

/** The measuring spoon with a pea-sized serving, lying at (x, y). */
function spoon({ x, y, angle, scale = 1 }) {
  return `<g transform="translate(${x} ${y}) rotate(${angle}) scale(${scale})"><ellipse cx="-70" cy="16" rx="120" ry="10" fill="#2b1d14" opacity=".16"/><path d="M-30-5h-140a6 6 0 0 0 0 12h140z" fill="url(#gold)"/><path d="M-36 0a36 30 0 0 0 72 0z" fill="url(#gold)"/><ellipse rx="36" ry="12" fill="#a87a2e"/><ellipse cy="1" rx="30" ry="9" fill="#7a5420"/><ellipse cx="2" cy="-2" rx="13" ry="8" fill="url(#res)"/><ellipse cx="-2" cy="-5" rx="4" ry="2" fill="#fff" opacity=".7"/><path d="M-160-1h90" stroke="#fff6dc" stroke-width="2" stroke-linecap="round" opacity=".7"/></g>`;
}

/** A small card tied to a pack, saying what is in it. */
function tag({ x, y, text, width }) {
  return `<g transform="translate(${x} ${y}) rotate(-4)"><rect x="${-width / 2}" y="-34" width="${width}" height="68" rx="12" fill="#2b1d14"/><rect x="${-width / 2 + 6}" y="-28" width="${width - 12}" height="56" rx="8" fill="none" stroke="#c8963e" stroke-width="2"/>${lettering({ x: 0, y: 12, size: 32, text, fill: "#f0cd7d" })}</g>`;
}

function picture(title, body, extraDefs = "") {
  const used = [...new Set([...body.matchAll(/href="#([\w-]+)"/g)].map((match) => match[1]))];
  const shapes = used.map((id) => sharedShapes.get(id) ?? "").join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800" role="img"><title>${title}</title><defs>${defs}${extraDefs}${shapes}</defs>${scene}${body}</svg>\n`;
}

const leafletDefs = `<linearGradient id="pa" x1="0" x2="1"><stop offset="0" stop-color="#f3ead9"/><stop offset="1" stop-color="#fffdf8"/></linearGradient><linearGradient id="pb" x1="0" x2="1"><stop offset="0" stop-color="#e6d8bf"/><stop offset="1" stop-color="#f1e6d2"/></linearGradient>`;
const leaflet = `<path d="M100 648 250 662 380 650 420 664 260 680 90 664z" fill="#2b1d14" opacity=".14"/><path d="M100 372 250 332v330l-150-14z" fill="url(#pa)"/><path d="M250 332l130 40v278l-130 12z" fill="url(#pb)"/><path d="M250 332v330" stroke="#d6c4a4" stroke-width="2"/><g transform="matrix(1 -.267 0 1 0 0)"><g transform="translate(118 422) scale(0.9)">${logoMark}</g>${lettering({ x: 175, y: 488, size: 19, text: "HOW TO", fill: "#2b1d14", spacing: 2 })}${lettering({ x: 175, y: 510, size: 19, text: "USE", fill: "#2b1d14", spacing: 2 })}<path d="M150 524h50" stroke="#c8963e" stroke-width="3"/><path d="M125 550h100M125 566h86M125 582h72M125 598h100M125 614h86" stroke="#bda987" stroke-width="5" stroke-linecap="round"/></g><g transform="matrix(1 .308 0 1 0 0)"><path d="M268 330h95M268 346h81M268 362h67M268 420h95M268 436h81M268 452h67M268 468h95" stroke="#b8a282" stroke-width="5" stroke-linecap="round"/><rect x="268" y="385" width="56" height="22" rx="4" fill="#c8963e" opacity=".8"/></g>`;

const woodDefs = `<linearGradient id="wood" x1="0" x2="1"><stop offset="0" stop-color="#6b4226"/><stop offset=".35" stop-color="#9a6639"/><stop offset=".7" stop-color="#845530"/><stop offset="1" stop-color="#5c3820"/></linearGradient><linearGradient id="lidwood" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#a87243"/><stop offset="1" stop-color="#7d4f2c"/></linearGradient><linearGradient id="satin" x1="0" x2="1"><stop offset="0" stop-color="#6e1f24"/><stop offset=".45" stop-color="#a8343b"/><stop offset="1" stop-color="#5e1a1f"/></linearGradient>`;
const giftBox = [
  `<ellipse cx="400" cy="702" rx="290" ry="26" fill="#2b1d14" opacity=".2"/>`,
  // The lid leans open behind the box, its satin ribbon still around it.
  `<path d="M196 250h408l26 222H170z" fill="url(#lidwood)"/><path d="M220 276h360l20 172H200z" fill="#b98152" opacity=".55"/><path d="M382 250h36l4 222h-44z" fill="url(#satin)"/><path d="M170 472h460v10H170z" fill="#5c3820"/>`,
  `<circle cx="400" cy="318" r="30" fill="url(#gold)"/><circle cx="400" cy="318" r="24" fill="none" stroke="#7a5420" stroke-width="2" opacity=".6"/><g transform="translate(383 300) scale(0.75)">${logoMark}</g>`,
  // Inside: the back wall, then what the box holds.
  `<path d="M170 482h460v44H170z" fill="#3d2616"/>`,
  jar({ x: 300, y: 556, scale: 0.5, size: "20 g" }),
  `<g transform="translate(520 468) rotate(7)"><rect x="-62" y="-84" width="124" height="150" rx="3" fill="#f1e4c8"/><path d="M-62-84h124v150H-62z" fill="none" stroke="#d9c6a0" stroke-width="3" stroke-dasharray="5 3"/><g transform="translate(-22 -70) scale(0.95)">${logoMark}</g><path d="M-38-8h76M-44 8h88M-34 24h68" stroke="#9a7b52" stroke-width="4" stroke-linecap="round"/></g>`,
  // The front of the box, with its brass plate.
  `<path d="M170 526h460v168H170z" fill="url(#wood)"/><path d="M170 518h460v14H170z" fill="#b47c48"/><path d="M190 560c90-8 180 6 270-2s120 4 150 0M190 610c70 6 160-6 250 2s130-4 170 2M190 656c110-6 200 4 300-2s90 2 120 0" stroke="#5c3820" stroke-width="3" fill="none" opacity=".45"/>`,
  `<rect x="322" y="584" width="156" height="54" rx="8" fill="url(#gold)"/><rect x="330" y="592" width="140" height="38" rx="5" fill="none" stroke="#7a5420" stroke-width="2" opacity=".6"/>${lettering({ x: 400, y: 622, size: 28, text: "HERBO", fill: "#3d2616", spacing: 3 })}`,
  spoon({ x: 330, y: 530, angle: -12, scale: 0.8 }),
].join("");

const pictures = {
  "resin-10g.svg": picture("Herbo Shilajit resin jar, 10 g", jar({ x: 400, y: 690, scale: 0.68, size: "10 g" })),
  "resin-20g.svg": picture(
    "Herbo Shilajit resin jar, 20 g",
    jar({ x: 400, y: 690, scale: 0.82, size: "20 g", band: "#9a5b2e" }),
  ),
  "resin-30g.svg": picture(
    "Herbo Shilajit resin jar, 30 g",
    jar({ x: 400, y: 700, scale: 0.96, size: "30 g", band: "#7a4a24" }),
  ),
  "starter-kit.svg": picture(
    "Herbo Shilajit starter kit: a 10 g resin jar, the gold measuring spoon and the how-to guide",
    `${leaflet}${jar({ x: 560, y: 646, scale: 0.68, size: "10 g" })}${spoon({ x: 330, y: 712, angle: -8 })}`,
    leafletDefs,
  ),
  "value-pack-2x20.svg": picture(
    "Herbo Shilajit value pack: two 20 g resin jars",
    `${jar({ x: 270, y: 660, scale: 0.7, size: "20 g", band: "#9a5b2e" })}${jar({ x: 530, y: 660, scale: 0.7, size: "20 g", band: "#9a5b2e" })}${tag({ x: 400, y: 730, text: "2 × 20 g", width: 180 })}`,
  ),
  "value-pack-3x20.svg": picture(
    "Herbo Shilajit value pack: three 20 g resin jars",
    `${jar({ x: 230, y: 640, scale: 0.56, size: "20 g", band: "#9a5b2e" })}${jar({ x: 570, y: 640, scale: 0.56, size: "20 g", band: "#9a5b2e" })}${jar({ x: 400, y: 690, scale: 0.6, size: "20 g", band: "#9a5b2e" })}${tag({ x: 400, y: 742, text: "3 × 20 g", width: 180 })}`,
  ),
  "gift-box.svg": picture(
    "Herbo Shilajit gift box: a wooden box holding a 20 g resin jar, a brass spoon and a lokta paper card",
    giftBox,
    woodDefs,
  ),
};

for (const [file, svg] of Object.entries(pictures)) {
  writeFileSync(path.join(folder, file), svg);
  console.log(`drew ${file} (${(svg.length / 1024).toFixed(1)} KB)`);
}

// The travel tin keeps its drawing; only its lettering becomes outlines.
const tinFile = path.join(folder, "travel-tin.svg");
const tin = readFileSync(tinFile, "utf8").replace(/<text ([^>]*)>([^<]*)<\/text>/g, (_whole, attributes, text) => {
  const attribute = (name) => new RegExp(`${name}="([^"]*)"`).exec(attributes)?.[1];
  return lettering({
    x: Number(attribute("x") ?? 0),
    y: Number(attribute("y") ?? 0),
    size: Number(attribute("font-size") ?? 16),
    text,
    fill: attribute("fill") ?? "#000",
    anchor: attribute("text-anchor") ?? "start",
    spacing: Number(attribute("letter-spacing") ?? 0),
  });
});
writeFileSync(tinFile, tin);
