import type { AdminPrices, AdminProduct, AdminProductUpdate } from "@herbo/hosted-api/admin";
import { Link, useLocation, useParams } from "react-router";
import { ChangeHistory } from "../components/change-history.tsx";
import { NewVariantForm } from "../components/new-variant-form.tsx";
import { MessageNotice, Notice } from "../components/notice.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { ProductForm } from "../components/product-form.tsx";
import { ProductBatches } from "../components/product-batches.tsx";
import { ProductFacts } from "../components/product-facts.tsx";
import { ProductPhotos } from "../components/product-photos.tsx";
import { ProductVariants } from "../components/product-variants.tsx";
import { StatusBadge } from "../components/status-badge.tsx";
import { useApi } from "../hooks/use-api.ts";
import { useVersionedSave } from "../hooks/use-versioned-save.ts";
import { apiRequest } from "../lib/api-client.ts";
import type { SaveMessage } from "../lib/versioned-save.ts";
import { productStatusHelp, productStatusLabels, productStatusTone } from "../lib/products.ts";

/** The products page sends a new draft here with `created` in the navigation's state. */
function createdMessage(state: unknown): SaveMessage | undefined {
  return (state as { created?: boolean } | null)?.created === true
    ? { kind: "success", text: "Draft created. Give it its prices, then put it on sale." }
    : undefined;
}

/** One product: its fields, its variants with their prices, and who changed what. */
export function Product() {
  const { id = "" } = useParams();
  const location = useLocation();
  const product = useApi<AdminProduct>(`/products/${encodeURIComponent(id)}`);
  const prices = useApi<AdminPrices>("/prices");
  // The message stands above the form, which starts again from each version saved: it lives here.
  const saving = useVersionedSave<AdminProduct>({
    version: product.data?.version,
    onSaved: (saved) => {
      product.replace(saved);
      prices.reload();
    },
    onStale: product.reload,
    initialMessage: createdMessage(location.state),
    keepMessage: true,
  });
  const data = product.data;
  const pricedProduct = prices.data?.products.find((entry) => entry.id === id);

  function save(productId: string, update: AdminProductUpdate) {
    const path = `/products/${encodeURIComponent(productId)}`;
    void saving.save(() => apiRequest<AdminProduct>("PUT", path, update), "Saved. The shop shows the change now.");
  }

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
          <MessageNotice message={saving.message} />
          <ProductForm
            key={data.version}
            product={data}
            busy={saving.busy}
            onSave={(update) => save(data.id, update)}
            onInvalid={(text) => saving.show({ kind: "error", text })}
          />
          <ProductPhotos productId={data.id} />
          <ProductFacts product={data} onSaved={product.replace} onStale={product.reload} />
          <ProductBatches productId={data.id} onChanged={product.reload} />
          <ProductVariants
            product={data}
            prices={prices}
            pricedProduct={pricedProduct}
            onSaved={product.replace}
            onStale={product.reload}
          />
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
          <ChangeHistory
            name="product-history"
            title="Changes"
            changes={data.history}
            describe={(change) => change.fields.join(", ") || "No change"}
          />
        </>
      )}
    </>
  );
}
