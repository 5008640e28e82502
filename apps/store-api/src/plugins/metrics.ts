import type { FastifyPluginAsync } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { bearerTokenMatches } from "@herbo/hosted-api/bearer-token";
import type { StoreMetrics } from "../metrics/store-metrics.ts";

export interface MetricsPluginOptions {
  metrics: StoreMetrics;
  /** The scraper's bearer token; undefined: no /metrics route, so it answers 404 like any unknown path. */
  token: string | undefined;
}

/**
 * Counts and times every answer by its route pattern, and serves the Prometheus text format at
 * GET /metrics to a scraper holding METRICS_TOKEN. Never public: no token, no route.
 */
const metricsPlugin: FastifyPluginAsync<MetricsPluginOptions> = async (app, options) => {
  const { metrics, token } = options;
  app.addHook("onResponse", async (request, reply) => {
    metrics.observeRequest({
      method: request.method,
      route: request.routeOptions.url,
      statusCode: reply.statusCode,
      seconds: reply.elapsedTime / 1_000,
    });
  });
  if (token === undefined) return;
  app.get("/metrics", async (request, reply) => {
    reply.header("cache-control", "no-store");
    if (!bearerTokenMatches(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header("www-authenticate", 'Bearer realm="metrics"')
        .type("text/plain; charset=utf-8")
        .send("Unauthorized\n");
    }
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });
};

export default fastifyPlugin(metricsPlugin, { name: "metrics", fastify: "5.x" });
