import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { bearerTokenMatches } from "@herbo/hosted-api/bearer-token";
import type { BackupService } from "../backup/write-backup.ts";
import type { ZodTypeProvider } from "../http/zod-schemas.ts";

export interface OpsRouteOptions {
  backups: BackupService;
  /** The token written to DATA_DIR/ops-token at start; `npm run admin` sends it back. */
  token: string;
}

const backupAnswer = z.object({ file: z.string(), bytes: z.number().int(), orders: z.number().int() });
const refusal = z.object({ error: z.object({ code: z.literal("unauthorized"), message: z.string() }) });

/**
 * POST /ops/backup: a backup now, for `npm run admin -- backup` while the shop holds DATA_DIR. Only a caller
 * that could read DATA_DIR's token is served; registered with PGlite only, so on PostgreSQL it is a 404.
 */
export const opsRoutes: FastifyPluginAsync<OpsRouteOptions> = async (root, options) => {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const schema = { response: { 200: backupAnswer, 401: refusal } };
  app.post("/ops/backup", { schema }, async (request, reply) => {
    if (!bearerTokenMatches(request.headers.authorization, options.token)) {
      return reply.code(401).send({
        error: { code: "unauthorized", message: "Send the token of DATA_DIR/ops-token as a Bearer token." },
      });
    }
    const written = await options.backups.write("manual");
    request.log.info({ file: written.file, bytes: written.bytes }, "backup written");
    return { file: written.file, bytes: written.bytes, orders: written.manifest.counts.orders };
  });
};
