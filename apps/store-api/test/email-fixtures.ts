import type { OrderSnapshot } from "../src/email/order-snapshot.ts";

/** A realistic order as the order placement snapshots it: two lines, a Kathmandu address, paid by card. */
export function sampleOrder(overrides: Partial<OrderSnapshot> = {}): OrderSnapshot {
  return {
    shopName: "Herbo Shilajit",
    number: "HS-1001",
    orderUrl: "http://api.test/orders/tok_abcdefghijklmnopqrstuvwx",
    placedAt: "2026-11-23T10:00:00.000Z",
    timeZone: "Asia/Kathmandu",
    currency: { code: "NPR", symbol: "Rs.", template: "Rs. $1", decimalDigits: 2 },
    lines: [
      {
        productTitle: "Pure Himalayan Shilajit Resin",
        variantTitle: "20 g",
        quantity: 2,
        unitAmount: 240_000,
        lineAmount: 480_000,
      },
      {
        productTitle: "Shilajit Travel Tin 5 g",
        variantTitle: "5 g",
        quantity: 1,
        unitAmount: 90_000,
        lineAmount: 90_000,
      },
    ],
    subtotalAmount: 570_000,
    shippingAmount: 0,
    totalAmount: 570_000,
    customer: {
      email: "rita.sharma@example.com",
      fullName: "Rita Sharma",
      phone: "+9779812345678",
      country: "NP",
      address: {
        line1: "Thamel Marg 12",
        line2: null,
        city: "Kathmandu",
        region: { code: "P3", name: "Bagmati Province" },
        district: "Kathmandu",
        postalCode: "44600",
      },
    },
    paymentMethod: "card",
    paymentStatus: "paid",
    cardLast4: "4242",
    deliveryDays: { min: 2, max: 7 },
    ...overrides,
  };
}

/** The same order paid in cash on delivery. */
export function sampleCashOrder(overrides: Partial<OrderSnapshot> = {}): OrderSnapshot {
  return sampleOrder({ paymentMethod: "cod", paymentStatus: "cod_due", cardLast4: null, ...overrides });
}

/** A US order with a flat shipping rate. */
export function sampleUsOrder(): OrderSnapshot {
  const base = sampleOrder();
  return sampleOrder({
    number: "HS-1002",
    shippingAmount: 350_000,
    totalAmount: base.subtotalAmount + 350_000,
    customer: {
      email: "sam@example.com",
      fullName: "Sam Lee",
      phone: "+12175550100",
      country: "US",
      address: {
        line1: "500 Oak Ave",
        line2: "Apt 4",
        city: "Springfield",
        region: { code: "IL", name: "Illinois" },
        district: null,
        postalCode: "62701",
      },
    },
    deliveryDays: { min: 8, max: 16 },
  });
}
