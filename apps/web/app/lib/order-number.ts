import { isOrderNumber, orderNumberParameter } from "@herbo/hosted-api";

/**
 * The order number the store API put in the success URL's query, when there is exactly one and it has
 * the contract's strict form ("HS-1001"); anything else shows no number at all.
 */
export function orderNumberFromQuery(query: URLSearchParams): string | null {
  const values = query.getAll(orderNumberParameter);
  const [value] = values;
  return values.length === 1 && isOrderNumber(value) ? value : null;
}
