interface Props {
  /** The submit button's words: what sending the form does. */
  submitLabel: string;
  /** The other button's words: "Back" unless going back is better said as what it keeps. */
  backLabel?: string;
  /** For an action that cannot be taken back, such as a cancellation. */
  danger?: boolean;
  busy: boolean;
  onBack(): void;
  /** More classes for the row, where the form lays its fields out in a grid. */
  className?: string;
}

/**
 * The foot of an order's action form: the submit button (off while the action runs) and a way back to the
 * order without sending anything.
 */
export function SubmitOrBack({ submitLabel, backLabel = "Back", danger = false, busy, onBack, className }: Props) {
  return (
    <div className={className === undefined ? "flex flex-wrap gap-2" : `flex flex-wrap gap-2 ${className}`}>
      <button type="submit" className={danger ? "button-danger" : "button"} disabled={busy}>
        {submitLabel}
      </button>
      <button type="button" className="button-quiet" onClick={onBack}>
        {backLabel}
      </button>
    </div>
  );
}
