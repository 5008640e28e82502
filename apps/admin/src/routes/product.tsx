import type {
  AdminPrices,
  AdminProduct,
  AdminProductFields,
  AdminProductUpdate,
  ProductStatus,
} from "@herbo/hosted-api/admin";
import { lazy, Suspense, useId, useState, type FormEvent } from "react";
import { Link, useLocation, useParams } from "react-router";
import { NewVariantForm } from "../components/new-variant-form.tsx";
import { Notice } from "../components/notice.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { PriceVariant } from "../components/price-variant.tsx";
import { ProductPhotos } from "../components/product-photos.tsx";
import { StatusBadge } from "../components/status-badge.tsx";
import { VariantForm } from "../components/variant-form.tsx";
import { useApi } from "../hooks/use-api.ts";
import { apiRequest, type AdminApiError } from "../lib/api-client.ts";
import { formatDateTime } from "../lib/dates.ts";
import {
  parseSortOrder,
  productStatusHelp,
  productStatusLabels,
  productStatusTone,
  variantSelectionLabels,
  variantSelectionOf,
} from "../lib/products.ts";

// The editor is the back office's largest piece: it loads with the first product page, not with the app.
const RichTextEditor = lazy(() => import("../components/rich-text-editor.tsx"));

type Message = { kind: "error" | "success"; text: string };

/** One product: its fields, its variants with their prices, and who changed what. */
export function Product() {
  const { id = "" } = useParams();
  const location = useLocation();
  const product = useApi<AdminProduct>(`/products/${encodeURIComponent(id)}`);
  const prices = useApi<AdminPrices>("/prices");
  const [message, setMessage] = useState<Message | undefined>(
    (location.state as { created?: boolean } | null)?.created === true
      ? { kind: "success", text: "Draft created. Give it its prices, then put it on sale." }
      : undefined,
  );
  const data = product.data;
  const pricedProduct = prices.data?.products.find((entry) => entry.id === id);

  return (
    <>
      <p>
        <Link to="/products">All products</Link>
      </p>
      <PageHeading title={data?.title ?? "Product"} />
      {product.error === undefined ? null : <Notice kind="error">{product.error.message}</Notice>}
      {data === undefined ? null : (
        <>
          <p className="flex flex-wrap items-center gap-2">
            <StatusBadge name="Status" label={productStatusLabels[data.status]} tone={productStatusTone(data.status)} />
            <span className="muted">{productStatusHelp[data.status]}</span>
          </p>
          {message === undefined ? null : <Notice kind={message.kind}>{message.text}</Notice>}
          <ProductForm
            key={data.version}
            product={data}
            onSaved={(saved) => {
              product.replace(saved);
              prices.reload();
              setMessage({ kind: "success", text: "Saved. The shop shows the change now." });
            }}
            onRefused={(error) => {
              setMessage({ kind: "error", text: error.message });
              if (error.code === "edit_conflict") product.reload();
            }}
          />
          <ProductPhotos productId={data.id} />
          <section className="card space-y-4" aria-labelledby="variants-heading">
            <h2 id="variants-heading" className="text-lg font-semibold">
              Variants
            </h2>
            <p className="muted">
              Each variant is a choice of Style on the product page. Prices are per market currency, typed as decimals.
            </p>
            <ul className="divide-y divide-line">
              {data.variants.map((variant) => {
                const priced = pricedProduct?.variants.find((entry) => entry.id === variant.id);
                return (
                  <li key={variant.id} className="space-y-3 py-4" data-testid="product-variant">
                    <h3 className="font-semibold">{variant.title}</h3>
                    <VariantForm variant={variant} onSaved={product.replace} onStale={product.reload} />
                    {priced === undefined || prices.data === undefined ? null : (
                      <ul>
                        <PriceVariant
                          productTitle={data.title}
                          variant={priced}
                          currencies={prices.data.currencies}
                          onChanged={(answer) => {
                            prices.replace(answer);
                            product.reload();
                          }}
                          onStale={prices.reload}
                        />
                      </ul>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
          {prices.data === undefined ? null : (
            <NewVariantForm
              productId={data.id}
              currencies={prices.data.currencies}
              onAdded={(answer) => {
                product.replace(answer);
                prices.reload();
              }}
            />
          )}
          <section className="card" aria-labelledby="product-history-heading">
            <h2 id="product-history-heading" className="font-semibold">
              Changes
            </h2>
            {data.history.length === 0 ? (
              <p className="muted">No changes yet.</p>
            ) : (
              <ol className="mt-2 space-y-2" data-testid="product-history">
                {data.history.map((change, index) => (
                  <li key={index} className="border-l-2 border-line pl-3">
                    <p className="break-words">{change.fields.join(", ") || "No change"}</p>
                    <p className="muted break-words">
                      {formatDateTime(change.at)} · {change.actor}
                    </p>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </>
  );
}

/** The product's own fields, saved together from the version shown. */
function ProductForm({
  product,
  onSaved,
  onRefused,
}: {
  product: AdminProduct;
  onSaved(product: AdminProduct): void;
  onRefused(error: AdminApiError): void;
}) {
  const [draft, setDraft] = useState<AdminProductFields>(() => ({
    title: product.title,
    subtitle: product.subtitle,
    ribbonText: product.ribbonText,
    descriptionHtml: product.descriptionHtml,
    sections: product.sections,
    purchasable: product.purchasable,
    variantSelection: product.variantSelection,
    sortOrder: product.sortOrder,
    status: product.status,
    relatedProductIds: product.relatedProductIds,
  }));
  // Each section keeps its key as others are added or removed, so its editor keeps its text.
  const [sectionKeys, setSectionKeys] = useState(() => product.sections.map((_, index) => index));
  const [nextKey, setNextKey] = useState(product.sections.length);
  const [sortText, setSortText] = useState(String(product.sortOrder));
  const [busy, setBusy] = useState(false);
  const descriptionLabel = useId();
  const change = (fields: Partial<AdminProductFields>) => setDraft((current) => ({ ...current, ...fields }));
  const optional = (text: string) => (text.trim() === "" ? null : text);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const sortOrder = parseSortOrder(sortText);
    if (!sortOrder.ok) {
      onRefused(new ErrorMessage(sortOrder.message));
      return;
    }
    setBusy(true);
    try {
      const update: AdminProductUpdate = { ...draft, sortOrder: sortOrder.value, version: product.version };
      onSaved(await apiRequest<AdminProduct>("PUT", `/products/${encodeURIComponent(product.id)}`, update));
    } catch (failure) {
      onRefused(failure as AdminApiError);
      setBusy(false);
    }
  }

  function addSection() {
    change({ sections: [...draft.sections, { title: "", descriptionHtml: "" }] });
    setSectionKeys([...sectionKeys, nextKey]);
    setNextKey(nextKey + 1);
  }
  function removeSection(index: number) {
    change({ sections: draft.sections.filter((_, at) => at !== index) });
    setSectionKeys(sectionKeys.filter((_, at) => at !== index));
  }
  function editSection(index: number, fields: Partial<AdminProductFields["sections"][number]>) {
    change({
      sections: draft.sections.map((section, at) => (at === index ? { ...section, ...fields } : section)),
    });
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
        <Suspense fallback={<p className="muted">Loading the editor…</p>}>
          <RichTextEditor
            labelledBy={descriptionLabel}
            initialHtml={product.descriptionHtml}
            onChange={(html) => change({ descriptionHtml: html })}
          />
        </Suspense>
      </div>
      <fieldset className="space-y-3">
        <legend className="label">Sections below the description</legend>
        {draft.sections.map((section, index) => (
          <SectionFields
            key={sectionKeys[index]}
            index={index}
            section={section}
            initialHtml={product.sections[sectionKeys[index] ?? -1]?.descriptionHtml ?? ""}
            onChange={(fields) => editSection(index, fields)}
            onRemove={() => removeSection(index)}
          />
        ))}
        <button type="button" className="button-quiet" onClick={addSection} disabled={draft.sections.length >= 10}>
          Add a section
        </button>
      </fieldset>
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
      {product.otherProducts.length === 0 ? null : (
        <fieldset>
          <legend className="label">Related products</legend>
          <ul className="mt-1 grid gap-1 sm:grid-cols-2">
            {product.otherProducts.map((other) => (
              <li key={other.id}>
                <label className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={draft.relatedProductIds.includes(other.id)}
                    onChange={(event) =>
                      change({
                        relatedProductIds: event.target.checked
                          ? [...draft.relatedProductIds, other.id]
                          : draft.relatedProductIds.filter((related) => related !== other.id),
                      })
                    }
                  />
                  {other.title}
                  {other.status === "published" ? "" : ` (${productStatusLabels[other.status].toLowerCase()})`}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <button type="submit" className="button" disabled={busy}>
        Save product
      </button>
    </form>
  );
}

function SectionFields({
  index,
  section,
  initialHtml,
  onChange,
  onRemove,
}: {
  index: number;
  section: AdminProductFields["sections"][number];
  initialHtml: string;
  onChange(fields: Partial<AdminProductFields["sections"][number]>): void;
  onRemove(): void;
}) {
  const textLabel = useId();
  return (
    <div className="space-y-2 rounded border border-line p-3" data-testid="product-section-fields">
      <label className="label">
        Section {index + 1} title
        <input
          required
          maxLength={100}
          className="field"
          value={section.title}
          onChange={(event) => onChange({ title: event.target.value })}
        />
      </label>
      <p id={textLabel} className="label">
        Section {index + 1} text
      </p>
      <Suspense fallback={<p className="muted">Loading the editor…</p>}>
        <RichTextEditor
          labelledBy={textLabel}
          initialHtml={initialHtml}
          onChange={(html) => onChange({ descriptionHtml: html })}
        />
      </Suspense>
      <button type="button" className="button-quiet" onClick={onRemove}>
        Remove section {index + 1}
      </button>
    </div>
  );
}

/** A refusal found before asking the server, shown like the server's. */
class ErrorMessage extends Error {
  readonly code = "invalid";
  readonly status = 0;
}
