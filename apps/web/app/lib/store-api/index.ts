export { createStoreApi, StoreApiError, type StoreApi, type StoreApiOptions } from "./client";
export { withFreshStock } from "./reshape";
export type * from "./types";
