import type { AdminOwedPayment, AdminOwedPaymentAction } from "@herbo/hosted-api/admin";
import { useState } from "react";
import { formatDateTime } from "../lib/dates.ts";
import { providerLabel } from "../lib/labels.ts";
import { RecordRefundForm } from "./record-refund-form.tsx";

interface Props {
  payment: AdminOwedPayment;
  busy: boolean;
  /** Sends the action; true when it went through. */
  onAction(action: AdminOwedPaymentAction): Promise<boolean>;
}

/** A payment that became no order: who paid, how much, why it is owed, and how to give it back. */
export function OwedPaymentItem({ payment, busy, onAction }: Props) {
  const [recording, setRecording] = useState(false);
  const provider = providerLabel(payment.provider);
  const { customer } = payment;
  return (
    <li className="card space-y-2" data-testid="owed-payment">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-semibold">
          {payment.amount.text} <span className="font-normal text-bark">to {customer.name}</span>
        </h2>
        <span className="muted">paid {formatDateTime(payment.startedAt)}</span>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 text-sm">
        <dt className="text-bark">Provider</dt>
        <dd>{provider}</dd>
        <dt className="text-bark">Reference</dt>
        <dd>{payment.paymentReference ?? "none recorded"}</dd>
        <dt className="text-bark">Why it is owed</dt>
        <dd>{payment.reason ?? "It became no order."}</dd>
        <dt className="text-bark">Customer</dt>
        <dd>
          {customer.name} · <a href={`mailto:${customer.email}`}>{customer.email}</a> ·{" "}
          <a href={`tel:${customer.phone}`}>{customer.phone}</a>
        </dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        {payment.providerCanRefund ? (
          <button type="button" className="button" disabled={busy} onClick={() => void onAction({ action: "retry" })}>
            Refund through {provider}
            <span className="sr-only">
              : {payment.amount.text} to {customer.name}
            </span>
          </button>
        ) : null}
        <button
          type="button"
          className={payment.providerCanRefund ? "button-quiet" : "button"}
          disabled={busy}
          aria-expanded={recording}
          onClick={() => setRecording(true)}
        >
          Record refund made
          <span className="sr-only">
            : {payment.amount.text} to {customer.name}
          </span>
        </button>
      </div>
      {recording ? (
        <RecordRefundForm
          emailsShopper={false}
          subject={`${payment.amount.text} to ${customer.name}`}
          busy={busy}
          onSubmit={(note) => void onAction({ action: "record", note }).then((done) => setRecording(!done))}
          onBack={() => setRecording(false)}
        />
      ) : null}
    </li>
  );
}
