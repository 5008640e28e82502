import type { AdminOwedPaymentAction, AdminOwedPayments } from "@herbo/hosted-api/admin";
import { useState } from "react";
import { Notice } from "../components/notice.tsx";
import { OwedPaymentItem } from "../components/owed-payment-item.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { useApi } from "../hooks/use-api.ts";
import { apiRequest, type AdminApiError } from "../lib/api-client.ts";
import { providerLabel } from "../lib/labels.ts";

/** Payments that took money but became no order: each is owed back in full. */
export function OwedPayments() {
  const { data, error, replace } = useApi<AdminOwedPayments>("/payments/owed");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string }>();

  async function act(id: string, action: AdminOwedPaymentAction): Promise<boolean> {
    const before = data?.payments.find((payment) => payment.id === id);
    setBusy(true);
    setMessage(undefined);
    try {
      const answer = await apiRequest<AdminOwedPayments>("POST", `/payments/${encodeURIComponent(id)}/refund`, action);
      replace(answer);
      if (answer.retried === "failed") {
        // The provider refused again: the payment stays owed, and the refusal is in the store API's log.
        const provider = providerLabel(before?.provider ?? "the provider");
        setMessage({
          kind: "error",
          text: `${provider} did not send the refund. Try again later, or refund it another way and record it here.`,
        });
        return false;
      }
      const what = before === undefined ? "The payment" : `${before.amount.text} to ${before.customer.name}`;
      setMessage({
        kind: "success",
        text: action.action === "record" ? `${what}: recorded as refunded.` : `${what}: refunded.`,
      });
      return true;
    } catch (failure) {
      setMessage({ kind: "error", text: (failure as AdminApiError).message });
      return false;
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeading title="Payments to give back" />
      <p className="muted">
        Money a shopper paid that became no order (the checkout was paid twice, closed, or the provider reported another
        amount). Each is owed back in full.
      </p>
      {error === undefined ? null : <Notice kind="error">{error.message}</Notice>}
      {message === undefined ? null : <Notice kind={message.kind}>{message.text}</Notice>}
      {data === undefined ? null : data.payments.length === 0 ? (
        <p>Nothing to give back.</p>
      ) : (
        <ul className="space-y-3" aria-label="Payments to give back">
          {data.payments.map((payment) => (
            <OwedPaymentItem
              key={payment.id}
              payment={payment}
              busy={busy}
              onAction={(action) => act(payment.id, action)}
            />
          ))}
        </ul>
      )}
    </>
  );
}
