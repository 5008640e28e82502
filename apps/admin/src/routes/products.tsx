import type { AdminProduct, AdminProductList } from "@herbo/hosted-api/admin";
import { useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Notice } from "../components/notice.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { ProductsCsv } from "../components/products-csv.tsx";
import { StatusBadge } from "../components/status-badge.tsx";
import { useApi } from "../hooks/use-api.ts";
import { apiRequest, type AdminApiError } from "../lib/api-client.ts";
import { formatDateTime } from "../lib/dates.ts";
import { productListQuery, productStatusLabels, productStatusTone } from "../lib/products.ts";

/** Every product, found by title, id or SKU and filtered by status; a new one starts here as a draft. */
export function Products() {
  const [params, setParams] = useSearchParams();
  const search = params.get("search") ?? "";
  const status = params.get("status") ?? "";
  const { data, error, reload } = useApi<AdminProductList>(`/products${productListQuery(search, status)}`);

  function filter(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const query = productListQuery(String(form.get("search") ?? ""), String(form.get("status") ?? ""));
    setParams(new URLSearchParams(query));
  }

  return (
    <>
      <PageHeading title="Products" />
      <NewProduct />
      <form role="search" aria-label="Products" onSubmit={filter} className="card flex flex-wrap items-end gap-3">
        <label className="label min-w-0 flex-1">
          Title, id or SKU
          <input name="search" type="search" className="field" defaultValue={search} key={search} />
        </label>
        <label className="label">
          Status
          <select name="status" className="field" defaultValue={status} key={status}>
            <option value="">All</option>
            <option value="published">{productStatusLabels.published}</option>
            <option value="draft">{productStatusLabels.draft}</option>
            <option value="archived">{productStatusLabels.archived}</option>
          </select>
        </label>
        <button type="submit" className="button">
          Find
        </button>
      </form>
      {error === undefined ? null : <Notice kind="error">{error.message}</Notice>}
      {data === undefined ? null : data.products.length === 0 ? (
        <p className="muted">No products match.</p>
      ) : (
        <ul className="card divide-y divide-line" aria-label="Products found">
          {data.products.map((product) => (
            <li key={product.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
              <Link to={`/products/${encodeURIComponent(product.id)}`} className="min-w-0 flex-1 font-semibold">
                {product.title}
              </Link>
              <StatusBadge
                name="Status"
                label={productStatusLabels[product.status]}
                tone={productStatusTone(product.status)}
              />
              <span className="muted">
                {product.variantCount} {product.variantCount === 1 ? "variant" : "variants"}
                {product.skus.length === 0 ? "" : ` · ${product.skus.join(", ")}`}
              </span>
              <span className="muted">Changed {formatDateTime(product.updatedAt)}</span>
            </li>
          ))}
        </ul>
      )}
      <ProductsCsv onImported={reload} />
    </>
  );
}

/** A new draft: its title and its first variant; everything else is set on its page. */
function NewProduct() {
  const navigate = useNavigate();
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const sku = String(form.get("sku") ?? "").trim();
    setBusy(true);
    setMessage(undefined);
    try {
      const created = await apiRequest<AdminProduct>("POST", "/products", {
        title: String(form.get("title") ?? ""),
        variantTitle: String(form.get("variantTitle") ?? ""),
        sku: sku === "" ? null : sku,
      });
      navigate(`/products/${encodeURIComponent(created.id)}`, { state: { created: true } });
    } catch (failure) {
      setMessage((failure as AdminApiError).message);
      setBusy(false);
    }
  }

  return (
    <details className="card">
      <summary className="cursor-pointer font-semibold">Add a product</summary>
      <form onSubmit={create} aria-label="Add a product" className="mt-3 grid gap-3 sm:grid-cols-3">
        <label className="label">
          Title
          <input name="title" required maxLength={200} className="field" />
        </label>
        <label className="label">
          First variant
          <input name="variantTitle" required maxLength={100} className="field" placeholder="e.g. 50 g" />
        </label>
        <label className="label">
          SKU <span className="font-normal text-bark">(optional)</span>
          <input name="sku" maxLength={64} className="field" autoComplete="off" />
        </label>
        <p className="muted sm:col-span-3">
          It starts as a draft that only you see, with none in stock. Add its prices, photos and stock, then put it on
          sale.
        </p>
        <div className="sm:col-span-3">
          <button type="submit" className="button" disabled={busy}>
            Create draft
          </button>
        </div>
      </form>
      {message === undefined ? null : <Notice kind="error">{message}</Notice>}
    </details>
  );
}
