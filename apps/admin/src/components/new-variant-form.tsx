import type { AdminPriceCurrency, AdminProduct, AdminVariantCreate } from "@herbo/hosted-api/admin";
import { useState, type FormEvent } from "react";
import { apiRequest, type AdminApiError } from "../lib/api-client.ts";
import { pricesOfFields } from "../lib/prices.ts";
import { variantFieldsOf, type IdentifierErrors } from "../lib/products.ts";
import { Notice } from "./notice.tsx";
import { EntryField } from "./entry-field.tsx";
import { focusFirstProblem, IdentifierFields } from "./identifier-fields.tsx";

/** Adds a variant with its prices; a product on sale needs a price in every currency for it. */
export function NewVariantForm({
  productId,
  currencies,
  onAdded,
}: {
  productId: string;
  currencies: readonly AdminPriceCurrency[];
  onAdded(product: AdminProduct): void;
}) {
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [fieldErrors, setFieldErrors] = useState<IdentifierErrors>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const read = (name: string) => {
      const value = form.get(name);
      return typeof value === "string" ? value : null;
    };
    const fields = variantFieldsOf(read);
    setFieldErrors(fields.ok ? {} : fields.fieldErrors);
    if (!fields.ok) {
      setMessage(fields.message);
      if (fields.message === undefined) focusFirstProblem(event.currentTarget, fields.fieldErrors);
      return;
    }
    const prices = pricesOfFields((name) => read(name) ?? "", currencies);
    if (!prices.ok) {
      setMessage(prices.message);
      return;
    }
    setBusy(true);
    setMessage(undefined);
    try {
      const body: AdminVariantCreate = { ...fields.value, prices: prices.prices };
      onAdded(await apiRequest<AdminProduct>("POST", `/products/${encodeURIComponent(productId)}/variants`, body));
      setGeneration((value) => value + 1);
    } catch (failure) {
      setMessage((failure as AdminApiError).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <details className="card">
      <summary className="cursor-pointer font-semibold">Add a variant</summary>
      <form key={generation} onSubmit={submit} aria-label="Add a variant" className="mt-3 space-y-3">
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <label className="label">
            Title
            <input name="title" required maxLength={100} className="field" placeholder="e.g. 100 g" />
          </label>
          <label className="label">
            SKU
            <input name="sku" maxLength={64} className="field" autoComplete="off" />
          </label>
          <IdentifierFields
            errors={fieldErrors}
            onChecked={(field, error) => setFieldErrors((current) => ({ ...current, [field]: error }))}
          />
          <label className="label">
            Weight (kg)
            <input name="weight" inputMode="decimal" className="field" autoComplete="off" />
          </label>
          <label className="label flex items-center gap-2 self-end pb-2">
            {/* Counted from the start, with none on hand: uncounted, a new variant would sell without limit. */}
            <input name="manageInventory" type="checkbox" defaultChecked aria-describedby="new-variant-stock-hint" />
            Count its stock
          </label>
        </div>
        <p id="new-variant-stock-hint" className="muted">
          A counted variant starts with none in stock: add its units on the Stock page before it can sell.
        </p>
        <fieldset className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          <legend className="label mb-1">Prices</legend>
          {currencies.map((currency) => (
            <div key={currency.code} className="flex items-end gap-2">
              <EntryField
                label={`Price of the new variant in ${currency.code}`}
                width="min-w-0 flex-1"
                name={`price-${currency.code}`}
                inputMode="decimal"
              />
              <EntryField
                label={`Sale price of the new variant in ${currency.code}`}
                width="min-w-0 flex-1"
                name={`sale-${currency.code}`}
                inputMode="decimal"
                placeholder="none"
              />
            </div>
          ))}
        </fieldset>
        <button type="submit" className="button" disabled={busy}>
          Add variant
        </button>
      </form>
      {message === undefined ? null : <Notice kind="error">{message}</Notice>}
    </details>
  );
}
