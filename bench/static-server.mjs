// Serves the empty app's prerendered build for the benchmark's floor measurement, compressed like the shop's
// answers (brotli, else gzip) (an uncompressed floor would load slower than any real app and flatter the comparison).
import http from "node:http";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";

const [, , port, folder] = process.argv;
const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".data": "text/x-script",
};
const compressed = new Map();
http
  .createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    let file = path.join(folder, pathname);
    if (!file.startsWith(folder)) return response.writeHead(404).end();
    try {
      if (statSync(file).isDirectory()) file = path.join(file, "index.html");
      const body = readFileSync(file);
      const cache = pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache";
      const headers = {
        "Content-Type": types[path.extname(file)] ?? "application/octet-stream",
        "Cache-Control": cache,
        Vary: "Accept-Encoding",
      };
      const accepted = request.headers["accept-encoding"] ?? "";
      const encoding = /\bbr\b/.test(accepted) ? "br" : /\bgzip\b/.test(accepted) ? "gzip" : undefined;
      if (encoding !== undefined && body.length > 512) {
        const key = `${encoding}:${file}`;
        if (!compressed.has(key)) compressed.set(key, encoding === "br" ? brotliCompressSync(body) : gzipSync(body, { level: 9 }));
        headers["Content-Encoding"] = encoding;
        response.writeHead(200, headers).end(compressed.get(key));
        return;
      }
      response.writeHead(200, headers).end(body);
    } catch {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
    }
  })
  .listen(Number(port), "127.0.0.1");
