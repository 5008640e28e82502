import { useId } from "react";
import { identifierError, type IdentifierErrors, type IdentifierField } from "../lib/products.ts";

const fields: { name: IdentifierField; label: string; hint: string; inputMode?: "numeric" }[] = [
  {
    name: "gtin",
    label: "GTIN (barcode)",
    hint: "8, 12, 13 or 14 digits, from the barcode on the pack; leave empty if the product has none.",
    inputMode: "numeric",
  },
  { name: "mpn", label: "MPN", hint: "Your own part number for this size, if you use one." },
];

interface Props {
  /** The values shown when the form opens; empty for a new variant. */
  gtin?: string | null;
  mpn?: string | null;
  /** Each field's problem, shown under it and read with it. */
  errors: IdentifierErrors;
  /** Tells the form a field's problem (undefined: none) once the owner leaves the field. */
  onChecked(field: IdentifierField, error: string | undefined): void;
}

/**
 * A variant's optional identifiers for the shop's product feeds, each with its hint and, when the contract's
 * rule refuses what was typed, its problem: checked as the owner leaves the field and again on saving.
 */
export function IdentifierFields({ gtin = null, mpn = null, errors, onChecked }: Props) {
  const id = useId();
  const values: Record<IdentifierField, string | null> = { gtin, mpn };
  return fields.map((field) => {
    const error = errors[field.name];
    const hintId = `${id}-${field.name}-hint`;
    const errorId = `${id}-${field.name}-error`;
    return (
      <div key={field.name} className="space-y-1">
        <label className="label">
          {field.label}
          <input
            name={field.name}
            className="field"
            autoComplete="off"
            inputMode={field.inputMode}
            defaultValue={values[field.name] ?? ""}
            aria-invalid={error !== undefined}
            aria-describedby={error === undefined ? hintId : `${errorId} ${hintId}`}
            onBlur={(event) => onChecked(field.name, identifierError(field.name, event.currentTarget.value))}
          />
        </label>
        {error === undefined ? null : (
          <p id={errorId} className="text-sm text-red-800">
            {error}
          </p>
        )}
        <p id={hintId} className="muted text-xs">
          {field.hint}
        </p>
      </div>
    );
  });
}

/** Moves the focus to the first identifier field with a problem, so its message is read out with it. */
export function focusFirstProblem(form: HTMLFormElement, errors: IdentifierErrors): void {
  const first = fields.find((field) => errors[field.name] !== undefined);
  const input = first === undefined ? null : form.elements.namedItem(first.name);
  if (input instanceof HTMLInputElement) input.focus();
}
