import { returnsPolicy } from "@herbo/hosted-api";
import { describe, expect, it } from "vitest";
import { openedJarsRule, returnPostageRule, returnsSummaryRows } from "./returns";

describe("the returns policy in words", () => {
  it("follows the returns policy's choices both ways", () => {
    expect(openedJarsRule(true)).toMatch(/Opened jars are covered/);
    expect(openedJarsRule(false)).toMatch(/Only unopened jars/);
    expect(returnPostageRule("shopper")).toMatch(/^You pay the postage.*damaged.*we pay it\.$/);
    expect(returnPostageRule("shop")).toBe("We pay the postage to send a jar back.");
    expect(returnsSummaryRows({ windowDays: 14, acceptsOpened: false, returnShippingPaidBy: "shop" })).toEqual([
      { term: "Time to ask", detail: "14 days from delivery" },
      { term: "Opened jars", detail: "Not accepted" },
      { term: "Return postage", detail: "Paid by us" },
    ]);
    expect(returnsSummaryRows()[0]?.detail).toBe(`${returnsPolicy.windowDays} days from delivery`);
  });
});
