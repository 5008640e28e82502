import type { AdminEmailList, AdminOrderDetail, AdminOrderList } from "@herbo/hosted-api/admin";
import type { ProductResponse } from "@herbo/hosted-api";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runMoveCommand } from "../src/backup/move-command.ts";
import { tablesInCopyOrder } from "../src/backup/move-to-postgres.ts";
import { gradientPicture } from "../src/media/photo-fixtures.testing.ts";
import { getTableConfig } from "drizzle-orm/pg-core";
import { getTableName } from "drizzle-orm";
import { AdminClient, adminOrigin, placeTestOrder, signedInOwner } from "./admin-helpers.ts";
import { startS3Fake } from "./fakes/s3-fake.ts";
import { createTestDatabase, databaseKinds, shopperDetails, startApi, type RunningApi } from "./harness.ts";

/**
 * A shop that started on the embedded database moves to PostgreSQL with `npm run admin -- move-to-postgres`:
 * orders in every market, a refund, a return, a photo, its owner and its emails, compared through the API
 * before and after; the owner signs in with the same password.
 */

const kinds = await databaseKinds();
const ship = { action: "ship", carrier: "Nepal Post", trackingNumber: "RR123456785NP" };
const bucketCredentials = {
  bucket: "herbo-media",
  region: "auto",
  accessKeyId: "HERBOTESTKEY0001",
  secretAccessKey: "test-secret-0123456789abcdef",
};

it("copies each table after the tables it references", () => {
  const order = tablesInCopyOrder().map((table) => getTableName(table));
  expect(new Set(order).size).toBe(order.length);
  for (const table of tablesInCopyOrder()) {
    for (const key of getTableConfig(table).foreignKeys) {
      const referenced = getTableName(key.reference().foreignTable);
      expect(order.indexOf(referenced), `${getTableName(table)} after ${referenced}`).toBeLessThan(
        order.indexOf(getTableName(table)),
      );
    }
  }
  expect(order).toContain("orders");
  expect(order).toContain("reviews");
});

describe.runIf(kinds.includes("postgres"))("moving a shop from PGlite to PostgreSQL", () => {
  const folders: string[] = [];
  afterAll(async () => {
    for (const folder of folders) await rm(folder, { recursive: true, force: true });
  });

  /** What the shop says of itself through its API: every order in full with its history, the emails, a product. */
  async function shopThroughApi(api: RunningApi, owner: AdminClient) {
    const list = await owner.get<AdminOrderList>("/orders?limit=100");
    const details = [];
    for (const order of list.orders) details.push(await owner.get<AdminOrderDetail>(`/orders/${order.number}`));
    const emails = await owner.get<AdminEmailList>("/emails");
    const product = (await (await fetch(`${api.storeUrl}/products/prod_travel_tin`)).json()) as ProductResponse;
    return { list, details, emails, product };
  }

  it("moves every order, refund, return, photo, owner and email in one go, and refuses a database that holds a shop", async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), "herbo-move-"));
    folders.push(dataDir);
    const embedded = await startApi("pglite", { dataDir });
    const owner = await signedInOwner(embedded);
    const numbers: string[] = [];
    for (const country of ["NP", "US", "IN", "GB", "CA", "AE"] as const) {
      numbers.push(await placeTestOrder(embedded, { details: shopperDetails[country] }));
    }
    const [cancelled = "", returned = ""] = numbers;
    expect((await owner.action(cancelled, { action: "cancel", reason: "customer asked" })).status).toBe(200);
    for (const action of [{ action: "pack" }, ship, { action: "deliver" }]) {
      expect((await owner.action(returned, action)).status).toBe(200);
    }
    const before = await owner.get<AdminOrderDetail>(`/orders/${returned}`);
    const taken = await owner.action(returned, {
      action: "take_return",
      lines: [{ position: 1, quantity: 1 }],
      restock: true,
      refundAmount: before.lines[0]?.unitPrice.amount ?? 0,
      reason: "jar arrived cracked",
    });
    expect(taken.status, await taken.clone().text()).toBe(200);
    const photo = await fetch(`${embedded.baseUrl}/admin/api/products/prod_travel_tin/photos`, {
      method: "POST",
      headers: { cookie: owner.cookie, origin: adminOrigin, "content-type": "image/jpeg" },
      body: Buffer.from(await gradientPicture("jpeg", 640, 480)),
    });
    expect(photo.status).toBe(201);
    const original = await shopThroughApi(embedded, owner);
    expect(original.list.orders).toHaveLength(6);

    const target = await createTestDatabase("postgres", { migrate: false });
    const printed: string[] = [];
    const io = { print: (line: string) => printed.push(line), printError: (line: string) => printed.push(line) };
    const config = {
      dataDir,
      mediaDir: path.join(dataDir, "media"),
      mediaBucket: undefined,
      outboxDir: path.join(dataDir, "outbox"),
    };
    const url = target.url ?? "";
    // Not while the shop runs: it would go on taking orders that the copy would not have.
    expect(await runMoveCommand([url], config, io)).toBe(1);
    expect(printed.join("\n")).toContain("stop it first");
    printed.length = 0;
    await embedded.close();
    expect(await runMoveCommand([url], config, io)).toBe(0);
    const output = printed.join("\n");
    expect(output).toMatch(/^ {2}orders +6 rows +\(sums: /m);
    expect(output).toMatch(/^ {2}order_refunds +2 rows/m);
    expect(output).toContain("Photos and certificates stay in MEDIA_DIR");
    // The connection string's password is never printed.
    expect(output).not.toContain(new URL(url).password || "\u0000");

    // A second move into the same database is refused: it holds a shop now.
    printed.length = 0;
    expect(await runMoveCommand([url], config, io)).toBe(1);
    expect(printed.join("\n")).toContain("already holds a shop");
    expect(await runMoveCommand(["not a url"], config, io)).toBe(2);

    const moved = await startApi("postgres", { database: target, dataDir });
    try {
      // The same password signs the same owner in.
      const sameOwner = await AdminClient.signIn(moved);
      const copy = await shopThroughApi(moved, sameOwner);
      expect(copy.list).toEqual(original.list);
      expect(copy.details).toEqual(original.details);
      expect(copy.emails).toEqual(original.emails);
      expect(copy.product).toEqual(original.product);
      // The photo's files came along in MEDIA_DIR.
      const picture = copy.product.product.media.find((image) => image.url.includes("/media/"));
      expect(picture).toBeDefined();
      expect((await fetch(picture?.url.replace("http://api.test", moved.baseUrl) ?? "")).status).toBe(200);
      // New history continues after the copied history: ids go on from the copied ones.
      const [, , third = ""] = numbers;
      expect((await sameOwner.action(third, { action: "pack" })).status).toBe(200);
      const packed = await sameOwner.get<AdminOrderDetail>(`/orders/${third}`);
      expect(packed.history.length).toBeGreaterThan(
        original.details.find((order) => order.number === third)?.history.length ?? 0,
      );
    } finally {
      await moved.close();
    }

    // Again into another empty database, with the photos copied to the bucket this time.
    const bucket = await startS3Fake(bucketCredentials);
    const second = await createTestDatabase("postgres", { migrate: false });
    try {
      printed.length = 0;
      const withBucket = { ...config, mediaBucket: { endpoint: bucket.url, ...bucketCredentials } };
      expect(await runMoveCommand([second.url ?? "", "--media-to-bucket"], withBucket, io)).toBe(0);
      const files = await readdir(config.mediaDir);
      expect(files.length).toBeGreaterThan(0);
      expect([...bucket.objects.keys()].sort()).toEqual([...files].sort());
      expect(printed.join("\n")).toContain(`Copied ${files.length} photo and certificate files`);
      expect(await runMoveCommand([second.url ?? "", "--media-to-bucket"], config, io)).toBe(2);
    } finally {
      await second.drop();
      await bucket.close();
    }
  });
});
