import type { AdminStock, AdminStockProduct } from "@herbo/hosted-api/admin";
import { useState } from "react";
import { ChangeHistory } from "../components/change-history.tsx";
import { Notice } from "../components/notice.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { StatusBadge } from "../components/status-badge.tsx";
import { StockVariant } from "../components/stock-variant.tsx";
import { useApi } from "../hooks/use-api.ts";
import { apiRequest, type AdminApiError } from "../lib/api-client.ts";

function ProductStock({ product, onChanged }: { product: AdminStockProduct; onChanged(stock: AdminStock): void }) {
  const [error, setError] = useState<string>();
  async function toggle() {
    setError(undefined);
    try {
      onChanged(
        await apiRequest<AdminStock>("PUT", `/products/${encodeURIComponent(product.id)}/purchasable`, {
          purchasable: !product.purchasable,
        }),
      );
    } catch (failure) {
      setError((failure as AdminApiError).message);
    }
  }
  return (
    <section className="card" aria-labelledby={`product-${product.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`product-${product.id}`} className="text-lg font-semibold">
          {product.title}
        </h2>
        <div className="flex items-center gap-2">
          <StatusBadge
            label={product.purchasable ? "On sale" : "Not for sale"}
            tone={product.purchasable ? "good" : "bad"}
          />
          <button type="button" className="button-quiet" onClick={() => void toggle()}>
            {product.purchasable ? "Stop selling" : "Start selling"}
            <span className="sr-only"> {product.title}</span>
          </button>
        </div>
      </div>
      {error === undefined ? null : <Notice kind="error">{error}</Notice>}
      <ul className="divide-y divide-line">
        {product.variants.map((variant) => (
          <StockVariant key={variant.id} productTitle={product.title} variant={variant} onChanged={onChanged} />
        ))}
      </ul>
    </section>
  );
}

/** Stock per variant (on hand, held by open checkouts, available), adjustments with a reason, and their history. */
export function Stock() {
  const { data, error, replace } = useApi<AdminStock>("/stock");
  return (
    <>
      <PageHeading title="Stock" />
      <p className="muted">
        Available = on hand − reserved (held by checkouts in progress). The shop shows changes at once.
      </p>
      {error === undefined ? null : <Notice kind="error">{error.message}</Notice>}
      {data?.products.map((product) => (
        <ProductStock key={product.id} product={product} onChanged={replace} />
      ))}
      {data === undefined ? null : (
        <ChangeHistory
          name="stock-history"
          title="Recent stock changes"
          changes={data.history}
          describe={(movement) => (
            <>
              {movement.change > 0 ? `+${movement.change}` : movement.change} {movement.productTitle} (
              {movement.variantTitle}) → {movement.onHandAfter} on hand: {movement.reason}
            </>
          )}
        />
      )}
    </>
  );
}
