import type { AdminShipping, AdminShippingRate } from "@herbo/hosted-api/admin";
import type { FormEvent } from "react";
import { useVersionedSave } from "../hooks/use-versioned-save.ts";
import { apiRequest } from "../lib/api-client.ts";
import { amountField } from "../lib/money.ts";
import { rateEntryFormat, rateText, rateUpdateOfFields } from "../lib/shipping.ts";
import { MessageNotice, Notice } from "./notice.tsx";
import { EntryField } from "./entry-field.tsx";

interface Props {
  rate: AdminShippingRate;
  onChanged(shipping: AdminShipping): void;
  /** Loads the settings again: after a conflict, so the owner sees what someone else saved. */
  onStale(): void;
}

/** One country's delivery charge (in its market's currency) and days, saved from the version shown. */
export function ShippingRateForm({ rate, onChanged, onStale }: Props) {
  const saving = useVersionedSave({ version: rate.version, onSaved: onChanged, onStale });
  const place = rate.countryName;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = rateUpdateOfFields((name) => String(form.get(name) ?? ""), rate);
    if (!parsed.ok) {
      saving.show({ kind: "error", text: parsed.message });
      return;
    }
    const path = `/shipping/rates/${encodeURIComponent(rate.countryCode)}`;
    await saving.save(
      () => apiRequest<AdminShipping>("PUT", path, parsed.update),
      `Saved. The shop's shipping page and new checkouts to ${place} use it now.`,
    );
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
        <EntryField
          label={`Delivery charge (${rate.currencyCode})`}
          width="w-40"
          name="amount"
          inputMode="decimal"
          aria-describedby={`charge-hint-${rate.countryCode}`}
          defaultValue={amountField(rate.amount, rateEntryFormat(rate))}
        />
        <EntryField
          label="Shortest delivery (days)"
          width="w-36"
          name="minDays"
          inputMode="numeric"
          defaultValue={String(rate.minDays)}
        />
        <EntryField
          label="Longest delivery (days)"
          width="w-36"
          name="maxDays"
          inputMode="numeric"
          defaultValue={String(rate.maxDays)}
        />
        <button type="submit" className="button" disabled={saving.busy}>
          Save<span className="sr-only"> shipping to {place}</span>
        </button>
      </form>
      <p id={`charge-hint-${rate.countryCode}`} className="muted">
        Per order, in {rate.currencyCode}; 0 is free delivery. Days are business days from dispatch to the door.
      </p>
      <MessageNotice message={saving.message} />
      {/* Once the page shows a newer version than the one refused, its values are the other owner's. */}
      {saving.savedElsewhere ? (
        <Notice kind="error">
          Saved by someone else: {rateText(rate, rate.decimalDigits)}. The form shows it now.
        </Notice>
      ) : null}
    </li>
  );
}
