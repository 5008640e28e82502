const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
}

/** Where the hosted pages' stylesheet, script, logo and font are served (routes/checkout-assets.ts). */
export const assetsPath = "/checkout-assets";

export interface PageFrame {
  shopName: string;
  /** The shop's public origin, for the logo link and the policy links. */
  siteUrl: string;
}

/** A hosted page of the shop: its logo and fonts, no remote resources, never indexed. */
export function layout(
  frame: PageFrame,
  title: string,
  body: string,
  options: { script?: boolean; refreshTo?: string } = {},
): string {
  const shop = escapeHtml(frame.shopName);
  const site = escapeHtml(frame.siteUrl);
  const policies = [
    ["/shipping", "Shipping"],
    ["/returns", "Returns"],
    ["/privacy", "Privacy"],
    ["/terms", "Terms"],
  ]
    .map(([path, label]) => `<li><a href="${site}${path}">${label}</a></li>`)
    .join("");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="referrer" content="no-referrer">
${options.refreshTo === undefined ? "" : `<meta http-equiv="refresh" content="0;url=${escapeHtml(options.refreshTo)}">\n`}<title>${escapeHtml(title)} · ${shop}</title>
<link rel="icon" href="${assetsPath}/logo-mark.svg" type="image/svg+xml">
<link rel="preload" href="${assetsPath}/playfair-display-latin-700-normal.woff2" as="font" type="font/woff2" crossorigin>
<link rel="stylesheet" href="${assetsPath}/checkout.css">
${options.script === true ? `<script src="${assetsPath}/checkout.js" defer></script>\n` : ""}</head>
<body>
<header class="top"><div class="inner">
<a class="brand" href="${site}/"><img src="${assetsPath}/logo-mark.svg" alt="" width="32" height="32">${shop}</a>
<span class="secure">Secure checkout</span>
</div></header>
<main>
${body}
</main>
<footer><ul>${policies}</ul></footer>
</body>
</html>`;
}
