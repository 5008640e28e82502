import type { AdminStock, AdminStockVariant } from "@herbo/hosted-api/admin";
import { useState, type FormEvent } from "react";
import { apiRequest, type AdminApiError } from "../lib/api-client.ts";
import { Notice } from "./notice.tsx";

interface Props {
  productTitle: string;
  variant: AdminStockVariant;
  onChanged(stock: AdminStock): void;
}

/** One variant's figures and, when its stock is counted, a form adding or removing units with a reason. */
export function StockVariant({ productTitle, variant, onChanged }: Props) {
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string }>();
  const [busy, setBusy] = useState(false);
  const name = `${productTitle}, ${variant.title}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const change = Number(form.get("change"));
    setBusy(true);
    setMessage(undefined);
    try {
      const stock = await apiRequest<AdminStock>("POST", `/stock/${encodeURIComponent(variant.id)}/adjustments`, {
        change,
        reason: String(form.get("reason") ?? ""),
      });
      formElement.reset();
      onChanged(stock);
      setMessage({ kind: "success", text: `${change > 0 ? "Added" : "Removed"} ${Math.abs(change)}.` });
    } catch (failure) {
      setMessage({ kind: "error", text: (failure as AdminApiError).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="space-y-2 py-3" data-testid="stock-variant">
      <h3 className="font-semibold">
        {variant.title}
        {variant.sku === null ? null : <span className="ml-2 text-sm font-normal text-bark">{variant.sku}</span>}
      </h3>
      {variant.tracked ? (
        <>
          <dl className="grid grid-cols-3 gap-2 text-center sm:max-w-md">
            {(
              [
                ["On hand", variant.onHand],
                ["Reserved", variant.reserved],
                ["Available", variant.available],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded bg-cream px-2 py-1">
                <dt className="text-xs text-bark">{label}</dt>
                <dd className="text-lg font-bold" data-testid={`${label.toLowerCase().replace(" ", "-")}`}>
                  {value}
                </dd>
              </div>
            ))}
          </dl>
          <form onSubmit={submit} aria-label={`Adjust stock of ${name}`} className="flex flex-wrap items-end gap-2">
            <label className="label w-36">
              Add or remove units
              <input name="change" type="number" step={1} required className="field" placeholder="e.g. 10 or -2" />
            </label>
            <label className="label min-w-48 flex-1">
              Reason
              <input name="reason" required maxLength={200} className="field" placeholder="Delivery, count, damage…" />
            </label>
            {/* A click comes before the browser's own checks (Enter in a field clicks this too): a message from
                the last save goes now, so it never stands beside a refused one. */}
            <button type="submit" className="button" disabled={busy} onClick={() => setMessage(undefined)}>
              Save adjustment
            </button>
          </form>
          {message === undefined ? null : <Notice kind={message.kind}>{message.text}</Notice>}
        </>
      ) : (
        <p className="muted">
          Stock is not counted for this item; it is always available while the product is on sale.
        </p>
      )}
    </li>
  );
}
