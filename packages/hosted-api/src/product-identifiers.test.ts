import { describe, expect, it } from "vitest";
import { gtin14, gtinCheckDigit, gtinLengths, mpnMaxLength, parseGtin, parseMpn } from "./product-identifiers.ts";

const notDigits = "A GTIN is made of digits only (spaces and hyphens are fine: they are left out)";
const wrongCheck = (expected: number) => `This GTIN's last digit does not match its check digit (expected ${expected})`;

describe("a variant's GTIN", () => {
  it("takes real barcodes of every length: GTIN-8, UPC-A, EAN-13 and GTIN-14", () => {
    for (const code of [
      "96385074",
      "12345670",
      "036000291452",
      "4006381333931",
      "5901234123457",
      "9780306406157",
      "10614141000415",
      "00012345600012",
    ]) {
      expect(parseGtin(code), code).toEqual({ ok: true, value: code });
    }
    expect(gtinLengths).toEqual([8, 12, 13, 14]);
  });

  it("works out the check digit from the right, weighting 3 then 1", () => {
    expect(gtinCheckDigit("400638133393")).toBe(1);
    expect(gtinCheckDigit("03600029145")).toBe(2);
    expect(gtinCheckDigit("9638507")).toBe(4);
    expect(gtinCheckDigit("1061414100041")).toBe(5);
    // A sum already a multiple of 10 needs 0, not 10.
    expect(gtinCheckDigit("1234567")).toBe(0);
  });

  it("leaves out spaces and hyphens typed around and between the digits, and keeps leading zeros", () => {
    expect(parseGtin(" 4006381 333931 ")).toEqual({ ok: true, value: "4006381333931" });
    expect(parseGtin("978-0-306-40615-7")).toEqual({ ok: true, value: "9780306406157" });
    expect(parseGtin("0 36000 29145 2")).toEqual({ ok: true, value: "036000291452" });
    expect(parseGtin("\t96385074\n")).toEqual({ ok: true, value: "96385074" });
  });

  it("reads an empty field as none", () => {
    for (const text of ["", "   ", " - "])
      expect(parseGtin(text), JSON.stringify(text)).toEqual({ ok: true, value: null });
  });

  it("refuses anything but digits, wherever it is", () => {
    for (const text of [
      "400638133393x",
      "x400638133393",
      "4006381.333931",
      "ABCDEFGH",
      "４００６３８１３３３９３１",
      "+96385074",
    ]) {
      expect(parseGtin(text), text).toEqual({ ok: false, message: notDigits });
    }
  });

  it("refuses every other length, saying how many digits it has", () => {
    for (const code of ["9638507", "963850740", "1234567890", "36000291452", "400638133393100", "1"]) {
      expect(parseGtin(code), code).toEqual({
        ok: false,
        message: `A GTIN has 8, 12, 13 or 14 digits; this one has ${code.length}`,
      });
    }
  });

  it("refuses a last digit one off its check digit, naming the right one", () => {
    expect(parseGtin("4006381333932")).toEqual({ ok: false, message: wrongCheck(1) });
    expect(parseGtin("4006381333930")).toEqual({ ok: false, message: wrongCheck(1) });
    expect(parseGtin("036000291453")).toEqual({ ok: false, message: wrongCheck(2) });
    expect(parseGtin("036000291451")).toEqual({ ok: false, message: wrongCheck(2) });
    expect(parseGtin("96385075")).toEqual({ ok: false, message: wrongCheck(4) });
    expect(parseGtin("10614141000416")).toEqual({ ok: false, message: wrongCheck(5) });
    expect(parseGtin("12345679")).toEqual({ ok: false, message: wrongCheck(0) });
    // Two digits swapped: the weights catch it.
    expect(parseGtin("4006381339331")).toEqual({ ok: false, message: wrongCheck(9) });
  });

  it("compares GTINs as 14 digits, so a UPC-A and the same number with zeros in front are one", () => {
    expect(gtin14("036000291452")).toBe("00036000291452");
    expect(gtin14("0036000291452")).toBe("00036000291452");
    expect(gtin14("96385074")).toBe("00000096385074");
    expect(gtin14("10614141000415")).toBe("10614141000415");
  });
});

describe("a variant's MPN", () => {
  it("takes the owner's part number, trimmed, up to 70 characters", () => {
    expect(parseMpn(" HS-RESIN-20 ")).toEqual({ ok: true, value: "HS-RESIN-20" });
    expect(parseMpn("Resin 20 g / jar #2")).toEqual({ ok: true, value: "Resin 20 g / jar #2" });
    expect(parseMpn("x".repeat(mpnMaxLength))).toEqual({ ok: true, value: "x".repeat(70) });
    // Characters, not UTF-16 units: 70 letters beyond the first plane still fit.
    expect(parseMpn("𝐀".repeat(70))).toEqual({ ok: true, value: "𝐀".repeat(70) });
  });

  it("reads an empty field as none", () => {
    for (const text of ["", "  ", "\n"])
      expect(parseMpn(text), JSON.stringify(text)).toEqual({ ok: true, value: null });
  });

  it("refuses one character over 70", () => {
    expect(parseMpn("x".repeat(71))).toEqual({
      ok: false,
      message: "An MPN has at most 70 characters; this one has 71",
    });
    expect(parseMpn(` ${"𝐀".repeat(71)} `)).toEqual({
      ok: false,
      message: "An MPN has at most 70 characters; this one has 71",
    });
  });

  it("refuses line breaks, tabs and other control characters inside it", () => {
    for (const text of ["HS\nRESIN", "HS\tRESIN", "HS\u0000", "HS\u007fRESIN", "A\u0085B"]) {
      expect(parseMpn(text), JSON.stringify(text)).toEqual({
        ok: false,
        message: "An MPN must not contain line breaks or other control characters",
      });
    }
  });
});
