import { marketPath, type Market } from "~/lib/markets";

/** The header and mobile menu links (docs/storefront.md#header). */
export const navLinks = [
  { to: "/", label: "Home" },
  { to: "/store", label: "Store" },
  { to: "/blog", label: "Blog" },
] as const;

/** The links as a market's pages show them: Home and Store stay in the market, the one blog is shared. */
export function marketNavLinks(market: Pick<Market, "pathPrefix">): { to: string; label: string }[] {
  return navLinks.map((link) => ({
    to: link.to === "/blog" ? link.to : marketPath(market, link.to),
    label: link.label,
  }));
}
