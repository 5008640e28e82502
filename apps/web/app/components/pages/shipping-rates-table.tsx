import { shippingTableRows } from "~/lib/shop-offer/shipping";

/** Delivery charge, time and cash on delivery per country, from the shop's offer (what checkout charges). */
export function ShippingRatesTable() {
  return (
    // Smaller type and padding on phones, so all four columns fit a 320 px wide screen.
    <table
      data-testid="shipping-rates"
      className="text-sm sm:text-base [&_td]:px-1 sm:[&_td]:px-2 [&_th]:px-1 sm:[&_th]:px-2"
    >
      <caption className="mb-2 text-left text-base text-bark">
        Delivery charge per order, and business days from dispatch to your door.
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
        {shippingTableRows().map((row) => (
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
