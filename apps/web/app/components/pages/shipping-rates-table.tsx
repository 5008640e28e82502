import type { ShippingTableRow } from "~/lib/shop-offer/shipping";

/**
 * Delivery charge, time and cash on delivery per country, as checkout charges them (the store's live rates,
 * which the owner sets in the back office); a short note instead when the store could not say.
 */
export function ShippingRatesTable({ rows }: { rows: readonly ShippingTableRow[] | null }) {
  if (rows === null) {
    return (
      <p data-testid="shipping-rates-unavailable" className="text-bark">
        Our delivery charges cannot be shown right now. Checkout shows the charge for your address before you pay.
      </p>
    );
  }
  return (
    // Smaller type and padding on phones, so all four columns fit a 320 px wide screen.
    <table
      data-testid="shipping-rates"
      className="text-sm sm:text-base [&_td]:px-1 sm:[&_td]:px-2 [&_th]:px-1 sm:[&_th]:px-2"
    >
      <caption className="mb-2 text-left text-base text-bark">
        Delivery charge per order, and business days from your order to your door: the time we take to pack and dispatch
        it, then the courier's.
      </caption>
      <thead>
        <tr>
          <th scope="col">Country</th>
          <th scope="col">Delivery charge</th>
          <th scope="col">Delivery time</th>
          <th scope="col">Cash on delivery</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.country}>
            <th scope="row">{row.destination}</th>
            <td>{row.charge}</td>
            <td>{row.deliveryTime}</td>
            <td>{row.cashOnDelivery ? "Yes" : "No, card only"}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
