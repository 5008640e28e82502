import type { z } from "zod";
import { invalidRequest } from "./errors.ts";

/** Parses untrusted input with a schema, or throws a 400 naming the first problem. */
export function parseInput<Schema extends z.ZodType>(schema: Schema, value: unknown, what: string): z.output<Schema> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue === undefined || issue.path.length === 0 ? what : `${what}.${issue.path.join(".")}`;
  throw invalidRequest(`Invalid ${where}: ${issue?.message ?? "malformed value"}.`, where);
}
