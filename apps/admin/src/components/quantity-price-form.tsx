import type { AdminPromotions, AdminQuantityPriceSet } from "@herbo/hosted-api/admin";
import type { FormEvent } from "react";
import { useVersionedSave } from "../hooks/use-versioned-save.ts";
import { apiRequest } from "../lib/api-client.ts";
import { parseTiers, tiersField, tiersText } from "../lib/quantity-prices.ts";
import { EntryField } from "./entry-field.tsx";
import { MessageNotice, Notice } from "./notice.tsx";

interface Props {
  product: { id: string; title: string };
  market: { code: string; name: string };
  prices: AdminQuantityPriceSet;
  onChanged(promotions: AdminPromotions): void;
  /** Loads the page again: after a conflict, so the owner sees what someone else saved. */
  onStale(): void;
}

/** One product's quantity prices in one market, saved whole from the version shown. */
export function QuantityPriceForm({ product, market, prices, onChanged, onStale }: Props) {
  const saving = useVersionedSave({ version: prices.version, onSaved: onChanged, onStale });
  const name = `${product.title} in ${market.name}`;
  const hintId = `tiers-hint-${product.id}-${market.code}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = parseTiers(String(form.get("tiers") ?? ""));
    if (!parsed.ok) {
      saving.show({ kind: "error", text: parsed.message });
      return;
    }
    const path = `/products/${encodeURIComponent(product.id)}/quantity-prices/${encodeURIComponent(market.code)}`;
    await saving.save(
      () => apiRequest<AdminPromotions>("PUT", path, { version: prices.version, tiers: parsed.tiers }),
      parsed.tiers.length === 0
        ? "Saved. No quantity price in this market now."
        : "Saved. Product pages, the cart and new checkouts in this market use it now.",
    );
  }

  return (
    <li className="space-y-2 py-3" data-testid="quantity-prices">
      <form
        key={prices.version}
        onSubmit={submit}
        aria-label={`Quantity prices of ${name}`}
        className="flex flex-wrap items-end gap-3"
      >
        <EntryField
          label={`${market.name} (units: % off)`}
          width="min-w-48 flex-1"
          name="tiers"
          maxLength={200}
          placeholder="none"
          aria-describedby={hintId}
          defaultValue={tiersField(prices.tiers)}
        />
        <button type="submit" className="button" disabled={saving.busy}>
          Save<span className="sr-only"> quantity prices of {name}</span>
        </button>
      </form>
      <p id={hintId} className="muted">
        {prices.tiers.length === 0 ? "No quantity price." : tiersText(prices.tiers)}
      </p>
      <MessageNotice message={saving.message} />
      {saving.savedElsewhere ? (
        <Notice kind="error">Saved by someone else: {tiersText(prices.tiers)}. The form shows it now.</Notice>
      ) : null}
    </li>
  );
}
