import path from "node:path";
import { fileURLToPath } from "node:url";
import { placeholderChatPhoneWarning } from "@herbo/hosted-api/shop-defaults";
import { serverEnvironment } from "../app/lib/env.server";
import { createWebServer } from "./app";
import { stopGracefully } from "./graceful-stop";
import { webServerSettings } from "./settings";

const appFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function main(): Promise<void> {
  const environment = serverEnvironment();
  const { port, host, ...serverOptions } = webServerSettings();
  const server = await createWebServer({ buildFolder: path.join(appFolder, "build"), environment, ...serverOptions });
  const log = (entry: Record<string, unknown>) =>
    console.log(JSON.stringify({ time: new Date().toISOString(), ...entry }));
  server.listen(port, host, () => {
    log({
      level: "info",
      message: "web server listening",
      url: `http://localhost:${port}`,
      siteUrl: environment.siteUrl,
      storeApi: environment.storeApiUrl,
    });
    const phoneWarning = placeholderChatPhoneWarning(environment.chatPhone);
    if (phoneWarning !== undefined) log({ level: "warn", message: phoneWarning });
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log({ level: "info", message: "shutting down", signal });
    // No new connections; pages in flight finish (bounded), then the server's timers stop with its "close".
    void stopGracefully(server).then(({ forced }) => {
      log({ level: "info", message: "stopped", forcedConnections: forced });
      process.exit(0);
    });
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
