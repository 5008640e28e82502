import { describe, expect, it } from "vitest";
import { defaultMarket, markets } from "~/lib/markets";
import { marketNavLinks, navLinks } from "./nav-links";

describe("header links in a market (issue 26)", () => {
  it("are SPEC's own on Nepal's pages", () => {
    expect(marketNavLinks(defaultMarket)).toEqual(navLinks.map((link) => ({ ...link })));
  });

  it("keep Home and Store in the market, and lead to the one blog", () => {
    const uk = markets.find((market) => market.code === "uk");
    if (uk === undefined) throw new Error("no UK market");
    expect(marketNavLinks(uk)).toEqual([
      { to: "/uk", label: "Home" },
      { to: "/uk/store", label: "Store" },
      { to: "/blog", label: "Blog" },
    ]);
  });
});
