import { describe, expect, it } from "vitest";
import { paymentAttemptStatuses } from "../db/schema.ts";
import { canMove, statusesBefore } from "./transitions.ts";
import { attemptLifecycle, isOpenAttempt, openAttemptStatuses } from "./attempt-states.ts";

describe("the payment attempt's lifecycle", () => {
  it("allows exactly these moves", () => {
    const allowed = paymentAttemptStatuses.flatMap((from) =>
      paymentAttemptStatuses.filter((to) => canMove(attemptLifecycle, from, to)).map((to) => `${from}>${to}`),
    );
    expect(allowed.sort()).toEqual(
      [
        "pending>superseded",
        "pending>paid",
        "pending>failed",
        "pending>abandoned",
        "pending>refund_due",
        "superseded>paid",
        "superseded>failed",
        "superseded>abandoned",
        "superseded>refund_due",
        // Money that arrives after we gave up still counts.
        "failed>paid",
        "failed>refund_due",
        "abandoned>paid",
        "abandoned>failed",
        "abandoned>refund_due",
        "refund_due>refunded",
      ].sort(),
    );
  });

  it("never takes a paid attempt away from its order, nor refunds one twice", () => {
    expect(attemptLifecycle.paid).toEqual([]);
    expect(attemptLifecycle.refunded).toEqual([]);
    expect(statusesBefore(attemptLifecycle, "paid")).toEqual(["pending", "superseded", "failed", "abandoned"]);
  });

  it("names only known statuses", () => {
    for (const next of Object.values(attemptLifecycle)) {
      for (const status of next) expect(paymentAttemptStatuses).toContain(status);
    }
  });

  it("counts pending and superseded attempts as open at their provider", () => {
    expect(openAttemptStatuses).toEqual(["pending", "superseded"]);
    expect(paymentAttemptStatuses.filter(isOpenAttempt)).toEqual(["pending", "superseded"]);
  });
});
