import { isOrderNumber, isReceiptKey, orderNumberParameter, receiptParameter } from "@herbo/hosted-api";

/**
 * The order number the store API put in the success URL's query, when there is exactly one and it has
 * the contract's strict form ("HS-1001"); anything else shows no number at all.
 */
export function orderNumberFromQuery(query: URLSearchParams): string | null {
  const values = query.getAll(orderNumberParameter);
  const [value] = values;
  return values.length === 1 && isOrderNumber(value) ? value : null;
}

/**
 * What the address of /success asks the page to do (docs/storefront.md#success):
 * - `plain`: no order in it, the plain thank-you, as a backend that adds nothing to the success URL sends it;
 * - `order`: an order number with its receipt key, which the page checks with the store;
 * - `unverifiable`: an order named without a well-formed number and key, which claims nothing.
 */
export type SuccessQuery =
  { kind: "plain" } | { kind: "order"; number: string; key: string } | { kind: "unverifiable" };

export function successQueryOf(query: URLSearchParams): SuccessQuery {
  if (!query.has(orderNumberParameter)) return { kind: "plain" };
  const number = orderNumberFromQuery(query);
  const keys = query.getAll(receiptParameter);
  const [key] = keys;
  if (number === null || keys.length !== 1 || !isReceiptKey(key)) return { kind: "unverifiable" };
  return { kind: "order", number, key };
}
