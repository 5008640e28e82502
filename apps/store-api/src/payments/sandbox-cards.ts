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
    return { ok: false, field: "name", message: "Enter the name on the card." };
  }
  const number = form.number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number)) {
    return { ok: false, field: "number", message: "Enter a valid card number." };
  }
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(form.expiry);
  const month = Number(expiry?.[1]);
  const yearText = expiry?.[2] ?? "";
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (expiry === null || month < 1 || month > 12) {
    return { ok: false, field: "expiry", message: "Enter the expiry date as MM/YY." };
  }
  // A card is valid through the last day of its expiry month.
  if (Date.UTC(year, month, 1) <= now.getTime()) {
    return { ok: false, field: "expiry", message: "This card has expired." };
  }
  if (!/^\d{3,4}$/.test(form.cvc.trim())) {
    return { ok: false, field: "cvc", message: "Enter the 3 or 4 digit security code." };
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
