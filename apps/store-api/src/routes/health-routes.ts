import type { FastifyPluginAsync } from "fastify";
import type { DatabaseHealth } from "../db/health.ts";

/** GET /health: 200 while the database answers and commits a write, 503 when it does not (for load balancers). */
export const healthRoute: FastifyPluginAsync<{ check: () => Promise<DatabaseHealth> }> = async (app, options) => {
  app.get("/health", async (request, reply) => {
    const health = await options.check();
    if (health.database === "ok") return { status: "ok", database: "ok" };
    request.log.error({ err: health.error }, "health check failed");
    return reply.code(503).send({ status: "unavailable", database: health.database });
  });
};
