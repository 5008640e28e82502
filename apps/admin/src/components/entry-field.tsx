import type { InputHTMLAttributes, ReactNode } from "react";

type Props = InputHTMLAttributes<HTMLInputElement> & {
  /** What the field is: shown above it and read aloud as its name. */
  label: ReactNode;
  /** The label's size in its row, e.g. "w-32" or "min-w-0 flex-1". */
  width?: string;
};

/**
 * A labelled box for a figure or a short setting the owner types (a price, a rate, a number of days): the
 * browser offers no remembered entries, which would be another product's or another country's values.
 */
export function EntryField({ label, width, ...input }: Props) {
  return (
    <label className={width === undefined ? "label" : `label ${width}`}>
      {label}
      <input autoComplete="off" className="field" {...input} />
    </label>
  );
}
