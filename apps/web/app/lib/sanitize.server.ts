import { ownPicturesOnly, richTextRules, safeLinkTargets } from "@herbo/hosted-api";
import { richTextShapeProblem } from "@herbo/hosted-api/rich-text-shape";
import createDOMPurify from "dompurify";
import { JSDOM } from "jsdom";

const { window } = new JSDOM("");
const purifier = createDOMPurify(window);

// Links in descriptions open safely and never run script URLs (DOMPurify already drops javascript:).
purifier.addHook("afterSanitizeAttributes", safeLinkTargets);
purifier.addHook("afterSanitizeAttributes", ownPicturesOnly);

/**
 * Descriptions rarely change, and sanitising through a DOM is the slowest part of a product page, so each
 * stored text is sanitised once per process. The memory is bounded by characters, not entries: a shop's
 * whole catalogue (descriptions are at most 20,000 characters) fits many times over, so in practice nothing
 * is forgotten and sanitised again, while a flood of distinct texts cannot grow the process without end.
 */
const sanitized = new Map<string, string>();
/** The same for their text (meta descriptions), which needs a DOM too. */
const texts = new Map<string, string>();
const maxRememberedCharacters = 16_000_000;
const remembered = new Map<Map<string, string>, number>();

function remember(memory: Map<string, string>, key: string, value: string): string {
  let size = (remembered.get(memory) ?? 0) + key.length + value.length;
  for (const [oldKey, oldValue] of memory) {
    if (size <= maxRememberedCharacters) break;
    memory.delete(oldKey);
    size -= oldKey.length + oldValue.length;
  }
  memory.set(key, value);
  remembered.set(memory, size);
  return value;
}

/**
 * Cleans untrusted HTML from the store (product descriptions) down to harmless formatting:
 * no scripts, event handlers, styles, forms or embedded frames.
 */
export function sanitizeHtml(html: string): string {
  const known = sanitized.get(html);
  if (known !== undefined) return known;
  // The same rules the store API applied when the owner saved it, applied again here because the store's
  // HTML is still untrusted input to the storefront. Text of a shape the store API now refuses (saved
  // before it did, or written around it) is not shown rather than sanitised: that could hold the server
  // for seconds, every page with it.
  if (richTextShapeProblem(html) !== undefined) return remember(sanitized, html, "");
  const clean = purifier.sanitize(html, richTextRules);
  return remember(sanitized, html, clean);
}

/**
 * `sanitizeHtml` for a page that shows several texts (a product's description and its sections): a text
 * met for the first time is followed by a turn of the event loop, so other requests are served between them.
 */
export async function sanitizeHtmlInTurn(html: string): Promise<string> {
  const known = sanitized.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeHtml(html);
  await new Promise<void>((resolve) => setImmediate(resolve));
  return clean;
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
