import type { FastifyInstance } from "fastify";
import { pingDatabase, type Database } from "../db/connection.ts";

/** GET /health: 200 while the database answers, 503 when it does not (for load balancers). */
export function registerHealthRoute(app: FastifyInstance, options: { db: Database }): void {
  app.get("/health", async (_request, reply) => {
    try {
      await pingDatabase(options.db);
      return { status: "ok", database: "ok" };
    } catch {
      return reply.code(503).send({ status: "unavailable", database: "unreachable" });
    }
  });
}
