import { describe, expect, it } from "vitest";
import { isEveryInterface, parseTrustProxy, trustProxyWarning } from "./trust-proxy.ts";

describe("TRUST_PROXY", () => {
  it("trusts nobody by default and for false or 0", () => {
    for (const value of [undefined, "", "false", "0", " 0 "]) expect(parseTrustProxy(value)).toBe(false);
  });

  it("takes a number of hops, up to 10", () => {
    expect(parseTrustProxy("1")).toBe(1);
    expect(parseTrustProxy("2")).toBe(2);
    expect(parseTrustProxy("10")).toBe(10);
    expect(parseTrustProxy("11")).toEqual({ error: "TRUST_PROXY: at most 10 proxy hops" });
  });

  it("takes proxy addresses and CIDR ranges, IPv4 and IPv6", () => {
    expect(parseTrustProxy("10.0.0.0/8, 192.168.1.7,fd00::/8")).toBe("10.0.0.0/8,192.168.1.7,fd00::/8");
    expect(parseTrustProxy("127.0.0.1/32")).toBe("127.0.0.1/32");
    expect(parseTrustProxy("::1/128")).toBe("::1/128");
  });

  it("refuses true, which would let any client choose its address", () => {
    expect(parseTrustProxy("true")).toMatchObject({ error: expect.stringContaining("TRUST_PROXY=true") });
  });

  it("refuses what is neither hops nor addresses", () => {
    for (const value of ["yes", "10.0.0.0/33", "::1/129", "10.0.0.1/8/8", "1.2.3", "-1", "1.5", "10.0.0.0/x", ","]) {
      expect(parseTrustProxy(value), value).toHaveProperty("error");
    }
  });
});

describe("the start-up warning about TRUST_PROXY hops", () => {
  it("knows the addresses that mean every interface", () => {
    for (const host of ["0.0.0.0", "::", "[::]", "::0", "0:0:0:0:0:0:0:0", " 0.0.0.0 "]) {
      expect(isEveryInterface(host), host).toBe(true);
    }
    for (const host of ["127.0.0.1", "::1", "10.0.0.5", "fd00::5", "localhost", "api.internal", ""]) {
      expect(isEveryInterface(host), host).toBe(false);
    }
  });

  it("warns for a hop count on every interface, saying what makes it safe", () => {
    const warning = trustProxyWarning(1, "0.0.0.0");
    expect(warning).toContain("TRUST_PROXY=1 trusts one proxy hop while the store API listens on every interface");
    expect(warning).toContain("STORE_API_HOST=0.0.0.0");
    expect(warning).toContain("firewall");
    expect(warning).toContain("TRUST_PROXY=10.0.0.0/8");
    expect(trustProxyWarning(2, "::")).toContain("TRUST_PROXY=2 trusts 2 proxy hops");
  });

  it("stays quiet when no proxy is trusted, when proxies are named by address, or on one interface", () => {
    expect(trustProxyWarning(false, "0.0.0.0")).toBeUndefined();
    expect(trustProxyWarning("10.0.0.0/8", "0.0.0.0")).toBeUndefined();
    expect(trustProxyWarning("10.0.0.0/8,fd00::/8", "::")).toBeUndefined();
    expect(trustProxyWarning(1, "127.0.0.1")).toBeUndefined();
    expect(trustProxyWarning(1, "10.0.0.5")).toBeUndefined();
  });
});
