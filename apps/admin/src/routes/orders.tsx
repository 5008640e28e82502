import type { AdminOrderList } from "@herbo/hosted-api/admin";
import { Link, useSearchParams } from "react-router";
import { CsvExport } from "../components/csv-export.tsx";
import { Notice } from "../components/notice.tsx";
import { OrderFilters } from "../components/order-filters.tsx";
import { OrderList } from "../components/order-list.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { useApi } from "../hooks/use-api.ts";
import { filterParams, filtersFromForm, readFilters } from "../lib/order-filters.ts";

/** Orders: search, filters, pages of 25, and the CSV export. */
export function Orders() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { filters, page } = readFilters(searchParams);
  const query = filterParams(filters, page).toString();
  const { data, error, loading } = useApi<AdminOrderList>(`/orders${query === "" ? "" : `?${query}`}`);
  const pages = data === undefined ? 1 : Math.max(1, Math.ceil(data.total / data.pageSize));
  const pageLink = (target: number) => {
    const params = filterParams(filters, target).toString();
    return params === "" ? "/orders" : `/orders?${params}`;
  };

  return (
    <>
      <PageHeading title="Orders" />
      <OrderFilters
        key={query}
        filters={filters}
        onApply={(form) => setSearchParams(filterParams(filtersFromForm(form)))}
        onClear={() => setSearchParams(new URLSearchParams())}
      />
      {error === undefined ? null : <Notice kind="error">{error.message}</Notice>}
      <p role="status" className="muted">
        {loading || data === undefined
          ? "Loading orders…"
          : `${data.total} ${data.total === 1 ? "order" : "orders"}${pages > 1 ? `, page ${page} of ${pages}` : ""}`}
      </p>
      {data === undefined || data.orders.length === 0 ? null : <OrderList orders={data.orders} />}
      {pages > 1 ? (
        <nav aria-label="Pages" className="flex gap-3">
          {page > 1 ? <Link to={pageLink(page - 1)}>Previous page</Link> : null}
          {page < pages ? <Link to={pageLink(page + 1)}>Next page</Link> : null}
        </nav>
      ) : null}
      <CsvExport />
    </>
  );
}
