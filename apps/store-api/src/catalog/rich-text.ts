import { ownPicturesOnly, plainTextRules, richTextRules, safeLinkTargets } from "@herbo/hosted-api";
import type { DOMPurify } from "dompurify";
import type * as Jsdom from "jsdom";
import type { JSDOM } from "jsdom";
import { onFirstUse } from "../lazy-module.ts";

const jsdomModule = onFirstUse<typeof Jsdom>("jsdom");
const domPurifyModule = onFirstUse<DOMPurify>("dompurify");

interface Sanitizer {
  purifier: DOMPurify;
  fragment: typeof JSDOM.fragment;
}

let sanitizer: Sanitizer | undefined;

/** DOMPurify over jsdom, made on the first text cleaned: only the owner's saves and imports clean texts. */
function theSanitizer(): Sanitizer {
  if (sanitizer !== undefined) return sanitizer;
  const { JSDOM: Dom } = jsdomModule();
  const purifier = domPurifyModule()(new Dom("").window);
  purifier.addHook("afterSanitizeAttributes", safeLinkTargets);
  purifier.addHook("afterSanitizeAttributes", ownPicturesOnly);
  sanitizer = { purifier, fragment: Dom.fragment };
  return sanitizer;
}

/**
 * Texts already cleaned in this process, bounded by characters (each original and its clean form count):
 * when a new one would pass the bound, the oldest are forgotten first. A save or an import cleans its texts
 * one at a time first (`cleanRichTextsInTurn`), then reads them from here while it works synchronously.
 */
export function cleanedTextMemory(maxCharacters: number) {
  const cleaned = new Map<string, string>();
  let held = 0;
  return {
    get: (html: string): string | undefined => cleaned.get(html),
    remember(html: string, clean: string): void {
      for (const [oldHtml, oldClean] of cleaned) {
        if (held + html.length + clean.length <= maxCharacters) break;
        cleaned.delete(oldHtml);
        held -= oldHtml.length + oldClean.length;
      }
      cleaned.set(html, clean);
      held += html.length + clean.length;
    },
    /** How many characters are held, originals and clean forms together. */
    held: (): number => held,
  };
}

const cleaned = cleanedTextMemory(8_000_000);

/**
 * The owner's rich text as the shop keeps it: the storefront's own rules (`richTextRules`), applied when
 * it is saved, so what is stored is already what a shopper will see. Its shape must have been checked
 * (`richTextShapeProblem`): sanitising through a DOM costs more with every element.
 */
export function cleanRichText(html: string): string {
  const known = cleaned.get(html);
  if (known !== undefined) return known;
  const clean = theSanitizer().purifier.sanitize(html, richTextRules).trim();
  cleaned.remember(html, clean);
  return clean;
}

/**
 * Cleans several texts with a turn of the event loop after each, so a product with ten sections or a file
 * of many products never holds the server for all of them at once; `cleanRichText` then finds them ready.
 */
export async function cleanRichTextsInTurn(texts: Iterable<string>): Promise<void> {
  for (const html of texts) {
    cleanRichText(html);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * A plain-text field (a title, a ribbon) as the shop keeps it: markup removed, its words kept, control
 * characters and runs of spaces folded to one space.
 */
export function cleanPlainText(text: string): string {
  const { purifier, fragment } = theSanitizer();
  const words = fragment(purifier.sanitize(text, plainTextRules)).textContent ?? "";
  return words.replace(/[\p{Cc}\s]+/gu, " ").trim();
}
