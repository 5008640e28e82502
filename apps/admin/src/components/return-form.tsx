import type { AdminOrderActionRequest, AdminOrderDetail } from "@herbo/hosted-api/admin";
import { useId, useState, type FormEvent } from "react";
import { amountField, formatMoney, moneyFormat, type MoneyFormat } from "../lib/money.ts";
import { refundSentence, unitsSentence } from "../lib/refunds.ts";
import { planReturn, suggestedRefund } from "../lib/returns.ts";
import { Notice } from "./notice.tsx";
import { RefundFigures } from "./refund-figures.tsx";
import { ReturnLines } from "./return-lines.tsx";
import { SubmitOrBack } from "./submit-or-back.tsx";

interface Props {
  order: AdminOrderDetail;
  busy: boolean;
  onSubmit(request: AdminOrderActionRequest): void;
  onBack(): void;
}

/** Units that came back and money given back: the refund follows the chosen units until the owner types one. */
function ReturnFields({ order, format, busy, onSubmit, onBack }: Props & { format: MoneyFormat }) {
  const [units, setUnits] = useState<Record<number, string>>({});
  const [typedAmount, setTypedAmount] = useState<string>();
  const [restock, setRestock] = useState(true);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const hint = useId();
  const suggested = suggestedRefund(order, units);
  const amount = typedAmount ?? amountField(suggested, format);
  const plan = planReturn(order, { units, amount, restock, reason }, format);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (plan.ok) onSubmit(plan.request);
    else setError(plan.message);
  }

  return (
    <form onSubmit={submit} aria-label="Return or refund" className="space-y-3 border-t border-line pt-3" noValidate>
      <RefundFigures order={order} />
      <ReturnLines
        order={order}
        units={units}
        onChange={(position, value) => setUnits((current) => ({ ...current, [position]: value }))}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={restock} onChange={(event) => setRestock(event.target.checked)} />
        Put the returned units back in stock
      </label>
      <label className="label sm:max-w-xs">
        Refund amount ({format.currency})
        <input
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(event) => setTypedAmount(event.target.value)}
          aria-describedby={hint}
          className="field"
        />
      </label>
      <p id={hint} className="muted">
        {formatMoney(suggested, format)} for the units chosen, at most {order.refundable.text}; 0 for no refund.
      </p>
      <label className="label">
        Reason (optional, kept in the history)
        <input value={reason} onChange={(event) => setReason(event.target.value)} maxLength={200} className="field" />
      </label>
      <div aria-live="polite" data-testid="return-summary" className="rounded bg-cream p-3 text-sm">
        {plan.ok ? (
          <>
            <p>{unitsSentence(plan.units, restock, plan.everything)}</p>
            <p className="font-semibold">
              {refundSentence(order, plan.request.refundAmount, formatMoney(plan.request.refundAmount, format))}
            </p>
            <p>The shopper is emailed.</p>
          </>
        ) : (
          <p>{plan.message}</p>
        )}
      </div>
      {error === undefined || plan.ok ? null : <Notice kind="error">{error}</Notice>}
      <SubmitOrBack submitLabel="Confirm and email the shopper" busy={busy} onBack={onBack} />
    </form>
  );
}

/** The return form, in the order's currency. */
export function ReturnForm(props: Props) {
  return <ReturnFields {...props} format={moneyFormat(props.order)} />;
}
