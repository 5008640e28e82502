import type { AdminProductImportResult } from "@herbo/hosted-api/admin";
import { useId, useState, type FormEvent } from "react";
import { apiBase, apiRequest, type AdminApiError } from "../lib/api-client.ts";
import {
  describeImportItem,
  describeImportProblem,
  importFileRefusal,
  importSummary,
  refusedHeading,
  unlistedProblems,
  unlistedRefusals,
} from "../lib/products-csv.ts";
import { Notice } from "./notice.tsx";

type Outcome = { kind: "error" | "success"; text: string };

/**
 * The catalogue as CSV: a download of every product, and an import that is checked first (nothing is
 * written) and then applied all at once. The file travels as JSON text, as every back office request does.
 */
export function ProductsCsv({ onImported }: { onImported: () => void }) {
  const inputId = useId();
  const [checked, setChecked] = useState<{ csv: string; result: AdminProductImportResult }>();
  const [outcome, setOutcome] = useState<Outcome>();
  /** An import's answer while it names lines it left out, so they stay in view after the import. */
  const [imported, setImported] = useState<AdminProductImportResult>();
  const [busy, setBusy] = useState(false);

  async function check(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const file = new FormData(event.currentTarget).get("file");
    setChecked(undefined);
    setOutcome(undefined);
    setImported(undefined);
    if (!(file instanceof File) || file.name === "") {
      setOutcome({ kind: "error", text: "Choose a CSV file first." });
      return;
    }
    const refusal = importFileRefusal(file);
    if (refusal !== undefined) {
      setOutcome({ kind: "error", text: refusal });
      return;
    }
    setBusy(true);
    try {
      const csv = await file.text();
      const result = await apiRequest<AdminProductImportResult>("POST", "/products/import", { csv, apply: false });
      setChecked({ csv, result });
    } catch (failure) {
      setOutcome({ kind: "error", text: (failure as AdminApiError).message });
    } finally {
      setBusy(false);
    }
  }

  async function apply() {
    if (checked === undefined) return;
    setBusy(true);
    try {
      const result = await apiRequest<AdminProductImportResult>("POST", "/products/import", {
        csv: checked.csv,
        apply: true,
      });
      setChecked(undefined);
      setOutcome({ kind: "success", text: importSummary(result) });
      setImported(result.refusedCount > 0 ? result : undefined);
      onImported();
    } catch (failure) {
      setOutcome({ kind: "error", text: (failure as AdminApiError).message });
    } finally {
      setBusy(false);
    }
  }

  const result = checked?.result;
  return (
    <section className="card space-y-3" aria-labelledby="products-csv-heading">
      <h2 id="products-csv-heading" className="font-semibold">
        Export and import as CSV
      </h2>
      <p className="muted">
        One line per variant, with its product&apos;s fields and a price and sale price in each market&apos;s currency.
        Drafts and archived products are included.
      </p>
      <a className="button inline-block no-underline" href={`${apiBase}/products/export.csv`} download>
        Export CSV
      </a>
      <form onSubmit={check} aria-label="Import from CSV" className="space-y-3">
        <h3 className="font-semibold">Import from CSV</h3>
        <p className="muted">
          Lines with a variant_id change that variant; lines without one add a variant, and a new product is one without
          a product_id. Products and variants missing from the file stay as they are. Stock levels are not imported:
          change them on the Stock page. An empty price cell keeps that price; an empty sale cell ends the sale. Keep
          the version columns as exported: a line whose product or variant was changed here since is not imported.
        </p>
        <div className="flex flex-wrap items-end gap-3">
          <label className="label" htmlFor={inputId}>
            CSV file
            <input
              id={inputId}
              name="file"
              type="file"
              accept=".csv,text/csv"
              className="field"
              onChange={() => setChecked(undefined)}
            />
          </label>
          <button type="submit" className="button" disabled={busy}>
            Check file
          </button>
        </div>
      </form>
      {result === undefined ? null : <ImportPreview result={result} busy={busy} onApply={apply} />}
      {outcome === undefined ? null : <Notice kind={outcome.kind}>{outcome.text}</Notice>}
      {imported === undefined ? null : <RefusedLines result={imported} />}
    </section>
  );
}

/** The lines left out because they would undo another save, each with its line number and what changed. */
function RefusedLines({ result }: { result: AdminProductImportResult }) {
  if (result.refusedCount === 0) return null;
  const more = unlistedRefusals(result);
  return (
    <div role="alert" className="space-y-2 rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
      <p className="font-semibold">{refusedHeading(result)}</p>
      <ul className="list-disc pl-5" aria-label="Lines not imported">
        {result.refused.map((line) => (
          <li key={`${line.line}-${line.message}`}>{describeImportProblem(line)}</li>
        ))}
      </ul>
      {more === undefined ? null : <p>{more}</p>}
    </div>
  );
}

/** What the checked file would do, or its problems; "Import" only when it has none. */
function ImportPreview(props: { result: AdminProductImportResult; busy: boolean; onApply: () => void }) {
  return (
    <>
      <ImportPlan {...props} />
      <RefusedLines result={props.result} />
    </>
  );
}

function ImportPlan(props: { result: AdminProductImportResult; busy: boolean; onApply: () => void }) {
  const { result } = props;
  if (result.problemCount > 0) {
    const more = unlistedProblems(result);
    return (
      <div role="alert" className="space-y-2 rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
        <p className="font-semibold">
          The file has {result.problemCount === 1 ? "a problem" : `${result.problemCount} problems`}. Nothing will be
          imported until it is fixed.
        </p>
        <ul className="list-disc pl-5">
          {result.problems.map((problem) => (
            <li key={`${problem.line}-${problem.column ?? ""}-${problem.message}`}>{describeImportProblem(problem)}</li>
          ))}
        </ul>
        {more === undefined ? null : <p>{more}</p>}
      </div>
    );
  }
  return (
    <div role="status" className="space-y-2">
      <p className="font-semibold">{importSummary(result)}</p>
      {result.items.length === 0 ? null : (
        <ul className="list-disc pl-5 text-sm" aria-label="Changes the import makes">
          {result.items.map((item) => (
            <li key={`${item.line}-${item.kind}`}>{describeImportItem(item)}</li>
          ))}
        </ul>
      )}
      {result.items.length === 0 ? null : (
        <button type="button" className="button" disabled={props.busy} onClick={props.onApply}>
          Import
        </button>
      )}
    </div>
  );
}
