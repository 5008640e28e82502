import type { AdminPrices } from "@herbo/hosted-api/admin";
import { Notice } from "../components/notice.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { PriceVariant } from "../components/price-variant.tsx";
import { useApi } from "../hooks/use-api.ts";
import { formatDateTime } from "../lib/dates.ts";
import { describePriceChange } from "../lib/prices.ts";

/** Each variant's price in every market currency, edited from the version shown, and who changed what. */
export function Prices() {
  const { data, error, replace, reload } = useApi<AdminPrices>("/prices");
  return (
    <>
      <PageHeading title="Prices" />
      <p className="muted">
        One fixed price per currency, never converted. Leave a sale price empty for no sale. The shop shows a change at
        once; orders already placed keep the prices they were placed at.
      </p>
      {error === undefined ? null : <Notice kind="error">{error.message}</Notice>}
      {data?.products.map((product) => (
        <section key={product.id} className="card" aria-labelledby={`prices-${product.id}`}>
          <h2 id={`prices-${product.id}`} className="text-lg font-semibold">
            {product.title}
          </h2>
          <ul className="divide-y divide-line">
            {product.variants.map((variant) => (
              <PriceVariant
                key={variant.id}
                productTitle={product.title}
                variant={variant}
                currencies={data.currencies}
                onChanged={replace}
                onStale={reload}
              />
            ))}
          </ul>
        </section>
      ))}
      {data === undefined ? null : (
        <section className="card" aria-labelledby="price-history-heading">
          <h2 id="price-history-heading" className="font-semibold">
            Recent price changes
          </h2>
          {data.history.length === 0 ? (
            <p className="muted">No changes yet.</p>
          ) : (
            <ol className="mt-2 space-y-2" data-testid="price-history">
              {data.history.map((change, index) => (
                <li key={index} className="border-l-2 border-line pl-3">
                  <p className="break-words">
                    {change.productTitle} ({change.variantTitle}):{" "}
                    {describePriceChange(change.before, change.after, data.currencies) || "no change"}
                  </p>
                  <p className="muted break-words">
                    {formatDateTime(change.at)} · {change.actor}
                  </p>
                </li>
              ))}
            </ol>
          )}
        </section>
      )}
    </>
  );
}
