import { describe, expect, it } from "vitest";
import { z } from "zod";
import { esewaSettings } from "./esewa-settings.ts";

const schema = z.object(esewaSettings.environment);

describe("eSewa's settings", () => {
  it("need the product code and the secret key", () => {
    expect(esewaSettings.required).toEqual(["ESEWA_PRODUCT_CODE", "ESEWA_SECRET_KEY"]);
    expect(esewaSettings.settingsOf(schema.parse({ ESEWA_SECRET_KEY: "8gBm/:&EnhH.1/q" }))).toBeUndefined();
    expect(esewaSettings.settingsOf(schema.parse({ ESEWA_PRODUCT_CODE: "EPAYTEST" }))).toBeUndefined();
  });

  it("talk to eSewa's live ePay unless ESEWA_API_URL names UAT or a fake", () => {
    const keys = { ESEWA_PRODUCT_CODE: "EPAYTEST", ESEWA_SECRET_KEY: "8gBm/:&EnhH.1/q" };
    expect(esewaSettings.settingsOf(schema.parse(keys))).toEqual({
      productCode: "EPAYTEST",
      secretKey: "8gBm/:&EnhH.1/q",
      apiUrl: "https://epay.esewa.com.np",
    });
    expect(
      esewaSettings.settingsOf(schema.parse({ ...keys, ESEWA_API_URL: "https://rc-epay.esewa.com.np" })),
    ).toMatchObject({ apiUrl: "https://rc-epay.esewa.com.np" });
  });

  it("refuse a malformed product code and a short secret key, naming each by its message alone", () => {
    const parsed = schema.safeParse({ ESEWA_PRODUCT_CODE: "EPAY TEST", ESEWA_SECRET_KEY: "secret" });
    const messages = parsed.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(messages).toEqual([
      "ESEWA_PRODUCT_CODE: expected eSewa's product (merchant) code",
      "ESEWA_SECRET_KEY: expected eSewa's secret key",
    ]);
  });
});
