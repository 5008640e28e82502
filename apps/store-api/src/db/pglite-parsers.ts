import { types, type PGlite, type ParserOptions, type QueryOptions, type Transaction } from "@electric-sql/pglite";

/**
 * The column types Drizzle reads as text and converts itself: timestamps with and without a zone, intervals,
 * dates, and arrays of those and of numerics. Drizzle names a parser that keeps each as text on every query
 * it sends to PGlite.
 */
export const drizzleTextTypes: readonly number[] = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];

const keepText = (value: string): string => value;

/** Given to PGlite when it opens: those types stay text on every query, as Drizzle asks each time. */
export function pgliteParsers(): ParserOptions {
  return Object.fromEntries(drizzleTextTypes.map((type) => [type, keepText]));
}

const textTypeKeys = new Set(drizzleTextTypes.map(String));

/**
 * A query's options without the parsers PGlite already applies. PGlite merges per-query parsers into its own
 * 300-odd on every query, which took about half of a small query's CPU (0.5 against 0.25 ms a query,
 * measured); a checkout makes four. Options naming any other type are left as they are.
 */
export function withoutInstanceParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (options?.parsers === undefined) return options;
  if (!Object.keys(options.parsers).every((type) => textTypeKeys.has(type))) return options;
  const rest: QueryOptions = { ...options };
  delete rest.parsers;
  return rest;
}

/**
 * The PGlite client Drizzle is given: the same database, whose queries (in transactions too) leave out
 * the parsers PGlite was opened with (`pgliteParsers`). Everything else is PGlite's own.
 */
export function drizzleClient(client: PGlite): PGlite {
  return wrap(client);
}

function wrap<Client extends PGlite | Transaction>(client: Client): Client {
  return new Proxy(client, {
    get(target, property) {
      if (property === "query") {
        return (query: string, params?: unknown[], options?: QueryOptions) =>
          target.query(query, params, withoutInstanceParsers(options));
      }
      if (property === "transaction" && "transaction" in target) {
        return <Result>(callback: (transaction: Transaction) => Promise<Result>) =>
          target.transaction((transaction) => callback(wrap(transaction)));
      }
      // PGlite's methods use private fields: they must run on PGlite itself, not on this proxy.
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
