import { describe, expect, it } from "vitest";
import { priceListRefusal } from "./prices.ts";

const sold = ["NPR", "USD"];
const price = (currencyCode: string, amount: number, saleAmount: number | null = null) => ({
  currencyCode,
  amount,
  saleAmount,
});

describe("a price list the owner saves", () => {
  it("may set any currency the shop sells in, on sale below the price or not on sale", () => {
    expect(priceListRefusal([price("NPR", 120000), price("USD", 2999, 2499)], sold)).toBeUndefined();
    expect(priceListRefusal([price("USD", 1)], sold)).toBeUndefined();
    expect(priceListRefusal([price("USD", 2999, 1)], sold)).toBeUndefined();
  });

  it("refuses a price or a sale price of zero: no way to pay takes an order of nothing", () => {
    expect(priceListRefusal([price("NPR", 100), price("USD", 0)], sold)).toMatchObject({
      message: "A price must be above zero",
      details: { field: "body.prices.1.amount" },
    });
    expect(priceListRefusal([price("USD", 2999, 0)], sold)).toMatchObject({
      message: "A sale price must be above zero",
      details: { field: "body.prices.0.saleAmount" },
    });
  });

  it("names the field of the first problem", () => {
    expect(priceListRefusal([price("NPR", 100), price("EUR", 100)], sold)).toMatchObject({
      statusCode: 400,
      code: "invalid_request",
      message: "The shop sells in no market with the currency EUR",
      details: { field: "body.prices.1.currencyCode" },
    });
    expect(priceListRefusal([price("USD", 100), price("USD", 200)], sold)).toMatchObject({
      message: "USD is listed twice",
      details: { field: "body.prices.1.currencyCode" },
    });
    expect(priceListRefusal([price("USD", 2999, 2999)], sold)).toMatchObject({
      message: "A sale price must be below the price",
      details: { field: "body.prices.0.saleAmount" },
    });
    expect(priceListRefusal([price("USD", 2999, 3000)], sold)).toMatchObject({
      details: { field: "body.prices.0.saleAmount" },
    });
  });
});
