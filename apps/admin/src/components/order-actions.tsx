import type { AdminOrderAction, AdminOrderActionRequest, AdminOrderDetail } from "@herbo/hosted-api/admin";
import { useState } from "react";
import { useOrderAction } from "../hooks/use-order-action.ts";
import { actionLabels } from "../lib/labels.ts";
import { CancelForm } from "./cancel-form.tsx";
import { ConfirmStep } from "./confirm-step.tsx";
import { Notice } from "./notice.tsx";
import { ReturnForm } from "./return-form.tsx";
import { ShipmentForm } from "./shipment-form.tsx";

/** Actions done at a press; the others open a form or a confirm step first. */
const pressActions = ["confirm", "pack", "deliver", "collect_cash"] as const;
type PressAction = (typeof pressActions)[number];
const formActions = [
  "ship",
  "correct_shipment",
  "cancel",
  "take_return",
  "undo_delivery",
  "undo_cash_collection",
] as const;
type FormAction = (typeof formActions)[number];
/** Refunds are recorded and sent again from the Refunds section, one refund at a time. */
const refundActions: readonly AdminOrderAction[] = ["record_refund", "retry_refund"];

const undoQuestions = {
  undo_delivery: "Undo delivered? The order goes back to shipped (for a parcel marked delivered by mistake).",
  undo_cash_collection:
    "Undo cash collected? The cash is still to collect again (for a collection recorded by mistake).",
} as const;

function isFormAction(action: AdminOrderAction): action is FormAction {
  return (formActions as readonly AdminOrderAction[]).includes(action);
}

function isPressAction(action: AdminOrderAction): action is PressAction {
  return (pressActions as readonly AdminOrderAction[]).includes(action);
}

interface Props {
  order: AdminOrderDetail;
  onChanged(order: AdminOrderDetail): void;
}

/** The buttons of the actions the order allows now, and the form or confirm step of the one opened. */
export function OrderActions({ order, onChanged }: Props) {
  const [open, setOpen] = useState<FormAction>();
  const { busy, message, clearMessage, run } = useOrderAction(order, onChanged);
  const buttons = order.actions.filter((action) => !refundActions.includes(action));
  const back = () => setOpen(undefined);
  const submit = (request: AdminOrderActionRequest) => {
    void run(request).then((done) => {
      if (done) setOpen(undefined);
    });
  };

  function press(action: AdminOrderAction) {
    if (isFormAction(action)) {
      setOpen(action);
      clearMessage();
    } else if (isPressAction(action)) {
      submit({ action });
    }
  }

  return (
    <section className="card space-y-3" aria-labelledby="actions-heading">
      <h2 id="actions-heading" className="font-semibold">
        Actions
      </h2>
      {message === undefined ? null : <Notice kind={message.kind}>{message.text}</Notice>}
      {buttons.length === 0 ? (
        <p className="muted">
          {order.actions.length === 0
            ? "Nothing left to do for this order."
            : "Nothing left to do for this order but its refund: see Refunds."}
        </p>
      ) : order.actions.some((action) => refundActions.includes(action)) ? (
        <p className="muted">A refund of this order is still owed: see Refunds.</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {buttons.map((action) => (
          <button
            key={action}
            type="button"
            disabled={busy}
            onClick={() => press(action)}
            aria-expanded={isFormAction(action) ? open === action : undefined}
            className={action === "cancel" ? "button-quiet" : "button"}
          >
            {actionLabels[action]}
          </button>
        ))}
      </div>
      {open === "ship" || open === "correct_shipment" ? (
        <ShipmentForm action={open} shipment={order.shipment} busy={busy} onSubmit={submit} onBack={back} />
      ) : null}
      {open === "cancel" ? (
        <CancelForm
          order={order}
          busy={busy}
          onSubmit={(reason) => submit({ action: "cancel", ...(reason === undefined ? {} : { reason }) })}
          onBack={back}
        />
      ) : null}
      {open === "take_return" ? <ReturnForm order={order} busy={busy} onSubmit={submit} onBack={back} /> : null}
      {open === "undo_delivery" || open === "undo_cash_collection" ? (
        <ConfirmStep
          question={undoQuestions[open]}
          confirmLabel={`Yes, ${actionLabels[open].toLowerCase()}`}
          busy={busy}
          onConfirm={() => submit({ action: open })}
          onBack={back}
        />
      ) : null}
    </section>
  );
}
