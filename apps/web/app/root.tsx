import { useEffect, type ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts } from "react-router";
import type { Route } from "./+types/root";
import { LazyCartDrawer } from "./components/cart/lazy-cart-drawer";
import { NotFoundContent } from "./components/content/not-found-content";
import { ChatButton } from "./components/layout/chat-button";
import { Footer } from "./components/layout/footer";
import { Header } from "./components/layout/header";
import { MarketSuggestion } from "./components/layout/market-suggestion";
import { ScrollToTop } from "./components/layout/scroll-to-top";
import { ToastProvider } from "./components/ui/toast";
import { site } from "./content/site";
import { yearIn } from "./lib/calendar";
import { CartProvider } from "./lib/cart/cart-context";
import { earlyTapsScript, replayEarlyTaps } from "./lib/early-taps";
import { publicEnvironment } from "./lib/env.server";
import { renderedSiteCss } from "./lib/inline-css";
import { prepareMoneyFormat } from "./lib/markets";
import { whenIdle } from "./lib/when-idle";

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.ico", sizes: "48x48" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
];

export function loader() {
  // Counted once per render (at build time for prerendered pages), so server and browser agree on it.
  return { env: publicEnvironment(), year: yearIn(site.timeZone, new Date()) };
}

/** The public settings never change while a page is open. */
export function shouldRevalidate() {
  return false;
}

export function Layout({ children }: { children: ReactNode }) {
  // Marks the document interactive; browser tests wait for it before clicking. Then the buttons tapped before
  // this moment are tapped again, once the state the page set up as it hydrated (the stored cart) is in place.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    const replay = window.setTimeout(() => void replayEarlyTaps(), 0);
    // A market page's prices arrive written by the server, and its cart writes them with Intl: Intl's first
    // use, long on a cheap phone, is made once the page is idle, not while it hydrates or when the cart opens.
    const warm = whenIdle(() => prepareMoneyFormat(window.location.pathname), 2_000, 200);
    return () => {
      window.clearTimeout(replay);
      warm();
    };
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* Before anything a shopper could tap: see lib/early-taps.ts. */}
        <script dangerouslySetInnerHTML={{ __html: earlyTapsScript }} />
        <meta name="theme-color" content="#faf6ef" />
        <Meta />
        <Links />
        <style dangerouslySetInnerHTML={{ __html: renderedSiteCss }} suppressHydrationWarning />
      </head>
      <body className="flex min-h-screen flex-col">
        <ToastProvider>
          <CartProvider>
            <a
              href="#main"
              className="sr-only z-50 rounded-md bg-resin px-4 py-2 text-cream focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
            >
              Skip to content
            </a>
            <Header />
            <main id="main" className="flex-1">
              {children}
            </main>
            <Footer />
            <ChatButton />
            <MarketSuggestion />
            <LazyCartDrawer />
            <ScrollToTop />
          </CartProvider>
        </ToastProvider>
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function meta({ error }: Route.MetaArgs): Route.MetaDescriptors {
  if (error === undefined) return [];
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: missing ? `Page Not Found | ${site.brand}` : `Something went wrong | ${site.brand}` },
    { name: "description", content: missing ? "This page could not be found." : "An unexpected error occurred." },
    { name: "robots", content: "noindex" },
  ];
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  return (
    <section className="container-page py-24 text-center">
      <h1 className="text-4xl font-bold">Something went wrong</h1>
      <p className="mt-4 text-bark">Please try again in a moment.</p>
      <a href="/" className="button-primary mt-8">
        Return to Homepage
      </a>
    </section>
  );
}
