import { describe, expect, it } from "vitest";
import { emailKindLabel, emailTone, fulfilmentTone, paymentMethodLabel, paymentTone } from "./labels.ts";

describe("labels", () => {
  it("names payment methods and email kinds", () => {
    expect(paymentMethodLabel("cod")).toBe("Cash on delivery");
    expect(paymentMethodLabel("card")).toBe("Card");
    expect(paymentMethodLabel("khalti")).toBe("khalti");
    expect(emailKindLabel("order_shipped")).toBe("Order shipped");
  });

  it("colours what needs the owner's attention", () => {
    expect(paymentTone("cod_due")).toBe("warn");
    expect(paymentTone("paid")).toBe("good");
    expect(fulfilmentTone("unfulfilled")).toBe("warn");
    expect(fulfilmentTone("cancelled")).toBe("bad");
    expect(emailTone("failed")).toBe("bad");
    expect(emailTone("retrying")).toBe("warn");
  });
});
