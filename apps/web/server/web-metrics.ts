import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

/**
 * What a request was, for the metrics: never its path. `page` is an HTML document (prerendered or
 * rendered), `asset` a built file, `data` a client navigation's loader request (`….data`), `other` the
 * rest (redirects, refused methods, /metrics).
 */
export type RouteKind = "page" | "asset" | "data" | "other";

export interface WebMetrics {
  registry: Registry;
  observeRequest(kind: RouteKind, method: string | undefined, statusCode: number, seconds: number): void;
  /** A page answered from the cache (`hit`), or by a render this request started (`miss`). */
  countPageCache(outcome: "hit" | "miss"): void;
  /** A 503 because every render slot and queue place was taken. */
  countBusy(): void;
}

/** The render queue as the metrics read it on each scrape. */
export interface RenderQueueDepth {
  readonly running: number;
  readonly queued: number;
}

const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The kind of a request the build answered from a file: an HTML page, or an asset. */
export function staticKind(contentType: string): RouteKind {
  return contentType.startsWith("text/html") ? "page" : "asset";
}

/** The kind of a request React Router renders: a loader data request (`.data`), or a page. */
export function renderedKind(pathname: string): RouteKind {
  return pathname.endsWith(".data") ? "data" : "page";
}

function queueGauges(registry: Registry, queue: RenderQueueDepth): void {
  new Gauge({
    name: "herbo_web_render_queue_waiting",
    help: "Server renders waiting for a render slot",
    registers: [registry],
    collect() {
      this.set(queue.queued);
    },
  });
  new Gauge({
    name: "herbo_web_renders_running",
    help: "Server renders running now",
    registers: [registry],
    collect() {
      this.set(queue.running);
    },
  });
}

/** The web server's metrics, in a registry of its own (one per server, so tests can build many). */
export function createWebMetrics(queue: RenderQueueDepth): WebMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ["kind", "method", "status_class"] as const;
  const requests = new Counter({
    name: "herbo_web_http_requests_total",
    help: "Requests answered, by route kind (page, asset, data, other), method and status class",
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "herbo_web_http_request_duration_seconds",
    help: "Time to answer a request, by route kind, method and status class",
    labelNames,
    buckets: durationBuckets,
    registers: [registry],
  });
  const pageCache = new Counter({
    name: "herbo_web_page_cache_lookups_total",
    help: "Rendered answers taken from the page cache (hit) or rendered for the request (miss)",
    labelNames: ["outcome"] as const,
    registers: [registry],
  });
  const busy = new Counter({
    name: "herbo_web_render_busy_responses_total",
    help: "503 answers given because every render slot and queue place was taken",
    registers: [registry],
  });
  queueGauges(registry, queue);
  return {
    registry,
    observeRequest(kind, method, statusCode, seconds) {
      const labels = {
        kind,
        method: method === "GET" || method === "HEAD" ? method : "other",
        status_class: `${Math.floor(statusCode / 100)}xx`,
      };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    countPageCache: (outcome) => pageCache.inc({ outcome }),
    countBusy: () => busy.inc(),
  };
}
