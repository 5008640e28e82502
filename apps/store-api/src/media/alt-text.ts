/** The longest alt text kept: a sentence or two, as screen readers expect. */
export const maxAltLength = 250;

/**
 * Alt text is plain text wherever it goes (an `alt` attribute, JSON-LD): tags and invisible or control
 * characters are dropped, white space collapsed, and at most `maxAltLength` characters kept.
 */
export function plainAltText(value: string): string {
  const text = value
    .replace(/<\/?[a-z!?][^>]*>?/gi, " ")
    .replace(/[<>]/g, "")
    // Controls, and format characters such as zero-width spaces and direction overrides.
    .replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return Array.from(text).slice(0, maxAltLength).join("").trim();
}
