import type { AdminOrderDetail } from "@herbo/hosted-api/admin";
import { useOrderAction } from "../hooks/use-order-action.ts";
import { Notice } from "./notice.tsx";
import { RefundFigures } from "./refund-figures.tsx";
import { RefundItem } from "./refund-item.tsx";

interface Props {
  order: AdminOrderDetail;
  onChanged(order: AdminOrderDetail): void;
}

/** The money taken and given back, each refund, and recording or resending the ones still owed. */
export function OrderRefunds({ order, onChanged }: Props) {
  const { busy, message, run } = useOrderAction(order, onChanged);
  if (order.captured.amount === 0 && order.refunds.length === 0) return null;

  return (
    <section className="card space-y-2" aria-labelledby="refunds-heading">
      <h2 id="refunds-heading" className="font-semibold">
        Refunds
      </h2>
      <RefundFigures order={order} />
      {message === undefined ? null : <Notice kind={message.kind}>{message.text}</Notice>}
      {order.refunds.length === 0 ? (
        <p className="muted">No refunds yet.</p>
      ) : (
        <ul className="divide-y divide-line" aria-label="Refunds of this order">
          {order.refunds.map((refund) => (
            <RefundItem
              key={refund.id}
              refund={refund}
              canRecord={order.actions.includes("record_refund")}
              canRetry={order.actions.includes("retry_refund")}
              busy={busy}
              onRecord={(note) => run({ action: "record_refund", refundId: refund.id, note })}
              onRetry={() => void run({ action: "retry_refund", refundId: refund.id })}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
