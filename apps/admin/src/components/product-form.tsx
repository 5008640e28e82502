import type { AdminProduct, AdminProductFields, AdminProductUpdate, ProductStatus } from "@herbo/hosted-api/admin";
import { useId, useState, type FormEvent } from "react";
import {
  parseSortOrder,
  productFieldsOf,
  productStatusLabels,
  variantSelectionLabels,
  variantSelectionOf,
} from "../lib/products.ts";
import { LazyRichTextEditor } from "./lazy-rich-text-editor.tsx";
import { ProductRelated } from "./product-related.tsx";
import { ProductSections } from "./product-sections.tsx";

interface Props {
  product: AdminProduct;
  busy: boolean;
  /** Sends the fields, with the version they were edited from. */
  onSave(update: AdminProductUpdate): void;
  /** A problem found before asking the server. */
  onInvalid(message: string): void;
}

const optional = (text: string) => (text.trim() === "" ? null : text);

/** The product's own fields, saved together from the version shown. */
export function ProductForm({ product, busy, onSave, onInvalid }: Props) {
  const [draft, setDraft] = useState<AdminProductFields>(() => productFieldsOf(product));
  const [sortText, setSortText] = useState(String(product.sortOrder));
  const descriptionLabel = useId();
  const change = (fields: Partial<AdminProductFields>) => setDraft((current) => ({ ...current, ...fields }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const sortOrder = parseSortOrder(sortText);
    if (!sortOrder.ok) {
      onInvalid(sortOrder.message);
      return;
    }
    onSave({ ...draft, sortOrder: sortOrder.value, version: product.version });
  }

  return (
    <form onSubmit={submit} aria-label="Product" className="card space-y-4">
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="label sm:col-span-2">
          Title
          <input
            required
            maxLength={200}
            className="field"
            value={draft.title}
            onChange={(event) => change({ title: event.target.value })}
          />
        </label>
        <label className="label">
          Subtitle
          <input
            maxLength={300}
            className="field"
            value={draft.subtitle ?? ""}
            onChange={(event) => change({ subtitle: optional(event.target.value) })}
          />
        </label>
        <label className="label">
          Ribbon <span className="font-normal text-bark">(a short badge, e.g. Best value)</span>
          <input
            maxLength={40}
            className="field"
            value={draft.ribbonText ?? ""}
            onChange={(event) => change({ ribbonText: optional(event.target.value) })}
          />
        </label>
      </div>
      <div>
        <p id={descriptionLabel} className="label">
          Description
        </p>
        <LazyRichTextEditor
          labelledBy={descriptionLabel}
          initialHtml={product.descriptionHtml}
          onChange={(html) => change({ descriptionHtml: html })}
        />
      </div>
      <ProductSections
        sections={draft.sections}
        savedSections={product.sections}
        onChange={(sections) => change({ sections })}
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <label className="label">
          Status
          <select
            className="field"
            value={draft.status}
            onChange={(event) => change({ status: event.target.value as ProductStatus })}
          >
            {(["draft", "published", "archived"] as const).map((status) => (
              <option key={status} value={status}>
                {productStatusLabels[status]}
              </option>
            ))}
          </select>
        </label>
        <label className="label">
          Variant shown first
          <select
            className="field"
            value={draft.variantSelection ?? ""}
            onChange={(event) => change({ variantSelection: variantSelectionOf(event.target.value) })}
          >
            {(["", "lowest_price_first", "first_variant"] as const).map((rule) => (
              <option key={rule} value={rule}>
                {variantSelectionLabels[rule]}
              </option>
            ))}
          </select>
        </label>
        <label className="label">
          Order in the store
          <input
            inputMode="numeric"
            className="field"
            value={sortText}
            onChange={(event) => setSortText(event.target.value)}
          />
        </label>
      </div>
      <label className="label flex items-center gap-2">
        <input
          type="checkbox"
          checked={draft.purchasable}
          onChange={(event) => change({ purchasable: event.target.checked })}
        />
        Shoppers can add it to their cart
      </label>
      <ProductRelated
        otherProducts={product.otherProducts}
        relatedIds={draft.relatedProductIds}
        onChange={(relatedProductIds) => change({ relatedProductIds })}
      />
      <button type="submit" className="button" disabled={busy}>
        Save product
      </button>
    </form>
  );
}
