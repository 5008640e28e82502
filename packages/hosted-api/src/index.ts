export * from "./errors.ts";
export * from "./limits.ts";
export * from "./money.ts";
export type * from "./wire.ts";
export { cartTokenPattern, variantFieldNames } from "./wire.ts";
export * from "./shop-offer.ts";
export * from "./orders.ts";
export * from "./markets.ts";
export * from "./time-zones.ts";
