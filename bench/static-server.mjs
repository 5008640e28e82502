// Serves the empty app's prerendered build for the benchmark's floor measurement.
import http from "node:http";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";

const [, , port, folder] = process.argv;
const types = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript",
  ".css": "text/css",
  ".data": "text/x-script",
};
http
  .createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
    let file = path.join(folder, pathname);
    if (!file.startsWith(folder)) return response.writeHead(404).end();
    try {
      if (statSync(file).isDirectory()) file = path.join(file, "index.html");
      const body = readFileSync(file);
      const cache = pathname.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "no-cache";
      response.writeHead(200, {
        "Content-Type": types[path.extname(file)] ?? "application/octet-stream",
        "Cache-Control": cache,
      });
      response.end(body);
    } catch {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("Not found");
    }
  })
  .listen(Number(port), "127.0.0.1");
