import type { AdminShipping, AdminShippingRate } from "@herbo/hosted-api/admin";
import { useState, type FormEvent } from "react";
import { apiRequest, type AdminApiError } from "../lib/api-client.ts";
import { amountField } from "../lib/money.ts";
import { rateEntryFormat, rateText, rateUpdateOfFields } from "../lib/shipping.ts";
import { Notice } from "./notice.tsx";

interface Props {
  rate: AdminShippingRate;
  onChanged(shipping: AdminShipping): void;
  /** Loads the settings again: after a conflict, so the owner sees what someone else saved. */
  onStale(): void;
}

/** One country's delivery charge (in its market's currency) and days, saved from the version shown. */
export function ShippingRateForm({ rate, onChanged, onStale }: Props) {
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string }>();
  /** The version a save was refused at: once the page shows a newer one, its values are the other owner's. */
  const [conflictAt, setConflictAt] = useState<number>();
  const [busy, setBusy] = useState(false);
  const place = rate.countryName;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = rateUpdateOfFields((name) => String(form.get(name) ?? ""), rate);
    if (!parsed.ok) {
      setMessage({ kind: "error", text: parsed.message });
      return;
    }
    setBusy(true);
    setMessage(undefined);
    setConflictAt(undefined);
    try {
      const path = `/shipping/rates/${encodeURIComponent(rate.countryCode)}`;
      onChanged(await apiRequest<AdminShipping>("PUT", path, parsed.update));
      setMessage({
        kind: "success",
        text: `Saved. The shop's shipping page and new checkouts to ${place} use it now.`,
      });
    } catch (failure) {
      const error = failure as AdminApiError;
      setMessage({ kind: "error", text: error.message });
      if (error.code === "edit_conflict") {
        setConflictAt(rate.version);
        onStale();
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="space-y-2 py-3" data-testid="shipping-rate">
      <h4 className="font-semibold">{place}</h4>
      {/* The version is part of the key: after a change (ours or another owner's) the fields show the saved values. */}
      <form
        key={rate.version}
        onSubmit={submit}
        aria-label={`Shipping to ${place}`}
        className="flex flex-wrap items-end gap-3"
      >
        <label className="label w-40">
          Delivery charge ({rate.currencyCode})
          <input
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            className="field"
            aria-describedby={`charge-hint-${rate.countryCode}`}
            defaultValue={amountField(rate.amount, rateEntryFormat(rate))}
          />
        </label>
        <label className="label w-36">
          Shortest delivery (days)
          <input
            name="minDays"
            inputMode="numeric"
            autoComplete="off"
            className="field"
            defaultValue={String(rate.minDays)}
          />
        </label>
        <label className="label w-36">
          Longest delivery (days)
          <input
            name="maxDays"
            inputMode="numeric"
            autoComplete="off"
            className="field"
            defaultValue={String(rate.maxDays)}
          />
        </label>
        <button type="submit" className="button" disabled={busy}>
          Save<span className="sr-only"> shipping to {place}</span>
        </button>
      </form>
      <p id={`charge-hint-${rate.countryCode}`} className="muted">
        Per order, in {rate.currencyCode}; 0 is free delivery. Days are business days from dispatch to the door.
      </p>
      {message === undefined ? null : <Notice kind={message.kind}>{message.text}</Notice>}
      {conflictAt === undefined || rate.version === conflictAt ? null : (
        <Notice kind="error">
          Saved by someone else: {rateText(rate, rate.decimalDigits)}. The form shows it now.
        </Notice>
      )}
    </li>
  );
}
