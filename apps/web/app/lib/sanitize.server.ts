import { ownPicturesOnly, richTextRules, safeLinkTargets } from "@herbo/hosted-api";
import createDOMPurify from "dompurify";
import { JSDOM } from "jsdom";

const { window } = new JSDOM("");
const purifier = createDOMPurify(window);

// Links in descriptions open safely and never run script URLs (DOMPurify already drops javascript:).
purifier.addHook("afterSanitizeAttributes", safeLinkTargets);
purifier.addHook("afterSanitizeAttributes", ownPicturesOnly);

/** Descriptions rarely change, and sanitising through a DOM is the slowest part of a product page. */
const sanitized = new Map<string, string>();
/** The same for their text (meta descriptions), which needs a DOM too. */
const texts = new Map<string, string>();
const maxRemembered = 500;

function remember(memory: Map<string, string>, key: string, value: string): string {
  if (memory.size >= maxRemembered) memory.delete(memory.keys().next().value ?? "");
  memory.set(key, value);
  return value;
}

/**
 * Cleans untrusted HTML from the store (product descriptions) down to harmless formatting:
 * no scripts, event handlers, styles, forms or embedded frames.
 */
export function sanitizeHtml(html: string): string {
  const known = sanitized.get(html);
  if (known !== undefined) return known;
  // The same rules the store API applied when the owner saved it (issue 28), applied again here because
  // the store's HTML is still untrusted input to the storefront.
  const clean = purifier.sanitize(html, richTextRules);
  return remember(sanitized, html, clean);
}

/** The visible text of HTML, for meta descriptions. */
export function htmlToText(html: string): string {
  const known = texts.get(html);
  if (known !== undefined) return known;
  // A space after each block keeps "<p>One</p><p>Two</p>" from reading "OneTwo".
  const spaced = sanitizeHtml(html).replace(/<\/(p|li|h[1-6]|div|blockquote|td|th)>|<br\s*\/?>/gi, "$& ");
  const fragment = JSDOM.fragment(spaced);
  return remember(texts, html, (fragment.textContent ?? "").replace(/\s+/g, " ").trim());
}
