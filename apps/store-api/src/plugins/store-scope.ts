import type { FastifyPluginAsync } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { ApiError } from "../errors.ts";

/** Only the configured store answers: a route's `:storeId` naming any other store is a 404. */
const storeScope: FastifyPluginAsync<{ storeId: string }> = async (app, options) => {
  app.addHook("onRequest", async (request) => {
    const storeId = (request.params as { storeId?: string } | undefined)?.storeId;
    if (storeId !== undefined && storeId !== options.storeId) {
      throw new ApiError(404, "not_found", "Store not found");
    }
  });
};

export default fastifyPlugin(storeScope, { name: "store-scope", fastify: "5.x" });
