import type { AdminShipping } from "@herbo/hosted-api/admin";
import { CaliforniaNoticeForm } from "../components/california-notice-form.tsx";
import { ChangeHistory } from "../components/change-history.tsx";
import { FreeShippingForm } from "../components/free-shipping-form.tsx";
import { MarketTaxForm } from "../components/market-tax-form.tsx";
import { Notice } from "../components/notice.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { ShippingRateForm } from "../components/shipping-rate-form.tsx";
import { useApi } from "../hooks/use-api.ts";
import { daysText, describeShippingChange } from "../lib/shipping.ts";

/** Each market's tax settings and its countries' delivery charges and days, edited from the version shown. */
export function Shipping() {
  const { data, error, replace, reload } = useApi<AdminShipping>("/shipping");
  return (
    <>
      <PageHeading title="Shipping & tax" />
      <p className="muted">
        One delivery charge per order for each country, in the currency of the market that delivers there. The shipping
        page and new checkouts show a change at once; a shopper already on the payment step pays the charge shown there,
        and orders already placed keep theirs.
        {data === undefined
          ? null
          : ` Dispatch takes ${daysText(data.handlingDays.min, data.handlingDays.max)} before delivery starts.`}
      </p>
      {error === undefined ? null : <Notice kind="error">{error.message}</Notice>}
      {data?.markets.map((market) => (
        <section key={market.code} className="card space-y-4" aria-labelledby={`market-${market.code}`}>
          <h2 id={`market-${market.code}`} className="text-lg font-semibold">
            {market.name} <span className="font-normal text-bark">({market.currencyCode})</span>
          </h2>
          <MarketTaxForm market={market} onChanged={replace} onStale={reload} />
          <FreeShippingForm market={market} onChanged={replace} onStale={reload} />
          <div>
            <h3 className="font-semibold">Delivery</h3>
            <ul className="divide-y divide-line">
              {data.rates
                .filter((rate) => rate.marketCode === market.code)
                .map((rate) => (
                  <ShippingRateForm key={rate.countryCode} rate={rate} onChanged={replace} onStale={reload} />
                ))}
            </ul>
          </div>
        </section>
      ))}
      {data === undefined ? null : <CaliforniaNoticeForm shipping={data} onChanged={replace} onStale={reload} />}
      {data === undefined ? null : (
        <ChangeHistory
          name="shipping-history"
          title="Recent shipping, free-shipping, tax and notice changes"
          changes={data.history}
          describe={describeShippingChange}
        />
      )}
    </>
  );
}
