import type { FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider } from "fastify";
import type { z } from "zod";
import { ApiError } from "../errors.ts";

/** Routes declare zod schemas; handlers see the parsed types (request) and must return the declared ones. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this["schema"] extends z.ZodType ? z.output<this["schema"]> : unknown;
  serializer: this["schema"] extends z.ZodType ? z.input<this["schema"]> : unknown;
}

const partNames: Record<string, string> = { querystring: "query", params: "path", body: "body", headers: "headers" };

/** Validates a request part with its zod schema; a failure is a 400 naming the first bad field. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema, httpPart }) => {
  const part = partNames[httpPart ?? ""] ?? "input";
  return (data: unknown) => {
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const issue = result.error.issues[0];
    const field = [part, ...(issue?.path ?? []).map(String)].join(".");
    return {
      error: new ApiError(400, "invalid_request", `Invalid ${field}: ${issue?.message ?? "malformed value"}.`, {
        field,
      }),
    };
  };
};

/** Serialises an answer only after its schema accepts it, so a route cannot send what the contract lacks. */
export const zodSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  return (data: unknown) => JSON.stringify(schema.parse(data));
};
