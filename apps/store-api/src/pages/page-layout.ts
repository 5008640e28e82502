import { markup, type SafeHtml } from "../html/markup.ts";

/** Where the hosted pages' stylesheet, script, logo and font are served (routes/checkout-assets.ts). */
export const assetsPath = "/checkout-assets";

export interface PageFrame {
  shopName: string;
  /** The shop's public origin, for the logo link and the policy links. */
  siteUrl: string;
}

const policies = [
  ["/shipping", "Shipping"],
  ["/returns", "Returns"],
  ["/privacy", "Privacy"],
  ["/terms", "Terms"],
] as const;

/**
 * A hosted page of the shop (checkout, order, error): its logo and fonts, no remote resources, never
 * indexed. `badge` is what the header says beside the logo ("Secure checkout").
 */
export function layout(
  frame: PageFrame,
  title: string,
  body: SafeHtml,
  options: { script?: boolean; refreshTo?: string; badge?: string } = {},
): string {
  const site = frame.siteUrl;
  const refresh =
    options.refreshTo === undefined ? "" : markup`<meta http-equiv="refresh" content="0;url=${options.refreshTo}">\n`;
  const script = options.script === true ? markup`<script src="${assetsPath}/checkout.js" defer></script>\n` : "";
  return markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
${refresh}<title>${title} · ${frame.shopName}</title>
<link rel="icon" href="${assetsPath}/logo-mark.svg" type="image/svg+xml">
<link rel="preload" href="${assetsPath}/playfair-display-latin-700-normal.woff2" as="font" type="font/woff2" crossorigin>
<link rel="stylesheet" href="${assetsPath}/checkout.css">
${script}</head>
<body>
<header class="top"><div class="inner">
<a class="brand" href="${site}/"><img src="${assetsPath}/logo-mark.svg" alt="" width="32" height="32">${frame.shopName}</a>
<span class="secure">${options.badge ?? "Secure checkout"}</span>
</div></header>
<main>
${body}
</main>
<footer><ul>${policies.map(([path, label]) => markup`<li><a href="${site}${path}">${label}</a></li>`)}</ul></footer>
</body>
</html>`.toString();
}
