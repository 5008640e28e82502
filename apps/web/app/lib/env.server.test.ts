import { describe, expect, it } from "vitest";
import { publicEnvironment, serverEnvironment } from "./env.server";

describe("the storefront's addresses", () => {
  it("follow PORT and STORE_API_PORT alone: pages link to the shop's port and call the API on its own", () => {
    const environment = serverEnvironment({ PORT: "3303", STORE_API_PORT: "4303" });
    expect(environment).toMatchObject({
      siteUrl: "http://localhost:3303",
      storeApiUrl: "http://localhost:4303",
      publicStoreApiUrl: "http://localhost:4303",
    });
    expect(publicEnvironment(environment).storeApiUrl).toBe("http://localhost:4303");
  });

  it("are the set ones when set, and the default ports' with nothing set", () => {
    expect(
      serverEnvironment({
        PORT: "3303",
        SITE_URL: "https://shop.example/",
        STORE_API_URL: "http://127.0.0.1:4000",
        PUBLIC_STORE_API_URL: "https://api.shop.example",
      }),
    ).toMatchObject({
      siteUrl: "https://shop.example",
      storeApiUrl: "http://127.0.0.1:4000",
      publicStoreApiUrl: "https://api.shop.example",
    });
    expect(serverEnvironment({})).toMatchObject({
      siteUrl: "http://localhost:3000",
      storeApiUrl: "http://localhost:4000",
      chatPhone: "9779800000000",
    });
    expect(() => serverEnvironment({ STORE_API_PORT: "api" })).toThrow(/STORE_API_PORT/);
  });
});
