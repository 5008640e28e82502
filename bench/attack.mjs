// The attacks of `npm run bench`, each in its own process so that its connections do not slow the measuring
// client's event loop. argv: the attack's name, the URL it targets and its duration in seconds; the
// autocannon summary goes back to the parent over IPC.
// - cache-busting: 100 connections of requests no page cache can answer;
// - sign-in: 40 connections signing in to the back office with unknown emails, each from its own address
//   (X-Forwarded-For, believed from this machine), so no per-address limit applies.
import autocannon from "autocannon";

const [name, url, seconds] = process.argv.slice(2);
let serial = 0;
const unique = () => `${(serial += 1)}-${Math.random().toString(36).slice(2, 10)}`;
/** 10.x.y.z from the serial number: a new client address for every request. */
const address = () => {
  serial += 1;
  return `10.${(serial >> 16) & 255}.${(serial >> 8) & 255}.${serial & 255}`;
};

const attacks = {
  "cache-busting": {
    connections: 100,
    requests: [
      { setupRequest: (request) => ({ ...request, method: "GET", path: `/store?r=${unique()}` }) },
      { setupRequest: (request) => ({ ...request, method: "GET", path: `/product/prod_${unique()}` }) },
      { setupRequest: (request) => ({ ...request, method: "GET", path: `/no-such-page-${unique()}` }) },
      {
        setupRequest: (request) => ({
          ...request,
          method: "POST",
          path: "/store",
          body: "r=1",
          headers: { "content-type": "application/x-www-form-urlencoded" },
        }),
      },
    ],
  },
  "sign-in": {
    connections: 40,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          method: "POST",
          path: "/admin/api/session",
          body: JSON.stringify({ email: `nobody-${unique()}@example.com`, password: "not anyone's password at all" }),
          headers: { "content-type": "application/json", origin: new URL(url).origin, "x-forwarded-for": address() },
        }),
      },
    ],
  },
};

const attack = attacks[name];
if (attack === undefined) throw new Error(`No attack named ${name}`);
const result = await autocannon({
  url,
  connections: attack.connections,
  duration: Number(seconds),
  requests: attack.requests,
});
process.send({
  rps: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  max: result.latency.max,
  statuses: result.statusCodeStats,
  errors: result.errors + result.timeouts,
});
