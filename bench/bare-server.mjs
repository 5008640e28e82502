// The ceiling: a bare node:http server answering every request with the same bytes and headers.
import http from "node:http";
import { readFileSync } from "node:fs";

const [, , port, file, contentType] = process.argv;
const body = readFileSync(file);
http
  .createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": contentType, "Content-Length": body.length });
    response.end(body);
  })
  .listen(Number(port), "127.0.0.1", () => process.send?.("ready"));
