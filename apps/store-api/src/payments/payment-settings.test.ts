import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cybersourceSettings } from "./cybersource-settings.ts";
import { esewaSettings } from "./esewa-settings.ts";
import { khaltiSettings } from "./khalti-settings.ts";
import { paymentEnvironment, paymentSettingsOf, requiredSettingsOf } from "./payment-settings.ts";
import { paymentMethodNames } from "./registry.ts";
import { stripeSettings } from "./stripe-settings.ts";

const schema = z.object(paymentEnvironment);

describe("the payment settings together", () => {
  it("read every provider's keys, and only theirs", () => {
    expect(Object.keys(paymentEnvironment)).toEqual([
      ...Object.keys(stripeSettings.environment),
      ...Object.keys(khaltiSettings.environment),
      ...Object.keys(esewaSettings.environment),
      ...Object.keys(cybersourceSettings.environment),
    ]);
  });

  it("ask each method for its own required keys, and none of the sandbox card, cash on delivery or an unknown name", () => {
    expect(paymentMethodNames.map((method) => [method, requiredSettingsOf(method)])).toEqual([
      ["sandbox", []],
      ["cod", []],
      ["stripe", stripeSettings.required],
      ["khalti", khaltiSettings.required],
      ["esewa", esewaSettings.required],
      ["cybersource", cybersourceSettings.required],
    ]);
    expect(requiredSettingsOf("paypal")).toEqual([]);
    expect(requiredSettingsOf("toString")).toEqual([]);
  });

  it("hold the settings of the providers whose keys are complete, and nothing for the others", () => {
    expect(Object.keys(paymentSettingsOf(schema.parse({})))).toEqual([]);
    const settings = paymentSettingsOf(
      schema.parse({ KHALTI_SECRET_KEY: "live_secret_key_0000", ESEWA_PRODUCT_CODE: "EPAYTEST" }),
    );
    expect(Object.keys(settings)).toEqual(["khalti"]);
  });
});
