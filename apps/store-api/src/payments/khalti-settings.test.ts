import { describe, expect, it } from "vitest";
import { z } from "zod";
import { khaltiSettings } from "./khalti-settings.ts";

const schema = z.object(khaltiSettings.environment);

describe("Khalti's settings", () => {
  it("need the live secret key", () => {
    expect(khaltiSettings.required).toEqual(["KHALTI_SECRET_KEY"]);
    expect(khaltiSettings.settingsOf(schema.parse({}))).toBeUndefined();
  });

  it("talk to khalti.com unless KHALTI_API_URL names its sandbox or a fake", () => {
    expect(khaltiSettings.settingsOf(schema.parse({ KHALTI_SECRET_KEY: "live_secret_key_0000" }))).toEqual({
      secretKey: "live_secret_key_0000",
      apiUrl: "https://khalti.com",
    });
    expect(
      khaltiSettings.settingsOf(
        schema.parse({ KHALTI_SECRET_KEY: "live_secret_key_0000", KHALTI_API_URL: "https://dev.khalti.com" }),
      ),
    ).toMatchObject({ apiUrl: "https://dev.khalti.com" });
  });

  it("refuse a key too short to be Khalti's, by its message alone, and an origin that is no URL", () => {
    const parsed = schema.safeParse({ KHALTI_SECRET_KEY: "short" });
    expect(parsed.success).toBe(false);
    const messages = parsed.error?.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    expect(messages).toEqual(["KHALTI_SECRET_KEY: expected Khalti's live secret key"]);
    expect(schema.safeParse({ KHALTI_API_URL: "khalti.com" }).success).toBe(false);
  });
});
