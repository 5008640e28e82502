import { describe, expect, it } from "vitest";
import {
  filterParams,
  filtersFromForm,
  fulfilmentStatusOptions,
  paymentMethodOptions,
  paymentStatusOptions,
  readFilters,
} from "./order-filters.ts";

describe("the orders list's filters in the address", () => {
  it("reads the filters that are set and the page", () => {
    expect(readFilters(new URLSearchParams("q=%20asha%20&country=&paymentStatus=cod_due&page=3&other=x"))).toEqual({
      filters: { q: "asha", paymentStatus: "cod_due" },
      page: 3,
    });
    expect(readFilters(new URLSearchParams("page=-2")).page).toBe(1);
    expect(readFilters(new URLSearchParams("page=abc")).page).toBe(1);
  });

  it("writes only what is set, and no page 1", () => {
    expect(filterParams({ q: "HS-1001", country: "", from: "2026-03-01" }).toString()).toBe(
      "q=HS-1001&from=2026-03-01",
    );
    expect(filterParams({}, 1).toString()).toBe("");
    expect(filterParams({ q: "  asha  ", country: " " }).toString()).toBe("q=asha");
    expect(filterParams({ fulfilmentStatus: "packed" }, 2).toString()).toBe("fulfilmentStatus=packed&page=2");
  });

  it("takes the filters from a submitted form", () => {
    const form = new FormData();
    form.set("q", "thapa");
    form.set("paymentMethod", "cod");
    form.set("unrelated", "x");
    expect(filtersFromForm(form)).toEqual({ q: "thapa", paymentMethod: "cod" });
  });
});

describe("the orders list's status filters", () => {
  it("offer every payment and fulfilment status, refunds and returns included", () => {
    expect(paymentStatusOptions).toEqual([
      "pending",
      "paid",
      "cod_due",
      "cod_collected",
      "refund_due",
      "partially_refunded",
      "refunded",
    ]);
    expect(fulfilmentStatusOptions).toEqual([
      "unconfirmed",
      "unfulfilled",
      "packed",
      "shipped",
      "delivered",
      "returned",
      "cancelled",
    ]);
    expect(paymentMethodOptions).toEqual(["card", "cod", "wallet"]);
  });
});
