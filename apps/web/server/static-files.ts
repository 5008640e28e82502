import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip as gzipCallback } from "node:zlib";

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzipCallback);

export interface StaticFile {
  body: Buffer;
  gzip: Buffer | undefined;
  brotli: Buffer | undefined;
  contentType: string;
  cacheControl: string;
  etag: string;
  /** For prerendered HTML: hashes of its inline scripts, for the Content-Security-Policy. */
  scriptHashes: string[] | undefined;
}

const contentTypes: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".data": "text/x-script; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".webp": "image/webp",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
};

const compressible = new Set([".html", ".data", ".js", ".css", ".json", ".svg", ".txt", ".xml", ".ico"]);

export const immutableCache = "public, max-age=31536000, immutable";
/** Pages may change with a deploy; browsers and CDNs revalidate after a minute. */
export const pageCache = "public, max-age=60, must-revalidate";
const publicFileCache = "public, max-age=86400";

/** sha256 source expressions of every inline, executable script in an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? "";
    const content = match[2] ?? "";
    if (/\bsrc\s*=/i.test(attributes) || content === "") continue;
    if (/type\s*=\s*["']?application\/(ld\+)?json/i.test(attributes)) continue;
    hashes.push(`'sha256-${createHash("sha256").update(content, "utf8").digest("base64")}'`);
  }
  return hashes;
}

async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * The build's brotli and gzip copies of build/client's files sit beside it in this folder, each named by
 * the hash of the content it compresses, so a copy can never be served for a file that has since changed.
 */
export const precompressedFolderName = "precompressed";

/** Whether a file is worth compressing: a text format, and more than a few bytes. */
function isCompressible(file: string, body: Buffer): boolean {
  return compressible.has(path.extname(file).toLowerCase()) && body.length > 256;
}

/** Names a compressed copy by its source's content (a base64url sha1: no slash, safe as a file name). */
function contentName(body: Buffer): string {
  return createHash("sha1").update(body).digest("base64url");
}

interface Compressed {
  gzip: Buffer;
  brotli: Buffer;
}

/** The strongest (slowest) settings: done once per build, or once per start for a build without copies. */
async function compress(body: Buffer): Promise<Compressed> {
  const [gzip, brotli] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotliAsync(body, {
      params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  ]);
  return { gzip, brotli };
}

/** The build's copies of one file, or undefined when the build made none for this content. */
async function readPrecompressed(folder: string, body: Buffer): Promise<Compressed | undefined> {
  const name = path.join(folder, contentName(body));
  try {
    const [gzip, brotli] = await Promise.all([readFile(`${name}.gz`), readFile(`${name}.br`)]);
    return { gzip, brotli };
  } catch {
    return undefined;
  }
}

/**
 * Run by the build (tooling/build-server.mjs): compresses every compressible file of the client build
 * once, into `outputFolder`, so each start of the server reads the copies instead of spending seconds
 * of CPU on brotli's strongest setting.
 */
export async function writePrecompressedFiles(clientFolder: string, outputFolder: string): Promise<void> {
  await rm(outputFolder, { recursive: true, force: true });
  await mkdir(outputFolder, { recursive: true });
  const files = await listFiles(clientFolder);
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      if (!isCompressible(file, body)) return;
      const { gzip, brotli } = await compress(body);
      const name = path.join(outputFolder, contentName(body));
      await Promise.all([writeFile(`${name}.gz`, gzip), writeFile(`${name}.br`, brotli)]);
    }),
  );
}

/** URL path a built file answers at: folder/index.html at /folder, everything else at its own path. */
export function urlPathOf(relativePath: string): string {
  const posix = relativePath.split(path.sep).join("/");
  if (posix === "index.html") return "/";
  if (posix.endsWith("/index.html")) return `/${posix.slice(0, -"/index.html".length)}`;
  return `/${posix}`;
}

/**
 * Reads the whole client build into memory once, with brotli and gzip variants made ahead of time,
 * so a prerendered page or asset is answered without touching the disk. The variants are the build's
 * copies (see writePrecompressedFiles); a file without one, as in a build made before the copies
 * existed, is compressed here instead.
 */
export async function loadStaticFiles(
  clientFolder: string,
  precompressedFolder = path.join(clientFolder, "..", precompressedFolderName),
): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  for (const file of await listFiles(clientFolder)) {
    const relative = path.relative(clientFolder, file);
    const extension = path.extname(file).toLowerCase();
    const body = await readFile(file);
    const urlPath = urlPathOf(relative);
    const isAsset = urlPath.startsWith("/assets/");
    const isPage = extension === ".html" || extension === ".data";
    const { gzip, brotli } = isCompressible(file, body)
      ? ((await readPrecompressed(precompressedFolder, body)) ?? (await compress(body)))
      : { gzip: undefined, brotli: undefined };
    files.set(urlPath, {
      body,
      gzip: gzip !== undefined && gzip.length < body.length ? gzip : undefined,
      brotli: brotli !== undefined && brotli.length < body.length ? brotli : undefined,
      contentType: contentTypes[extension] ?? "application/octet-stream",
      cacheControl: isAsset ? immutableCache : isPage ? pageCache : publicFileCache,
      etag: `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`,
      scriptHashes: extension === ".html" ? inlineScriptHashes(body.toString("utf8")) : undefined,
    });
  }
  return files;
}
