import type http from "node:http";
import { releaseExpiredSessions } from "./checkout/sessions.ts";
import { renderClosedPage } from "./hosted-checkout/page.ts";
import { expireUnconfirmedOrders } from "./orders/unconfirmed-orders.ts";
import cors from "@fastify/cors";
import formbody from "@fastify/formbody";
import Fastify, { type FastifyHttpOptions, type FastifyInstance, type FastifyServerOptions } from "fastify";
import { ResponseCache } from "./catalog/response-cache.ts";
import { changeStreamRoutes } from "./routes/change-stream.ts";
import { seedImagesFolder } from "./catalog/seed.ts";
import type { StoreApiConfig } from "./config.ts";
import type { Database } from "./db/connection.ts";
import { zodSerializerCompiler, zodValidatorCompiler } from "./http/zod-schemas.ts";
import errorAnswers, { answerConnectionError, routerErrors } from "./plugins/error-answers.ts";
import expirySweeper, { type SweepReport } from "./plugins/expiry-sweeper.ts";
import outboxWorker, { type OutboxWorkerPluginOptions } from "./plugins/outbox-plugin.ts";
import securityHeaders from "./plugins/security-headers.ts";
import storeScope from "./plugins/store-scope.ts";
import { checkDatabase } from "./db/health.ts";
import type { ChangeFeed, ChangeFeedLog, ChangeKind } from "./db/change-feed.ts";
import { withPrivateLogs } from "./log-redaction.ts";
import { createStoreMetrics } from "./metrics/store-metrics.ts";
import metricsPlugin from "./plugins/metrics.ts";
import { requestIdOf } from "@herbo/hosted-api/request-id";
import { databaseRequestLimit } from "./request-counters.ts";
import { refuseUnservedMethods, requestTimeoutOptions } from "./request-limits.ts";
import { catalogRoutes } from "./routes/catalog.ts";
import { shippingRateRoutes } from "./routes/shipping-rates.ts";
import { resumeRefunds } from "./payments/refund-sending.ts";
import { createProviders, defaultPaymentMethods } from "./payments/registry.ts";
import { reconcilePayments, type ReconcileReport } from "./payments/reconcile.ts";
import type { PaymentServices } from "./payments/settle.ts";
import paymentReconciler from "./plugins/payment-reconciler.ts";
import { paymentWebhookRoutes } from "./routes/payment-webhooks.ts";
import { checkoutApiRoutes } from "./routes/checkout-api.ts";
import { checkoutAssetRoutes } from "./routes/checkout-assets.ts";
import { healthRoute } from "./routes/health-routes.ts";
import { imageRoutes } from "./routes/images.ts";
import { mediaRoutes } from "./routes/media.ts";
import { folderMediaStore, type MediaStore } from "./media/media-store.ts";
import { bucketMediaStore } from "./media/bucket-media-store.ts";
import { orderPageRoutes } from "./routes/order-page-routes.ts";
import { orderReceiptRoutes } from "./routes/order-receipt.ts";
import { checkoutPageRoutes } from "./routes/checkout-page-routes.ts";
import { reminderRoutes } from "./routes/reminder-routes.ts";
import { sendDueReminders } from "./reminders/checkout-reminders.ts";
import { sendDueReviewRequests } from "./reviews/review-requests.ts";
import { reviewRoutes } from "./routes/review-routes.ts";
import type { ScryptParameters } from "./admin/passwords.ts";
import { defaultPasswordCheckLimits, type PasswordCheckLimits } from "./admin/password-check-gate.ts";
import adminApi from "./plugins/admin-api.ts";
import { adminAppRoutes } from "./routes/admin-app.ts";
import type { BackupService } from "./backup/write-backup.ts";
import backupSchedule, { type RepeatEvery } from "./plugins/backup-schedule.ts";
import { opsRoutes } from "./routes/ops.ts";

export interface AppOptions {
  config: Pick<StoreApiConfig, "publicUrl" | "storeId" | "allowedOrigins" | "reservationMs" | "shopName"> &
    Partial<
      Pick<
        StoreApiConfig,
        | "catalogCacheMs"
        | "checkoutRateLimit"
        | "reminderAfterMs"
        | "reviewRequestAfterMs"
        | "holdMs"
        | "paymentAttemptLimit"
        | "maxUnitsPerAddress"
        | "cashOnDelivery"
        | "trustProxy"
        | "siteUrl"
        | "shopEmail"
        | "seller"
        | "paymentMethods"
        | "headersTimeoutMs"
        | "requestTimeoutMs"
        | "paymentSettings"
        | "passwordChecks"
        | "mediaDir"
        | "mediaBucket"
        | "metricsToken"
        | "chatPhone"
      >
    >;
  db: Database;
  /** The clock; tests move it to expire reservations. */
  now?: () => Date;
  logger?: FastifyServerOptions["logger"];
  /** Folder the product images are served from. */
  imagesFolder?: string;
  /** How often expired reservations are returned to stock without anyone visiting them; 0 turns it off. */
  sweepIntervalMs?: number;
  /** Delivers the email outbox in this process; without it, emails wait in the outbox for another copy. */
  outbox?: Omit<OutboxWorkerPluginOptions, "db" | "now">;
  /**
   * The back office: where its built files are (default apps/admin/dist); for tests, a lower scrypt cost,
   * other password check limits than config.passwordChecks, and a hook run before each password check.
   */
  admin?: {
    folder?: string;
    passwordParameters?: ScryptParameters;
    passwordChecks?: PasswordCheckLimits;
    beforePasswordCheck?: () => Promise<void>;
  };
  /**
   * Tells the other copies over the same PostgreSQL database of changes, and hears theirs (db/change-feed.ts):
   * given the function that drops this copy's cached answers, it gives the feed. None with PGlite, one process.
   */
  changeFeed?: (onChange: (kind: ChangeKind) => void, log: ChangeFeedLog) => Promise<ChangeFeed>;
  /** How often payments still open at a provider are asked about (payments/reconcile.ts); 0 turns it off. */
  reconcileIntervalMs?: number;
  /**
   * Backups of the embedded database (PGlite only): the schedule (every intervalMs; 0: off; `every` is the
   * timer, for tests) and POST /ops/backup for the holder of the ops token.
   */
  backups?: { service: BackupService; opsToken: string; intervalMs: number; every?: RepeatEvery };
}

declare module "fastify" {
  interface FastifyInstance {
    /**
     * One reconciliation pass now (the job runs it on its interval): open provider payments and money owed
     * back; `everyPending` as after a restart, which also sends refunds a stopped process left unsent.
     */
    reconcilePayments(everyPending: boolean): Promise<ReconcileReport>;
    /** One sweep now (the sweeper runs it on its interval): checkouts whose hold ended, orders never confirmed. */
    sweepExpired(): Promise<SweepReport>;
  }
}

/** A refund left requested this long is taken for one whose process stopped, and sent again. */
const refundResumeAfterMs = 2 * 60_000;

/** When a payment the shopper was sent to make is first asked about, if neither return nor webhook came. */
const firstPaymentCheckMs = 2 * 60_000;

/** Largest JSON or form body accepted; a cart of 50 lines is far below it. */
export const bodyLimitBytes = 64 * 1024;
/** Request line and headers: room for a long `ids[]` list, which validation then refuses with a JSON error. */
export const maxHeaderBytes = 128 * 1024;

/** The store API: catalogue, checkout and the hosted payment page over one database. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const now = options.now ?? (() => new Date());
  const timeouts = requestTimeoutOptions(config);
  const trustProxy = config.trustProxy ?? false;
  const serverOptions: FastifyHttpOptions<http.Server> = {
    logger: withPrivateLogs(options.logger),
    bodyLimit: bodyLimitBytes,
    requestTimeout: timeouts.requestTimeout,
    http: { maxHeaderSize: maxHeaderBytes, ...timeouts.http },
    clientErrorHandler: answerConnectionError,
    // N hops: the socket and the next N-1 forwarded addresses are proxies; the one before them is the client.
    trustProxy: typeof trustProxy === "number" ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    frameworkErrors: routerErrors,
    // Closing (SIGTERM, see shutdown.ts): idle keep-alive connections end at once, and a request arriving on
    // a busy one is answered 503 with Connection: close instead of starting work the process cannot finish.
    forceCloseConnections: "idle",
    return503OnClosing: true,
    // Our 404 for a store id must not depend on how the router treats trailing slashes.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // The caller's X-Request-Id when it is a safe one (the web server's), so log lines of one page share it.
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers["x-request-id"]),
  };
  const app = Fastify(serverOptions);
  app.addHook("onRequest", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);

  const allowedOrigins = new Set(config.allowedOrigins);
  const shopCors = {
    origin: (origin: string | undefined, callback: (error: Error | null, allow: boolean) => void) =>
      callback(null, origin !== undefined && allowedOrigins.has(origin)),
    methods: ["GET", "POST"],
    allowedHeaders: ["Content-Type"],
    maxAge: 600,
  };
  // Only the catalogue and checkout (/store/…) answer the shop's pages; the back office and the rest never do.
  await app.register(cors, {
    delegator: (request, callback) => callback(null, request.url.startsWith("/store/") ? shopCors : { origin: false }),
  });
  await app.register(formbody, { bodyLimit: bodyLimitBytes });
  await app.register(securityHeaders, { https: config.publicUrl.startsWith("https://") });
  const frame = { shopName: config.shopName, siteUrl: config.siteUrl ?? config.allowedOrigins[0] ?? config.publicUrl };
  await app.register(errorAnswers, {
    htmlErrorPage: (message) =>
      renderClosedPage(frame, "Something went wrong", message, { href: frame.siteUrl, label: "Return to the shop" }),
  });
  await app.register(metricsPlugin, { metrics: createStoreMetrics(db, now), token: config.metricsToken });
  await app.register(storeScope, { storeId: config.storeId });
  // Methods no route serves are refused before routing, so none reaches a handler or the error log.
  app.addHook("onRequest", refuseUnservedMethods);

  const catalogCache = new ResponseCache(config.catalogCacheMs ?? 1_000);
  // The storefronts listening on /ops/changes, told of the owner's changes made through any copy.
  const pageListeners = new Set<() => void>();
  const tellStorefronts = () => {
    for (const listener of pageListeners) listener();
  };
  const feed =
    options.changeFeed === undefined
      ? undefined
      : await options.changeFeed((kind) => {
          catalogCache.invalidate();
          if (kind === "catalog") tellStorefronts();
        }, app.log);
  if (feed !== undefined) app.addHook("onClose", () => feed.close());
  // A change drops this copy's cached answers and tells its storefronts at once, and the other copies do the
  // same as soon as they hear of it.
  const changed = (kind: ChangeKind) => {
    catalogCache.invalidate();
    if (kind === "catalog") tellStorefronts();
    feed?.announce(kind);
  };
  const onStockChange = () => changed("stock");
  const onCatalogChange = () => changed("catalog");
  await app.register(changeStreamRoutes, {
    subscribe(listener) {
      pageListeners.add(listener);
      return () => pageListeners.delete(listener);
    },
  });

  if (options.outbox !== undefined) await app.register(outboxWorker, { ...options.outbox, db, now });

  await app.register(healthRoute, { check: () => checkDatabase(db) });
  await app.register(catalogRoutes, { db, publicUrl: config.publicUrl, cache: catalogCache });
  await app.register(shippingRateRoutes, { db, cache: catalogCache });
  await app.register(orderReceiptRoutes, { db });
  await app.register(checkoutApiRoutes, {
    db,
    now,
    onStockChange,
    publicUrl: config.publicUrl,
    storeId: config.storeId,
    allowedOrigins: config.allowedOrigins,
    holdMs: Math.min(config.holdMs ?? config.reservationMs, config.reservationMs),
    maxUnitsPerAddress: config.maxUnitsPerAddress ?? 0,
    rateLimiter:
      config.checkoutRateLimit === undefined || config.checkoutRateLimit <= 0
        ? undefined
        : databaseRequestLimit(db, { scope: "checkout", max: config.checkoutRateLimit, windowMs: 60_000, now }),
  });
  const onOrderPlaced = () => {
    if (app.hasDecorator("kickOutbox")) app.kickOutbox();
  };
  const providers = createProviders(config.paymentMethods ?? defaultPaymentMethods, config.paymentSettings ?? {}, {
    publicUrl: config.publicUrl,
    shopName: config.shopName,
  });
  const payments: PaymentServices = {
    db,
    now,
    providers: new Map(providers.map((provider) => [provider.id, provider])),
    publicUrl: config.publicUrl,
    shopName: config.shopName,
    shopEmail: config.shopEmail,
    log: app.log,
    onStockChange,
    onOrderPlaced,
    ...(config.cashOnDelivery === undefined ? {} : { cashOnDelivery: config.cashOnDelivery }),
  };
  await app.register(checkoutPageRoutes, {
    db,
    now,
    frame,
    onStockChange,
    publicUrl: config.publicUrl,
    siteUrl: frame.siteUrl,
    allowedOrigins: config.allowedOrigins,
    providers,
    payments,
    firstCheckDelayMs: firstPaymentCheckMs,
    reservationMs: config.reservationMs,
    paymentLimits:
      config.paymentAttemptLimit === undefined || config.paymentAttemptLimit <= 0
        ? undefined
        : {
            perSession: databaseRequestLimit(db, {
              scope: "payment-session",
              max: config.paymentAttemptLimit,
              windowMs: 15 * 60_000,
              now,
            }),
            // Many shoppers share one carrier address: it may try ten checkouts' worth of payments.
            perAddress: databaseRequestLimit(db, {
              scope: "payment-address",
              max: config.paymentAttemptLimit * 10,
              windowMs: 15 * 60_000,
              now,
            }),
          },
  });
  await app.register(paymentWebhookRoutes, { providers, payments });
  // One pass: payments open at providers and money owed back, then refunds a stopped process left unsent.
  const reconcileOnce = async (everyPending: boolean): Promise<ReconcileReport> => {
    const report = await reconcilePayments(payments, { everyPending });
    const resumed = await resumeRefunds(
      { ...payments, onEmailQueued: onOrderPlaced },
      everyPending ? 0 : refundResumeAfterMs,
    );
    return { ...report, resumed };
  };
  await app.register(paymentReconciler, { pass: reconcileOnce, intervalMs: options.reconcileIntervalMs ?? 0 });
  app.decorate("reconcilePayments", reconcileOnce);
  const sweepOnce = async (): Promise<SweepReport> => {
    const at = now();
    const expiredCheckouts = await releaseExpiredSessions(db, at);
    const reminders = await sendDueReminders(
      db,
      {
        afterMs: config.reminderAfterMs ?? 3 * 3_600_000,
        publicUrl: config.publicUrl,
        shopName: config.shopName,
      },
      at,
    );
    const reviewRequests = await sendDueReviewRequests(
      db,
      {
        afterMs: config.reviewRequestAfterMs ?? 10 * 24 * 3_600_000,
        publicUrl: config.publicUrl,
        shopName: config.shopName,
      },
      at,
    );
    const unconfirmedOrders = await expireUnconfirmedOrders(
      payments,
      at,
      config.cashOnDelivery?.confirmWithinMs ?? 48 * 3_600_000,
    );
    if (expiredCheckouts > 0 || unconfirmedOrders > 0) onStockChange();
    // New emails wake the outbox worker.
    if (unconfirmedOrders > 0 || reminders > 0 || reviewRequests > 0) onOrderPlaced();
    return { expiredCheckouts, unconfirmedOrders, reminders, reviewRequests };
  };
  await app.register(expirySweeper, { sweep: sweepOnce, intervalMs: options.sweepIntervalMs ?? 0 });
  app.decorate("sweepExpired", sweepOnce);
  await app.register(reminderRoutes, {
    db,
    now,
    frame,
    holdMs: Math.min(config.holdMs ?? config.reservationMs, config.reservationMs),
    reservationMs: config.reservationMs,
    onStockChange,
  });
  await app.register(reviewRoutes, {
    db,
    now,
    frame,
    publicUrl: config.publicUrl,
    shopName: config.shopName,
    shopEmail: config.shopEmail,
    onEmailQueued: onOrderPlaced,
  });
  await app.register(orderPageRoutes, { db, frame, seller: config.seller ?? { name: config.shopName, address: [] } });
  await app.register(checkoutAssetRoutes);
  await app.register(imageRoutes, { folder: options.imagesFolder ?? seedImagesFolder });
  // Uploaded photos and certificates, in a bucket when one is set, else a folder; with neither, none is uploaded
  // or served.
  const mediaStore: MediaStore | undefined =
    config.mediaBucket !== undefined
      ? bucketMediaStore(config.mediaBucket)
      : config.mediaDir === undefined
        ? undefined
        : folderMediaStore(config.mediaDir);
  await app.register(mediaRoutes, { db, store: mediaStore });
  // The back office: its JSON behind one guard, and its built pages.
  await app.register(adminApi, {
    prefix: "/admin/api",
    db,
    now,
    publicUrl: config.publicUrl,
    shopName: config.shopName,
    ...(config.chatPhone === undefined ? {} : { chatPhone: config.chatPhone }),
    onCatalogChange,
    onEmailQueued: () => {
      if (app.hasDecorator("kickOutbox")) app.kickOutbox();
    },
    payments,
    mediaStore,
    ...(options.admin?.passwordParameters === undefined
      ? {}
      : { passwordParameters: options.admin.passwordParameters }),
    passwordChecks: options.admin?.passwordChecks ?? config.passwordChecks ?? defaultPasswordCheckLimits,
    ...(options.admin?.beforePasswordCheck === undefined
      ? {}
      : { beforePasswordCheck: options.admin.beforePasswordCheck }),
  });
  await app.register(adminAppRoutes, {
    shopName: config.shopName,
    ...(options.admin?.folder === undefined ? {} : { folder: options.admin.folder }),
  });
  if (options.backups !== undefined) {
    const { service, opsToken, intervalMs, every } = options.backups;
    await app.register(backupSchedule, { backups: service, intervalMs, ...(every === undefined ? {} : { every }) });
    await app.register(opsRoutes, { backups: service, token: opsToken });
  }
  return app;
}
