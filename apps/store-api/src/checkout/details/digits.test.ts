import { describe, expect, it } from "vitest";
import { asciiDigits } from "./digits.ts";

describe("digits of any script", () => {
  it("reads Devanagari, Bengali, Arabic-Indic, Persian, Gujarati, Tamil and fullwidth digits as 0–9", () => {
    expect(asciiDigits("९८४१२३४५६७")).toBe("9841234567");
    expect(asciiDigits("০১২৩৪৫৬৭৮৯")).toBe("0123456789");
    expect(asciiDigits("٠١٢٣٤٥٦٧٨٩")).toBe("0123456789");
    expect(asciiDigits("۰۱۲۳۴۵۶۷۸۹")).toBe("0123456789");
    expect(asciiDigits("૦૧૨૩૪૫૬૭૮૯")).toBe("0123456789");
    expect(asciiDigits("௦௧௨௩௪௫௬௭௮௯")).toBe("0123456789");
    expect(asciiDigits("４４６００")).toBe("44600");
  });
  it("reads each of the runs of mathematical digits (five scripts in a row) from its own zero", () => {
    // U+1D7CE bold, U+1D7D8 double-struck, U+1D7E2 sans-serif, U+1D7EC sans bold, U+1D7F6 monospace.
    for (const zero of [0x1d7ce, 0x1d7d8, 0x1d7e2, 0x1d7ec, 0x1d7f6]) {
      const digits = Array.from({ length: 10 }, (_, value) => String.fromCodePoint(zero + value)).join("");
      expect(asciiDigits(digits)).toBe("0123456789");
    }
  });
  it("keeps Latin digits, letters, spaces, signs and other numerals (Roman, fractions) as they are", () => {
    expect(asciiDigits("+977 (98) 4123-4567")).toBe("+977 (98) 4123-4567");
    expect(asciiDigits("+९७७ ९८४१-२३४५६७")).toBe("+977 9841-234567");
    expect(asciiDigits("SW1A 2AA")).toBe("SW1A 2AA");
    expect(asciiDigits("Ⅻ ½ ²")).toBe("Ⅻ ½ ²");
    expect(asciiDigits("")).toBe("");
  });
});
