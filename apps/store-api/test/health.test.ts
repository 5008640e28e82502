import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { healthHeartbeat } from "../src/db/schema.ts";
import { databaseKinds, startApi, type DatabaseKind, type RunningApi } from "./harness.ts";

const kinds = await databaseKinds();

// A database that still answers reads but cannot write is not healthy.
describe.each(kinds)("/health on %s", (kind: DatabaseKind) => {
  let api: RunningApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  it("writes its heartbeat, and reports a database that refuses writes as unavailable", async () => {
    api = await startApi(kind);
    const healthy = await fetch(`${api.baseUrl}/health`);
    expect(healthy.status).toBe(200);
    expect(await healthy.json()).toEqual({ status: "ok", database: "ok" });
    const [beat] = await api.db.select().from(healthHeartbeat);
    expect(beat?.id).toBe(1);

    // Every write fails the way a full disk makes it fail, while reads keep working.
    await api.db.execute(sql`
      CREATE FUNCTION refuse_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = '53100';
      END $$`);
    await api.db.execute(
      sql`CREATE TRIGGER disk_full BEFORE INSERT OR UPDATE ON health_heartbeat FOR EACH ROW EXECUTE FUNCTION refuse_write()`,
    );
    await api.db.execute(sql`SELECT 1`);
    const full = await fetch(`${api.baseUrl}/health`);
    expect(full.status).toBe(503);
    expect(await full.json()).toEqual({ status: "unavailable", database: "not_writable" });

    await api.db.execute(sql`DROP TRIGGER disk_full ON health_heartbeat`);
    expect((await fetch(`${api.baseUrl}/health`)).status).toBe(200);
  });
});
