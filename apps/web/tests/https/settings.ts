/** The addresses of the run that tests/https/run.mjs set up: Caddy in front of a fresh store API and storefront. */
export interface HttpsTestSettings {
  /** The shop's origin through Caddy, e.g. https://shop.localhost:8443. */
  shop: string;
  /** The store API's origin through Caddy, e.g. https://api.shop.localhost:8443. */
  api: string;
  /** Caddy's plain-http port, which only redirects. */
  httpPort: number;
  /** Caddy's https port. */
  httpsPort: number;
  /** Caddy's root certificate (PEM), the only one these tests trust. */
  rootCertificate: string;
  /** Chromium's HOME, whose NSS database trusts that root. */
  browserHome: string;
  /** The process of the storefront's second copy behind Caddy, which a test stops. */
  secondWebPid: number;
  /** Each copy's own plain address behind Caddy (store APIs, storefronts), and the outbox they share. */
  copies: { apis: string[]; webs: string[]; outbox: string };
  /** The run's PostgreSQL database, which both store APIs use. */
  databaseUrl: string;
}

function required(name: string): string {
  const value = process.env[name];
  if (value === undefined || value === "") {
    throw new Error(`${name} is not set: run the HTTPS test with \`npm test -- https\` (apps/web/tests/https/run.mjs)`);
  }
  return value;
}

export function httpsTestSettings(): HttpsTestSettings {
  const shop = required("HERBO_HTTPS_SHOP");
  return {
    shop,
    api: required("HERBO_HTTPS_API"),
    httpPort: Number(required("HERBO_HTTPS_HTTP_PORT")),
    httpsPort: Number(new URL(shop).port),
    rootCertificate: required("HERBO_HTTPS_CA"),
    browserHome: required("HERBO_HTTPS_BROWSER_HOME"),
    secondWebPid: Number(required("HERBO_HTTPS_SECOND_WEB_PID")),
    copies: JSON.parse(required("HERBO_HTTPS_COPIES")) as HttpsTestSettings["copies"],
    databaseUrl: required("HERBO_HTTPS_DATABASE_URL"),
  };
}
