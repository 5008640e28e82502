import { getTableConfig, PgTable, type PgColumn } from "drizzle-orm/pg-core";
import { getTableName, is, sql } from "drizzle-orm";
import type { Database } from "../db/connection.ts";
import * as schema from "../db/schema.ts";

/**
 * Moving a shop from its embedded database (PGlite in DATA_DIR) to a PostgreSQL server: every table of the
 * shop copied row for row in one transaction on the server, then counted and summed on both sides before it
 * commits. The server's database must be empty of the shop's data (a move is never merged into a running shop);
 * the migrations, run first, may already be there from an earlier attempt that stopped before committing.
 */

/** Rows read and written at a time: well under PostgreSQL's 65,535 parameters for the widest table. */
const batchSize = 200;

/** The shop's tables, each after every table it references, so no row is written before what it names. */
export function tablesInCopyOrder(): PgTable[] {
  const tables: PgTable[] = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
    is(value, PgTable),
  );
  const ordered: PgTable[] = [];
  const placed = new Set<PgTable>();
  const place = (table: PgTable, path: readonly PgTable[]) => {
    if (placed.has(table)) return;
    if (path.includes(table)) throw new Error(`Tables reference each other in a circle: ${getTableName(table)}`);
    for (const key of getTableConfig(table).foreignKeys) {
      const referenced = key.reference().foreignTable;
      if (referenced !== table) place(referenced, [...path, table]);
    }
    placed.add(table);
    ordered.push(table);
  };
  for (const table of tables) place(table, []);
  return ordered;
}

/** The tables whose rows mean a shop lives in the database: a move into it is refused. */
const shopData = [schema.products, schema.orders, schema.owners, schema.checkoutSessions];

/** The columns of a table that hold money: whole minor units whose name ends in "amount". */
function moneyColumns(table: PgTable): PgColumn[] {
  return getTableConfig(table).columns.filter(
    (column) => /amount$/i.test(column.name) && (column.columnType === "PgInteger" || column.columnType === "PgBigInt53"),
  );
}

export interface TableFigures {
  table: string;
  rows: number;
  /** Each money column's sum, by column name. */
  sums: Record<string, number>;
}

async function figuresOf(db: Pick<Database, "select">, table: PgTable): Promise<TableFigures> {
  const sums = moneyColumns(table);
  const [row] = await db
    .select({
      rows: sql<number>`count(*)::int`,
      ...Object.fromEntries(
        sums.map((column) => [column.name, sql<string>`coalesce(sum(${column}), 0)::text`]),
      ),
    })
    .from(table);
  const record = (row ?? {}) as Record<string, unknown>;
  return {
    table: getTableName(table),
    rows: Number(record.rows ?? 0),
    sums: Object.fromEntries(sums.map((column) => [column.name, Number(record[column.name] ?? 0)])),
  };
}

/** Why the server's database cannot take the shop, or undefined: it holds another shop's data. */
export async function moveRefusal(target: Database): Promise<string | undefined> {
  for (const table of shopData) {
    const [row] = await target.select({ rows: sql<number>`count(*)::int` }).from(table);
    if ((row?.rows ?? 0) > 0) {
      return `The PostgreSQL database already holds a shop (its ${getTableName(table)} table has rows). Move into an empty database: create one (createdb) and name it instead.`;
    }
  }
  return undefined;
}

export class MoveMismatch extends Error {
  constructor(readonly source: TableFigures, readonly target: TableFigures) {
    super(`The copy of ${source.table} does not match: ${JSON.stringify(source)} against ${JSON.stringify(target)}`);
    this.name = "MoveMismatch";
  }
}

/**
 * Copies every table of `source` into `target` (both migrated to the same level) in one transaction on the
 * target: its tables are emptied first (the migrations fill a few counters), each table is copied in order,
 * the id sequences are moved past the copied ids, and each table's row count and money sums are compared
 * before the transaction commits. Any difference rolls everything back.
 */
export async function copyShop(source: Database, target: Database): Promise<TableFigures[]> {
  const tables = tablesInCopyOrder();
  return target.transaction(async (tx) => {
    const names = tables.map((table) => `"${getTableName(table)}"`).join(", ");
    await tx.execute(sql.raw(`TRUNCATE ${names}`));
    for (const table of tables) {
      const columns = getTableConfig(table).columns;
      const primary = columns.filter((column) => column.primary);
      const orderBy = primary.length > 0 ? primary : columns;
      for (let offset = 0; ; offset += batchSize) {
        const rows = await source
          .select()
          .from(table)
          .orderBy(...orderBy)
          .limit(batchSize)
          .offset(offset);
        if (rows.length > 0) await tx.insert(table).values(rows);
        if (rows.length < batchSize) break;
      }
      for (const column of columns.filter((each) => each.columnType === "PgBigSerial53")) {
        const name = getTableName(table);
        // The next id the shop writes follows the copied ones.
        await tx.execute(
          sql`SELECT setval(pg_get_serial_sequence(${name}, ${column.name}), coalesce((SELECT max(${sql.identifier(column.name)}) FROM ${sql.identifier(name)}), 0) + 1, false)`,
        );
      }
    }
    const figures: TableFigures[] = [];
    for (const table of tables) {
      const [before, after] = await Promise.all([figuresOf(source, table), figuresOf(tx, table)]);
      if (JSON.stringify(before) !== JSON.stringify(after)) throw new MoveMismatch(before, after);
      figures.push(after);
    }
    return figures;
  });
}

/** The figures as the command prints them: one line per table, with its money sums. */
export function figuresTable(figures: readonly TableFigures[]): string[] {
  const width = Math.max(...figures.map((figure) => figure.table.length));
  return figures.map((figure) => {
    const sums = Object.entries(figure.sums).map(([column, sum]) => `${column} ${sum}`);
    return `${figure.table.padEnd(width)}  ${String(figure.rows).padStart(7)} rows${sums.length === 0 ? "" : `  (sums: ${sums.join(", ")})`}`;
  });
}
