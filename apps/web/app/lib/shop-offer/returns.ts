/** The shop's returns policy (the contract package's `returnsPolicy`) in the words the pages print. */
import { returnsPolicy } from "@herbo/hosted-api";

export function openedJarsRule(acceptsOpened: boolean): string {
  return acceptsOpened
    ? "Opened jars are covered too: you do not have to send a jar back unopened to get your money back."
    : "Only unopened jars, with their seal intact, can be returned.";
}

export function returnPostageRule(paidBy: "shop" | "shopper"): string {
  return paidBy === "shop"
    ? "We pay the postage to send a jar back."
    : "You pay the postage to send a jar back, unless it arrived damaged or was not what you ordered; then we pay it.";
}

export interface ReturnsSummaryRow {
  term: string;
  detail: string;
}

/** The returns policy at a glance. */
export function returnsSummaryRows(
  policy: {
    windowDays: number;
    acceptsOpened: boolean;
    returnShippingPaidBy: "shop" | "shopper";
  } = returnsPolicy,
): ReturnsSummaryRow[] {
  return [
    { term: "Time to ask", detail: `${policy.windowDays} days from delivery` },
    {
      term: "Opened jars",
      detail: policy.acceptsOpened ? "Accepted under our satisfaction guarantee" : "Not accepted",
    },
    {
      term: "Return postage",
      detail:
        policy.returnShippingPaidBy === "shop"
          ? "Paid by us"
          : "Paid by you, or by us if the jar arrived damaged or was not what you ordered",
    },
  ];
}
