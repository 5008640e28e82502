import type { AdminPromotions } from "@herbo/hosted-api/admin";
import { Link } from "react-router";
import { ChangeHistory } from "../components/change-history.tsx";
import { DiscountCodes } from "../components/discount-codes.tsx";
import { Notice } from "../components/notice.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { QuantityPriceForm } from "../components/quantity-price-form.tsx";
import { useApi } from "../hooks/use-api.ts";
import { codeTermsText } from "../lib/discount-codes.ts";
import { tiersText } from "../lib/quantity-prices.ts";

/** The shop's automatic offers: each product's quantity prices per market, and who changed what. */
export function Promotions() {
  const { data, error, replace, reload } = useApi<AdminPromotions>("/promotions");
  return (
    <>
      <PageHeading title="Promotions" />
      <p className="muted">
        Quantity prices save a percentage when a shopper buys several units of one product (its sizes count together):
        type &quot;2: 10, 3: 15&quot; for 10 % off from 2 units and 15 % off from 3. Each market has its own, or none.
        Product pages, the cart and new checkouts use a change at once; orders already placed keep their prices. Free
        shipping over an amount is set per market on <Link to="/shipping">Shipping &amp; tax</Link>.
      </p>
      {error === undefined ? null : <Notice kind="error">{error.message}</Notice>}
      {data === undefined ? null : <DiscountCodes promotions={data} onChanged={replace} />}
      {data?.products.map((product) => (
        <section key={product.id} className="card" aria-labelledby={`promotions-${product.id}`}>
          <h2 id={`promotions-${product.id}`} className="text-lg font-semibold">
            {product.title}
            {product.status === "published" ? null : (
              <span className="ml-2 text-sm font-normal text-bark">({product.status})</span>
            )}
          </h2>
          <ul className="divide-y divide-line">
            {data.markets.map((market) => {
              const prices = product.prices.find((entry) => entry.marketCode === market.code) ?? {
                marketCode: market.code,
                tiers: [],
                version: 0,
              };
              return (
                <QuantityPriceForm
                  key={market.code}
                  product={product}
                  market={market}
                  prices={prices}
                  onChanged={replace}
                  onStale={reload}
                />
              );
            })}
          </ul>
        </section>
      ))}
      {data === undefined ? null : (
        <ChangeHistory
          name="promotion-history"
          title="Recent promotion changes"
          changes={data.history}
          describe={(change) =>
            change.entity === "discount_code"
              ? `${change.label}: ${change.change === "created" ? "created" : "ended"} (${codeTermsText(change.code, data.currencies)})`
              : `${change.label}: ${tiersText(change.before)} → ${tiersText(change.after)}`
          }
        />
      )}
    </>
  );
}
