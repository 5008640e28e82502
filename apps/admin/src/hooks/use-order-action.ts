import type { AdminOrderActionRequest, AdminOrderDetail } from "@herbo/hosted-api/admin";
import { useState } from "react";
import { apiRequest, type AdminApiError } from "../lib/api-client.ts";
import { actionDone } from "../lib/labels.ts";

export interface OrderActionState {
  busy: boolean;
  message: { kind: "error" | "success"; text: string } | undefined;
  clearMessage(): void;
  /** Posts the action; true when it went through (the page then shows the order the API answered). */
  run(request: AdminOrderActionRequest): Promise<boolean>;
}

/** One order action at a time, with the API's answer or refusal as a message the owner reads. */
export function useOrderAction(
  order: AdminOrderDetail,
  onChanged: (order: AdminOrderDetail) => void,
): OrderActionState {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<OrderActionState["message"]>();

  async function run(request: AdminOrderActionRequest): Promise<boolean> {
    setBusy(true);
    setMessage(undefined);
    try {
      const updated = await apiRequest<AdminOrderDetail>(
        "POST",
        `/orders/${encodeURIComponent(order.number)}/actions`,
        request,
      );
      onChanged(updated);
      setMessage({ kind: "success", text: actionDone[request.action] });
      return true;
    } catch (failure) {
      setMessage({ kind: "error", text: (failure as AdminApiError).message });
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { busy, message, clearMessage: () => setMessage(undefined), run };
}
