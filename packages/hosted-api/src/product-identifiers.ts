/**
 * The identifiers an owner may give a variant for product feeds (Google Merchant Center, Meta catalogues):
 * its GTIN, the number under the barcode on the pack, and its MPN, the maker's own part number. Both are
 * optional: a brand without barcodes lists its products with "no identifiers", which is correct, not an error.
 * The back office checks a field as it is typed, the store API when it saves; both read it here.
 */

/** A field as read: null when left empty (the variant has none), or why it cannot be saved. */
export type ParsedIdentifier = { ok: true; value: string | null } | { ok: false; message: string };

/** The digits a GTIN may have: GTIN-8, UPC-A (GTIN-12), EAN-13 (GTIN-13) and GTIN-14. */
export const gtinLengths: readonly number[] = [8, 12, 13, 14];

/** Google's limit on an MPN, in characters. */
export const mpnMaxLength = 70;

/**
 * The GS1 check digit of a GTIN's other digits (all but the last): from the right, the digits are weighted
 * 3, 1, 3, 1 …, and the check digit brings their sum up to a multiple of 10.
 */
export function gtinCheckDigit(digitsBeforeCheck: string): number {
  let sum = 0;
  for (let fromRight = 0; fromRight < digitsBeforeCheck.length; fromRight += 1) {
    const digit = Number(digitsBeforeCheck[digitsBeforeCheck.length - 1 - fromRight]);
    sum += fromRight % 2 === 0 ? 3 * digit : digit;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * A GTIN as the owner typed it: spaces and hyphens (as printed under some barcodes) are left out, then it must
 * be 8, 12, 13 or 14 digits whose last is their check digit. Empty: none. Kept as typed otherwise, leading zeros
 * included, because that is the number the barcode shows.
 */
export function parseGtin(text: string): ParsedIdentifier {
  const digits = text.replace(/[\s-]/g, "");
  if (digits === "") return { ok: true, value: null };
  if (!/^\d+$/.test(digits)) {
    return { ok: false, message: "A GTIN is made of digits only (spaces and hyphens are fine: they are left out)" };
  }
  if (!gtinLengths.includes(digits.length)) {
    return { ok: false, message: `A GTIN has 8, 12, 13 or 14 digits; this one has ${digits.length}` };
  }
  const expected = gtinCheckDigit(digits.slice(0, -1));
  if (digits.endsWith(String(expected))) return { ok: true, value: digits };
  return { ok: false, message: `This GTIN's last digit does not match its check digit (expected ${expected})` };
}

/**
 * A GTIN as 14 digits, zeros in front: the form GS1 compares, so the UPC-A 036000291452 and the EAN-13
 * 0036000291452 are one product's barcode, and two variants may not share it in either form.
 */
export function gtin14(gtin: string): string {
  return gtin.padStart(14, "0");
}

/** An MPN as the owner typed it, trimmed: 1 to 70 characters without line breaks or other control characters. */
export function parseMpn(text: string): ParsedIdentifier {
  const value = text.trim();
  if (value === "") return { ok: true, value: null };
  if (/\p{Cc}/u.test(value)) {
    return { ok: false, message: "An MPN must not contain line breaks or other control characters" };
  }
  const length = [...value].length;
  if (length > mpnMaxLength) {
    return { ok: false, message: `An MPN has at most ${mpnMaxLength} characters; this one has ${length}` };
  }
  return { ok: true, value };
}
