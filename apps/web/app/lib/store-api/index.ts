export { createStoreApi, StoreApiError, type StoreApi, type StoreApiOptions } from "./client";
export { cardProductOf, withFreshStock } from "./reshape";
export type * from "./types";
