import http from "node:http";
import https from "node:https";
import { readFileSync } from "node:fs";
import type { HttpsTestSettings } from "./settings";

export interface CaddyRequest {
  /** shop.localhost or api.shop.localhost: the site Caddy serves, by SNI and Host. */
  host: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** The client's own address (any of 127.0.0.0/8), which Caddy writes in X-Forwarded-For. */
  from?: string;
  /** Plain http on Caddy's http port instead of https. */
  plain?: boolean;
}

export interface CaddyAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * One request to Caddy as a client on this machine would send it: to loopback (Node does not resolve
 * *.localhost), with the site's name in SNI and Host, trusting only Caddy's root certificate.
 */
export function throughCaddy(settings: HttpsTestSettings, request: CaddyRequest): Promise<CaddyAnswer> {
  const port = request.plain === true ? settings.httpPort : settings.httpsPort;
  const options: https.RequestOptions = {
    host: "127.0.0.1",
    port,
    path: request.path,
    method: request.method ?? "GET",
    headers: { host: `${request.host}:${port}`, ...request.headers },
    timeout: 30_000,
    ...(request.from === undefined ? {} : { localAddress: request.from }),
    ...(request.plain === true ? {} : { servername: request.host, ca: readFileSync(settings.rootCertificate) }),
  };
  return new Promise((resolve, reject) => {
    const answer = (response: http.IncomingMessage) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString("utf8"),
        }),
      );
    };
    const sent = request.plain === true ? http.request(options, answer) : https.request(options, answer);
    sent.on("timeout", () => sent.destroy(new Error(`${request.host}${request.path} timed out`)));
    sent.on("error", reject);
    sent.end(request.body);
  });
}
