import type { Socket } from "node:net";
import type { ErrorCode } from "@herbo/hosted-api";
import type { FastifyPluginAsync, FastifyReply, FastifyServerOptions } from "fastify";
import fastifyPlugin from "fastify-plugin";
import { ApiError, errorBody } from "../errors.ts";

/**
 * Every error leaves the API as `{error: {code, message, details?}}`: refusals we raise (ApiError), errors
 * Fastify raises (bad JSON, oversized bodies), unknown routes, and 5xx, whose details are logged, never sent.
 */
export interface ErrorAnswersOptions {
  /** The page a shopper sees when one of the HTML pages (checkout, order) fails on our side. */
  htmlErrorPage?: (message: string) => string;
}

/** The shopper's pages: HTML forms and links, never read by a script. */
export function isHtmlPage(url: string): boolean {
  return (
    url.startsWith("/checkout/") ||
    url.startsWith("/orders/") ||
    url === "/admin" ||
    (url.startsWith("/admin/") && !url.startsWith("/admin/api/"))
  );
}

const serverErrorMessage = "Something went wrong on our side. Please try again.";

const errorAnswers: FastifyPluginAsync<ErrorAnswersOptions> = async (app, options) => {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.statusCode).send(error.toBody());
    const known = isFastifyLikeError(error) ? error : { message: String(error) };
    const status = known.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(errorBody(clientErrorCode(status, known.code), known.message));
    }
    request.log.error({ err: error }, "request failed");
    if (options.htmlErrorPage !== undefined && isHtmlPage(request.url)) {
      // A form post that failed (a full disk, a lost database) shows a page, not raw JSON.
      return reply
        .code(500)
        .type("text/html; charset=utf-8")
        .send(
          options.htmlErrorPage(
            "We could not finish that step. Please go back and try again in a moment. If you had already paid, the confirmation email for your order follows.",
          ),
        );
    }
    return reply.code(500).send(errorBody("internal_error", serverErrorMessage));
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send(errorBody("not_found", `No route for ${request.method} ${request.url.split("?")[0] ?? ""}`)),
  );
};

export default fastifyPlugin(errorAnswers, { name: "error-answers", fastify: "5.x" });

interface FastifyLikeError {
  statusCode?: number;
  code?: string;
  message: string;
}

function isFastifyLikeError(error: unknown): error is FastifyLikeError {
  return typeof error === "object" && error !== null && "message" in error;
}

function clientErrorCode(status: number, fastifyCode: string | undefined): ErrorCode {
  if (status === 413) return "body_too_large";
  if (status === 415) return "unsupported_media_type";
  if (fastifyCode === "FST_ERR_CTP_INVALID_JSON_BODY" || fastifyCode === "FST_ERR_CTP_EMPTY_JSON_BODY")
    return "invalid_json";
  if (status === 404) return "not_found";
  if (status === 405) return "method_not_allowed";
  if (status === 429) return "rate_limited";
  return "invalid_request";
}

/** Errors the router raises before any route runs (malformed escapes, overlong segments) keep our shape. */
export const routerErrors: NonNullable<FastifyServerOptions["frameworkErrors"]> = (
  error,
  _request,
  reply: FastifyReply,
) => {
  const tooLong = error.code === "FST_ERR_MAX_PARAM_LENGTH";
  void reply
    .code(tooLong ? 414 : (error.statusCode ?? 400))
    .send(
      tooLong
        ? errorBody("uri_too_long", "A part of the address is too long.")
        : errorBody("invalid_url", "The address is malformed."),
    );
};

interface ConnectionErrorAnswer {
  status: number;
  reason: string;
  code: ErrorCode;
  message: string;
}

const connectionErrors: Record<string, ConnectionErrorAnswer> = {
  HPE_HEADER_OVERFLOW: {
    status: 431,
    reason: "Request Header Fields Too Large",
    code: "headers_too_large",
    message: "The request line or headers are too large.",
  },
  HPE_INVALID_METHOD: {
    status: 405,
    reason: "Method Not Allowed",
    code: "method_not_allowed",
    message: "The store API does not answer this method.",
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    reason: "Request Timeout",
    code: "request_timeout",
    message: "The request took too long to arrive.",
  },
};
const malformedRequest: ConnectionErrorAnswer = {
  status: 400,
  reason: "Bad Request",
  code: "bad_request",
  message: "The request is malformed.",
};

/** Errors Node raises before a request reaches Fastify still get our JSON error shape. */
export function answerConnectionError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable) return;
  const known = connectionErrors[error.code ?? ""] ?? malformedRequest;
  const body = JSON.stringify(errorBody(known.code, known.message));
  socket.end(
    `HTTP/1.1 ${known.status} ${known.reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
