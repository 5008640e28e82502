import { Link, useLocation } from "react-router";
import { countryNavTitles } from "~/content/country-nav";
import { shopPageLinks } from "~/content/shop-pages";
import { site } from "~/content/site";
import { copyrightYears } from "~/lib/calendar";
import { usePublicEnvironment, useRenderYear } from "~/lib/public-env";
import { Icon } from "../ui/icon";
import { CountrySelector } from "./country-selector";
import { ServerDrawn } from "./server-drawn";

const socialLinks = [
  { name: "Facebook", icon: "facebook", href: site.social.facebook },
  { name: "Instagram", icon: "instagram", href: site.social.instagram },
] as const;

export function formatPhone(digits: string): string {
  return digits.startsWith("977") ? `+977 ${digits.slice(3)}` : `+${digits}`;
}

/**
 * The footer answers no taps of its own, so the browser keeps the server's drawing of it rather than hydrating
 * its hundred elements; its country links follow the page's path, so it is drawn anew after a navigation.
 */
export function Footer() {
  const { pathname } = useLocation();
  return (
    <ServerDrawn as="footer" id="site-footer" className="mt-20 bg-resin text-cream/85" drawnFrom={pathname}>
      <FooterContent />
    </ServerDrawn>
  );
}

function FooterContent() {
  const { chatPhone } = usePublicEnvironment();
  const year = useRenderYear();
  return (
    <>
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-[1.2fr_1fr_1fr_1.3fr_1.2fr] lg:gap-8">
        <div>
          <p className="font-display text-xl font-bold text-cream">{site.brand}</p>
          <p className="mt-3 text-sm leading-relaxed">
            {site.tagline}, harvested in the Nepal Himalaya, purified in small batches and lab-tested for purity.
          </p>
          <ul className="mt-5 flex gap-3" aria-label="Social media">
            {socialLinks.map((social) => (
              <li key={social.name}>
                <a
                  href={social.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="flex rounded-full bg-cream/10 p-2.5 hover:bg-gold hover:text-resin"
                  aria-label={`${site.brand} on ${social.name} (opens in a new tab)`}
                >
                  <Icon name={social.icon} size={20} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-labelledby="footer-service-areas">
          <h2
            id="footer-service-areas"
            className="font-sans text-sm font-semibold tracking-wider text-gold-light uppercase"
          >
            Service Areas
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <Link to="/shilajit-nepal" className="hover:text-gold-light">
                Shilajit in Nepal
              </Link>
            </li>
            {countryNavTitles.map((country) => (
              <li key={country.slug}>
                <Link to={`/shilajit-in-${country.slug}`} className="hover:text-gold-light">
                  {country.navTitle}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-help">
          <h2 id="footer-help" className="font-sans text-sm font-semibold tracking-wider text-gold-light uppercase">
            Help
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {shopPageLinks.map((link) => (
              <li key={link.slug}>
                <Link to={`/${link.slug}`} className="hover:text-gold-light">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="font-sans text-sm font-semibold tracking-wider text-gold-light uppercase">Contact</h2>
          <ul className="mt-4 space-y-3 text-sm">
            <li className="flex items-center gap-2">
              <Icon name="phone" size={18} />
              <a href={`tel:+${chatPhone}`} className="hover:text-gold-light">
                {formatPhone(chatPhone)}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Icon name="mail" size={18} />
              <a href={`mailto:${site.email}`} className="hover:text-gold-light">
                {site.email}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Icon name="map-pin" size={18} />
              <span>{site.location}</span>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="font-sans text-sm font-semibold tracking-wider text-gold-light uppercase">Why trust us</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {site.trust.map((claim) => (
              <li key={claim} className="flex items-center gap-2">
                <Icon name="check" size={18} className="text-gold-light" />
                {claim}
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-cream/10">
        <CountrySelector />
        {/* On small screens the extra bottom room keeps the floating chat button off the last line. */}
        <p className="container-page pt-5 pb-24 text-center text-xs text-cream/70 md:pb-5">
          © {copyrightYears(site.firstYear, year)} {site.brand}. All rights reserved.
        </p>
      </div>
    </>
  );
}
