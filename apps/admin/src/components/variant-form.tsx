import type { AdminProduct, AdminProductVariant, AdminVariantUpdate } from "@herbo/hosted-api/admin";
import { useState, type FormEvent } from "react";
import { useVersionedSave } from "../hooks/use-versioned-save.ts";
import { apiRequest } from "../lib/api-client.ts";
import { variantFieldsOf, type IdentifierErrors } from "../lib/products.ts";
import { focusFirstProblem, IdentifierFields } from "./identifier-fields.tsx";
import { MessageNotice } from "./notice.tsx";

interface Props {
  variant: AdminProductVariant;
  onSaved(product: AdminProduct): void;
  /** Loads the product again: after a conflict, so the owner sees what someone else saved. */
  onStale(): void;
}

/**
 * A variant's own fields: title (the Style shoppers pick), SKU, GTIN and MPN (for product feeds), weight and
 * whether its stock is counted.
 */
export function VariantForm({ variant, onSaved, onStale }: Props) {
  const saving = useVersionedSave({ version: variant.version, onSaved, onStale });
  const [fieldErrors, setFieldErrors] = useState<IdentifierErrors>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = variantFieldsOf((name) => {
      const value = form.get(name);
      return typeof value === "string" ? value : null;
    });
    setFieldErrors(parsed.ok ? {} : parsed.fieldErrors);
    if (!parsed.ok) {
      saving.show(parsed.message === undefined ? undefined : { kind: "error", text: parsed.message });
      if (parsed.message === undefined) focusFirstProblem(event.currentTarget, parsed.fieldErrors);
      return;
    }
    const update: AdminVariantUpdate = { ...parsed.value, version: variant.version };
    const path = `/variants/${encodeURIComponent(variant.id)}`;
    await saving.save(() => apiRequest<AdminProduct>("PUT", path, update), "Variant saved.");
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
        <IdentifierFields
          gtin={variant.gtin}
          mpn={variant.mpn}
          errors={fieldErrors}
          onChecked={(field, error) => setFieldErrors((current) => ({ ...current, [field]: error }))}
        />
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
          <button type="submit" className="button" disabled={saving.busy}>
            Save variant<span className="sr-only"> {variant.title}</span>
          </button>
        </div>
      </form>
      <MessageNotice message={saving.message} />
    </div>
  );
}
