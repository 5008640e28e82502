import type { AdminOverviewWarning } from "@herbo/hosted-api/admin";
import { Link } from "react-router";
import { warningView } from "../lib/overview-warnings.ts";

/** What needs the owner's eye, at the top of the overview; nothing at all when all is well. */
export function OverviewWarnings({ warnings }: { warnings: AdminOverviewWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <section className="card border-l-4 border-l-amber-500" aria-labelledby="warnings-heading">
      <h2 id="warnings-heading" className="font-semibold">
        Needs your attention
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {warnings.map((warning, index) => {
          const view = warningView(warning);
          return (
            <li key={`${warning.kind}-${index}`}>
              {view.text}
              {view.link === undefined ? null : (
                <>
                  {" "}
                  <Link to={view.link.to}>{view.link.label}</Link>
                </>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
