import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/** For tests: the contract package's example answers, from the hosted backend ("hosted") or our store API ("ours"). */
export type FixtureSet = "hosted" | "ours";

const fixturesFolder = path.dirname(createRequire(import.meta.url).resolve("@herbo/hosted-api/fixtures/README.md"));

export function readFixture(set: FixtureSet, name: string): unknown {
  return JSON.parse(readFileSync(path.join(fixturesFolder, set, name), "utf8"));
}
