import { isIP } from "node:net";

/**
 * Which proxies may tell the store API a client's address (`X-Forwarded-For`), as Fastify's
 * `trustProxy` takes it: nobody (false), the nearest N hops, or proxies at these addresses.
 */
export type TrustProxy = false | number | string;

const maxHops = 10;

/**
 * Reads TRUST_PROXY: "false"/"0" (the default: the socket's address counts), a number of proxy hops
 * ("1" for one load balancer), or a comma-separated list of proxy addresses and CIDR ranges. "true"
 * is refused: trusting every hop lets any client write its own address and walk past the rate limits.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | { error: string } {
  const text = (value ?? "").trim();
  if (text === "" || text === "false" || text === "0") return false;
  if (text === "true") {
    return {
      error:
        "TRUST_PROXY=true would trust an address any client can write; set the number of proxies in front " +
        'of the API (for example "1") or their addresses ("10.0.0.0/8")',
    };
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > maxHops) return { error: `TRUST_PROXY: at most ${maxHops} proxy hops` };
    return hops;
  }
  const entries = text.split(",").map((entry) => entry.trim());
  for (const entry of entries) {
    if (!isAddressOrRange(entry)) {
      return { error: `TRUST_PROXY: "${entry}" is neither a number of hops nor an IP address or CIDR range` };
    }
  }
  return entries.join(",");
}

function isAddressOrRange(entry: string): boolean {
  const [address = "", prefix, ...rest] = entry.split("/");
  if (rest.length > 0) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Whether a listening address means every interface: 0.0.0.0, or :: however it is written. */
export function isEveryInterface(host: string): boolean {
  const address = host.trim().replace(/^\[(.*)\]$/, "$1");
  if (address === "0.0.0.0") return true;
  if (isIP(address) !== 6) return false;
  return new URL(`http://[${address}]`).hostname === "[::]";
}

/**
 * The start-up warning for a hop count on an API that listens on every interface: whoever reaches the port
 * directly, past the proxies, writes the address the rate limits count. Undefined when the setting is safe
 * (no proxy trusted, proxies named by address, or one interface only).
 */
export function trustProxyWarning(trustProxy: TrustProxy, host: string): string | undefined {
  if (typeof trustProxy !== "number" || !isEveryInterface(host)) return undefined;
  return (
    `TRUST_PROXY=${trustProxy} trusts ${trustProxy === 1 ? "one proxy hop" : `${trustProxy} proxy hops`} while the store API listens on every interface ` +
    `(STORE_API_HOST=${host}): anyone who reaches its port without passing the proxies can write their own address ` +
    "in X-Forwarded-For and walk past the rate limits. Let a firewall open the port to the proxies only, or set " +
    "TRUST_PROXY to the proxies' address ranges (for example TRUST_PROXY=10.0.0.0/8)."
  );
}
