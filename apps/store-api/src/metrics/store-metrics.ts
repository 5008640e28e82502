import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/connection.ts";
import { lowStockThreshold } from "../stock/low-stock.ts";
import {
  lowStockVariants,
  openProviderPayments,
  ordersByPaymentMethod,
  outboxBacklog,
  paymentAttemptsByOutcome,
} from "./shop-figures.ts";

/** One request as the metrics see it: a route pattern, never the URL a client sent. */
export interface ObservedRequest {
  method: string;
  /** Fastify's route pattern (`/store/:storeId/products/:id`), or undefined when no route matched. */
  route: string | undefined;
  statusCode: number;
  seconds: number;
}

export interface StoreMetrics {
  registry: Registry;
  observeRequest(request: ObservedRequest): void;
}

const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** Every request no route matched shares this one label, so made-up paths add no series. */
export const unmatchedRoute = "unmatched";
const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Labels of a request: a known method, the route pattern, and the status class ("2xx"). */
export function requestLabels(request: Pick<ObservedRequest, "method" | "route" | "statusCode">) {
  return {
    method: knownMethods.has(request.method) ? request.method : "other",
    route: request.route ?? unmatchedRoute,
    status_class: `${Math.floor(request.statusCode / 100)}xx`,
  };
}

/** Gauges read from the database on each scrape (metrics/shop-figures.ts). */
function registerShopGauges(registry: Registry, db: Database, now: () => Date): void {
  const registers = [registry];
  new Gauge({
    name: "herbo_store_orders_placed",
    help: "Orders in the database, by payment method (PAYMENT_METHODS name); read on scrape",
    labelNames: ["payment_method"],
    registers,
    async collect() {
      this.reset();
      for (const row of await ordersByPaymentMethod(db)) this.set({ payment_method: row.method }, row.orders);
    },
  });
  new Gauge({
    name: "herbo_store_payment_attempts",
    help: "Payment attempts at providers, by provider and outcome (status); read on scrape",
    labelNames: ["provider", "status"],
    registers,
    async collect() {
      this.reset();
      for (const row of await paymentAttemptsByOutcome(db)) {
        this.set({ provider: row.provider, status: row.status }, row.attempts);
      }
    },
  });
  new Gauge({
    name: "herbo_store_outbox_unsent_messages",
    help: "Emails in the outbox not sent yet (queued or waiting for a retry)",
    registers,
    async collect() {
      this.set((await outboxBacklog(db, now())).unsent);
    },
  });
  new Gauge({
    name: "herbo_store_outbox_oldest_unsent_age_seconds",
    help: "Age of the oldest email not sent yet, from when it was queued; 0 when none waits",
    registers,
    async collect() {
      this.set((await outboxBacklog(db, now())).oldestAgeSeconds);
    },
  });
  new Gauge({
    name: "herbo_store_provider_payments_open",
    help: "Payment attempts open at a provider, waiting for its final answer (pending or superseded)",
    registers,
    async collect() {
      this.set((await openProviderPayments(db, now())).open);
    },
  });
  new Gauge({
    name: "herbo_store_provider_payment_oldest_open_age_seconds",
    help: "Reconciliation lag: age of the oldest payment attempt still open at a provider, from its start; 0 when none",
    registers,
    async collect() {
      this.set((await openProviderPayments(db, now())).oldestAgeSeconds);
    },
  });
  new Gauge({
    name: "herbo_store_low_stock_variants",
    help: `Counted variants with ${lowStockThreshold} or fewer units available (the back office overview's low-stock rule)`,
    registers,
    async collect() {
      this.set(await lowStockVariants(db));
    },
  });
}

/** The store API's metrics, in a registry of their own, so each app (and each test's app) has its own. */
export function createStoreMetrics(db: Database, now: () => Date): StoreMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ["method", "route", "status_class"] as const;
  const requests = new Counter({
    name: "herbo_store_http_requests_total",
    help: "Requests answered, by method, route pattern and status class",
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: "herbo_store_http_request_duration_seconds",
    help: "Time to answer a request, by method, route pattern and status class",
    labelNames,
    buckets: durationBuckets,
    registers: [registry],
  });
  registerShopGauges(registry, db, now);
  return {
    registry,
    observeRequest(request) {
      const labels = requestLabels(request);
      requests.inc(labels);
      durations.observe(labels, request.seconds);
    },
  };
}
