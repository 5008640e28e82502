import type { AdminMarketTax, AdminShipping } from "@herbo/hosted-api/admin";
import { useState, type FormEvent } from "react";
import { apiRequest, type AdminApiError } from "../lib/api-client.ts";
import { percentField, taxText, taxUpdateOfFields } from "../lib/shipping.ts";
import { Notice } from "./notice.tsx";
import { StatusBadge } from "./status-badge.tsx";

interface Props {
  market: AdminMarketTax;
  onChanged(shipping: AdminShipping): void;
  /** Loads the settings again: after a conflict, so the owner sees what someone else saved. */
  onStale(): void;
}

/** A market's tax settings: whether prices include tax, the tax's name and rate, the shop's registration. */
export function MarketTaxForm({ market, onChanged, onStale }: Props) {
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string }>();
  const [conflictAt, setConflictAt] = useState<number>();
  const [busy, setBusy] = useState(false);
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
      setMessage({ kind: "error", text: parsed.message });
      return;
    }
    setBusy(true);
    setMessage(undefined);
    setConflictAt(undefined);
    try {
      const path = `/markets/${encodeURIComponent(market.code)}/tax`;
      onChanged(await apiRequest<AdminShipping>("PUT", path, parsed.update));
      setMessage({ kind: "success", text: "Saved. New checkouts and orders in this market follow it now." });
    } catch (failure) {
      const error = failure as AdminApiError;
      setMessage({ kind: "error", text: error.message });
      if (error.code === "edit_conflict") {
        setConflictAt(market.version);
        onStale();
      }
    } finally {
      setBusy(false);
    }
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
          <label className="label w-32">
            Tax name
            <input
              name="taxName"
              autoComplete="off"
              maxLength={40}
              className="field"
              placeholder="none"
              defaultValue={market.taxName ?? ""}
            />
          </label>
          <label className="label w-28">
            Rate (%)
            <input
              name="rate"
              inputMode="decimal"
              autoComplete="off"
              className="field"
              placeholder="none"
              defaultValue={percentField(market.rateBasisPoints)}
            />
          </label>
          <label className="label min-w-48 flex-1">
            Registration number
            <input
              name="registration"
              autoComplete="off"
              maxLength={60}
              className="field"
              placeholder="not registered"
              defaultValue={market.registration ?? ""}
            />
          </label>
          <button type="submit" className="button" disabled={busy}>
            Save<span className="sr-only"> tax in {market.name}</span>
          </button>
        </div>
      </form>
      <p id={hintId} className="muted">
        Checkouts, emails and invoices show the tax that prices include only when prices include tax and a registration
        number is set. Prices never change with these settings; orders already placed keep their tax.
      </p>
      {message === undefined ? null : <Notice kind={message.kind}>{message.text}</Notice>}
      {conflictAt === undefined || market.version === conflictAt ? null : (
        <Notice kind="error">Saved by someone else: {taxText(market)}. The form shows it now.</Notice>
      )}
    </div>
  );
}
