import { Link, useLocation } from "react-router";
import { equivalentPath, marketOfPage, markets } from "~/lib/markets";

/**
 * The country selector (docs/storefront.md#markets): plain links to this page in each market (a catalogue
 * page's own copy, a landing page the other country's, else the market's home), with the market's name and
 * currency; the page's market is marked. Links, so it works before the page's JavaScript does and for crawlers.
 */
export function CountrySelector() {
  const { pathname } = useLocation();
  const current = marketOfPage(pathname);
  return (
    <nav aria-labelledby="footer-markets" className="container-page border-b border-cream/10 py-5">
      <h2 id="footer-markets" className="font-sans text-sm font-semibold tracking-wider text-gold-light uppercase">
        Country and currency
      </h2>
      <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm">
        {markets.map((market) => {
          const isCurrent = market.code === current.code;
          return (
            <li key={market.code}>
              <Link
                to={equivalentPath(pathname, market)}
                hrefLang={market.locale}
                aria-current={isCurrent ? "true" : undefined}
                className={`hover:text-gold-light ${isCurrent ? "font-semibold text-cream underline underline-offset-4" : ""}`}
              >
                {market.name} ({market.currencyCode})
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
