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
 * wallet orders carry no such parameter, and the page keeps its "Your payment was successful".
 */
export const successPaymentParameter = "payment";
export const cashOnDeliveryPayment = "cod";

/**
 * The query parameter of the success URL that proves the store placed the order: a key only the store API
 * can make for that order number. The success page asks the store about the order with it, and empties
 * the cart and tells what was paid only when the store knows the order; a number typed into the address
 * (`/success?order=HS-9999`) claims nothing.
 */
export const receiptParameter = "receipt";

/** A receipt key's form: 22 URL-safe Base64 characters (128 bits). */
export function isReceiptKey(value: unknown): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{22}$/.test(value);
}

/** How an order is paid, as the success page tells it: paid at checkout, or in cash when it arrives. */
export type ReceiptPayment = "paid" | "cash_on_delivery";

/** GET /store/{storeId}/orders/{number}/receipt?receipt={key}: what the success page may say of the order. */
export interface OrderReceiptBody {
  order: {
    number: string;
    payment: ReceiptPayment;
    /** The order's total in minor units of its currency, and as the shop writes it ("Rs. 650.00"). */
    total: { amount: number; currency_code: string; text: string };
  };
}

/** The receipt the store answered, when it has the contract's shape; undefined otherwise. */
export function readOrderReceipt(body: unknown): OrderReceiptBody["order"] | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const order = (body as { order?: unknown }).order;
  if (typeof order !== "object" || order === null) return undefined;
  const { number, payment, total } = order as Record<string, unknown>;
  if (!isOrderNumber(number) || (payment !== "paid" && payment !== "cash_on_delivery")) return undefined;
  if (typeof total !== "object" || total === null) return undefined;
  const { amount, currency_code: currencyCode, text } = total as Record<string, unknown>;
  if (!Number.isSafeInteger(amount) || typeof currencyCode !== "string" || typeof text !== "string") return undefined;
  return { number, payment, total: { amount: amount as number, currency_code: currencyCode, text } };
}
