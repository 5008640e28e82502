import { describe, expect, it } from "vitest";
import { lineName, messages } from "./messages";

// The exact wording (docs/storefront.md#messages) is the point here, so it is spelled out.
describe("the message catalogue (SPEC §8)", () => {
  it("words load failures with SPEC's prefix and fallback", () => {
    expect(messages.productsError("HTTP 500: Internal Server Error")).toBe(
      "Error loading products: HTTP 500: Internal Server Error",
    );
    expect(messages.productsError(null)).toBe("Error loading products: Failed to load products");
    expect(messages.productsError("")).toBe("Error loading products: Failed to load products");
    expect(messages.productError("HTTP 404: Not Found")).toBe("Error loading product: HTTP 404: Not Found");
    expect(messages.productError(null)).toBe("Error loading product: Failed to load product");
  });

  it("words stock, cart and checkout messages as SPEC quotes them", () => {
    const name = lineName("Shilajit Starter Kit", "Kit");
    expect(name).toBe("Shilajit Starter Kit (Kit)");
    expect(messages.stockExceeded(name, 3)).toBe("Not enough stock for Shilajit Starter Kit (Kit). Only 3 left.");
    expect(messages.notEnoughStock(2)).toBe("Not enough stock. Only 2 left.");
    expect(messages.inStock(7)).toBe("7 in stock!");
    expect(messages.unavailable).toBe("Currently unavailable");
    expect(messages.noProducts).toBe("No products available at the moment.");
    expect(messages.subtitleFallback).toBe("Check out this amazing product!");
    expect(messages.addedFromCard.title).toBe("Added to Cart! 🛒");
    expect(messages.addedFromCard.description("Resin")).toBe("Resin has been added to your cart.");
    expect(messages.addedFromDetail.description(2, "Resin", "10 g")).toBe("2 x Resin (10 g) added.");
    expect(messages.cardAddFailedTitle).toBe("Error adding to cart");
    expect(messages.detailAddFailedTitle).toBe("Oh no! Something went wrong.");
    expect(messages.emptyCart).toEqual({
      title: "Your cart is empty",
      description: "Add some products to your cart before checking out.",
    });
    expect(messages.checkoutFailed).toEqual({
      title: "Checkout Error",
      description: "There was a problem initializing checkout. Please try again.",
    });
  });

  it("names the checkout limits in the limit messages", () => {
    expect(messages.lineLimitReached("Resin (10 g)")).toContain("at most 20 of Resin (10 g)");
    expect(messages.cartLinesLimitReached).toContain("at most 50 different items");
    expect(messages.lineAtLimit).toBe("That is the most one order can hold (20).");
  });
});
