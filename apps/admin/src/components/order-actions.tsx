import type { AdminOrderAction, AdminOrderActionRequest, AdminOrderDetail } from "@herbo/hosted-api/admin";
import { useState, type FormEvent } from "react";
import { apiRequest, type AdminApiError } from "../lib/api-client.ts";
import { actionDone, actionLabels } from "../lib/labels.ts";
import { Notice } from "./notice.tsx";

/** Actions that need nothing but a press. */
const simpleActions = ["pack", "deliver", "collect_cash", "undo_delivery", "undo_cash_collection"] as const;
type SimpleAction = (typeof simpleActions)[number];

interface Props {
  order: AdminOrderDetail;
  onChanged(order: AdminOrderDetail): void;
}

/** The buttons of the actions the order allows now; shipping and cancelling ask for details first. */
export function OrderActions({ order, onChanged }: Props) {
  const [open, setOpen] = useState<"ship" | "cancel">();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string }>();

  async function run(request: AdminOrderActionRequest) {
    setBusy(true);
    setMessage(undefined);
    try {
      const updated = await apiRequest<AdminOrderDetail>("POST", `/orders/${order.number}/actions`, request);
      onChanged(updated);
      setOpen(undefined);
      setMessage({ kind: "success", text: actionDone[request.action] });
    } catch (failure) {
      setMessage({ kind: "error", text: (failure as AdminApiError).message });
    } finally {
      setBusy(false);
    }
  }

  function submitShipment(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const trackingUrl = String(form.get("trackingUrl") ?? "").trim();
    void run({
      action: "ship",
      carrier: String(form.get("carrier") ?? ""),
      trackingNumber: String(form.get("trackingNumber") ?? ""),
      ...(trackingUrl === "" ? {} : { trackingUrl }),
    });
  }

  function submitCancel(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get("reason") ?? "").trim();
    void run({ action: "cancel", ...(reason === "" ? {} : { reason }) });
  }

  const press = (action: SimpleAction | "ship" | "cancel") => {
    if (action === "ship" || action === "cancel") {
      setOpen(action);
      setMessage(undefined);
    } else void run({ action });
  };
  const buttons = order.actions.filter((action): action is SimpleAction | "ship" | "cancel" =>
    (simpleActions as readonly AdminOrderAction[]).concat(["ship", "cancel"]).includes(action),
  );

  return (
    <section className="card space-y-3" aria-labelledby="actions-heading">
      <h2 id="actions-heading" className="font-semibold">
        Actions
      </h2>
      {message === undefined ? null : <Notice kind={message.kind}>{message.text}</Notice>}
      {order.actions.length === 0 ? <p className="muted">Nothing left to do for this order.</p> : null}
      <div className="flex flex-wrap gap-2">
        {buttons.map((action) => (
          <button
            key={action}
            type="button"
            disabled={busy}
            onClick={() => press(action)}
            aria-expanded={action === "ship" || action === "cancel" ? open === action : undefined}
            className={action === "cancel" ? "button-quiet" : "button"}
          >
            {actionLabels[action]}
          </button>
        ))}
      </div>
      {open === "ship" ? (
        <form onSubmit={submitShipment} aria-label="Shipment" className="grid gap-3 sm:grid-cols-3">
          <label className="label">
            Carrier
            <input name="carrier" required maxLength={100} className="field" />
          </label>
          <label className="label">
            Tracking number
            <input name="trackingNumber" required maxLength={100} className="field" />
          </label>
          <label className="label">
            Tracking link (optional)
            <input name="trackingUrl" type="url" maxLength={500} className="field" />
          </label>
          <div className="flex gap-2 sm:col-span-3">
            <button type="submit" className="button" disabled={busy}>
              Confirm shipment and email the shopper
            </button>
            <button type="button" className="button-quiet" onClick={() => setOpen(undefined)}>
              Back
            </button>
          </div>
        </form>
      ) : null}
      {open === "cancel" ? (
        <form onSubmit={submitCancel} aria-label="Cancellation" className="space-y-3">
          <p>
            Cancelling returns the items to stock and emails the shopper.
            {order.payment.status === "paid"
              ? " The payment must then be refunded; the history records it as a refund to make."
              : ""}
          </p>
          <label className="label">
            Reason (optional, kept in the history)
            <input name="reason" maxLength={200} className="field" />
          </label>
          <div className="flex gap-2">
            <button type="submit" className="button-danger" disabled={busy}>
              Confirm cancellation
            </button>
            <button type="button" className="button-quiet" onClick={() => setOpen(undefined)}>
              Keep the order
            </button>
          </div>
        </form>
      ) : null}
    </section>
  );
}
