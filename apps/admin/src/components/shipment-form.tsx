import type { AdminOrderActionRequest, AdminOrderDetail } from "@herbo/hosted-api/admin";
import type { FormEvent } from "react";
import { SubmitOrBack } from "./submit-or-back.tsx";

interface Props {
  /** Shipping the order, or correcting the carrier and tracking details already sent. */
  action: "ship" | "correct_shipment";
  shipment: AdminOrderDetail["shipment"];
  busy: boolean;
  onSubmit(request: Extract<AdminOrderActionRequest, { action: "ship" | "correct_shipment" }>): void;
  onBack(): void;
}

/** Carrier, tracking number and link; a correction starts from what the shopper was sent. */
export function ShipmentForm({ action, shipment, busy, onSubmit, onBack }: Props) {
  const correcting = action === "correct_shipment";

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const trackingUrl = String(form.get("trackingUrl") ?? "").trim();
    onSubmit({
      action,
      carrier: String(form.get("carrier") ?? ""),
      trackingNumber: String(form.get("trackingNumber") ?? ""),
      ...(trackingUrl === "" ? {} : { trackingUrl }),
    });
  }

  return (
    <form
      onSubmit={submit}
      aria-label={correcting ? "Shipment correction" : "Shipment"}
      className="grid gap-3 sm:grid-cols-3"
    >
      {correcting ? (
        <p className="sm:col-span-3">
          Fix a wrong carrier or tracking number. The shopper is emailed the new details, and the history keeps the old
          ones.
        </p>
      ) : null}
      <label className="label">
        Carrier
        <input name="carrier" required maxLength={100} defaultValue={shipment?.carrier} className="field" />
      </label>
      <label className="label">
        Tracking number
        <input
          name="trackingNumber"
          required
          maxLength={100}
          defaultValue={shipment?.trackingNumber}
          className="field"
        />
      </label>
      <label className="label">
        Tracking link (optional)
        <input
          name="trackingUrl"
          type="url"
          maxLength={500}
          defaultValue={shipment?.trackingUrl ?? undefined}
          className="field"
        />
      </label>
      <SubmitOrBack
        submitLabel={
          correcting ? "Save and email the shopper the new details" : "Confirm shipment and email the shopper"
        }
        busy={busy}
        onBack={onBack}
        className="sm:col-span-3"
      />
    </form>
  );
}
