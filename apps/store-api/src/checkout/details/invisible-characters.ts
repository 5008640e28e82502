/**
 * Invisible characters in a shopper's name or address: they make two names look alike, hide text in the
 * back office's search and the CSV export, and no one types them on purpose. Refused: every Unicode format
 * character (category Cf: zero-width space U+200B, LRM and RLM U+200E/F, word joiner and invisible operators
 * U+2060–U+2064, the byte-order mark U+FEFF, the soft hyphen U+00AD, tags …) and the Hangul fillers, letters
 * that draw nothing (U+115F, U+1160, U+3164, U+FFA0).
 *
 * Kept: the zero-width non-joiner and joiner (U+200C, U+200D) right after a letter or mark of a script that
 * shapes with them. Devanagari writes Nepali names with them (क्‍ष, the eyelash ra of र्‍य, a visible virama
 * such as श्रीमान्‌), and so do Bengali, Sinhala, Malayalam and Persian (علی‌رضا). After a Latin, Greek or
 * Cyrillic letter, a digit, a space or another invisible character they change nothing a reader sees, so
 * there they are refused too.
 */
const invisible = /[\p{Cf}\u115F\u1160\u3164\uFFA0]/u;

/** A joiner that shapes the letter before it (not after Latin, Greek, Cyrillic, common or inherited characters). */
const shapingJoiner =
  /(?<=[\p{L}\p{M}])(?<![\p{scx=Latn}\p{scx=Grek}\p{scx=Cyrl}\p{scx=Zyyy}\p{scx=Zinh}])[\u200C\u200D]/u;

/** Each character the rule refuses, or a joiner it keeps (captured). */
const everyInvisible = new RegExp(`(${shapingJoiner.source})|${invisible.source}`, "gu");

/** The text without the invisible characters the rule refuses; shaping joiners stay. */
export function withoutInvisibleCharacters(text: string): string {
  return text.replace(everyInvisible, (_match, kept: string | undefined) => kept ?? "");
}

/** Whether the text holds an invisible character the rule above refuses. */
export function hasInvisibleCharacters(text: string): boolean {
  return withoutInvisibleCharacters(text) !== text;
}
