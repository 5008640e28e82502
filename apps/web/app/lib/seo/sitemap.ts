export interface SitemapEntry {
  path: string;
  /** ISO date of the last change, when known. */
  lastModified?: string;
}

export function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** A sitemaps.org urlset of absolute URLs on the site's origin. */
export function buildSitemap(siteUrl: string, entries: readonly SitemapEntry[]): string {
  const origin = siteUrl.replace(/\/+$/, "");
  const urls = entries
    .map((entry) => {
      const location = `${origin}${entry.path === "/" ? "/" : entry.path}`;
      const lastModified =
        entry.lastModified === undefined ? "" : `<lastmod>${escapeXml(entry.lastModified)}</lastmod>`;
      return `<url><loc>${escapeXml(location)}</loc>${lastModified}</url>`;
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export interface FeedItem {
  slug: string;
  title: string;
  description: string;
  isoDate: string;
  author: string;
}

/** An RSS 2.0 feed of the blog. */
export function buildRssFeed(input: {
  siteUrl: string;
  title: string;
  description: string;
  items: readonly FeedItem[];
}): string {
  const origin = input.siteUrl.replace(/\/+$/, "");
  const rfc822 = (isoDate: string) => new Date(`${isoDate}T08:00:00Z`).toUTCString();
  const items = input.items
    .map(
      (item) => `<item>
<title>${escapeXml(item.title)}</title>
<link>${escapeXml(`${origin}/blog/${item.slug}`)}</link>
<guid isPermaLink="true">${escapeXml(`${origin}/blog/${item.slug}`)}</guid>
<description>${escapeXml(item.description)}</description>
<pubDate>${rfc822(item.isoDate)}</pubDate>
<dc:creator>${escapeXml(item.author)}</dc:creator>
</item>`,
    )
    .join("\n");
  const newest = input.items[0]?.isoDate;
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel>
<title>${escapeXml(input.title)}</title>
<link>${escapeXml(`${origin}/blog`)}</link>
<description>${escapeXml(input.description)}</description>
<language>en</language>
<atom:link href="${escapeXml(`${origin}/blog/feed.xml`)}" rel="self" type="application/rss+xml"/>
${newest === undefined ? "" : `<lastBuildDate>${rfc822(newest)}</lastBuildDate>\n`}${items}
</channel>
</rss>
`;
}
