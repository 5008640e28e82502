import { describe, expect, it } from "vitest";
import { hasInvisibleCharacters, withoutInvisibleCharacters } from "./invisible-characters.ts";

describe("invisible characters in names and addresses", () => {
  it.each([
    ["a zero-width space", "Asha\u200bGurung"],
    ["a zero-width non-joiner between Latin letters", "Asha\u200cGurung"],
    ["a zero-width joiner between Latin letters", "Asha\u200dGurung"],
    ["a left-to-right mark", "Asha\u200e"],
    ["a right-to-left mark", "\u200fAsha"],
    ["a word joiner", "Asha\u2060Gurung"],
    ["an invisible times", "Asha\u2062"],
    ["an invisible plus", "Asha\u2064"],
    ["a byte-order mark", "\ufeffAsha"],
    ["a soft hyphen", "Gu\u00adrung"],
    ["an Arabic letter mark", "Omar\u061c"],
    ["a Mongolian vowel separator", "Asha\u180e"],
    ["a tag character", "Asha\u{e0041}"],
    ["a Hangul filler", "\u3164\u3164"],
    ["a halfwidth Hangul filler", "Asha\uffa0"],
    ["a joiner at the start", "\u200dराम"],
    ["a joiner after a space", "राम \u200dश्रेष्ठ"],
    ["a joiner after a digit", "12\u200dराम"],
    ["two joiners in a row", "क्\u200d\u200dष"],
    ["a joiner after a Latin letter with an accent", "Jose\u0301\u200d"],
  ])("finds %s", (_name, text) => {
    expect(hasInvisibleCharacters(text)).toBe(true);
  });

  it.each([
    ["a Latin name", "Asha Gurung"],
    ["a Nepali name in Devanagari", "राम श्रेष्ठ"],
    ["Devanagari with a joiner after the virama (क्‍ष)", "क्\u200dषेत्री"],
    ["Devanagari's eyelash ra (र्‍य)", "गर्\u200dयो"],
    ["Devanagari with a non-joiner for a visible virama", "श्रीमान्\u200c"],
    ["a Persian name with a non-joiner", "علی\u200cرضا"],
    ["a Bengali conjunct with a joiner", "ক্\u200dষ"],
    ["a Sinhala name with a joiner", "ශ්\u200dරී"],
    ["an accented Latin name", "José Müller-Lüdenscheidt"],
    ["an address with digits and punctuation", "Flat 4B, 12/3 Thamel Marg"],
  ])("accepts %s", (_name, text) => {
    expect(hasInvisibleCharacters(text)).toBe(false);
    expect(withoutInvisibleCharacters(text)).toBe(text);
  });

  it("drops what it refuses and keeps the joiners that shape a word", () => {
    expect(withoutInvisibleCharacters("\ufeffAsha\u200b Gu\u00adrung\u200d")).toBe("Asha Gurung");
    expect(withoutInvisibleCharacters("क्\u200d\u200dष")).toBe("क्\u200dष");
  });
});
