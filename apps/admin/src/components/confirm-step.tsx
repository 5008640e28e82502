interface Props {
  /** What confirming does, in a sentence. */
  question: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm(): void;
  onBack(): void;
}

/** A second press for an action that undoes something: says what it does, then does it or goes back. */
export function ConfirmStep({ question, confirmLabel, busy, onConfirm, onBack }: Props) {
  return (
    <div role="group" aria-label="Confirm" className="space-y-3 rounded border border-line bg-cream p-3">
      <p>{question}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="button" disabled={busy} onClick={onConfirm}>
          {confirmLabel}
        </button>
        <button type="button" className="button-quiet" onClick={onBack}>
          Back
        </button>
      </div>
    </div>
  );
}
