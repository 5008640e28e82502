import { returnsSummaryRows } from "~/lib/shop-offer/returns";

/** The returns policy at a glance, from the shop's offer. */
export function ReturnsSummary() {
  return (
    <dl data-testid="returns-summary" className="grid gap-4 rounded-2xl bg-sand p-6 sm:grid-cols-3">
      {returnsSummaryRows().map((row) => (
        <div key={row.term}>
          <dt className="text-sm font-semibold tracking-wider text-bark uppercase">{row.term}</dt>
          <dd className="mt-1 font-semibold">{row.detail}</dd>
        </div>
      ))}
    </dl>
  );
}
