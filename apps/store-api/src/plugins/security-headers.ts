import type { FastifyPluginAsync } from "fastify";
import fastifyPlugin from "fastify-plugin";

/** Headers every answer carries; pages that need a wider Content-Security-Policy set their own first. */
const securityHeaders: FastifyPluginAsync<{ https: boolean }> = async (app, options) => {
  app.addHook("onSend", async (_request, reply) => {
    reply.header("x-content-type-options", "nosniff");
    if (options.https) reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    if (!reply.hasHeader("content-security-policy")) {
      reply.header("content-security-policy", "default-src 'none'; frame-ancestors 'none'");
    }
  });
};

export default fastifyPlugin(securityHeaders, { name: "security-headers", fastify: "5.x" });
