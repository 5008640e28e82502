import { describe, expect, it } from "vitest";
import {
  prepareMoneyFormat,
  cartMarketOf,
  currencyName,
  defaultMarket,
  equivalentPath,
  isCataloguePath,
  marketAlternateLinks,
  marketAlternates,
  marketInSentence,
  marketOf,
  marketOfTimeZone,
  marketOfPage,
  marketOfPath,
  marketOfUrl,
  marketPath,
  markets,
  pricedForMarket,
  suggestedMarket,
} from "./markets";
import { reshapeProduct } from "./store-api/reshape";

const market = (code: string) => {
  const found = markets.find((candidate) => candidate.code === code);
  if (found === undefined) throw new Error(`no market ${code}`);
  return found;
};
const us = market("us");
const uk = market("uk");

describe("a page's market comes from its URL alone", () => {
  it("reads the prefix: SPEC's routes and every page outside the catalogue are Nepal's", () => {
    expect(marketOf("/").code).toBe("np");
    expect(marketOf("/store").code).toBe("np");
    expect(marketOf("/product/prod_himalayan_resin").code).toBe("np");
    expect(marketOf("/shilajit-in-usa").code).toBe("np");
    expect(marketOf("/us").code).toBe("us");
    expect(marketOf("/us/store").code).toBe("us");
    expect(marketOf("/uk/product/prod_himalayan_resin").code).toBe("uk");
    // A word that merely starts like a prefix is not one.
    expect(marketOf("/usa").code).toBe("np");
  });

  it("reads a loader's page by its path, whatever its query says", () => {
    expect(marketOfUrl(new URL("http://shop.test/store?market=us")).code).toBe("np");
    expect(marketOfUrl(new URL("http://shop.test/in/store")).code).toBe("in");
    expect(marketOfUrl(new URL("http://shop.test/us")).code).toBe("us");
  });
});

describe("links that stay in a market", () => {
  it("puts a market's prefix on a page's path, the home page being the bare prefix", () => {
    expect(marketPath(us, "/")).toBe("/us");
    expect(marketPath(us, "/store")).toBe("/us/store");
    expect(marketPath(uk, "/product/p%201")).toBe("/uk/product/p%201");
    expect(marketPath(defaultMarket, "/store")).toBe("/store");
  });

  it("knows the catalogue pages each market has a copy of", () => {
    expect(["/", "/store", "/product/x"].map(isCataloguePath)).toEqual([true, true, true]);
    expect(["/blog", "/product", "/product/x/y", "/shilajit-in-usa", "/success"].map(isCataloguePath)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it("leads from a page to the same page in another market, else to that market's home", () => {
    expect(equivalentPath("/store", us)).toBe("/us/store");
    expect(equivalentPath("/us/store", uk)).toBe("/uk/store");
    expect(equivalentPath("/us/product/prod_1", defaultMarket)).toBe("/product/prod_1");
    expect(equivalentPath("/uk", us)).toBe("/us");
    expect(equivalentPath("/", defaultMarket)).toBe("/");
    expect(equivalentPath("/blog/some-article", us)).toBe("/us");
    expect(equivalentPath("/shipping", defaultMarket)).toBe("/");
    // A country landing page's equivalent is the other country's.
    expect(equivalentPath("/shilajit-in-uk", us)).toBe("/shilajit-in-usa");
    expect(equivalentPath("/shilajit-in-usa", defaultMarket)).toBe("/shilajit-nepal");
  });

  it("reads a landing page as its country's page, and re-prices the cart on catalogue pages only", () => {
    expect(marketOfPage("/shilajit-in-usa").code).toBe("us");
    expect(marketOfPage("/shilajit-nepal").code).toBe("np");
    expect(marketOfPage("/uk/store").code).toBe("uk");
    expect(marketOfPage("/blog").code).toBe("np");
    expect(cartMarketOf("/us")?.code).toBe("us");
    expect(cartMarketOf("/us/product/p")?.code).toBe("us");
    expect(cartMarketOf("/store")?.code).toBe("np");
    for (const path of ["/shilajit-in-usa", "/blog", "/shipping", "/success", "/us/blog", "/404"]) {
      expect(cartMarketOf(path), path).toBeNull();
    }
  });

  it("names markets and currencies as sentences do", () => {
    expect(marketInSentence(us)).toBe("the United States");
    expect(marketInSentence(market("ae"))).toBe("the United Arab Emirates");
    expect(marketInSentence(market("in"))).toBe("India");
    expect(currencyName("USD")).toBe("US dollars");
    expect(currencyName("gbp")).toBe("British pounds");
    expect(currencyName("NPR")).toBe("Nepalese rupees");
    expect(currencyName("eur")).toBe("EUR");
    for (const each of markets) expect(currencyName(each.currencyCode)).not.toBe(each.currencyCode);
  });
});

describe("the hreflang cluster", () => {
  it("lists the page in all six markets with their language-regions, Nepal's URL as x-default", () => {
    expect(marketAlternates("/store")).toEqual([
      { hrefLang: "en-NP", path: "/store" },
      { hrefLang: "en-US", path: "/us/store" },
      { hrefLang: "en-IN", path: "/in/store" },
      { hrefLang: "en-GB", path: "/uk/store" },
      { hrefLang: "en-CA", path: "/ca/store" },
      { hrefLang: "en-AE", path: "/ae/store" },
      { hrefLang: "x-default", path: "/store" },
    ]);
  });

  it("is the same cluster from every member, so each links back to the others", () => {
    for (const path of ["/", "/store", "/product/prod_1"]) {
      const cluster = marketAlternates(path);
      for (const member of cluster) {
        // The member page's own cluster, built from its URL as its page builds it.
        expect(marketAlternates(marketOfPath(member.path).path), member.path).toEqual(cluster);
        // Each member lies in the market its hreflang names.
        const own = markets.find((each) => each.locale === member.hrefLang) ?? defaultMarket;
        expect(marketOf(member.path)).toBe(own);
      }
    }
  });

  it("writes absolute links on the site's origin, the home page with its slash", () => {
    const links = marketAlternateLinks("https://shop.test/", "/");
    expect(links[0]).toEqual({ tagName: "link", rel: "alternate", hrefLang: "en-NP", href: "https://shop.test/" });
    expect(links[1]?.href).toBe("https://shop.test/us");
    expect(links.at(-1)).toEqual({
      tagName: "link",
      rel: "alternate",
      hrefLang: "x-default",
      href: "https://shop.test/",
    });
  });
});

describe("the suggestion from the browser's time zone", () => {
  it("takes the market of the zone's country, old zone names included", () => {
    expect(marketOfTimeZone("America/Chicago")?.code).toBe("us");
    expect(marketOfTimeZone("America/Toronto")?.code).toBe("ca");
    expect(marketOfTimeZone("Europe/London")?.code).toBe("uk");
    expect(marketOfTimeZone("Asia/Calcutta")?.code).toBe("in");
    expect(marketOfTimeZone("Asia/Dubai")?.code).toBe("ae");
    expect(marketOfTimeZone("Asia/Kathmandu")?.code).toBe("np");
    expect(marketOfTimeZone("UTC")).toBeUndefined();
    expect(marketOfTimeZone("Europe/Paris")).toBeUndefined();
    expect(marketOfTimeZone(undefined)).toBeUndefined();
  });

  it("suggests only another market than the page's", () => {
    expect(suggestedMarket("America/New_York", defaultMarket)?.code).toBe("us");
    expect(suggestedMarket("America/New_York", us)).toBeUndefined();
    expect(suggestedMarket("Europe/London", us)?.code).toBe("uk");
    expect(suggestedMarket("UTC", us)).toBeUndefined();
  });
});

describe("the money format made ready before hydration", () => {
  it("is made for a market's catalogue pages, which write prices with Intl; never for Nepal's or other pages", () => {
    for (const path of ["/us", "/uk/store", "/ae/product/prod_himalayan_resin", "/in/store"]) {
      expect(prepareMoneyFormat(path), path).toBe(true);
    }
    for (const path of [
      "/",
      "/store",
      "/product/prod_himalayan_resin",
      "/shilajit-nepal",
      "/shilajit-in-usa",
      "/blog",
    ]) {
      expect(prepareMoneyFormat(path), path).toBe(false);
    }
  });
});

describe("prices on a market's pages", () => {
  const product = reshapeProduct({
    id: "p",
    title: "Resin",
    variants: [
      {
        id: "v",
        prices: [
          { amount: 120000, currency_code: "npr" },
          { amount: 2999, currency_code: "usd" },
        ],
      },
    ],
  });

  it("keeps SPEC's first price on Nepal's pages and takes the market's currency elsewhere", () => {
    expect(pricedForMarket(product, defaultMarket)).toBe(product);
    expect(pricedForMarket(product, us).variants[0]).toMatchObject({ priceInCents: 2999, currency: { code: "usd" } });
    // No pound price: the UK's pages fall back to the first.
    expect(pricedForMarket(product, uk).variants[0]).toMatchObject({ priceInCents: 120000, currency: { code: "npr" } });
  });
});
