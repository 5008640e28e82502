import { useId } from "react";
import type { AmountDraft, FactsErrors } from "../lib/product-facts.ts";

interface TextProps {
  name: string;
  label: string;
  /** A line under the field: what goes in it, with an example. */
  hint: string;
  value: string;
  error: string | undefined;
  maxLength: number;
  required?: boolean;
  /** A box of several lines, for the ingredients and the warnings. */
  lines?: number;
  onChange(value: string): void;
}

/** One labelled text of the panel, with its hint and, when the rules refuse it, its problem read with it. */
export function FactsTextField({ name, label, hint, value, error, maxLength, required, lines, onChange }: TextProps) {
  const id = useId();
  const described = error === undefined ? `${id}-hint` : `${id}-error ${id}-hint`;
  const shared = {
    name,
    value,
    maxLength,
    required,
    className: "field",
    autoComplete: "off",
    "aria-invalid": error !== undefined,
    "aria-describedby": described,
  };
  return (
    <div className="space-y-1">
      <label className="label">
        {label}
        {lines === undefined ? (
          <input {...shared} onChange={(event) => onChange(event.target.value)} />
        ) : (
          <textarea {...shared} rows={lines} onChange={(event) => onChange(event.target.value)} />
        )}
      </label>
      {error === undefined ? null : (
        <p id={`${id}-error`} className="text-sm text-red-800">
          {error}
        </p>
      )}
      <p id={`${id}-hint`} className="muted text-xs">
        {hint}
      </p>
    </div>
  );
}

const cells: { key: keyof AmountDraft; label: string; maxLength: number }[] = [
  { key: "name", label: "Name", maxLength: 60 },
  { key: "amount", label: "Amount per serving", maxLength: 30 },
  { key: "dailyValue", label: "% Daily Value", maxLength: 20 },
];

interface RowsProps {
  rows: readonly AmountDraft[];
  errors: FactsErrors;
  canAdd: boolean;
  onChange(rows: AmountDraft[]): void;
}

/** The panel's rows: what one serving holds of each thing, added and removed one by one. */
export function FactsAmountRows({ rows, errors, canAdd, onChange }: RowsProps) {
  const id = useId();
  const edit = (index: number, change: Partial<AmountDraft>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <fieldset className="space-y-3" aria-describedby={`${id}-hint`}>
      <legend className="label">Amounts per serving</legend>
      <p id={`${id}-hint`} className="muted text-xs">
        For each ingredient: its name, the amount in one serving (e.g. 300 mg) and its % Daily Value, or † where none is
        established.
      </p>
      {rows.map((row, index) => (
        <div key={index} className="grid gap-3 rounded border border-line p-3 sm:grid-cols-[1fr_1fr_1fr_auto]">
          {cells.map((cell) => {
            const error = errors[`amounts.${index}.${cell.key}`];
            const errorId = `${id}-${index}-${cell.key}-error`;
            return (
              <div key={cell.key} className="space-y-1">
                <label className="label">
                  <span>
                    {cell.label}
                    <span className="sr-only"> of amount {index + 1}</span>
                  </span>
                  <input
                    name={`amounts.${index}.${cell.key}`}
                    className="field"
                    autoComplete="off"
                    maxLength={cell.maxLength}
                    value={row[cell.key]}
                    aria-invalid={error !== undefined}
                    aria-describedby={error === undefined ? undefined : errorId}
                    onChange={(event) => edit(index, { [cell.key]: event.target.value })}
                  />
                </label>
                {error === undefined ? null : (
                  <p id={errorId} className="text-sm text-red-800">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
          <button
            type="button"
            className="button-quiet self-end"
            onClick={() => onChange(rows.filter((_, at) => at !== index))}
          >
            Remove<span className="sr-only"> amount {index + 1}</span>
          </button>
        </div>
      ))}
      {errors.amounts === undefined ? null : <p className="text-sm text-red-800">{errors.amounts}</p>}
      <button
        type="button"
        className="button-quiet"
        disabled={!canAdd}
        onClick={() => onChange([...rows, { name: "", amount: "", dailyValue: "" }])}
      >
        Add an amount
      </button>
    </fieldset>
  );
}
