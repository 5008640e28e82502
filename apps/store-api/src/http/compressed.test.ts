import { readFileSync } from "node:fs";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { seedImagesFolder } from "../catalog/seed.ts";
import { compressOnce, preferredEncoding } from "./compressed.ts";

describe("the encoding an answer is sent in", () => {
  it("is brotli when accepted, else gzip, else none", () => {
    expect(preferredEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(preferredEncoding("br")).toBe("br");
    expect(preferredEncoding("gzip, deflate")).toBe("gzip");
    expect(preferredEncoding("deflate")).toBeNull();
    expect(preferredEncoding("")).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });

  it("reads whole names only", () => {
    expect(preferredEncoding("xbr, gzipped")).toBeNull();
    expect(preferredEncoding("brotli")).toBeNull();
  });
});

describe("a body compressed once", () => {
  it("unpacks to the same bytes from either copy, each smaller than the text", () => {
    const raw = Buffer.from("<svg>".concat("<path d='M0 0h10v10z'/>".repeat(200), "</svg>"));
    const body = compressOnce(raw);
    expect(body.raw).toBe(raw);
    expect(brotliDecompressSync(body.brotli).equals(raw)).toBe(true);
    expect(gunzipSync(body.gzip).equals(raw)).toBe(true);
    expect(body.brotli.length).toBeLessThan(raw.length / 4);
    expect(body.gzip.length).toBeLessThan(raw.length / 4);
  });

  it("makes the smallest gzip copy, smaller than gzip's everyday level makes of a drawing", () => {
    const drawing = readFileSync(path.join(seedImagesFolder, "resin-10g.svg"));
    expect(compressOnce(drawing).gzip.length).toBeLessThan(gzipSync(drawing).length);
  });
});
