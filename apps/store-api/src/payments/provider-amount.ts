/**
 * Amounts between our minor units and a provider's, without floating point. Our amounts are integers in
 * minor units of the session's currency (its `decimal_digits`); a provider may count in other units
 * (Khalti in paisa, eSewa in rupees as a decimal string, Stripe in its own minor unit per currency).
 */

/** `amount` minor units with `fromDigits` decimals as minor units with `toDigits`; undefined when not exact. */
export function convertMinorUnits(amount: number, fromDigits: number, toDigits: number): number | undefined {
  if (!Number.isSafeInteger(amount) || amount < 0) return undefined;
  if (toDigits >= fromDigits) {
    const converted = amount * 10 ** (toDigits - fromDigits);
    return Number.isSafeInteger(converted) ? converted : undefined;
  }
  const divisor = 10 ** (fromDigits - toDigits);
  return amount % divisor === 0 ? amount / divisor : undefined;
}

const decimalPattern = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?$/;

/**
 * A decimal amount as a provider writes it ("650", "650.0", "1,000.50") in minor units with `digits`
 * decimals; undefined for anything else (signs, exponents, more decimals than the currency has that
 * are not zeros). A JSON number is read through its shortest decimal text.
 */
export function parseDecimalAmount(value: string | number, digits: number): number | undefined {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value.trim();
  const match = decimalPattern.exec(text);
  if (match === null) return undefined;
  const whole = (match[1] ?? "").replaceAll(",", "");
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > digits) return undefined;
  const minor = Number(`${whole}${fraction.padEnd(digits, "0")}`);
  return Number.isSafeInteger(minor) ? minor : undefined;
}
