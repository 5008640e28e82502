import type { AdminSession } from "@herbo/hosted-api/admin";
import type { ReactNode } from "react";
import { NavLink } from "react-router";

const sections = [
  { to: "/", label: "Overview", end: true },
  { to: "/orders", label: "Orders", end: false },
  { to: "/payments/owed", label: "Payments to give back", end: false },
  { to: "/products", label: "Products", end: false },
  { to: "/stock", label: "Stock", end: false },
  { to: "/prices", label: "Prices", end: false },
  { to: "/promotions", label: "Promotions", end: false },
  { to: "/reviews", label: "Reviews", end: false },
  { to: "/shipping", label: "Shipping & tax", end: false },
  { to: "/emails", label: "Emails", end: false },
];

/** The frame of every signed-in page: skip link, the shop's name, the sections, who is signed in, sign-out. */
export function Layout({
  session,
  onSignOut,
  children,
}: {
  session: AdminSession;
  onSignOut(): void;
  children: ReactNode;
}) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="border-b border-line bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <p className="font-bold">
            {session.shopName} <span className="font-normal text-bark">· Back office</span>
          </p>
          <nav aria-label="Back office" className="order-3 w-full sm:order-none sm:w-auto">
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {sections.map((section) => (
                <li key={section.to}>
                  <NavLink
                    to={section.to}
                    end={section.end}
                    className={({ isActive }) =>
                      `inline-block py-1 font-medium no-underline ${isActive ? "border-b-2 border-gold-dark text-resin" : "text-bark hover:text-resin"}`
                    }
                  >
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span className="hidden text-bark md:inline">{session.owner.email}</span>
            <button type="button" className="button-quiet" onClick={onSignOut}>
              Sign out
            </button>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-6">
        {children}
      </main>
    </>
  );
}
