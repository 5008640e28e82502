import { z } from "zod";
import { describeProviderSettings } from "./provider-settings.ts";

export interface EsewaSettings {
  productCode: string;
  secretKey: string;
  /** eSewa's ePay origin: https://epay.esewa.com.np in production, https://rc-epay.esewa.com.np for UAT, or a fake. */
  apiUrl: string;
}

/** eSewa's merchant code and secret key (never shown on a page or in a log) and its ePay origin. */
export const esewaSettings = describeProviderSettings({
  environment: {
    ESEWA_PRODUCT_CODE: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, "expected eSewa's product (merchant) code")
      .optional(),
    ESEWA_SECRET_KEY: z.string().min(8, "expected eSewa's secret key").optional(),
    ESEWA_API_URL: z.url({ protocol: /^https?$/ }).default("https://epay.esewa.com.np"),
  },
  required: ["ESEWA_PRODUCT_CODE", "ESEWA_SECRET_KEY"],
  settingsOf(values): EsewaSettings | undefined {
    if (values.ESEWA_PRODUCT_CODE === undefined || values.ESEWA_SECRET_KEY === undefined) return undefined;
    return { productCode: values.ESEWA_PRODUCT_CODE, secretKey: values.ESEWA_SECRET_KEY, apiUrl: values.ESEWA_API_URL };
  },
});
