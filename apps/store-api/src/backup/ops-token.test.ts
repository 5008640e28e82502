import { mkdtemp, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createOpsToken, readOpsToken, removeOpsToken } from "./ops-token.ts";

describe("the ops token", () => {
  it("is written for this user only, read back, and removed only while it is still the same", async () => {
    const folder = await mkdtemp(path.join(tmpdir(), "herbo-ops-"));
    const first = await createOpsToken(folder);
    expect((await stat(path.join(folder, "ops-token"))).mode & 0o777).toBe(0o600);
    expect(await readOpsToken(folder)).toBe(first);
    const second = await createOpsToken(folder);
    expect(second).not.toBe(first);
    await removeOpsToken(folder, first);
    expect(await readOpsToken(folder)).toBe(second);
    await removeOpsToken(folder, second);
    expect(await readOpsToken(folder)).toBeUndefined();
  });
});
