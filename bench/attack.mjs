// The cache-busting attack of `npm run bench`, in its own process so that its 100 connections do not slow
// the measuring client's event loop: argv is the shop's URL and the duration in seconds; the autocannon
// summary goes back to the parent over IPC.
import autocannon from "autocannon";

const [url, seconds] = process.argv.slice(2);
let serial = 0;
const unique = () => `${(serial += 1)}-${Math.random().toString(36).slice(2, 10)}`;
const requests = [
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
];
const result = await autocannon({ url, connections: 100, duration: Number(seconds), requests });
process.send({
  rps: result.requests.average,
  p50: result.latency.p50,
  p99: result.latency.p99,
  max: result.latency.max,
  statuses: result.statusCodeStats,
  errors: result.errors + result.timeouts,
});
