import type { CheckoutSessionStatus } from "../db/schema.ts";
import type { TransitionTable } from "./transitions.ts";

/**
 * A checkout session: open until an order is placed from it (paid), the shopper cancels it, or its hold
 * ends (expired; also when a newer checkout of the same cart replaces it). Only checkout/sessions.ts
 * moves it.
 */
export const sessionLifecycle: TransitionTable<CheckoutSessionStatus> = {
  open: ["paid", "cancelled", "expired"],
  paid: [],
  cancelled: [],
  expired: [],
};
