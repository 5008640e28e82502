import type { AdminMarketTax, AdminShipping } from "@herbo/hosted-api/admin";
import type { FormEvent } from "react";
import { useVersionedSave } from "../hooks/use-versioned-save.ts";
import { apiRequest } from "../lib/api-client.ts";
import { percentField, taxText, taxUpdateOfFields } from "../lib/shipping.ts";
import { MessageNotice, Notice } from "./notice.tsx";
import { StatusBadge } from "./status-badge.tsx";
import { EntryField } from "./entry-field.tsx";

interface Props {
  market: AdminMarketTax;
  onChanged(shipping: AdminShipping): void;
  /** Loads the settings again: after a conflict, so the owner sees what someone else saved. */
  onStale(): void;
}

/** A market's tax settings: whether prices include tax, the tax's name and rate, the shop's registration. */
export function MarketTaxForm({ market, onChanged, onStale }: Props) {
  const saving = useVersionedSave({ version: market.version, onSaved: onChanged, onStale });
  const hintId = `tax-hint-${market.code}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = taxUpdateOfFields(
      (name) => String(form.get(name) ?? ""),
      (name) => form.get(name) !== null,
      market,
    );
    if (!parsed.ok) {
      saving.show({ kind: "error", text: parsed.message });
      return;
    }
    const path = `/markets/${encodeURIComponent(market.code)}/tax`;
    await saving.save(
      () => apiRequest<AdminShipping>("PUT", path, parsed.update),
      "Saved. New checkouts and orders in this market follow it now.",
    );
  }

  return (
    <div className="space-y-2" data-testid="market-tax">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold">Tax</h3>
        <StatusBadge
          label={market.taxLines ? "Tax shown on orders" : "No tax lines on orders"}
          tone={market.taxLines ? "good" : "plain"}
        />
      </div>
      <form
        key={market.version}
        onSubmit={submit}
        aria-label={`Tax in ${market.name}`}
        aria-describedby={hintId}
        className="space-y-3"
      >
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" name="pricesIncludeTax" defaultChecked={market.pricesIncludeTax} />
          Prices include tax
        </label>
        <div className="flex flex-wrap items-end gap-3">
          <EntryField
            label="Tax name"
            width="w-32"
            name="taxName"
            maxLength={40}
            placeholder="none"
            defaultValue={market.taxName ?? ""}
          />
          <EntryField
            label="Rate (%)"
            width="w-28"
            name="rate"
            inputMode="decimal"
            placeholder="none"
            defaultValue={percentField(market.rateBasisPoints)}
          />
          <EntryField
            label="Registration number"
            width="min-w-48 flex-1"
            name="registration"
            maxLength={60}
            placeholder="not registered"
            defaultValue={market.registration ?? ""}
          />
          <button type="submit" className="button" disabled={saving.busy}>
            Save<span className="sr-only"> tax in {market.name}</span>
          </button>
        </div>
      </form>
      <p id={hintId} className="muted">
        Checkouts, emails and invoices show the tax that prices include only when prices include tax and a registration
        number is set. Prices never change with these settings; orders already placed keep their tax.
      </p>
      <MessageNotice message={saving.message} />
      {saving.savedElsewhere ? (
        <Notice kind="error">Saved by someone else: {taxText(market)}. The form shows it now.</Notice>
      ) : null}
    </div>
  );
}
