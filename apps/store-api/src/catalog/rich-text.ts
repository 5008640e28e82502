import { ownPicturesOnly, plainTextRules, richTextRules, safeLinkTargets } from "@herbo/hosted-api";
import createDOMPurify from "dompurify";
import { JSDOM } from "jsdom";

const purifier = createDOMPurify(new JSDOM("").window);
purifier.addHook("afterSanitizeAttributes", safeLinkTargets);
purifier.addHook("afterSanitizeAttributes", ownPicturesOnly);

/**
 * The owner's rich text as the shop keeps it: the storefront's own rules (`richTextRules`), applied when
 * it is saved, so what is stored is already what a shopper will see.
 */
export function cleanRichText(html: string): string {
  return purifier.sanitize(html, richTextRules).trim();
}

/**
 * A plain-text field (a title, a ribbon) as the shop keeps it: markup removed, its words kept, control
 * characters and runs of spaces folded to one space.
 */
export function cleanPlainText(text: string): string {
  const words = JSDOM.fragment(purifier.sanitize(text, plainTextRules)).textContent ?? "";
  return words.replace(/[\p{Cc}\s]+/gu, " ").trim();
}
