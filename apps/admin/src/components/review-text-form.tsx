import { useCallback, useId, useState, type FormEvent } from "react";
import { textLength } from "../lib/reviews.ts";
import { SubmitOrBack } from "./submit-or-back.tsx";

interface Props {
  /** The form's name, for screen readers and tests ("Hide the review"). */
  formLabel: string;
  fieldLabel: string;
  /** What the text is for, read with the field. */
  hint: string;
  limit: number;
  /** A box of several lines (a reply), or one line (a reason). */
  multiline: boolean;
  initial: string;
  /** The shared rule's message for a text that cannot be sent, or undefined. */
  problemOf(text: string): string | undefined;
  submitLabel: string;
  busy: boolean;
  onSubmit(text: string): void;
  onBack(): void;
}

/**
 * One text the owner writes about a review (the reason for hiding it, or the public reply), checked by the
 * same rule as the API's before it is sent, with its length counted against its limit as it is typed.
 */
export function ReviewTextForm(props: Props) {
  const { formLabel, fieldLabel, hint, limit, multiline, initial, problemOf, submitLabel, busy, onSubmit, onBack } =
    props;
  const id = useId();
  const [text, setText] = useState(initial);
  const [problem, setProblem] = useState<string>();
  const length = textLength(text, multiline);
  // The form opens at a press of its button; the focus goes to the field so the owner can type at once.
  const focusOnOpen = useCallback((element: HTMLElement | null) => element?.focus(), []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = problemOf(text);
    setProblem(found);
    if (found === undefined) onSubmit(text);
  }

  const field = {
    name: "text",
    value: text,
    className: "field",
    autoComplete: "off",
    ref: focusOnOpen,
    "aria-invalid": problem !== undefined,
    "aria-describedby": problem === undefined ? `${id}-hint` : `${id}-error ${id}-hint`,
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={formLabel}
      className="space-y-2 rounded border border-line bg-cream p-3"
    >
      <label className="label">
        {fieldLabel}
        {multiline ? (
          <textarea {...field} rows={5} onChange={(event) => setText(event.target.value)} />
        ) : (
          <input {...field} onChange={(event) => setText(event.target.value)} />
        )}
      </label>
      {problem === undefined ? null : (
        <p id={`${id}-error`} className="text-sm text-red-800">
          {problem}
        </p>
      )}
      <p id={`${id}-hint`} className={`text-xs ${length > limit ? "text-red-800" : "text-bark"}`}>
        {length} of {limit} characters. {hint}
      </p>
      <SubmitOrBack submitLabel={submitLabel} busy={busy} onBack={onBack} />
    </form>
  );
}
