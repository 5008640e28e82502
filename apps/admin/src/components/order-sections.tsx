import type { AdminOrderDetail } from "@herbo/hosted-api/admin";
import { formatDateTime } from "../lib/dates.ts";
import { paymentMethodLabel, paymentLabel, providerLabel } from "../lib/labels.ts";
import { formatMoney, moneyFormat } from "../lib/money.ts";
import { owedAmount } from "../lib/refunds.ts";

/** The refund still owed, as one amount. */
function owedText(order: AdminOrderDetail): string {
  return formatMoney(owedAmount(order), moneyFormat(order));
}

/** What was bought, and the totals. */
export function OrderLines({ order }: { order: AdminOrderDetail }) {
  const format = moneyFormat(order);
  return (
    <section className="card" aria-labelledby="items-heading">
      <h2 id="items-heading" className="font-semibold">
        Items
      </h2>
      <table className="mt-2 w-full text-left text-sm">
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="py-1 pr-2">
              Item
            </th>
            <th scope="col" className="py-1 pr-2 text-right">
              Qty
            </th>
            <th scope="col" className="py-1 text-right">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line, index) => (
            <tr key={index} className="border-b border-line align-top">
              <td className="py-1 pr-2">
                {line.productTitle}
                <span className="block text-bark">
                  {line.variantTitle}
                  {line.sku === null ? "" : ` · ${line.sku}`} · {line.unitPrice.text} each
                  {line.returnedQuantity > 0 ? ` · ${line.returnedQuantity} came back` : ""}
                </span>
              </td>
              <td className="py-1 pr-2 text-right">{line.quantity}</td>
              <td className="py-1 text-right whitespace-nowrap">
                {line.lineTotal.text}
                {line.discount.amount > line.codeDiscount.amount ? (
                  <span className="block text-bark" data-testid="line-discount">
                    {line.offerLabel ?? "Discount"}: −
                    {formatMoney(line.discount.amount - line.codeDiscount.amount, format)}
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {order.discountCode === null ? null : (
            <tr>
              <th scope="row" colSpan={2} className="py-1 pr-2 font-normal">
                Discount code {order.discountCode.code}
              </th>
              <td className="py-1 text-right whitespace-nowrap" data-testid="code-discount">
                −{order.discountCode.amount.text}
              </td>
            </tr>
          )}
          <tr>
            <th scope="row" colSpan={2} className="py-1 pr-2 font-normal">
              Subtotal
            </th>
            <td className="py-1 text-right whitespace-nowrap">{order.subtotal.text}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={2} className="py-1 pr-2 font-normal">
              Shipping
            </th>
            <td className="py-1 text-right whitespace-nowrap">
              {order.shipping.amount === 0 ? "Free" : order.shipping.text}
            </td>
          </tr>
          <tr>
            <th scope="row" colSpan={2} className="py-1 pr-2">
              Total ({order.currency.code})
            </th>
            <td className="py-1 text-right font-bold whitespace-nowrap" data-testid="order-total">
              {order.total.text}
            </td>
          </tr>
          {order.taxNote === null ? null : (
            <tr>
              <td colSpan={3} className="py-1 text-bark" data-testid="order-tax">
                {order.taxNote}
              </td>
            </tr>
          )}
        </tfoot>
      </table>
      <p className="mt-2 text-sm">
        {order.market.name} market, prices in {order.currency.code}.{" "}
        <a className="underline" href={order.invoicePath} target="_blank" rel="noopener">
          Invoice (opens in a new tab)
        </a>
      </p>
    </section>
  );
}

/** Who bought, where it goes, and how it was paid. */
export function OrderParties({ order }: { order: AdminOrderDetail }) {
  const { customer, payment } = order;
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <section className="card" aria-labelledby="customer-heading">
        <h2 id="customer-heading" className="font-semibold">
          Customer
        </h2>
        {customer === null ? (
          <p className="muted">No details recorded.</p>
        ) : (
          <p className="mt-1 break-words">
            {customer.name}
            <br />
            <a href={`mailto:${customer.email}`}>{customer.email}</a>
            <br />
            <a href={`tel:${customer.phone}`}>{customer.phone}</a>
          </p>
        )}
      </section>
      <section className="card" aria-labelledby="address-heading">
        <h2 id="address-heading" className="font-semibold">
          Delivery address
        </h2>
        <address className="mt-1 not-italic">
          {order.addressLines.map((line, index) => (
            <span key={index} className="block">
              {line}
            </span>
          ))}
        </address>
      </section>
      <section className="card" aria-labelledby="payment-heading">
        <h2 id="payment-heading" className="font-semibold">
          Payment
        </h2>
        <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-sm">
          <dt className="text-bark">Method</dt>
          <dd>
            {paymentMethodLabel(payment.method)}
            {payment.cardLast4 === null ? "" : ` ending in ${payment.cardLast4}`}
          </dd>
          <dt className="text-bark">Status</dt>
          <dd data-testid="payment-status">{paymentLabel(payment.status, order.fulfilmentStatus)}</dd>
          <dt className="text-bark">Provider</dt>
          <dd>
            {providerLabel(payment.provider)}
            {payment.reference === null ? "" : ` · ${payment.reference}`}
          </dd>
          {payment.paidAt === null ? null : (
            <>
              <dt className="text-bark">Paid</dt>
              <dd>{formatDateTime(payment.paidAt)}</dd>
            </>
          )}
          {order.refund === "none" ? null : (
            <>
              <dt className="text-bark">Refund</dt>
              <dd className="font-semibold">
                {order.refund === "to_make" ? `To make: ${owedText(order)}` : `Refunded: ${order.refunded.text}`}
              </dd>
            </>
          )}
        </dl>
      </section>
    </div>
  );
}
