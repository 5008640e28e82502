import { describe, expect, it } from "vitest";
import { checkoutSessionStatuses } from "../db/schema.ts";
import { canMove } from "./transitions.ts";
import { sessionLifecycle } from "./session-states.ts";

describe("the checkout session's lifecycle", () => {
  it("moves only from open, to paid, cancelled or expired", () => {
    const allowed = checkoutSessionStatuses.flatMap((from) =>
      checkoutSessionStatuses.filter((to) => canMove(sessionLifecycle, from, to)).map((to) => `${from}>${to}`),
    );
    expect(allowed).toEqual(["open>paid", "open>cancelled", "open>expired"]);
    // A closed session goes nowhere, not even to a status that does not exist.
    expect([sessionLifecycle.paid, sessionLifecycle.cancelled, sessionLifecycle.expired]).toEqual([[], [], []]);
  });
});
