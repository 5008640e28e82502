import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { packageRoot } from "../src/package-root.ts";

/**
 * The store API's layout rules (docs/decisions/011-one-lifecycle.md), checked on the source itself so that a
 * change that breaks one fails the suite: no import circles, thin routes, one caller of placeOrder, one
 * module per changed quantity or status, and email a leaf.
 */

const sourceRoot = path.join(packageRoot, "src");

function sourceFiles(folder = sourceRoot): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });
}

const files = new Map(sourceFiles().map((file) => [path.relative(sourceRoot, file), readFileSync(file, "utf8")]));

/** The files of src a source imports (relative imports only; `import type` counts too). */
export function importsOf(file: string, source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^;]*?from\s+"(\.{1,2}\/[^"]+)"/g)) {
    found.push(path.normalize(path.join(path.dirname(file), match[1] ?? "")));
  }
  return found;
}

/** Every circle of imports among the given files (strongly connected parts of more than one file, or a file importing itself). */
export function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let counter = 0;
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const part: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(part.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

/**
 * The files whose code changes `columns` of `table` in an UPDATE: each `.update(table)` up to its
 * `.where(` (or the statement's end) that sets one of them.
 */
export function filesUpdating(
  sources: ReadonlyMap<string, string>,
  table: string,
  columns: readonly string[],
): string[] {
  const changing: string[] = [];
  for (const [file, source] of sources) {
    for (const match of source.matchAll(new RegExp(`\\.update\\(${table}\\)`, "g"))) {
      const rest = source.slice(match.index ?? 0);
      const end = rest.search(/\.where\(|;/);
      const statement = end === -1 ? rest : rest.slice(0, end);
      // A computed set (`.set(change)`) counts too: it may set anything.
      if (columns.some((column) => new RegExp(`\\b${column}\\b`).test(statement)) || /\.set\([a-z]/i.test(statement)) {
        changing.push(file);
        break;
      }
    }
  }
  return changing.sort();
}

/** The folder a file of src belongs to (its first folder), or the file itself for one at the top. */
export function folderOf(file: string): string {
  const [first] = file.split(path.sep);
  return first ?? file;
}

/** Folders that import each other, directly or round a loop: each one imports a folder above it. */
export function folderCircles(sources: ReadonlyMap<string, string>): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const [file, source] of sources) {
    const from = folderOf(file);
    const targets = graph.get(from) ?? new Set<string>();
    for (const target of importsOf(file, source)) if (folderOf(target) !== from) targets.add(folderOf(target));
    graph.set(from, targets);
  }
  return circlesOf(new Map([...graph].map(([folder, targets]) => [folder, [...targets]])));
}

/**
 * Route files that reach the database layer themselves: a value import of db/ or of drizzle-orm (a type
 * import of the database handle, to pass it on, is allowed). Routes parse and answer; the domain folders
 * read and write.
 */
export function routesReachingTheDatabase(sources: ReadonlyMap<string, string>): string[] {
  const reaching: string[] = [];
  for (const [file, source] of sources) {
    if (!file.startsWith(`routes${path.sep}`)) continue;
    for (const match of source.matchAll(/(?:^|\n)\s*import\s+(type\s+)?[^;]*?from\s+"([^"]+)"/g)) {
      const [, typeOnly, imported = ""] = match;
      if (typeOnly !== undefined) continue;
      const target = imported.startsWith(".") ? path.normalize(path.join(path.dirname(file), imported)) : imported;
      if (target === "drizzle-orm" || target.startsWith(`db${path.sep}`)) reaching.push(`${file} -> ${target}`);
    }
  }
  return reaching;
}

/** The provider methods that move money or judge a payment: only payments/ may call them. */
export const moneyMovingCalls = [
  "initiatePayment",
  "authorizePayment",
  "cancelPayment",
  "refundPayment",
  "getWebhookActionAndData",
] as const;

/** Files outside payments/ that call a provider's money-moving method. */
export function providerCallsOutsidePayments(sources: ReadonlyMap<string, string>): string[] {
  const call = new RegExp(`\\.(?:${moneyMovingCalls.join("|")})\\(`);
  return [...sources]
    .filter(([file, source]) => !file.startsWith(`payments${path.sep}`) && call.test(source))
    .map(([file]) => file);
}

/** Every function, method and arrow function in a source longer than `max` lines, with its line count. */
export function functionsLongerThan(file: string, source: string, max: number): string[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const long: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body !== undefined) {
      const start = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line;
      const end = sourceFile.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > max) {
        const name = "name" in node && node.name !== undefined ? node.name.getText(sourceFile) : "(anonymous)";
        long.push(`${file}: ${name} (${lines} lines)`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return long;
}

describe("the store API's layout", () => {
  it("has no file that imports in a circle", () => {
    const graph = new Map([...files].map(([file, source]) => [file, importsOf(file, source)]));
    expect(circlesOf(graph)).toEqual([]);
  });

  it("keeps every route file under 250 lines", () => {
    const long = [...files]
      .filter(([file]) => file.startsWith(`routes${path.sep}`))
      .map(([file, source]) => [file, source.split("\n").length] as const)
      .filter(([, lines]) => lines > 250);
    expect(long).toEqual([]);
  });

  it("places orders from one module: payments/settle.ts", () => {
    const callers = [...files].filter(([, source]) =>
      /\bplaceOrder\(/.test(source.replace(/export async function placeOrder\(/, "")),
    );
    expect(callers.map(([file]) => file)).toEqual([path.join("payments", "settle.ts")]);
  });

  it("changes stock in one module: the ledger", () => {
    expect(filesUpdating(files, "variants", ["stockOnHand", "stockReserved"])).toEqual([
      path.join("stock", "ledger.ts"),
    ]);
  });

  it("changes each status in its own module, through its lifecycle", () => {
    expect(filesUpdating(files, "checkoutSessions", ["status"])).toEqual([path.join("checkout", "sessions.ts")]);
    expect(filesUpdating(files, "paymentAttempts", ["status"])).toEqual([path.join("payments", "attempts.ts")]);
    expect(filesUpdating(files, "orders", ["paymentStatus", "fulfilmentStatus"])).toEqual([
      path.join("orders", "order-moves.ts"),
    ]);
    expect(filesUpdating(files, "orderRefunds", ["status"])).toEqual([path.join("orders", "refunds.ts")]);
  });

  it("keeps email a leaf: it imports only its own files, the HTML kit, the schema and the address formatter", () => {
    const allowed = ["email", "html", "db", path.join("checkout", "details")];
    const reaching = [...files]
      .filter(([file]) => file.startsWith(`email${path.sep}`))
      .flatMap(([file, source]) =>
        importsOf(file, source)
          .filter((target) => !allowed.some((folder) => target.startsWith(`${folder}${path.sep}`)))
          .map((target) => `${file} -> ${target}`),
      );
    expect(reaching).toEqual([]);
  });

  it("has folders that never import a folder above them (no two folders import each other)", () => {
    expect(folderCircles(files)).toEqual([]);
  });

  it("has route files that leave the database to the domain folders", () => {
    expect(routesReachingTheDatabase(files)).toEqual([]);
  });

  it("calls the payment providers' money-moving methods from payments/ alone", () => {
    expect(providerCallsOutsidePayments(files)).toEqual([]);
  });

  it("keeps every function of the hosted checkout within 80 lines", () => {
    const long = [...files]
      .filter(([file]) => file.startsWith(`hosted-checkout${path.sep}`))
      .flatMap(([file, source]) => functionsLongerThan(file, source, 80));
    expect(long).toEqual([]);
  });

  it("has route files that never import the plugin that registers them", () => {
    const backwards = [...files]
      .filter(([file]) => file.startsWith(`routes${path.sep}`))
      .flatMap(([file, source]) =>
        importsOf(file, source)
          .filter((target) => target.startsWith(`plugins${path.sep}`) || target === "app.ts")
          .map((target) => `${file} -> ${target}`),
      );
    expect(backwards).toEqual([]);
  });
});

describe("the layout checks themselves", () => {
  it("find a circle, and none where there is none", () => {
    const circle = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(circlesOf(circle)).toEqual([["a.ts", "b.ts", "c.ts"]]);
    expect(circlesOf(new Map([["a.ts", ["a.ts"]]]))).toEqual([["a.ts"]]);
    expect(
      circlesOf(
        new Map([
          ["a.ts", ["b.ts"]],
          ["b.ts", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("read relative imports, type imports and re-exports", () => {
    const source =
      'import { x } from "../db/schema.ts";\nimport type { Y } from "./y.ts";\nexport * from "./z.ts";\nimport z from "zod";';
    expect(importsOf(path.join("orders", "a.ts"), source)).toEqual([
      path.join("db", "schema.ts"),
      path.join("orders", "y.ts"),
      path.join("orders", "z.ts"),
    ]);
  });

  it("fail on a planted folder that imports a folder above it", () => {
    const planted = new Map([
      ...files,
      [path.join("media", "planted.ts"), 'import { seedIfEmpty } from "../catalog/seed.ts";'],
    ]);
    expect(folderCircles(planted).flat()).toEqual(expect.arrayContaining(["catalog", "media"]));
  });

  it("fail on a planted route that reads the database itself, and allow a type import of the handle", () => {
    const route = path.join("routes", "planted.ts");
    const planted = new Map([
      [
        route,
        'import type { Database } from "../db/connection.ts";\nimport { orders } from "../db/schema.ts";\nimport { eq } from "drizzle-orm";',
      ],
    ]);
    expect(routesReachingTheDatabase(planted)).toEqual([
      `${route} -> ${path.join("db", "schema.ts")}`,
      `${route} -> drizzle-orm`,
    ]);
  });

  it("fail on a planted provider call outside payments/", () => {
    const planted = new Map([
      [path.join("orders", "planted.ts"), "await provider.refundPayment(request);"],
      [path.join("payments", "fine.ts"), "await provider.refundPayment(request);"],
    ]);
    expect(providerCallsOutsidePayments(planted)).toEqual([path.join("orders", "planted.ts")]);
  });

  it("measure a function's lines, arrow functions and methods included", () => {
    const body = Array.from({ length: 80 }, (_, line) => `  const x${line} = ${line};`).join("\n");
    const source = `export function long() {\n${body}\n}\nconst short = () => 1;\nconst o = { m() { return 2; } };`;
    expect(functionsLongerThan("a.ts", source, 80)).toEqual(["a.ts: long (82 lines)"]);
  });

  it("find an UPDATE that sets a watched column, or sets a computed change", () => {
    const sources = new Map([
      ["a.ts", "await tx.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, id));"],
      ["b.ts", "await tx.update(orders).set({ note: 'x' }).where(eq(orders.paymentStatus, 'paid'));"],
      ["c.ts", "await tx.update(orders).set(change).where(eq(orders.id, id));"],
    ]);
    expect(filesUpdating(sources, "orders", ["paymentStatus"])).toEqual(["a.ts", "c.ts"]);
  });
});
