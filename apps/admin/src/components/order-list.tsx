import type { AdminOrderSummary } from "@herbo/hosted-api/admin";
import { Link } from "react-router";
import { formatDateTime } from "../lib/dates.ts";
import {
  fulfilmentStatusLabels,
  fulfilmentTone,
  paymentMethodLabel,
  paymentLabel,
  paymentTone,
} from "../lib/labels.ts";
import { StatusBadge } from "./status-badge.tsx";

/** Orders as a list of cards: readable at 375 px, several per row on a wide screen. */
export function OrderList({ orders }: { orders: AdminOrderSummary[] }) {
  return (
    <ul className="grid gap-3 lg:grid-cols-2" aria-label="Orders">
      {orders.map((order) => (
        <li key={order.number} className="card space-y-1" data-testid="order-card">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <Link to={`/orders/${order.number}`} className="text-lg font-semibold">
              {order.number}
            </Link>
            <span className="font-semibold">{order.total.text}</span>
          </div>
          <p>
            {order.customerName} <span className="text-bark">· {order.email}</span>
          </p>
          <p className="muted">
            {formatDateTime(order.placedAt)} · {order.itemCount} {order.itemCount === 1 ? "item" : "items"} ·{" "}
            {order.country} · {paymentMethodLabel(order.paymentMethod)}
          </p>
          <p className="flex flex-wrap gap-2">
            <StatusBadge
              name="Payment"
              label={paymentLabel(order.paymentStatus, order.fulfilmentStatus)}
              tone={paymentTone(order.paymentStatus)}
            />
            <StatusBadge
              name="Fulfilment"
              label={fulfilmentStatusLabels[order.fulfilmentStatus]}
              tone={fulfilmentTone(order.fulfilmentStatus)}
            />
          </p>
        </li>
      ))}
    </ul>
  );
}
