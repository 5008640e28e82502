/** Sandbox cards: the only numbers the hosted checkout page accepts. */
export const sandboxCards = {
  success: "4242424242424242",
  decline: "4000000000000002",
} as const;

export type CardCheck =
  { ok: true; last4: string } | { ok: false; field: "number" | "expiry" | "cvc" | "name"; message: string };

export interface CardForm {
  name: string;
  number: string;
  expiry: string;
  cvc: string;
}

/**
 * What each typed field of the card form must look like. The form's page carries the same patterns, so the
 * browser refuses a slip before sending and the typed number is kept (a refused form comes back without it).
 */
export const cardFormats = {
  name: { pattern: /.*\S.*/, message: "Enter the name on the card." },
  // Spaces or dashes between the digits (a "-" in [] would need an escape in the v mode browsers read patterns in).
  number: { pattern: /(?:\s|-)*(?:\d(?:\s|-)*){12,19}/, message: "Enter a valid card number." },
  // 11/29, 11 / 29, 1/29 or 11/2029; without the slash the month needs its two digits: 1129, 11 29, 112029.
  expiry: {
    pattern: /\s*(?:(0?[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})|(0[1-9]|1[0-2])\s*(\d{2}|\d{4}))\s*/,
    message: "Enter the expiry date as MM/YY, such as 11/29.",
  },
  code: { pattern: /\s*\d{3,4}\s*/, message: "Enter the 3 or 4 digit security code." },
} as const;

/** The whole text against a format's pattern (the browser also matches a field's pattern whole). */
function matchWhole(pattern: RegExp, text: string): RegExpExecArray | null {
  return new RegExp(`^(?:${pattern.source})$`, "u").exec(text);
}

/** The month (1–12) and full year of an expiry typed in any of the accepted ways. */
export function parseExpiry(text: string): { month: number; year: number } | undefined {
  const match = matchWhole(cardFormats.expiry.pattern, text);
  if (match === null) return undefined;
  const month = Number(match[1] ?? match[3]);
  const yearText = match[2] ?? match[4] ?? "";
  return { month, year: yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText) };
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** Validates the sandbox card form; `now` decides whether the expiry date has passed. */
export function checkSandboxCard(form: CardForm, now: Date): CardCheck {
  if (form.name.trim().length === 0 || form.name.length > 100) {
    return { ok: false, field: "name", message: cardFormats.name.message };
  }
  const number = form.number.replace(/[\s-]/g, "");
  if (matchWhole(cardFormats.number.pattern, form.number) === null || !passesLuhn(number)) {
    return { ok: false, field: "number", message: cardFormats.number.message };
  }
  const expiry = parseExpiry(form.expiry);
  if (expiry === undefined) return { ok: false, field: "expiry", message: cardFormats.expiry.message };
  // A card is valid through the last day of its expiry month.
  if (Date.UTC(expiry.year, expiry.month, 1) <= now.getTime()) {
    return { ok: false, field: "expiry", message: "This card has expired." };
  }
  if (matchWhole(cardFormats.code.pattern, form.cvc) === null) {
    return { ok: false, field: "cvc", message: cardFormats.code.message };
  }
  if (number === sandboxCards.decline) {
    return { ok: false, field: "number", message: "Your card was declined. No money was taken; try another card." };
  }
  if (number !== sandboxCards.success) {
    return {
      ok: false,
      field: "number",
      message: "This is a sandbox checkout: use the test card 4242 4242 4242 4242.",
    };
  }
  return { ok: true, last4: number.slice(-4) };
}
