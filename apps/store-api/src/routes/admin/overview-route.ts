import type { AdminOverview } from "@herbo/hosted-api/admin";
import type { FastifyInstance } from "fastify";
import { overview } from "../../admin/overview.ts";
import type { AdminRouteOptions } from "../../plugins/admin-api.ts";

/** GET /overview: today's and the week's orders and revenue, cash to collect, low stock. */
export function registerOverviewRoute(app: FastifyInstance, options: AdminRouteOptions): void {
  app.get("/overview", async (): Promise<AdminOverview> => overview(options.db, options.now()));
}
