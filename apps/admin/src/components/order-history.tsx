import type { AdminOrderDetail } from "@herbo/hosted-api/admin";
import { formatDateTime } from "../lib/dates.ts";

/** Everything that happened to the order, oldest first, with who and when. */
export function OrderHistory({ order }: { order: AdminOrderDetail }) {
  return (
    <section className="card" aria-labelledby="history-heading">
      <h2 id="history-heading" className="font-semibold">
        History
      </h2>
      <ol className="mt-2 space-y-2" data-testid="order-history">
        {order.history.map((event, index) => (
          <li key={index} className="border-l-2 border-line pl-3">
            <p>{event.summary}</p>
            <p className="muted">
              {formatDateTime(event.at)} · {event.actor}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
