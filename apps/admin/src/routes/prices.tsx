import type { AdminPrices } from "@herbo/hosted-api/admin";
import { ChangeHistory } from "../components/change-history.tsx";
import { Notice } from "../components/notice.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { PriceVariant } from "../components/price-variant.tsx";
import { useApi } from "../hooks/use-api.ts";
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
        <ChangeHistory
          name="price-history"
          title="Recent price changes"
          changes={data.history}
          describe={(change) => (
            <>
              {change.productTitle} ({change.variantTitle}):{" "}
              {describePriceChange(change.before, change.after, data.currencies) || "no change"}
            </>
          )}
        />
      )}
    </>
  );
}
