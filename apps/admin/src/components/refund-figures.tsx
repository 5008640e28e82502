import type { AdminOrderDetail } from "@herbo/hosted-api/admin";

/** Money taken, given back, and what may still be given back. */
export function RefundFigures({ order }: { order: AdminOrderDetail }) {
  const figures = [
    ["Taken", order.captured.text],
    ["Refunded", order.refunded.text],
    ["Can still be refunded", order.refundable.text],
  ] as const;
  return (
    <dl className="flex flex-wrap gap-x-8 gap-y-1 text-sm">
      {figures.map(([label, text]) => (
        <div key={label} className="flex gap-2">
          <dt className="text-bark">{label}</dt>
          <dd className="font-semibold">{text}</dd>
        </div>
      ))}
    </dl>
  );
}
