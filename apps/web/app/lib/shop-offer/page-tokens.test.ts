import { handlingDays, returnsPolicy } from "@herbo/hosted-api";
import { describe, expect, it } from "vitest";
import { shopPageTokens } from "~/content/shop-pages";
import { countryInSentence, fillTokens, listInSentence, pageTokenValues } from "./page-tokens";
import { formatBusinessDays } from "./shipping";

describe("sentences", () => {
  it("names countries as a sentence does", () => {
    expect(countryInSentence("United States")).toBe("the United States");
    expect(countryInSentence("United Arab Emirates")).toBe("the United Arab Emirates");
    expect(countryInSentence("Nepal")).toBe("Nepal");
    expect(listInSentence([])).toBe("");
    expect(listInSentence(["Nepal"])).toBe("Nepal");
    expect(listInSentence(["Nepal", "India"])).toBe("Nepal and India");
    expect(listInSentence(["Nepal", "India", "Canada"])).toBe("Nepal, India and Canada");
  });

  it("has words for every token a page may use, taken from the offer", () => {
    const values = pageTokenValues();
    expect(Object.keys(values).sort()).toEqual([...shopPageTokens].sort());
    expect(values["cash-on-delivery-countries"]).toBe("Nepal");
    expect(values["delivery-countries"]).toBe(
      "Nepal, India, the United States, the United Kingdom, Canada and the United Arab Emirates",
    );
    expect(values["handling-time"]).toBe(formatBusinessDays(handlingDays));
    expect(values["return-window-days"]).toBe(String(returnsPolicy.windowDays));
  });
});

describe("filling a page's tokens", () => {
  it("writes each token's words into the HTML, escaped", () => {
    expect(fillTokens("<p>Within {{a}}, {{b}}.</p>", { a: "30 days", b: "Tom & <Jerry>" })).toBe(
      "<p>Within 30 days, Tom &#38; &#60;Jerry&#62;.</p>",
    );
  });

  it("fails on a token it has no words for, instead of printing the braces", () => {
    expect(() => fillTokens("<p>{{missing}}</p>", {})).toThrow(/missing/);
  });
});
