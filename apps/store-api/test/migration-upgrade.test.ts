import { cpSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { includedTax } from "@herbo/hosted-api";
import { afterEach, describe, expect, it } from "vitest";
import { readSeedCatalog, seedIfEmpty, seedMarkets, seedShippingRates } from "../src/catalog/seed.ts";
import type { DatabaseHandle } from "../src/db/connection.ts";
import { packageRoot } from "../src/package-root.ts";
import { createTestDatabase, databaseKinds } from "./harness.ts";

const kinds = await databaseKinds();

/** A copy of the migrations folder that ends at `lastIndex` (0009: the shop before markets). */
function migrationsUpTo(lastIndex: number): string {
  const folder = mkdtempSync(path.join(tmpdir(), "herbo-migrations-"));
  cpSync(path.join(packageRoot, "drizzle"), folder, { recursive: true });
  const journalFile = path.join(folder, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= lastIndex);
  writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}

async function migrateWith(handle: DatabaseHandle, migrationsFolder: string): Promise<void> {
  if (handle.kind === "pglite") {
    await migratePglite(handle.db as Parameters<typeof migratePglite>[0], { migrationsFolder });
  } else {
    await migrateNodePostgres(handle.db as Parameters<typeof migrateNodePostgres>[0], { migrationsFolder });
  }
}

describe.each(kinds)("a shop upgraded from migration 0009 (before markets) on %s", (kind) => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("keeps the owner's price and old orders, moves prices into the rupee list, gains the new markets, and numbers old refunds' credit notes", async () => {
    const test = await createTestDatabase(kind, { migrate: false });
    cleanups.push(() => test.drop());
    const { handle, db } = test;
    await migrateWith(handle, migrationsUpTo(9));

    // A shop as it stood at 0009: the owner had lowered the jar to Rs. 1100 and put the tin on sale, and a
    // cash-on-delivery order of two jars was placed at that price. Shipping to the US was quoted in rupees.
    const at = "2026-10-01T10:00:00Z";
    await db.execute(sql`INSERT INTO currencies (code, name, name_plural, symbol, symbol_native, template, decimal_digits)
      VALUES ('NPR', 'Nepalese rupee', 'Nepalese rupees', 'Rs.', 'रू', 'Rs. $1', 2)`);
    await db.execute(sql`INSERT INTO products (id, title, extras, created_at, updated_at)
      VALUES ('prod_himalayan_resin', 'Pure Himalayan Shilajit Resin', '{}'::jsonb, ${at}, ${at}),
             ('prod_travel_tin', 'Shilajit Travel Tin', '{}'::jsonb, ${at}, ${at})`);
    await db.execute(sql`INSERT INTO variants (id, product_id, title, amount, sale_amount, currency_code, updated_at)
      VALUES ('var_resin_10g', 'prod_himalayan_resin', '10 g', 110000, NULL, 'NPR', ${at}),
             ('var_travel_tin', 'prod_travel_tin', '5 g', 75000, 65000, 'NPR', ${at})`);
    await db.execute(sql`INSERT INTO shipping_rates (country_code, currency_code, amount, min_days, max_days)
      VALUES ('NP', 'NPR', 0, 1, 4), ('US', 'NPR', 470000, 7, 14)`);
    await db.execute(sql`INSERT INTO checkout_sessions (id, success_url, cancel_url, currency_code, total_amount, created_at, expires_at)
      VALUES ('cs_before_markets', 'http://shop.test/success', 'http://shop.test/store', 'NPR', 220000, ${at}, ${at})`);
    await db.execute(sql`INSERT INTO orders (id, number, access_token, session_id, created_at, currency_code,
        subtotal_amount, total_amount, payment_method, payment_provider, payment_status)
      VALUES ('ord_before_markets', 'HS-1001', ${"t".repeat(32)}, 'cs_before_markets', ${at}, 'NPR',
        220000, 220000, 'cod', 'cod', 'cod_due')`);
    await db.execute(sql`INSERT INTO order_lines (order_id, position, variant_id, product_title, variant_title, quantity, unit_amount)
      VALUES ('ord_before_markets', 0, 'var_resin_10g', 'Pure Himalayan Shilajit Resin', '10 g', 2, 110000)`);

    // 0013: the shop just before credit notes, with a UK order (VAT 20 %, registered) refunded twice.
    await migrateWith(handle, migrationsUpTo(13));
    await db.execute(sql`INSERT INTO currencies (code, name, name_plural, symbol, symbol_native, template, decimal_digits)
      VALUES ('GBP', 'British pound', 'British pounds', '£', '£', '£$1', 2)`);
    await db.execute(sql`INSERT INTO checkout_sessions (id, success_url, cancel_url, currency_code, total_amount, created_at, expires_at)
      VALUES ('cs_before_credit_notes', 'http://shop.test/success', 'http://shop.test/store', 'GBP', 4498, ${at}, ${at})`);
    await db.execute(sql`INSERT INTO orders (id, number, access_token, session_id, created_at, currency_code,
        subtotal_amount, total_amount, payment_method, payment_provider, payment_status, market_code,
        tax_name, tax_rate_basis_points, tax_registration)
      VALUES ('ord_refunded', 'HS-1002', ${"u".repeat(32)}, 'cs_before_credit_notes', ${at}, 'GBP',
        4498, 4498, 'card', 'sandbox', 'refunded', 'uk', 'VAT', 2000, 'GB 123 4567 89')`);
    await db.execute(sql`INSERT INTO order_refunds (id, order_id, kind, amount, currency_code, status, actor, created_at, updated_at)
      VALUES ('rf_later', 'ord_refunded', 'cancel', 1999, 'GBP', 'to_make', 'owner@shop.test', '2026-10-03T10:00:00Z', ${at}),
             ('rf_first', 'ord_refunded', 'return', 2499, 'GBP', 'succeeded', 'owner@shop.test', '2026-10-02T10:00:00Z', ${at})`);

    // The upgrade, then what every start does: the seed adds what the database lacks.
    await handle.migrate();
    const catalog = await readSeedCatalog();
    expect(await seedIfEmpty(db, catalog)).toBe(false);
    expect((await seedMarkets(db, catalog)).sort()).toEqual(["ae", "ca", "in", "np", "uk", "us"]);
    await seedShippingRates(db);

    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    // The owner's rupee prices moved into the rupee list untouched; the new currencies got the seed's.
    const prices = await rows<{
      variant_id: string;
      currency_code: string;
      amount: number;
      sale_amount: number | null;
    }>(
      sql`SELECT variant_id, currency_code, amount, sale_amount FROM variant_prices
          WHERE variant_id IN ('var_resin_10g', 'var_travel_tin') ORDER BY variant_id, currency_code`,
    );
    expect(prices.filter((price) => price.currency_code === "NPR")).toEqual([
      { variant_id: "var_resin_10g", currency_code: "NPR", amount: 110000, sale_amount: null },
      { variant_id: "var_travel_tin", currency_code: "NPR", amount: 75000, sale_amount: 65000 },
    ]);
    expect(prices.find((price) => price.variant_id === "var_resin_10g" && price.currency_code === "USD")).toMatchObject(
      { amount: 2999 },
    );
    const variantColumns = await rows<{ column_name: string }>(
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'variants' AND column_name IN ('amount', 'sale_amount', 'currency_code')`,
    );
    expect(variantColumns).toEqual([]);
    // Variants from before the owner could give identifiers have none: the feeds list them without.
    expect(
      await rows(sql`SELECT id, gtin, mpn FROM variants WHERE id IN ('var_resin_10g', 'var_travel_tin') ORDER BY id`),
    ).toEqual([
      { id: "var_resin_10g", gtin: null, mpn: null },
      { id: "var_travel_tin", gtin: null, mpn: null },
    ]);

    // The old order keeps its amounts, and belongs to Nepal with no tax lines.
    const [order] = await rows<Record<string, unknown>>(
      sql`SELECT number, currency_code, subtotal_amount, total_amount, market_code, tax_amount, shipping_tax_amount, tax_name
          FROM orders WHERE id = 'ord_before_markets'`,
    );
    expect(order).toEqual({
      number: "HS-1001",
      currency_code: "NPR",
      subtotal_amount: 220000,
      total_amount: 220000,
      market_code: "np",
      tax_amount: 0,
      shipping_tax_amount: 0,
      tax_name: null,
    });
    const [line] = await rows<Record<string, unknown>>(
      sql`SELECT quantity, unit_amount, tax_amount FROM order_lines WHERE order_id = 'ord_before_markets'`,
    );
    expect(line).toEqual({ quantity: 2, unit_amount: 110000, tax_amount: 0 });

    // Shipping abroad is quoted in each market's currency now, never in rupees.
    const rates = await rows<{ country_code: string; currency_code: string }>(
      sql`SELECT country_code, currency_code FROM shipping_rates ORDER BY country_code`,
    );
    expect(rates).toContainEqual({ country_code: "NP", currency_code: "NPR" });
    expect(rates).toContainEqual({ country_code: "US", currency_code: "USD" });
    expect(rates).not.toContainEqual({ country_code: "US", currency_code: "NPR" });

    // Refunds made before credit notes get theirs in the order they were made, one amount line each, with
    // their tax worked out as includedTax does; the next refund's note follows them.
    const notes = await rows<Record<string, unknown>>(
      sql`SELECT id, credit_note_number, tax_amount, credit_lines FROM order_refunds ORDER BY credit_note_number`,
    );
    const amountLine = (productTitle: string, amount: number) => ({
      productTitle,
      variantTitle: "",
      quantity: null,
      amount,
      taxAmount: includedTax(amount, 2000),
    });
    expect(notes).toEqual([
      {
        id: "rf_first",
        credit_note_number: 1001,
        tax_amount: includedTax(2499, 2000),
        credit_lines: [amountLine("Refund for returned items", 2499)],
      },
      {
        id: "rf_later",
        credit_note_number: 1002,
        tax_amount: includedTax(1999, 2000),
        credit_lines: [amountLine("Refund on cancellation", 1999)],
      },
    ]);
    expect(await rows(sql`SELECT next FROM credit_note_counter`)).toEqual([{ next: 1003 }]);
  }, 120_000);
});
