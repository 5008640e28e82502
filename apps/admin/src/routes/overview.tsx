import type { AdminMoney, AdminOverview, AdminPeriodFigures } from "@herbo/hosted-api/admin";
import { Link } from "react-router";
import { Notice } from "../components/notice.tsx";
import { OverviewWarnings } from "../components/overview-warnings.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { useApi } from "../hooks/use-api.ts";

/**
 * Money in several currencies, one figure per currency: amounts in different currencies cannot be added up,
 * so they are listed, never joined into what would read as a sum.
 */
function Amounts({ money }: { money: AdminMoney[] }) {
  if (money.length === 0) return <p className="text-2xl font-bold">None</p>;
  return (
    <ul className="text-2xl font-bold">
      {money.map((entry) => (
        <li key={entry.currency}>{entry.text}</li>
      ))}
    </ul>
  );
}

function Figures({ id, title, figures }: { id: string; title: string; figures: AdminPeriodFigures }) {
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="font-semibold">
        {title}
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-2">
        <div>
          <dt className="muted">Orders</dt>
          <dd className="text-2xl font-bold">{figures.orders}</dd>
        </div>
        <div>
          <dt className="muted">Revenue</dt>
          <dd>
            <Amounts money={figures.revenue} />
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** The first page after sign-in: how the shop is doing today and this week, and what needs doing. */
export function Overview() {
  const { data, error } = useApi<AdminOverview>("/overview");
  return (
    <>
      <PageHeading title="Overview" />
      {error === undefined ? null : <Notice kind="error">{error.message}</Notice>}
      {data === undefined ? null : (
        <>
          <OverviewWarnings warnings={data.warnings} />
          <p className="muted">Days as counted in {data.timeZone.replace("_", " ")}; cancelled orders are left out.</p>
          <div className="grid gap-4 md:grid-cols-3">
            <Figures id="today" title="Today" figures={data.today} />
            <Figures id="last-7-days" title="Last 7 days" figures={data.last7Days} />
            <section className="card" aria-labelledby="cod-heading">
              <h2 id="cod-heading" className="font-semibold">
                Cash on delivery to collect
              </h2>
              <div className="mt-2">
                <Amounts money={data.cashToCollect.amounts} />
              </div>
              <p className="muted">
                {data.cashToCollect.orders} {data.cashToCollect.orders === 1 ? "order" : "orders"} ·{" "}
                <Link to="/orders?paymentStatus=cod_due">See them</Link>
              </p>
            </section>
          </div>
          <section className="card" aria-labelledby="to-confirm-heading">
            <h2 id="to-confirm-heading" className="font-semibold">
              Cash-on-delivery orders to confirm
            </h2>
            <p className="mt-2">
              <span className="text-2xl font-bold">{data.toConfirm.orders}</span>{" "}
              <Link to="/orders?fulfilmentStatus=unconfirmed">
                {data.toConfirm.orders === 1 ? "order" : "orders"} waiting for your call
              </Link>
            </p>
            <p className="muted">
              Call the shopper on the order's phone number, then press “Confirmed by phone” or cancel the order. Their
              stock stays held until then, and they count as revenue once confirmed.
            </p>
          </section>
          <section className="card" aria-labelledby="reviews-waiting-heading">
            <h2 id="reviews-waiting-heading" className="font-semibold">
              Reviews to moderate
            </h2>
            <p className="mt-2">
              <span className="text-2xl font-bold">{data.reviewsWaiting.reviews}</span>{" "}
              <Link to="/reviews?status=pending">
                {data.reviewsWaiting.reviews === 1 ? "review" : "reviews"} awaiting moderation
              </Link>
            </p>
            <p className="muted">
              Buyers write them through the link in the email sent after delivery. None shows on the shop until you
              publish it.
            </p>
          </section>
          <section className="card" aria-labelledby="reminders-heading">
            <h2 id="reminders-heading" className="font-semibold">
              Checkout reminders, last 7 days
            </h2>
            <p className="mt-2" data-testid="reminder-figures">
              <span className="text-2xl font-bold">{data.reminders.sent}</span> sent,{" "}
              <span className="text-2xl font-bold">{data.reminders.ordered}</span>{" "}
              {data.reminders.ordered === 1 ? "became an order" : "became orders"}
            </p>
            <p className="muted">
              Shoppers who tick &ldquo;Email me a reminder about this order&rdquo; and do not pay get one email a few
              hours later (CHECKOUT_REMINDER_HOURS), with a link back to a fresh checkout.
            </p>
          </section>
          <section className="card" aria-labelledby="refunds-owed-heading">
            <h2 id="refunds-owed-heading" className="font-semibold">
              Refunds owed
            </h2>
            <ul className="mt-2 space-y-1">
              <li>
                <span className="text-2xl font-bold">{data.refundsOwed.orders}</span>{" "}
                <Link to="/orders?paymentStatus=refund_due">
                  {data.refundsOwed.orders === 1 ? "order" : "orders"} with a refund to make
                </Link>
              </li>
              <li>
                <span className="text-2xl font-bold">{data.refundsOwed.payments}</span>{" "}
                <Link to="/payments/owed">
                  {data.refundsOwed.payments === 1 ? "payment" : "payments"} to give back (they became no order)
                </Link>
              </li>
            </ul>
          </section>
          <section className="card" aria-labelledby="low-stock-heading">
            <h2 id="low-stock-heading" className="font-semibold">
              Low on stock ({data.lowStock.threshold} or fewer available)
            </h2>
            {data.lowStock.variants.length === 0 ? (
              <p className="mt-2">Every counted item has more than {data.lowStock.threshold} available.</p>
            ) : (
              <ul className="mt-2 divide-y divide-line">
                {data.lowStock.variants.map((variant) => (
                  <li key={variant.id} className="flex justify-between gap-4 py-2">
                    <span>
                      {variant.productTitle} <span className="text-bark">({variant.variantTitle})</span>
                    </span>
                    <span className="font-semibold">
                      {variant.available === 0 ? "Sold out" : `${variant.available} left`}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            <p className="mt-2">
              <Link to="/stock">Manage stock</Link>
            </p>
          </section>
        </>
      )}
    </>
  );
}
