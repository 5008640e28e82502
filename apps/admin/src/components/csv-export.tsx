import { useState } from "react";
import { apiBase, queryString } from "../lib/api-client.ts";
import { shopDay } from "../lib/dates.ts";

/** Downloads the orders of a date range as CSV (a plain link: the browser saves the file the API sends). */
export function CsvExport() {
  const [from, setFrom] = useState(() => shopDay(new Date(), 29));
  const [to, setTo] = useState(() => shopDay(new Date()));
  const ready = from !== "" && to !== "" && from <= to;
  return (
    <section className="card space-y-3" aria-labelledby="export-heading">
      <h2 id="export-heading" className="font-semibold">
        Export orders as CSV
      </h2>
      <p className="muted">One line per order, with its items in one cell; days as counted in Kathmandu.</p>
      <div className="flex flex-wrap items-end gap-3">
        <label className="label">
          Export from
          <input type="date" value={from} onChange={(event) => setFrom(event.target.value)} className="field" />
        </label>
        <label className="label">
          Export until
          <input type="date" value={to} onChange={(event) => setTo(event.target.value)} className="field" />
        </label>
        {ready ? (
          <a className="button no-underline" href={`${apiBase}/orders/export.csv${queryString({ from, to })}`} download>
            Download CSV
          </a>
        ) : (
          <p role="alert" className="text-sm text-red-900">
            Choose a start day on or before the end day.
          </p>
        )}
      </div>
    </section>
  );
}
