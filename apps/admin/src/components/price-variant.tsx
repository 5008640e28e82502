import type { AdminPriceCurrency, AdminPrices, AdminPricedVariant, AdminPriceUpdate } from "@herbo/hosted-api/admin";
import type { FormEvent } from "react";
import { useVersionedSave } from "../hooks/use-versioned-save.ts";
import { apiRequest } from "../lib/api-client.ts";
import { amountField } from "../lib/money.ts";
import { entryFormat, pricesOfFields } from "../lib/prices.ts";
import { MessageNotice } from "./notice.tsx";
import { EntryField } from "./entry-field.tsx";

interface Props {
  productTitle: string;
  variant: AdminPricedVariant;
  currencies: readonly AdminPriceCurrency[];
  onChanged(prices: AdminPrices): void;
  /** Loads the prices again: after a conflict, so the owner sees what someone else saved. */
  onStale(): void;
}

/** One variant's price in every currency the shop sells in, saved together from the version shown. */
export function PriceVariant({ productTitle, variant, currencies, onChanged, onStale }: Props) {
  const saving = useVersionedSave({ version: variant.version, onSaved: onChanged, onStale });
  const name = `${productTitle}, ${variant.title}`;
  const priceIn = (code: string) => variant.prices.find((price) => price.currencyCode === code);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = pricesOfFields((name) => String(form.get(name) ?? ""), currencies);
    if (!parsed.ok) {
      saving.show({ kind: "error", text: parsed.message });
      return;
    }
    const update: AdminPriceUpdate = { version: variant.version, prices: parsed.prices };
    const path = `/variants/${encodeURIComponent(variant.id)}/prices`;
    await saving.save(() => apiRequest<AdminPrices>("PUT", path, update), "Saved. The shop shows the new prices now.");
  }

  return (
    <li className="space-y-2 py-3" data-testid="price-variant">
      <h3 className="font-semibold">
        {variant.title}
        {variant.sku === null ? null : <span className="ml-2 text-sm font-normal text-bark">{variant.sku}</span>}
      </h3>
      {/* The version is part of the key: after a change (ours or another owner's) the fields show the saved values. */}
      <form key={variant.version} onSubmit={submit} aria-label={`Prices of ${name}`} className="space-y-3">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {currencies.map((currency) => {
            const current = priceIn(currency.code);
            return (
              <fieldset key={currency.code} className="rounded border border-line p-2">
                <legend className="px-1 text-sm font-semibold">
                  {currency.code} <span className="font-normal text-bark">({currency.marketName})</span>
                </legend>
                <div className="flex items-end gap-2">
                  {/* Each field names its variant and currency, read aloud as much as seen: a list of fields
                      all called "Price" leaves a screen reader's user guessing which one they are in. */}
                  <EntryField
                    label={`Price of ${variant.title} in ${currency.code}`}
                    width="min-w-0 flex-1"
                    name={`price-${currency.code}`}
                    inputMode="decimal"
                    defaultValue={current === undefined ? "" : amountField(current.amount, entryFormat(currency))}
                  />
                  <EntryField
                    label={`Sale price of ${variant.title} in ${currency.code}`}
                    width="min-w-0 flex-1"
                    name={`sale-${currency.code}`}
                    inputMode="decimal"
                    placeholder="none"
                    defaultValue={
                      current?.saleAmount === null || current === undefined
                        ? ""
                        : amountField(current.saleAmount, entryFormat(currency))
                    }
                  />
                </div>
              </fieldset>
            );
          })}
        </div>
        <button type="submit" className="button" disabled={saving.busy}>
          Save prices<span className="sr-only"> of {name}</span>
        </button>
      </form>
      <MessageNotice message={saving.message} />
    </li>
  );
}
