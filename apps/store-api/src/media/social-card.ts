import type * as Resvg from "@resvg/resvg-js";
import { onFirstUse } from "../lazy-module.ts";

const resvg = onFirstUse<typeof Resvg>("@resvg/resvg-js");

/** The size social networks show a large link preview at (Open Graph, Twitter/X, WhatsApp). */
export const socialCardSize = { width: 1200, height: 630 } as const;

const artworkSide = 570;

/**
 * A 1200×630 card made from a product's square artwork: the picture itself in the middle, over a
 * blurred, darkened copy of it that fills the wide frame.
 */
export function socialCardSvg(artworkSvg: string): string {
  const { width, height } = socialCardSize;
  const source = `data:image/svg+xml;base64,${Buffer.from(artworkSvg).toString("base64")}`;
  const x = (width - artworkSide) / 2;
  const y = (height - artworkSide) / 2;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<defs><filter id="soft" x="-10%" y="-10%" width="120%" height="120%"><feGaussianBlur stdDeviation="28"/></filter>`,
    `<filter id="shadow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="14"/></filter>`,
    `<clipPath id="frame"><rect x="${x}" y="${y}" width="${artworkSide}" height="${artworkSide}" rx="28"/></clipPath></defs>`,
    `<rect width="${width}" height="${height}" fill="#2b1d14"/>`,
    `<image href="${source}" x="-60" y="${(height - width) / 2 - 60}" width="${width + 120}" height="${width + 120}" filter="url(#soft)" opacity=".85"/>`,
    `<rect width="${width}" height="${height}" fill="#2b1d14" opacity=".35"/>`,
    `<rect x="${x}" y="${y + 10}" width="${artworkSide}" height="${artworkSide}" rx="28" fill="#000" opacity=".45" filter="url(#shadow)"/>`,
    `<image href="${source}" x="${x}" y="${y}" width="${artworkSide}" height="${artworkSide}" clip-path="url(#frame)"/>`,
    `</svg>`,
  ].join("");
}

/**
 * The card as a PNG, drawn off the main thread; the artwork must carry its lettering as outlines, since
 * no fonts are loaded.
 */
export async function renderSocialCard(artworkSvg: string): Promise<Buffer> {
  const image = await resvg().renderAsync(socialCardSvg(artworkSvg), { font: { loadSystemFonts: false } });
  return image.asPng();
}
