import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { brotliCompressSync, constants as zlibConstants, gzipSync } from "node:zlib";

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

/** URL path a built file answers at: folder/index.html at /folder, everything else at its own path. */
export function urlPathOf(relativePath: string): string {
  const posix = relativePath.split(path.sep).join("/");
  if (posix === "index.html") return "/";
  if (posix.endsWith("/index.html")) return `/${posix.slice(0, -"/index.html".length)}`;
  return `/${posix}`;
}

/**
 * Reads the whole client build into memory once, with brotli and gzip variants made ahead of time,
 * so a prerendered page or asset is answered without touching the disk.
 */
export async function loadStaticFiles(clientFolder: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  for (const file of await listFiles(clientFolder)) {
    const relative = path.relative(clientFolder, file);
    const extension = path.extname(file).toLowerCase();
    const body = await readFile(file);
    const urlPath = urlPathOf(relative);
    const isAsset = urlPath.startsWith("/assets/");
    const isPage = extension === ".html" || extension === ".data";
    let gzip: Buffer | undefined;
    let brotli: Buffer | undefined;
    if (compressible.has(extension) && body.length > 256) {
      gzip = gzipSync(body, { level: 9 });
      brotli = brotliCompressSync(body, {
        params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length },
      });
    }
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
