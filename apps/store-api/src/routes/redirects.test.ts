import { describe, expect, it } from "vitest";
import { allowedRedirect } from "./redirects.ts";

const shop = new Set(["http://localhost:3000", "https://shop.example"]);

describe("redirect URLs", () => {
  it("accepts URLs on the shop's origins in their normal form", () => {
    expect(allowedRedirect("http://localhost:3000/success", shop)).toBe("http://localhost:3000/success");
    expect(allowedRedirect("https://shop.example/product/x?y=1#z", shop)).toBe("https://shop.example/product/x?y=1#z");
  });

  it("refuses what does not round-trip: non-ASCII, look-alike letters, control characters", () => {
    for (const value of [
      "http://localhost:3000/€",
      "http://ⓛocalhost:3000/",
      "http://localhost:3000/a\r\nSet-Cookie: x=1",
      "http://localhost:3000/a\u0000b",
      "http://LOCALHOST:3000/",
      "http://localhost:3000",
      " http://localhost:3000/",
    ]) {
      expect(allowedRedirect(value, shop), JSON.stringify(value)).toBeUndefined();
    }
  });

  it("refuses other origins, other schemes and credentials", () => {
    for (const value of [
      "https://evil.example/",
      "http://localhost:3001/",
      "javascript:alert(1)",
      "http://user:pass@localhost:3000/",
      "http://user@localhost:3000/",
      "http://:pass@localhost:3000/",
      "//evil.example/",
      "/success",
    ]) {
      expect(allowedRedirect(value, shop), value).toBeUndefined();
    }
  });

  it("sends shoppers back over http or https only, even to an allowed origin of another scheme", () => {
    expect(allowedRedirect("ws://shop.example/", new Set(["ws://shop.example"]))).toBeUndefined();
    expect(allowedRedirect("ftp://shop.example/", new Set(["ftp://shop.example"]))).toBeUndefined();
  });
});
