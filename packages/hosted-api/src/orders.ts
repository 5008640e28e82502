/**
 * Order numbers as shoppers see them: "HS-1001". The store API hands one to the storefront in the
 * `order` query parameter of the success URL; the storefront shows it only when it has this exact form.
 */
export const orderNumberPrefix = "HS-";
export const firstOrderNumber = 1001;

const orderNumberPattern = /^HS-[1-9][0-9]{3,8}$/;

export function formatOrderNumber(sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < firstOrderNumber) {
    throw new RangeError(`Not an order sequence number: ${sequence}`);
  }
  return `${orderNumberPrefix}${sequence}`;
}

/** True for "HS-1001" and the like: the prefix and 4 to 9 digits, no leading zero, nothing else. */
export function isOrderNumber(value: unknown): value is string {
  return typeof value === "string" && orderNumberPattern.test(value);
}

/** The query parameter of the success URL that carries the order number. */
export const orderNumberParameter = "order";

/**
 * The query parameter of the success URL that says how the order is paid, when that changes what the
 * success page may say: `payment=cod` for cash on delivery, where nothing has been paid yet. Card and
 * wallet orders carry no such parameter, and the page keeps SPEC's "Your payment was successful".
 */
export const successPaymentParameter = "payment";
export const cashOnDeliveryPayment = "cod";
