const decimalDigit = /\p{Nd}/u;

/**
 * The value 0–9 of one decimal digit of any script. Unicode places each script's digits 0 to 9 at
 * consecutive code points, and runs of several scripts' digits (the mathematical ones) in whole tens, so
 * the digit's place in its run of digits gives its value.
 */
function digitValue(codePoint: number): number {
  let start = codePoint;
  // No run of digits starts at U+0000 (the first is "0", U+0030), so the walk stops before it.
  while (decimalDigit.test(String.fromCodePoint(start - 1))) start -= 1;
  return (codePoint - start) % 10;
}

/**
 * The text with every decimal digit of another script (Devanagari "९८४१", Arabic-Indic "٠٥٠", fullwidth
 * "４４６００") written as 0–9, so a phone number or postcode typed on a Nepali, Hindi or Arabic keyboard
 * is read like one typed in Latin digits. Nothing else changes.
 */
export function asciiDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (digit) => String(digitValue(digit.codePointAt(0) ?? 0x30)));
}
