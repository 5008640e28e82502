import { mkdir, mkdtemp, readdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { loadStaticFiles, precompressedFolderName, writePrecompressedFiles } from "./static-files";

/** A build folder with a client folder holding a script worth compressing and an image that is not. */
async function buildFolder(): Promise<{ client: string; precompressed: string; script: string }> {
  const build = await mkdtemp(path.join(tmpdir(), "herbo-static-files-"));
  const client = path.join(build, "client");
  await mkdir(path.join(client, "assets"), { recursive: true });
  const script = `export const words = ${JSON.stringify("shilajit ".repeat(200))};\n`;
  await writeFile(path.join(client, "assets", "entry.js"), script);
  await writeFile(path.join(client, "favicon.png"), Buffer.alloc(1024, 7));
  return { client, precompressed: path.join(build, precompressedFolderName), script };
}

describe("the build's compressed copies of the client files", () => {
  it("are made for the compressible files only, and the server answers with them", async () => {
    const { client, precompressed, script } = await buildFolder();
    await writePrecompressedFiles(client, precompressed);
    expect(await readdir(precompressed)).toHaveLength(2);

    const files = await loadStaticFiles(client);
    const entry = files.get("/assets/entry.js");
    expect(brotliDecompressSync(entry?.brotli ?? Buffer.alloc(0)).toString()).toBe(script);
    expect(gunzipSync(entry?.gzip ?? Buffer.alloc(0)).toString()).toBe(script);
    expect(files.get("/favicon.png")?.brotli).toBeUndefined();
    // The copies live beside the client folder, never among the files the server answers for.
    expect([...files.keys()].sort()).toEqual(["/assets/entry.js", "/favicon.png"]);
  });

  it("are read, not made again, when the server starts", async () => {
    const { client, precompressed } = await buildFolder();
    await writePrecompressedFiles(client, precompressed);
    // A copy the server could not have made itself shows that it was read from the folder.
    for (const name of await readdir(precompressed)) await writeFile(path.join(precompressed, name), "x");

    const entry = (await loadStaticFiles(client)).get("/assets/entry.js");
    expect(entry?.brotli?.toString()).toBe("x");
    expect(entry?.gzip?.toString()).toBe("x");
  });

  it("are made at start for a build without them, and for a file changed since the build", async () => {
    const { client, precompressed, script } = await buildFolder();
    const started = await loadStaticFiles(client);
    expect(brotliDecompressSync(started.get("/assets/entry.js")?.brotli ?? Buffer.alloc(0)).toString()).toBe(script);

    await writePrecompressedFiles(client, precompressed);
    const changed = `${script}// changed after the build\n`;
    await writeFile(path.join(client, "assets", "entry.js"), changed);
    const entry = (await loadStaticFiles(client)).get("/assets/entry.js");
    expect(brotliDecompressSync(entry?.brotli ?? Buffer.alloc(0)).toString()).toBe(changed);
    expect(gunzipSync(entry?.gzip ?? Buffer.alloc(0)).toString()).toBe(changed);
  });
});
