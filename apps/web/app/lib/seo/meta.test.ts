import { describe, expect, it } from "vitest";
import { absoluteUrl, pageMeta, siteUrlOf, truncateText } from "./meta";
import { buildRssFeed, buildSitemap } from "./sitemap";

describe("page meta", () => {
  it("gives title, description, canonical on SITE_URL and Open Graph tags", () => {
    const meta = pageMeta({ siteUrl: "https://shop.test/", path: "/blog", title: "Blog", description: "D" });
    expect(meta).toEqual(
      expect.arrayContaining([
        { title: "Blog" },
        { name: "description", content: "D" },
        { tagName: "link", rel: "canonical", href: "https://shop.test/blog" },
        { property: "og:url", content: "https://shop.test/blog" },
        { property: "og:image", content: "https://shop.test/images/og-default.png" },
      ]),
    );
    expect(meta.some((entry) => "name" in entry && entry.name === "twitter:card")).toBe(false);
  });

  it("adds Twitter's large-image card when asked", () => {
    const meta = pageMeta({
      siteUrl: "https://shop.test",
      path: "/x",
      title: "T",
      description: "D",
      twitterCard: true,
    });
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });

  it("keeps the home page's canonical at the origin with a slash and leaves absolute URLs alone", () => {
    expect(absoluteUrl("https://shop.test", "/")).toBe("https://shop.test/");
    expect(absoluteUrl("https://shop.test", "https://cdn.test/a.png")).toBe("https://cdn.test/a.png");
  });

  it("reads SITE_URL from the root loader's data", () => {
    expect(siteUrlOf([{ id: "root", loaderData: { env: { siteUrl: "https://x.test" } } }])).toBe("https://x.test");
    expect(siteUrlOf([])).toBe("http://localhost:3000");
  });

  it("cuts text at the limit", () => {
    expect(truncateText("a ".repeat(200), 160).length).toBeLessThanOrEqual(160);
    expect(truncateText("  short \n text ", 160)).toBe("short text");
  });
});

describe("sitemap and feed", () => {
  it("lists absolute URLs with escaped characters", () => {
    const xml = buildSitemap("https://shop.test", [{ path: "/" }, { path: "/blog/a&b", lastModified: "2025-07-18" }]);
    expect(xml).toContain("<loc>https://shop.test/</loc>");
    expect(xml).toContain("<loc>https://shop.test/blog/a&#38;b</loc><lastmod>2025-07-18</lastmod>");
  });

  it("writes RSS items with dates", () => {
    const rss = buildRssFeed({
      siteUrl: "https://shop.test",
      title: "Blog",
      description: "D",
      items: [{ slug: "a", title: "<A>", description: "d", isoDate: "2025-07-18", author: "Team" }],
    });
    expect(rss).toContain("<title>&#60;A&#62;</title>");
    expect(rss).toContain("<pubDate>Fri, 18 Jul 2025 08:00:00 GMT</pubDate>");
  });
});
