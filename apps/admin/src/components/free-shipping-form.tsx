import type { AdminMarketTax, AdminShipping } from "@herbo/hosted-api/admin";
import type { FormEvent } from "react";
import { useVersionedSave } from "../hooks/use-versioned-save.ts";
import { apiRequest } from "../lib/api-client.ts";
import { amountField } from "../lib/money.ts";
import { freeShippingText, freeShippingUpdateOfFields, rateEntryFormat } from "../lib/shipping.ts";
import { EntryField } from "./entry-field.tsx";
import { MessageNotice, Notice } from "./notice.tsx";
import { StatusBadge } from "./status-badge.tsx";

interface Props {
  market: AdminMarketTax;
  onChanged(shipping: AdminShipping): void;
  /** Loads the settings again: after a conflict, so the owner sees what someone else saved. */
  onStale(): void;
}

/** A market's free-shipping threshold: the items' subtotal, in its own currency, from which orders ship free. */
export function FreeShippingForm({ market, onChanged, onStale }: Props) {
  const saving = useVersionedSave({ version: market.freeShippingVersion, onSaved: onChanged, onStale });
  const hintId = `free-shipping-hint-${market.code}`;
  const values = { currencyCode: market.currencyCode, amount: market.freeShippingOver };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = freeShippingUpdateOfFields((name) => String(form.get(name) ?? ""), market);
    if (!parsed.ok) {
      saving.show({ kind: "error", text: parsed.message });
      return;
    }
    const path = `/markets/${encodeURIComponent(market.code)}/free-shipping`;
    await saving.save(
      () => apiRequest<AdminShipping>("PUT", path, parsed.update),
      parsed.update.amount === null
        ? "Saved. New checkouts in this market charge the delivery rate again."
        : "Saved. The cart and new checkouts in this market follow it now.",
    );
  }

  return (
    <div className="space-y-2" data-testid="free-shipping">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">Free shipping</h3>
        <StatusBadge
          label={
            market.freeShippingOver === null ? "No offer" : `Free ${freeShippingText(values, market.decimalDigits)}`
          }
          tone={market.freeShippingOver === null ? "plain" : "good"}
        />
      </div>
      <form
        key={market.freeShippingVersion}
        onSubmit={submit}
        aria-label={`Free shipping in ${market.name}`}
        aria-describedby={hintId}
        className="flex flex-wrap items-end gap-3"
      >
        <EntryField
          label={`Free shipping from (${market.currencyCode})`}
          width="w-48"
          name="amount"
          inputMode="decimal"
          placeholder="no offer"
          defaultValue={
            market.freeShippingOver === null ? "" : amountField(market.freeShippingOver, rateEntryFormat(market))
          }
        />
        <button type="submit" className="button" disabled={saving.busy}>
          Save<span className="sr-only"> free shipping in {market.name}</span>
        </button>
      </form>
      <p id={hintId} className="muted">
        Orders whose items come to this amount or more ship free to every country of this market; leave it empty for no
        offer. The cart tells shoppers how much more they need. A shopper already on the payment step pays the shipping
        shown there.
      </p>
      <MessageNotice message={saving.message} />
      {saving.savedElsewhere ? (
        <Notice kind="error">
          Saved by someone else: {freeShippingText(values, market.decimalDigits)}. The form shows it now.
        </Notice>
      ) : null}
    </div>
  );
}
