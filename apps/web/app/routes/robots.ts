import { serverEnvironment } from "~/lib/env.server";

export function loader() {
  const { siteUrl } = serverEnvironment();
  const body = ["User-agent: *", "Allow: /", "Disallow: /success", "", `Sitemap: ${siteUrl}/sitemap.xml`, ""].join(
    "\n",
  );
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
