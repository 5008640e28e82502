import type { AdminOrderDetail } from "@herbo/hosted-api/admin";
import { refundFigures } from "../lib/refunds.ts";

/** Money taken, given back, still owed, and what may still be given back (lib/refunds.ts says which show). */
export function RefundFigures({ order }: { order: AdminOrderDetail }) {
  return (
    <dl className="flex flex-wrap gap-x-8 gap-y-1 text-sm" data-testid="refund-figures">
      {refundFigures(order).map(({ label, text }) => (
        <div key={label} className="flex gap-2">
          <dt className="text-bark">{label}</dt>
          <dd className="font-semibold">{text}</dd>
        </div>
      ))}
    </dl>
  );
}
