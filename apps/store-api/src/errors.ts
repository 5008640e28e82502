import type { ErrorBody, ErrorCode, ErrorDetailsByCode } from "@herbo/hosted-api";

/** `details` is required for codes whose details are always sent, optional where they may be, absent otherwise. */
type DetailsArgument<Code extends ErrorCode> = undefined extends ErrorDetailsByCode[Code]
  ? [details?: ErrorDetailsByCode[Code]]
  : [details: ErrorDetailsByCode[Code]];

/** An error a client caused or can act on; rendered as `{error: {code, message, details}}` with its status. */
export class ApiError<Code extends ErrorCode = ErrorCode> extends Error {
  readonly statusCode: number;
  readonly code: Code;
  readonly details: ErrorDetailsByCode[Code] | undefined;

  constructor(statusCode: number, code: Code, message: string, ...[details]: DetailsArgument<Code>) {
    super(message);
    this.name = "ApiError";
    this.statusCode = statusCode;
    this.code = code;
    this.details = details;
  }

  toBody(): ErrorBody<Code> {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details === undefined ? {} : { details: this.details }),
      },
    };
  }
}

export function notFound(message: string): ApiError<"not_found"> {
  return new ApiError(404, "not_found", message);
}

export function invalidRequest(message: string, field: string): ApiError<"invalid_request"> {
  return new ApiError(400, "invalid_request", message, { field });
}

/** An error body for answers made outside a route (connection errors, router errors, fallbacks). */
export function errorBody<Code extends ErrorCode>(code: Code, message: string): ErrorBody<Code> {
  return { error: { code, message } };
}
