import { describe, expect, it } from "vitest";
import { absoluteUrl, documentTitle, maxTitleLength, pageMeta, renderYearOf, siteUrlOf, truncateText } from "./meta";
import { buildRssFeed, buildSitemap } from "./sitemap";

describe("page meta", () => {
  it("gives title, description, canonical on SITE_URL, Open Graph with locale, and Twitter's large card", () => {
    const meta = pageMeta({ siteUrl: "https://shop.test/", path: "/blog", title: "Blog", description: "D" });
    expect(meta).toEqual(
      expect.arrayContaining([
        { title: "Blog" },
        { name: "description", content: "D" },
        { tagName: "link", rel: "canonical", href: "https://shop.test/blog" },
        { property: "og:url", content: "https://shop.test/blog" },
        { property: "og:locale", content: "en_US" },
        { property: "og:image", content: "https://shop.test/images/og-default.png" },
        { property: "og:image:width", content: "1200" },
        { property: "og:image:height", content: "630" },
        { name: "twitter:card", content: "summary_large_image" },
        { name: "twitter:title", content: "Blog" },
        { name: "twitter:description", content: "D" },
        { name: "twitter:image", content: "https://shop.test/images/og-default.png" },
      ]),
    );
  });

  it("keeps a long headline for social cards and a short <title> for the tab", () => {
    const meta = pageMeta({
      siteUrl: "https://s.test",
      path: "/x",
      title: "Long",
      documentTitle: "Short",
      description: "D",
    });
    expect(meta).toContainEqual({ title: "Short" });
    expect(meta).toContainEqual({ property: "og:title", content: "Long" });
    expect(meta).toContainEqual({ name: "twitter:title", content: "Long" });
  });

  it("gives an image's size only when it is known", () => {
    const sized = pageMeta({
      siteUrl: "https://s.test",
      path: "/p",
      title: "T",
      description: "D",
      image: "https://api.test/images/cards/a.png",
      imageSize: { width: 1200, height: 630 },
    });
    expect(sized).toContainEqual({ property: "og:image:width", content: "1200" });
    expect(sized).toContainEqual({ name: "twitter:image", content: "https://api.test/images/cards/a.png" });
    const unsized = pageMeta({ siteUrl: "https://s.test", path: "/p", title: "T", description: "D", image: "/a.jpg" });
    expect(unsized.some((entry) => "property" in entry && entry.property === "og:image:width")).toBe(false);
  });

  it("keeps <title> within 60 characters: brand when it fits, else the title, the short title, or a cut", () => {
    expect(documentTitle("Where to Buy Authentic Shilajit in Nepal")).toBe(
      "Where to Buy Authentic Shilajit in Nepal | Herbo Shilajit",
    );
    expect(documentTitle("How to Take Shilajit: Correct Dosage, Timing and Tips")).toBe(
      "How to Take Shilajit: Correct Dosage, Timing and Tips",
    );
    const long = "Top 10 Benefits of Shilajit for Men's Health, and What the Evidence Really Says";
    expect(documentTitle(long, "Top 10 Benefits of Shilajit for Men's Health")).toBe(
      "Top 10 Benefits of Shilajit for Men's Health",
    );
    expect(documentTitle(long, "Men's Health")).toBe("Men's Health | Herbo Shilajit");
    const cut = documentTitle(long);
    expect(cut).toBe("Top 10 Benefits of Shilajit for Men's Health, and What the…");
    expect(cut.length).toBeLessThanOrEqual(maxTitleLength);
  });

  it("keeps the home page's canonical at the origin with a slash and leaves absolute URLs alone", () => {
    expect(absoluteUrl("https://shop.test", "/")).toBe("https://shop.test/");
    expect(absoluteUrl("https://shop.test", "https://cdn.test/a.png")).toBe("https://cdn.test/a.png");
  });

  it("reads SITE_URL and the render year from the root loader's data", () => {
    expect(siteUrlOf([{ id: "root", loaderData: { env: { siteUrl: "https://x.test" } } }])).toBe("https://x.test");
    expect(siteUrlOf([])).toBe("http://localhost:3000");
    expect(renderYearOf([{ id: "root", loaderData: { year: 2031 } }])).toBe(2031);
    expect(renderYearOf([], new Date("2027-06-01T00:00:00Z"))).toBe(2027);
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

describe("page meta, tag by tag", () => {
  it("writes the full set of tags for an ordinary page, with the default image and type", () => {
    expect(
      pageMeta({ siteUrl: "https://shop.test", path: "/store", title: "Store", description: "All products" }),
    ).toEqual([
      { title: "Store" },
      { name: "description", content: "All products" },
      { tagName: "link", rel: "canonical", href: "https://shop.test/store" },
      { property: "og:site_name", content: "Herbo Shilajit" },
      { property: "og:locale", content: "en_US" },
      { property: "og:type", content: "website" },
      { property: "og:title", content: "Store" },
      { property: "og:description", content: "All products" },
      { property: "og:url", content: "https://shop.test/store" },
      { property: "og:image", content: "https://shop.test/images/og-default.png" },
      { property: "og:image:width", content: "1200" },
      { property: "og:image:height", content: "630" },
      { property: "og:image:alt", content: "Store" },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:title", content: "Store" },
      { name: "twitter:description", content: "All products" },
      { name: "twitter:image", content: "https://shop.test/images/og-default.png" },
      { name: "twitter:image:alt", content: "Store" },
    ]);
  });

  it("writes the page's own type, image and image text, also on Twitter's card", () => {
    const meta = pageMeta({
      siteUrl: "https://shop.test",
      path: "/blog/a",
      title: "Article",
      description: "About resin",
      image: "/images/og-blog.png",
      imageAlt: "A jar of resin",
      type: "article",
    });
    expect(meta.slice(5)).toEqual([
      { property: "og:type", content: "article" },
      { property: "og:title", content: "Article" },
      { property: "og:description", content: "About resin" },
      { property: "og:url", content: "https://shop.test/blog/a" },
      { property: "og:image", content: "https://shop.test/images/og-blog.png" },
      { property: "og:image:alt", content: "A jar of resin" },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:title", content: "Article" },
      { name: "twitter:description", content: "About resin" },
      { name: "twitter:image", content: "https://shop.test/images/og-blog.png" },
      { name: "twitter:image:alt", content: "A jar of resin" },
    ]);
  });

  it("gives Twitter's image the page title as its text when no image text is set", () => {
    const meta = pageMeta({ siteUrl: "https://shop.test", path: "/x", title: "T", description: "D" });
    expect(meta).toContainEqual({ name: "twitter:image:alt", content: "T" });
  });

  it("adds noindex only where asked (noindex only where asked)", () => {
    const base = { siteUrl: "https://shop.test", path: "/x", title: "T", description: "D" };
    const robots = (meta: ReturnType<typeof pageMeta>) =>
      meta.filter((entry) => "name" in entry && entry.name === "robots");
    expect(robots(pageMeta({ ...base, noindex: true }))).toEqual([{ name: "robots", content: "noindex" }]);
    expect(robots(pageMeta(base))).toEqual([]);
    expect(robots(pageMeta({ ...base, noindex: false }))).toEqual([]);
  });
});

describe("absolute URLs", () => {
  it("joins site paths to the origin, with or without slashes", () => {
    expect(absoluteUrl("https://shop.test//", "/blog")).toBe("https://shop.test/blog");
    expect(absoluteUrl("https://shop.test", "images/a.png")).toBe("https://shop.test/images/a.png");
    expect(absoluteUrl("https://shop.test/", "")).toBe("https://shop.test/");
  });

  it("leaves http and https URLs alone, but only when the path starts with one", () => {
    expect(absoluteUrl("https://shop.test", "http://cdn.test/a.png")).toBe("http://cdn.test/a.png");
    expect(absoluteUrl("https://shop.test", "/go?to=https://cdn.test")).toBe(
      "https://shop.test/go?to=https://cdn.test",
    );
  });
});

describe("SITE_URL from the route matches", () => {
  const fallback = "http://localhost:3000";

  it("reads only the root route's data", () => {
    expect(
      siteUrlOf([
        undefined,
        { id: "routes/blog", loaderData: { env: { siteUrl: "https://wrong.test" } } },
        { id: "root", loaderData: { env: { siteUrl: "https://x.test" } } },
      ]),
    ).toBe("https://x.test");
  });

  it("falls back to localhost when the root data is missing or odd", () => {
    expect(siteUrlOf([{ id: "root", loaderData: null }])).toBe(fallback);
    expect(siteUrlOf([{ id: "root", loaderData: { env: null } }])).toBe(fallback);
    expect(siteUrlOf([{ id: "root", loaderData: { env: {} } }])).toBe(fallback);
    expect(siteUrlOf([{ id: "root", loaderData: { env: { siteUrl: 5 } } }])).toBe(fallback);
  });
});

describe("truncated text", () => {
  it("cuts at the limit without leaving a space at the end", () => {
    expect(truncateText("Himalayan shilajit resin", 10)).toBe("Himalayan");
    expect(truncateText("Himalayan shilajit", 18)).toBe("Himalayan shilajit");
  });
});
