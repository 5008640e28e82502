// Tests of the helpers npm start uses to decide whether a build is current.
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, it } from "node:test";
import { adminBuildIsCurrent, apiBuildIsCurrent, newestSourceTime } from "./lib.mjs";

function fileAt(file, seconds) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, "x");
  utimesSync(file, seconds, seconds);
}

describe("newest source time", () => {
  it("reads files named directly as well as folders, skipping outputs and missing paths", () => {
    const root = mkdtempSync(path.join(tmpdir(), "herbo-lib-"));
    fileAt(path.join(root, "src", "a.ts"), 1_000);
    fileAt(path.join(root, "src", "deep", "b.ts"), 2_000);
    fileAt(path.join(root, "src", "dist", "built.js"), 9_000);
    fileAt(path.join(root, "index.html"), 3_000);
    assert.equal(newestSourceTime([path.join(root, "src")]), 2_000_000);
    assert.equal(newestSourceTime([path.join(root, "src"), path.join(root, "index.html")]), 3_000_000);
    assert.equal(newestSourceTime([path.join(root, "missing"), path.join(root, "missing.html")]), 0);
  });

  it("answers for this repository's builds without failing, built or not", () => {
    assert.equal(typeof adminBuildIsCurrent(), "boolean");
    assert.equal(typeof apiBuildIsCurrent(), "boolean");
  });
});
