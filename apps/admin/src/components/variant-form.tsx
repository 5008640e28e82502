import type { AdminProduct, AdminProductVariant, AdminVariantUpdate } from "@herbo/hosted-api/admin";
import { useState, type FormEvent } from "react";
import { apiRequest, type AdminApiError } from "../lib/api-client.ts";
import { variantFieldsOf } from "../lib/products.ts";
import { Notice } from "./notice.tsx";

interface Props {
  variant: AdminProductVariant;
  onSaved(product: AdminProduct): void;
  /** Loads the product again: after a conflict, so the owner sees what someone else saved. */
  onStale(): void;
}

/** A variant's own fields: title (the Style shoppers pick), SKU, weight and whether its stock is counted. */
export function VariantForm({ variant, onSaved, onStale }: Props) {
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string }>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = variantFieldsOf((name) => {
      const value = form.get(name);
      return typeof value === "string" ? value : null;
    });
    if (!parsed.ok) {
      setMessage({ kind: "error", text: parsed.message });
      return;
    }
    setBusy(true);
    setMessage(undefined);
    try {
      const update: AdminVariantUpdate = { ...parsed.value, version: variant.version };
      onSaved(await apiRequest<AdminProduct>("PUT", `/variants/${encodeURIComponent(variant.id)}`, update));
      setMessage({ kind: "success", text: "Variant saved." });
    } catch (failure) {
      const error = failure as AdminApiError;
      setMessage({ kind: "error", text: error.message });
      if (error.code === "edit_conflict") onStale();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-2">
      <form
        key={variant.version}
        onSubmit={submit}
        aria-label={`Variant ${variant.title}`}
        className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      >
        <label className="label">
          Title
          <input name="title" required maxLength={100} className="field" defaultValue={variant.title} />
        </label>
        <label className="label">
          SKU
          <input name="sku" maxLength={64} className="field" autoComplete="off" defaultValue={variant.sku ?? ""} />
        </label>
        <label className="label">
          Weight (kg)
          <input
            name="weight"
            inputMode="decimal"
            className="field"
            autoComplete="off"
            defaultValue={variant.weight === null ? "" : String(variant.weight)}
          />
        </label>
        <label className="label flex items-center gap-2 self-end pb-2">
          <input name="manageInventory" type="checkbox" defaultChecked={variant.manageInventory} />
          Count its stock
        </label>
        <div className="sm:col-span-2 lg:col-span-4">
          <button type="submit" className="button" disabled={busy}>
            Save variant<span className="sr-only"> {variant.title}</span>
          </button>
        </div>
      </form>
      {message === undefined ? null : <Notice kind={message.kind}>{message.text}</Notice>}
    </div>
  );
}
