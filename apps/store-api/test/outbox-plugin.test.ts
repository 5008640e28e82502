import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import outboxWorker from "../src/plugins/outbox-worker.ts";
import { createTestDatabase } from "./harness.ts";
import { eventually, queueConfirmations } from "./outbox-fixtures.ts";

describe("the outbox worker plugin", () => {
  it("starts with the app, delivers on kickOutbox() to OUTBOX_DIR, and stops when the app closes", async () => {
    const database = await createTestDatabase("pglite");
    const outboxDir = path.join(mkdtempSync(path.join(tmpdir(), "herbo-plugin-")), "outbox");
    const app = Fastify();
    await app.register(outboxWorker, {
      db: database.db,
      // Polling slower than the test: only a kick can explain a prompt delivery.
      pollMs: 60_000,
      config: {
        mailFrom: { name: "Herbo Shilajit", address: "orders@shop.example" },
        messageIdDomain: "shop.example",
        shopEmail: undefined,
        smtpUrl: undefined,
        outboxDir,
      },
    });
    try {
      app.kickOutbox();
      await app.ready();
      const [first] = await queueConfirmations(database.db, new Date(), 1, 1001);
      app.kickOutbox();
      await eventually(
        async () => existsSync(outboxDir) && readdirSync(outboxDir).some((name) => name.endsWith(`${first}.eml`)),
        10_000,
      );
    } finally {
      await app.close();
    }
    // Closed: nothing delivers any more, kicked or not.
    await queueConfirmations(database.db, new Date(), 1, 1002);
    app.kickOutbox();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(readdirSync(outboxDir).filter((name) => name.endsWith(".eml"))).toHaveLength(1);
    await database.drop();
  });
});
