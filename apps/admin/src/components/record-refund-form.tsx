import { useId, type FormEvent } from "react";
import { SubmitOrBack } from "./submit-or-back.tsx";

interface Props {
  /** What is recorded, e.g. "Rs. 1200.00 to Asha Gurung". */
  subject: string;
  /** Whether the shopper is emailed once it is recorded (an order's refund is; a payment without an order is not). */
  emailsShopper: boolean;
  busy: boolean;
  onSubmit(note: string): void;
  onBack(): void;
}

/** Records a refund the owner made outside the shop (bank transfer, cash, a provider's dashboard), with how. */
export function RecordRefundForm({ subject, emailsShopper, busy, onSubmit, onBack }: Props) {
  const hint = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const note = String(new FormData(event.currentTarget).get("note") ?? "").trim();
    if (note !== "") onSubmit(note);
  }
  return (
    <form onSubmit={submit} aria-label="Record refund made" className="space-y-2">
      <p id={hint} className="muted">
        Record that you gave back {subject} yourself.
        {emailsShopper ? " The shopper is emailed that the refund is made." : ""}
      </p>
      <label className="label">
        How it was made (kept in the history)
        <input
          name="note"
          required
          maxLength={300}
          placeholder="e.g. Bank transfer, reference 123456"
          aria-describedby={hint}
          className="field"
        />
      </label>
      <SubmitOrBack submitLabel="Save the refund as made" busy={busy} onBack={onBack} />
    </form>
  );
}
