import { decimalAmount } from "@herbo/hosted-api";
import type { AdminMoney, AdminOrderDetail, AdminRefund } from "@herbo/hosted-api/admin";

/** For tests: an amount in rupees as the store API writes it. */
export function rupees(amount: number): AdminMoney {
  return { amount, currency: "NPR", text: `Rs. ${decimalAmount(amount, 2)}` };
}

type Line = AdminOrderDetail["lines"][number];

/** For tests: an order line of `quantity` units at `unit` paisa, none returned and no discount unless said. */
export function orderLine(position: number, unit: number, quantity: number, returnedQuantity = 0, discount = 0): Line {
  return {
    position,
    sku: null,
    productTitle: `Product ${position}`,
    variantTitle: `${position}0 g`,
    quantity,
    unitPrice: rupees(unit),
    lineTotal: rupees(unit * quantity),
    discount: rupees(discount),
    offerLabel: discount > 0 ? "Buy 2, save 10 %" : null,
    codeDiscount: rupees(0),
    returnedQuantity,
  };
}

/** For tests: a refund of `amount` paisa. */
export function refund(amount: number, status: AdminRefund["status"], provider: string | null): AdminRefund {
  return {
    id: `rf_${amount}_${status}`,
    kind: "return",
    amount: rupees(amount),
    status,
    provider,
    providerReference: null,
    reason: null,
    note: null,
    lastError: null,
    createdAt: "2026-03-01T10:00:00.000Z",
    completedAt: null,
  };
}

/** For tests: a delivered card order paid through Stripe with these lines, everything captured and refundable. */
export function deliveredOrder(lines: Line[], changes: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  const total = lines.reduce((sum, line) => sum + line.lineTotal.amount, 0);
  return {
    number: "HS-1001",
    placedAt: "2026-03-01T10:00:00.000Z",
    customer: { name: "Asha Gurung", email: "asha@example.com", phone: "+9779812345678", country: "NP" },
    addressLines: ["Asha Gurung", "Thamel Marg 12"],
    lines,
    discountCode: null,
    subtotal: rupees(total),
    shipping: rupees(0),
    total: rupees(total),
    currency: { code: "NPR", decimalDigits: 2, template: "Rs. $1", symbol: "Rs" },
    market: { code: "np", name: "Nepal" },
    taxNote: null,
    invoicePath: "/orders/token/invoice",
    payment: {
      method: "card",
      provider: "stripe",
      refundsThroughProvider: true,
      reference: "pi_123",
      status: "paid",
      cardLast4: null,
      paidAt: "2026-03-01T10:00:00.000Z",
    },
    fulfilmentStatus: "delivered",
    shipment: { carrier: "Nepal Post", trackingNumber: "RR1", trackingUrl: null },
    refund: "none",
    captured: rupees(total),
    refunded: rupees(0),
    refundable: rupees(total),
    refunds: [],
    history: [],
    actions: ["take_return", "undo_delivery", "correct_shipment"],
    ...changes,
  };
}
