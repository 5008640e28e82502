import type { AdminRefund } from "@herbo/hosted-api/admin";
import { useState } from "react";
import { formatDateTime } from "../lib/dates.ts";
import { providerLabel, refundKindLabels, refundStatusLabels, refundTone } from "../lib/labels.ts";
import { RecordRefundForm } from "./record-refund-form.tsx";
import { StatusBadge } from "./status-badge.tsx";

interface Props {
  refund: AdminRefund;
  /** Whether the order lets the owner record it as made, and send it again. */
  canRecord: boolean;
  canRetry: boolean;
  busy: boolean;
  onRecord(note: string): Promise<boolean>;
  onRetry(): void;
}

/** One refund: how much, how, where it stands, and what the owner can do about it. */
export function RefundItem({ refund, canRecord, canRetry, busy, onRecord, onRetry }: Props) {
  const [recording, setRecording] = useState(false);
  const recordable = canRecord && (refund.status === "to_make" || refund.status === "failed");
  const retryable = canRetry && refund.status === "failed" && refund.provider !== null;
  const facts: [string, string | null][] = [
    ["How", refund.provider === null ? "By hand" : `Through ${providerLabel(refund.provider)}`],
    ["Provider's reference", refund.providerReference],
    ["Reason", refund.reason],
    ["How it was made", refund.note],
    ["Provider's answer", refund.lastError],
    ["Asked", formatDateTime(refund.createdAt)],
    ["Made", refund.completedAt === null ? null : formatDateTime(refund.completedAt)],
  ];

  return (
    <li className="space-y-2 py-3" data-testid="refund">
      <p className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">
          {refundKindLabels[refund.kind]}: {refund.amount.text}
        </span>
        <StatusBadge name="Refund" label={refundStatusLabels[refund.status]} tone={refundTone(refund.status)} />
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        {facts.map(([label, value]) =>
          value === null ? null : (
            <div key={label} className="contents">
              <dt className="text-bark">{label}</dt>
              <dd>{value}</dd>
            </div>
          ),
        )}
      </dl>
      {recordable || retryable ? (
        <div className="flex flex-wrap gap-2">
          {retryable ? (
            <button type="button" className="button" disabled={busy} onClick={onRetry}>
              Send again
            </button>
          ) : null}
          {recordable ? (
            <button
              type="button"
              className={retryable ? "button-quiet" : "button"}
              disabled={busy}
              aria-expanded={recording}
              onClick={() => setRecording(true)}
            >
              Record refund made
            </button>
          ) : null}
        </div>
      ) : null}
      {recording && recordable ? (
        <RecordRefundForm
          emailsShopper
          subject={refund.amount.text}
          busy={busy}
          onSubmit={(note) => void onRecord(note).then((done) => setRecording(!done))}
          onBack={() => setRecording(false)}
        />
      ) : null}
    </li>
  );
}
