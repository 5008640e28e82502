import { cashOnDeliveryPayment, isOrderNumber, orderNumberParameter, successPaymentParameter } from "@herbo/hosted-api";

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
 * True when the store API marked the order as paid in cash on delivery (`payment=cod`, exactly once):
 * nothing has been paid yet, so the success page must not say that it has.
 */
export function paysOnDelivery(query: URLSearchParams): boolean {
  const values = query.getAll(successPaymentParameter);
  return values.length === 1 && values[0] === cashOnDeliveryPayment;
}
