import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { takeEarlyTaps } from "~/lib/early-taps";
import { prepareMoneyFormat } from "~/lib/markets";

function hydrate() {
  // From here React hears taps itself; those made before are tapped again once the page is interactive.
  takeEarlyTaps();
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// React Router's own entry, with one step before it: a market page (dollars, pounds, …) writes its prices
// with Intl, whose first use loads ICU's data (about 25 ms here, several times that on a cheap phone). Doing
// that in a task of its own, before hydration, keeps hydration's tasks short, so a tap is answered sooner.
if (prepareMoneyFormat(window.location.pathname)) window.setTimeout(hydrate, 0);
else hydrate();
