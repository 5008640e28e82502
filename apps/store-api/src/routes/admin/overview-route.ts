import type { AdminOverview } from "@herbo/hosted-api/admin";
import type { FastifyPluginAsync } from "fastify";
import { overview } from "../../admin/overview.ts";
import type { AdminRouteOptions } from "./admin-context.ts";

/** GET /overview: today's and the week's orders and revenue, cash to collect, low stock. */
export const overviewRoute: FastifyPluginAsync<AdminRouteOptions> = async (app, options) => {
  app.get("/overview", async (): Promise<AdminOverview> =>
    overview(options.db, options.now(), { chatPhone: options.chatPhone }),
  );
};
