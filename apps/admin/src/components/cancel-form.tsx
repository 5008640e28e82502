import type { AdminOrderDetail } from "@herbo/hosted-api/admin";
import type { FormEvent } from "react";
import { cancelSentence } from "../lib/refunds.ts";
import { SubmitOrBack } from "./submit-or-back.tsx";

interface Props {
  order: AdminOrderDetail;
  busy: boolean;
  onSubmit(reason: string | undefined): void;
  onBack(): void;
}

/** Cancelling, with what happens to the stock and the money said before the owner confirms. */
export function CancelForm({ order, busy, onSubmit, onBack }: Props) {
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get("reason") ?? "").trim();
    onSubmit(reason === "" ? undefined : reason);
  }

  return (
    <form onSubmit={submit} aria-label="Cancellation" className="space-y-3">
      <p>Cancelling returns the items to stock and emails the shopper. {cancelSentence(order)}</p>
      <label className="label">
        Reason (optional, kept in the history)
        <input name="reason" maxLength={200} className="field" />
      </label>
      <SubmitOrBack submitLabel="Confirm cancellation" backLabel="Keep the order" danger busy={busy} onBack={onBack} />
    </form>
  );
}
