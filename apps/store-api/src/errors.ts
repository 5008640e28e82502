/** An error a client caused or can act on; rendered as `{error: {code, message}}` with its status. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: string;
  readonly details: Record<string, unknown> | undefined;

  constructor(statusCode: number, code: string, message: string, details?: Record<string, unknown>) {
    super(message);
    this.name = "ApiError";
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
  }
}

export function notFound(message: string): ApiError {
  return new ApiError(404, "not_found", message);
}

export function invalidRequest(message: string, details?: Record<string, unknown>): ApiError {
  return new ApiError(400, "invalid_request", message, details);
}
