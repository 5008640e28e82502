import { describe, expect, it } from "vitest";
import { canonicalRedirect, requestUrl } from "./request-target";

const site = "http://localhost:3000";

describe("requestUrl", () => {
  it("takes the path and query from the request target", () => {
    const url = requestUrl("/store?r=1", site);
    expect(url.href).toBe("http://localhost:3000/store?r=1");
  });

  it("never lets the request target choose the host", () => {
    for (const target of [
      "//evil.com/x",
      "//x//evil.com/",
      "/\\evil.com/",
      "\\\\evil.com",
      "http://evil.com/store?a=b",
    ]) {
      expect(requestUrl(target, site).origin, target).toBe("http://localhost:3000");
    }
    expect(requestUrl("//evil.com/x", site).pathname).toBe("//evil.com/x");
    expect(requestUrl("http://evil.com/store?a=b", site).href).toBe("http://localhost:3000/store?a=b");
  });

  it("treats a missing or unparseable target as the home page", () => {
    expect(requestUrl(undefined, site).pathname).toBe("/");
    expect(requestUrl("*", site).pathname).toBe("/");
  });
});

describe("canonicalRedirect", () => {
  it("drops trailing slashes and keeps the query", () => {
    expect(canonicalRedirect("/blog/", "")).toBe("/blog");
    expect(canonicalRedirect("/blog///", "?a=1")).toBe("/blog?a=1");
  });

  it("puts route words in lower case, keeping ids, slugs and the query as they are", () => {
    expect(canonicalRedirect("/US/store", "")).toBe("/us/store");
    expect(canonicalRedirect("/Us/STORE/", "?sort=price")).toBe("/us/store?sort=price");
    expect(canonicalRedirect("/UK", "")).toBe("/uk");
    expect(canonicalRedirect("/AE/Product/Pure-Resin", "?v=1")).toBe("/ae/product/Pure-Resin?v=1");
    expect(canonicalRedirect("/Store", "")).toBe("/store");
    expect(canonicalRedirect("/PRODUCT/Pure-Resin", "")).toBe("/product/Pure-Resin");
    expect(canonicalRedirect("/Blog/My-Article", "")).toBe("/blog/My-Article");
    expect(canonicalRedirect("/BLOG/Feed.xml", "")).toBe("/blog/feed.xml");
    expect(canonicalRedirect("/Shilajit-In-USA", "")).toBe("/shilajit-in-usa");
    expect(canonicalRedirect("/Privacy", "")).toBe("/privacy");
  });

  it("leaves unknown first words, and words after ids, as they are", () => {
    expect(canonicalRedirect("/US-store", "")).toBeUndefined();
    expect(canonicalRedirect("/XX/store", "")).toBeUndefined();
    expect(canonicalRedirect("/Unknown/Page", "")).toBeUndefined();
    expect(canonicalRedirect("/us/product/Pure-Resin", "")).toBeUndefined();
    expect(canonicalRedirect("/us/Other", "")).toBeUndefined();
  });

  it("leaves canonical paths alone", () => {
    expect(canonicalRedirect("/", "")).toBeUndefined();
    expect(canonicalRedirect("/blog", "?x=1")).toBeUndefined();
    expect(canonicalRedirect("/x//y", "")).toBeUndefined();
  });

  it("never redirects to another host (issue 13, finding 3)", () => {
    expect(canonicalRedirect("//x//evil.com/", "")).toBe("/x//evil.com");
    expect(canonicalRedirect("//evil.com/", "")).toBe("/evil.com");
    expect(canonicalRedirect("//evil.com", "")).toBe("/evil.com");
    expect(canonicalRedirect("/\\evil.com/", "")).toBe("/evil.com");
    expect(canonicalRedirect("///", "")).toBe("/");
    for (const pathname of ["//x//evil.com/", "//evil.com/", "/\\evil.com/", "/\\/evil.com/", "////evil.com//"]) {
      const target = canonicalRedirect(pathname, "?q=//evil.com") ?? "";
      expect(new URL(target, site).origin, pathname).toBe(site);
      expect(target.startsWith("//"), pathname).toBe(false);
    }
  });
});
