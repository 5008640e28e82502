import type { WireDetailProduct } from "@herbo/hosted-api";
import type { AdminProduct, AdminProductBatches } from "@herbo/hosted-api/admin";
import { createHash } from "node:crypto";
import { readdir } from "node:fs/promises";
import { count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogChanges, productBatches } from "../src/db/schema.ts";
import {
  certificatePdf,
  escapedScriptPdf,
  handWrittenPdf,
  htmlPage,
  pageObjects,
  scriptedPdf,
} from "../src/media/certificate-fixtures.testing.ts";
import { AdminClient, adminOrigin, backOfficeSuite } from "./admin-helpers.ts";
import { databaseKinds, type RunningApi } from "./harness.ts";

const kinds = await databaseKinds();
const megabyte = 1024 * 1024;

/** Sends a certificate as the back office's page does: the file's bytes as application/pdf, lot and date in the query. */
function upload(
  api: RunningApi,
  productId: string,
  bytes: Uint8Array | ReadableStream<Uint8Array>,
  query: { lot?: string; testedOn?: string },
  headers: { cookie?: string; origin?: string | null; contentType?: string | null } = {},
): Promise<Response> {
  const sent: Record<string, string> = {};
  if (headers.cookie !== undefined) sent.cookie = headers.cookie;
  if (headers.origin !== null) sent.origin = headers.origin ?? adminOrigin;
  if (headers.contentType !== null) sent["content-type"] = headers.contentType ?? "application/pdf";
  const search = new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => !!entry[1]));
  return fetch(`${api.baseUrl}/admin/api/products/${productId}/batches?${search}`, {
    method: "POST",
    headers: sent,
    body: bytes instanceof ReadableStream ? bytes : Buffer.from(bytes),
    ...(bytes instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
}

/** A body sent in 1 MB chunks without a declared length, `total` bytes in all, that starts like a PDF. */
function streamedBody(total: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) {
        controller.close();
        return;
      }
      const chunk = Buffer.alloc(Math.min(megabyte, total - sent), 0x20);
      if (sent === 0) chunk.write("%PDF-1.7\n");
      sent += chunk.length;
      controller.enqueue(chunk);
    },
  });
}

async function errorOf(response: Response): Promise<{ code: string; message: string; details?: unknown }> {
  return ((await response.json()) as { error: { code: string; message: string; details?: unknown } }).error;
}

describe.each(kinds)("batches and lab certificates in the back office on %s", (kind) => {
  const shop = backOfficeSuite(kind, { email: "partner@shop.test" });
  let report: Buffer;
  let secondReport: Buffer;
  beforeAll(async () => {
    report = await certificatePdf("HS-2602");
    secondReport = await certificatePdf("HS-2611", { objectStreams: false });
  });

  const batchesOf = (productId: string) => shop.owner.get<AdminProductBatches>(`/products/${productId}/batches`);
  const uploadAs = (client: AdminClient, productId: string, bytes: Uint8Array, lot: string, testedOn?: string) =>
    upload(
      shop.api,
      productId,
      bytes,
      { lot, ...(testedOn === undefined ? {} : { testedOn }) },
      { cookie: client.cookie },
    );
  async function storeProduct(productId: string): Promise<WireDetailProduct> {
    const response = await fetch(`${shop.api.storeUrl}/products/${productId}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { product: WireDetailProduct }).product;
  }
  /** What a refused upload must leave as it was: the media folder, the batches and the history. */
  async function everythingStored() {
    const files = (await readdir(shop.api.mediaDir)).sort();
    const batches = await shop.api.db.select().from(productBatches).orderBy(productBatches.id);
    const [changes] = await shop.api.db.select({ total: count() }).from(catalogChanges);
    return { files, batches, changes: changes?.total };
  }

  it("answers 401 without a session and 403 from another origin or without one on every batch route, storing nothing", async () => {
    const before = await everythingStored();
    expect((await upload(shop.api, "prod_travel_tin", report, { lot: "HS-1" })).status).toBe(401);
    for (const origin of ["http://evil.test", "null", null]) {
      const response = await upload(
        shop.api,
        "prod_travel_tin",
        report,
        { lot: "HS-1" },
        {
          cookie: shop.owner.cookie,
          origin,
        },
      );
      expect(response.status, String(origin)).toBe(403);
    }
    const stranger = new AdminClient(shop.api, "herbo_admin_session=none");
    const routes: [string, string, unknown][] = [
      ["GET", "/products/prod_travel_tin/batches", undefined],
      ["PUT", "/products/prod_travel_tin/current-batch", { version: 1, batchId: "bat_x" }],
    ];
    for (const [method, path, body] of routes) {
      expect((await stranger.request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await shop.owner.request(method, path, body, "http://evil.test")).status, `${method} ${path}`).toBe(403);
    }
    expect((await shop.owner.request("PUT", routes[1]?.[1] ?? "", routes[1]?.[2], null)).status).toBe(403);
    expect(await everythingStored()).toEqual(before);
  });

  it("stores a lab's PDF as the current batch, serves it with safe headers, and names it in the shop's answer", async () => {
    expect((await batchesOf("prod_himalayan_resin")).batches).toEqual([]);
    expect((await storeProduct("prod_himalayan_resin")).batch).toBeNull();
    const response = await uploadAs(shop.owner, "prod_himalayan_resin", report, " HS-2604 ", "2026-02-20");
    expect(response.status, await response.clone().text()).toBe(201);
    const answer = (await response.json()) as AdminProductBatches;
    const sha = createHash("sha256").update(report).digest("hex");
    expect(answer.batches).toEqual([
      {
        id: expect.stringMatching(/^bat_[0-9a-f]{20}$/),
        lot: "HS-2604",
        testedOn: "2026-02-20",
        certificateUrl: `/media/certificates/${sha}.pdf`,
        current: true,
        addedAt: shop.api.clock.now().toISOString(),
        addedBy: "owner@shop.test",
      },
    ]);
    expect(answer.maxCertificateBytes).toBe(10 * megabyte);
    expect(await readdir(shop.api.mediaDir)).toContain(`certificate-${sha}.pdf`);

    expect((await storeProduct("prod_himalayan_resin")).batch).toEqual({
      lot: "HS-2604",
      tested_on: "2026-02-20",
      certificate_url: `http://api.test/media/certificates/${sha}.pdf`,
    });
    const served = await fetch(`${shop.api.baseUrl}/media/certificates/${sha}.pdf`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(served.headers.get("content-disposition")).toBe('inline; filename="HS-2604-certificate.pdf"');
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toBe("sandbox; default-src 'none'");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(report);

    const product = await shop.owner.get<AdminProduct>("/products/prod_himalayan_resin");
    expect(product.history[0]).toMatchObject({
      actor: "owner@shop.test",
      fields: ["Batch HS-2604 added, now current"],
    });
  });

  it("makes a new batch current and keeps the earlier one; the owner can make the earlier one current again", async () => {
    shop.api.clock.advance(60_000);
    const response = await uploadAs(shop.partner, "prod_himalayan_resin", secondReport, "HS-2611/B.2");
    expect(response.status, await response.clone().text()).toBe(201);
    const answer = (await response.json()) as AdminProductBatches;
    expect(answer.batches.map((batch) => [batch.lot, batch.testedOn, batch.current, batch.addedBy])).toEqual([
      ["HS-2611/B.2", null, true, "partner@shop.test"],
      ["HS-2604", "2026-02-20", false, "owner@shop.test"],
    ]);
    const latest = await storeProduct("prod_himalayan_resin");
    expect(latest.batch).toMatchObject({ lot: "HS-2611/B.2", tested_on: null });
    const served = await fetch(latest.batch?.certificate_url?.replace("http://api.test", shop.api.baseUrl) ?? "");
    expect(served.headers.get("content-disposition")).toBe('inline; filename="HS-2611-B.2-certificate.pdf"');

    // From an outdated list: refused, nothing changes.
    const before = await everythingStored();
    const older = answer.batches[1]?.id ?? "";
    const stale = await shop.owner.put("/products/prod_himalayan_resin/current-batch", {
      version: answer.version + 1,
      batchId: older,
    });
    expect(stale.status).toBe(409);
    expect(await errorOf(stale)).toMatchObject({ code: "edit_conflict", details: { version: answer.version } });
    expect(await everythingStored()).toEqual(before);

    shop.api.clock.advance(60_000);
    const chosen = await shop.owner.put("/products/prod_himalayan_resin/current-batch", {
      version: answer.version,
      batchId: older,
    });
    expect(chosen.status, await chosen.clone().text()).toBe(200);
    const after = (await chosen.json()) as AdminProductBatches;
    expect(after.batches.map((batch) => [batch.lot, batch.current])).toEqual([
      ["HS-2611/B.2", false],
      ["HS-2604", true],
    ]);
    expect(after.version).not.toBe(answer.version);
    expect((await storeProduct("prod_himalayan_resin")).batch?.lot).toBe("HS-2604");
    const history = (await shop.owner.get<AdminProduct>("/products/prod_himalayan_resin")).history;
    expect(history.slice(0, 2).map((change) => change.fields)).toEqual([
      ["Current batch: HS-2604"],
      ["Batch HS-2611/B.2 added, now current"],
    ]);
    const [change] = await shop.api.db
      .select()
      .from(catalogChanges)
      .where(eq(catalogChanges.entity, "product_batches"))
      .orderBy(catalogChanges.at)
      .offset(2);
    expect(change).toMatchObject({ before: { current: "HS-2611/B.2" }, after: { current: "HS-2604" } });

    // Both certificates stay served: a lot already sold keeps its certificate.
    for (const batch of after.batches) {
      expect((await fetch(`${shop.api.baseUrl}${batch.certificateUrl}`)).status, batch.lot).toBe(200);
    }
    expect(
      (
        await shop.owner.put("/products/prod_himalayan_resin/current-batch", {
          version: after.version,
          batchId: "bat_x",
        })
      ).status,
    ).toBe(404);
  });

  it("refuses each hostile, broken or oversized file with a clear answer, storing nothing at all", async () => {
    const stored = await everythingStored();
    const whole = await certificatePdf("HS-2612");
    const cases: [string, Uint8Array | ReadableStream<Uint8Array>, number, string, RegExp][] = [
      ["a web page renamed .pdf", htmlPage, 415, "certificate_not_pdf", /not a PDF/],
      ["a PNG renamed .pdf", Buffer.from("\u0089PNG\r\n\u001a\n", "latin1"), 415, "certificate_not_pdf", /not a PDF/],
      [
        "an /OpenAction running /JS",
        await scriptedPdf({ objectStreams: false }),
        400,
        "certificate_active_content",
        /active content \(\/OpenAction/,
      ],
      [
        "the same, inside a compressed object stream",
        await scriptedPdf({ objectStreams: true }),
        400,
        "certificate_active_content",
        /active content/,
      ],
      ["the names spelled with #xx escapes", escapedScriptPdf(), 400, "certificate_active_content", /active content/],
      [
        "only the escaped script",
        handWrittenPdf([...pageObjects(), "<< /S /J#61vaScript /#4aS (app.alert(1)) >>"]),
        400,
        "certificate_active_content",
        /\/JavaScript/,
      ],
      [
        "a PDF cut before its %%EOF",
        whole.subarray(0, whole.lastIndexOf("%%EOF")),
        400,
        "certificate_unreadable",
        /cut short/,
      ],
      ["an empty file", Buffer.alloc(0), 400, "certificate_unreadable", /empty/],
      ["50 MB, with its length declared", Buffer.alloc(50 * megabyte, 0x20), 413, "body_too_large", /./],
      ["11 MB streamed without a declared length", streamedBody(11 * megabyte), 413, "body_too_large", /./],
    ];
    for (const [label, bytes, status, code, message] of cases) {
      const refused = await upload(shop.api, "prod_travel_tin", bytes, { lot: "HS-9" }, { cookie: shop.owner.cookie });
      expect(refused.status, label).toBe(status);
      const error = await errorOf(refused);
      expect(error.code, label).toBe(code);
      expect(error.message, label).toMatch(message);
    }
    expect(await everythingStored()).toEqual(stored);
  });

  it("refuses a wrong lot, test date or type before storing anything", async () => {
    const stored = await everythingStored();
    const cases: [string, { lot?: string; testedOn?: string }, string | undefined, number, string][] = [
      ["no lot", {}, undefined, 400, "query.lot"],
      ["an empty lot", { lot: "  " }, undefined, 400, "query.lot"],
      ["a lot with a space", { lot: "HS 2604" }, undefined, 400, "query.lot"],
      ["a lot with markup", { lot: "<b>HS</b>" }, undefined, 400, "query.lot"],
      ["a lot of 41 characters", { lot: "A".repeat(41) }, undefined, 400, "query.lot"],
      ["a date that is no day", { lot: "HS-1", testedOn: "2026-02-30" }, undefined, 400, "query.testedOn"],
      ["a date in another form", { lot: "HS-1", testedOn: "20/04/2026" }, undefined, 400, "query.testedOn"],
      ["a date in the future", { lot: "HS-1", testedOn: "2999-01-01" }, undefined, 400, "query.testedOn"],
      ["sent as a form", { lot: "HS-1" }, "multipart/form-data; boundary=x", 415, ""],
      ["sent as a web page", { lot: "HS-1" }, "text/html", 415, ""],
      ["sent as a picture", { lot: "HS-1" }, "image/png", 415, ""],
    ];
    for (const [label, query, contentType, status, field] of cases) {
      const response = await upload(shop.api, "prod_travel_tin", report, query, {
        cookie: shop.owner.cookie,
        ...(contentType === undefined ? {} : { contentType }),
      });
      expect(response.status, label).toBe(status);
      const error = await errorOf(response);
      if (field !== "") expect(error.details, label).toEqual({ field });
      else expect(error.message, label).toBe("Send the certificate itself as a PDF file (application/pdf).");
    }
    const unknown = await upload(shop.api, "prod_nothing", report, { lot: "HS-1" }, { cookie: shop.owner.cookie });
    expect(unknown.status).toBe(404);
    expect(await everythingStored()).toEqual(stored);
  });

  it("answers 404 for a certificate no batch names, and for any other name under /media/certificates", async () => {
    const known = (await batchesOf("prod_himalayan_resin")).batches[0]?.certificateUrl ?? "";
    const sha = known.slice("/media/certificates/".length, -".pdf".length);
    for (const address of [
      `/media/certificates/${"0".repeat(64)}.pdf`,
      `/media/certificates/${sha.toUpperCase()}.pdf`,
      `/media/certificates/${sha}.PDF`,
      `/media/certificates/${sha}`,
      `/media/certificates/certificate-${sha}.pdf`,
      `/media/certificate-${sha}.pdf`,
      "/media/certificates/..%2f..%2fpackage.json",
      "/media/certificates/",
    ]) {
      const answer = await fetch(`${shop.api.baseUrl}${address}`);
      expect(answer.status, address).toBe(404);
      expect(answer.headers.get("content-type"), address).not.toBe("application/pdf");
    }
  });
});
