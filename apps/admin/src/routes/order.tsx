import type { AdminOrderDetail } from "@herbo/hosted-api/admin";
import { Link, useParams } from "react-router";
import { Notice } from "../components/notice.tsx";
import { OrderActions } from "../components/order-actions.tsx";
import { OrderHistory } from "../components/order-history.tsx";
import { OrderRefunds } from "../components/order-refunds.tsx";
import { OrderLines, OrderParties } from "../components/order-sections.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { StatusBadge } from "../components/status-badge.tsx";
import { useApi } from "../hooks/use-api.ts";
import { formatDateTime } from "../lib/dates.ts";
import { fulfilmentStatusLabels, fulfilmentTone, paymentLabel, paymentTone } from "../lib/labels.ts";

/** One order: what, who, where, how paid, what happened, and what can be done next. */
export function Order() {
  const { number = "" } = useParams();
  const { data: order, error, replace } = useApi<AdminOrderDetail>(`/orders/${encodeURIComponent(number)}`);
  return (
    <>
      <p>
        <Link to="/orders">← All orders</Link>
      </p>
      <PageHeading title={`Order ${number}`} />
      {error === undefined ? null : <Notice kind="error">{error.message}</Notice>}
      {order === undefined ? null : (
        <>
          <p className="flex flex-wrap items-center gap-2">
            <span className="muted">Placed {formatDateTime(order.placedAt)}</span>
            <StatusBadge
              name="Payment"
              label={paymentLabel(order.payment.status, order.fulfilmentStatus)}
              tone={paymentTone(order.payment.status)}
            />
            <span data-testid="fulfilment-status">
              <StatusBadge
                name="Fulfilment"
                label={fulfilmentStatusLabels[order.fulfilmentStatus]}
                tone={fulfilmentTone(order.fulfilmentStatus)}
              />
            </span>
          </p>
          {order.shipment === null ? null : (
            <p>
              Shipped with {order.shipment.carrier}, tracking number <strong>{order.shipment.trackingNumber}</strong>
              {order.shipment.trackingUrl === null ? null : (
                <>
                  {" "}
                  (
                  <a href={order.shipment.trackingUrl} rel="noreferrer" target="_blank">
                    track the parcel
                  </a>
                  )
                </>
              )}
            </p>
          )}
          <OrderActions order={order} onChanged={replace} />
          <OrderLines order={order} />
          <OrderParties order={order} />
          <OrderRefunds order={order} onChanged={replace} />
          <OrderHistory order={order} />
        </>
      )}
    </>
  );
}
