import { decimalAmount } from "@herbo/hosted-api";
import {
  productImportLimits,
  productStatuses,
  type AdminProductImportProblem,
  type ProductStatus,
} from "@herbo/hosted-api/admin";
import { CsvError, parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import { richTextShapeProblem } from "@herbo/hosted-api/rich-text-shape";
import { gtin14, parseGtin, parseMpn } from "@herbo/hosted-api/product-identifiers";
import { cleanPlainText, cleanRichText } from "./rich-text.ts";

/**
 * The catalogue as CSV, so a shop can move in or out: one line per variant with its product's fields
 * repeated, then a price and a sale price per market currency. This module writes and reads the file;
 * products-transfer.ts compares it with the database and saves it.
 */

export const productColumns = [
  "product_id",
  "product_title",
  "status",
  "subtitle",
  "ribbon",
  "description_html",
  "purchasable",
  "sort_order",
] as const;
export const variantColumns = ["variant_id", "variant_title", "sku", "weight_kg", "manage_inventory"] as const;
const baseColumns: readonly string[] = [...productColumns, ...variantColumns];
/**
 * The variant's identifiers for product feeds, exported after its other fields. Optional in an import: a file
 * without them (made by hand, or exported before they existed) leaves every variant's identifiers as they are.
 */
export const feedIdentifierColumns = ["gtin", "mpn"] as const;

/**
 * The version each line was exported at, as the editor and the Prices page carry it: a product's or
 * variant's saves count up its version, so a line whose version is behind would undo someone's change.
 * Last in the file, out of the owner's way; optional, so a hand-made file adding new products needs neither.
 */
export const productVersionColumn = "product_version";
/** The column of a product's description, and its longest text (as the editor takes it). */
export const descriptionColumn = "description_html";
export const descriptionMaxLength = 20_000;
export const variantVersionColumn = "variant_version";

const importMaxRows = productImportLimits.maxRows;

/** A currency the shop sells in, as a column of the file. */
export interface CsvCurrency {
  code: string;
  decimalDigits: number;
}

export type CsvProblem = AdminProductImportProblem;

export const priceColumn = (code: string): string => `price_${code}`;
export const saleColumn = (code: string): string => `sale_price_${code}`;

/** The header of an exported file: the product's and variant's columns, then two per currency in the markets' order. */
export function productCsvColumns(currencies: readonly CsvCurrency[]): string[] {
  return [
    ...baseColumns,
    ...feedIdentifierColumns,
    ...currencies.flatMap((currency) => [priceColumn(currency.code), saleColumn(currency.code)]),
    productVersionColumn,
    variantVersionColumn,
  ];
}

/** The cells of a line after its product's: the variant's and its prices. */
function variantCellCount(currencies: readonly CsvCurrency[]): number {
  return variantColumns.length + feedIdentifierColumns.length + 2 * currencies.length;
}

export interface ExportedPrice {
  currencyCode: string;
  amount: number;
  saleAmount: number | null;
}

export interface ExportedVariant {
  id: string;
  version: number;
  title: string;
  sku: string | null;
  gtin: string | null;
  mpn: string | null;
  weight: number | null;
  manageInventory: boolean;
  prices: readonly ExportedPrice[];
}

export interface ExportedProduct {
  id: string;
  version: number;
  title: string;
  status: ProductStatus;
  subtitle: string | null;
  ribbonText: string | null;
  descriptionHtml: string;
  purchasable: boolean;
  sortOrder: number;
  variants: readonly ExportedVariant[];
}

/**
 * The products as CSV (RFC 4180, UTF-8 with a byte-order mark, as the orders' export), made by csv-stringify
 * with `escape_formulas`: a cell starting with =, +, -, @, tab or carriage return gets a ' before it, so a
 * title such as `=HYPERLINK(…)` is text in a spreadsheet. The import takes that ' off again.
 */
export function productsCsv(rows: readonly ExportedProduct[], currencies: readonly CsvCurrency[]): string {
  const records = rows.flatMap((product) => {
    const productCells = [
      product.id,
      product.title,
      product.status,
      product.subtitle ?? "",
      product.ribbonText ?? "",
      product.descriptionHtml,
      String(product.purchasable),
      String(product.sortOrder),
    ];
    if (product.variants.length === 0) {
      const empty = Array.from({ length: variantCellCount(currencies) }, () => "");
      return [[...productCells, ...empty, String(product.version), ""]];
    }
    return product.variants.map((variant) => [
      ...productCells,
      variant.id,
      variant.title,
      variant.sku ?? "",
      variant.weight === null ? "" : String(variant.weight),
      String(variant.manageInventory),
      variant.gtin ?? "",
      variant.mpn ?? "",
      ...currencies.flatMap((currency) => {
        const price = variant.prices.find((entry) => entry.currencyCode === currency.code);
        if (price === undefined) return ["", ""];
        return [
          decimalAmount(price.amount, currency.decimalDigits),
          price.saleAmount === null ? "" : decimalAmount(price.saleAmount, currency.decimalDigits),
        ];
      }),
      String(product.version),
      String(variant.version),
    ]);
  });
  return stringify(records, {
    header: true,
    columns: productCsvColumns(currencies),
    bom: true,
    escape_formulas: true,
    record_delimiter: "windows",
  });
}

/** The characters csv-stringify's `escape_formulas` puts a ' before. */
const escapedFormula = /^'[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A cell as it was before the export escaped it: "'=SUM(1)" is "=SUM(1)" again. */
export function unescapeCell(cell: string): string {
  return escapedFormula.test(cell) ? cell.slice(1) : cell;
}

/** One line of the file after the header, its cells by column name. */
export interface CsvRow {
  line: number;
  cells: ReadonlyMap<string, string>;
}

type Read<T> = { ok: true; value: T } | { ok: false; problems: CsvProblem[] };

const lineBreak = /\r\n|\n|\r/g;

/** The file's header and rows, with the line each row starts on; blank lines are skipped. */
export function readCsvRows(text: string): Read<{ header: string[]; rows: CsvRow[] }> {
  let records: { record: string[]; raw: string }[];
  try {
    records = parse(text, {
      bom: true,
      raw: true,
      relax_column_count: true,
      record_delimiter: ["\r\n", "\n", "\r"],
    }) as unknown as { record: string[]; raw: string }[];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = typeof error["lines"] === "number" ? error["lines"] : 1;
    return {
      ok: false,
      problems: [{ line, column: null, message: `This is not a CSV file we can read: ${error.message}` }],
    };
  }
  let line = 1;
  const lines: { line: number; record: string[] }[] = [];
  for (const { record, raw } of records) {
    if (record.some((cell) => cell.trim() !== "")) lines.push({ line, record });
    line += raw.match(lineBreak)?.length ?? 0;
  }
  const [first, ...rest] = lines;
  if (first === undefined) return { ok: false, problems: [{ line: 1, column: null, message: "The file is empty" }] };
  const header = first.record.map((name) => name.trim());
  const problems: CsvProblem[] = [];
  if (rest.length > importMaxRows) {
    problems.push({
      line: rest[importMaxRows]?.line ?? 1,
      column: null,
      message: `A file holds at most ${importMaxRows.toLocaleString("en-US")} lines of variants; import the rest in a second file`,
    });
  }
  for (const row of rest) {
    if (row.record.length !== header.length) {
      problems.push({
        line: row.line,
        column: null,
        message: `This line has ${row.record.length} cells and the header ${header.length}`,
      });
    }
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      header,
      rows: rest.map((row) => ({
        line: row.line,
        cells: new Map(header.map((name, index) => [name, unescapeCell(row.record[index] ?? "")])),
      })),
    },
  };
}

/** Problems of the header: every product and variant column once, price columns only for currencies sold. */
export function headerProblems(header: readonly string[], currencies: readonly CsvCurrency[]): CsvProblem[] {
  const problems: CsvProblem[] = [];
  const known = new Set(productCsvColumns(currencies));
  const seen = new Set<string>();
  for (const name of header) {
    const problem = (message: string) => problems.push({ line: 1, column: name === "" ? null : name, message });
    const currency = /^(?:sale_)?price_(.*)$/.exec(name)?.[1];
    if (seen.has(name)) problem("This column is there twice");
    else if (name === "") problem("A column has no name");
    else if (!known.has(name) && currency !== undefined) {
      problem(`The shop sells in no market with the currency ${currency}`);
    } else if (!known.has(name)) problem("Not a column of the products file; the exported file shows them all");
    seen.add(name);
  }
  for (const name of baseColumns) {
    if (!seen.has(name)) problems.push({ line: 1, column: null, message: `The column ${name} is missing` });
  }
  for (const currency of currencies) {
    if (seen.has(saleColumn(currency.code)) && !seen.has(priceColumn(currency.code))) {
      problems.push({
        line: 1,
        column: saleColumn(currency.code),
        message: `A sale price needs the column ${priceColumn(currency.code)} beside it`,
      });
    }
  }
  return problems;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** The largest amount the back office takes, in minor units (as its price routes). */
export const maxMinorUnits = 100_000_000;

/**
 * A decimal amount ("29.99", "1200", "1200.5") as whole minor units of a currency with `digits` decimals,
 * without floating point; no sign, no thousands separators, no more decimals than the currency has.
 */
export function parseDecimal(text: string, digits: number, code: string): Parsed<number> {
  const trimmed = text.trim();
  if (trimmed.startsWith("-")) return { ok: false, message: "An amount cannot be negative" };
  const match = /^(\d+)(?:\.(\d+))?$/.exec(trimmed);
  if (match === null) {
    return { ok: false, message: `Expected an amount such as ${decimalAmount(2999, digits)}, without separators` };
  }
  const fraction = (match[2] ?? "").replace(/0+$/, "");
  if (fraction.length > digits) {
    return {
      ok: false,
      message:
        digits === 0 ? `${code} has no decimals: write a whole amount` : `${code} has ${digits} decimals, not more`,
    };
  }
  const minor = BigInt(match[1] ?? "0") * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, "0"));
  if (minor > BigInt(maxMinorUnits)) {
    return { ok: false, message: `At most ${decimalAmount(maxMinorUnits, digits)}` };
  }
  return { ok: true, value: Number(minor) };
}

/** "true" or "false" as the export writes them; yes/no and 1/0 too, in any case. */
export function parseBoolean(text: string): Parsed<boolean> {
  const value = text.trim().toLowerCase();
  if (value === "true" || value === "yes" || value === "1") return { ok: true, value: true };
  if (value === "false" || value === "no" || value === "0") return { ok: true, value: false };
  return { ok: false, message: "Expected true or false" };
}

export function parseStatus(text: string): Parsed<ProductStatus> {
  const value = text.trim().toLowerCase();
  const status = productStatuses.find((entry) => entry === value);
  return status === undefined
    ? { ok: false, message: "Expected draft, published or archived" }
    : { ok: true, value: status };
}

/** A place in the store's order (0 to 100000); empty places a new product last and keeps an existing one's. */
export function parseSortOrder(text: string): Parsed<number | null> {
  const value = text.trim();
  if (value === "") return { ok: true, value: null };
  if (!/^\d{1,6}$/.test(value) || Number(value) > 100_000) {
    return { ok: false, message: "Expected a whole number from 0 to 100000" };
  }
  return { ok: true, value: Number(value) };
}

/** A version as the export writes it (a whole number from 1); empty when the line has none. */
export function parseVersion(text: string): Parsed<number | null> {
  const value = text.trim();
  if (value === "") return { ok: true, value: null };
  if (!/^[1-9]\d{0,8}$/.test(value))
    return { ok: false, message: "Expected the version from an exported file, or nothing" };
  return { ok: true, value: Number(value) };
}

/** Kilograms ("0.06"); empty when unknown. */
export function parseWeight(text: string): Parsed<number | null> {
  const value = text.trim();
  if (value === "") return { ok: true, value: null };
  if (!/^\d+(\.\d+)?$/.test(value)) return { ok: false, message: "Expected kilograms such as 0.06, or nothing" };
  if (Number(value) > 1000) return { ok: false, message: "At most 1000 kg" };
  return { ok: true, value: Number(value) };
}

/** A SKU as the variant editor takes it: letters, digits and . _ / # -, at most 64; empty for none. */
export function parseSku(text: string): Parsed<string | null> {
  const value = text.trim();
  if (value.length > 64) return { ok: false, message: "At most 64 characters" };
  if (!/^[\p{L}\p{N}._/#-]*$/u.test(value)) return { ok: false, message: "Letters, digits and . _ / # - only" };
  return { ok: true, value: value === "" ? null : value };
}

/**
 * A GTIN cell, read by the editor's rule (parseGtin). A spreadsheet that took the barcode for a number and
 * wrote it as 4.00638E+12 has lost its digits: the message names that cause, since the owner never typed it.
 */
export function parseGtinCell(text: string): Parsed<string | null> {
  if (/^\d+(\.\d+)?e\+?\d+$/i.test(text.trim())) {
    return {
      ok: false,
      message:
        "A spreadsheet wrote this GTIN as a number and lost digits: format the gtin column as text and type it again",
    };
  }
  return parseGtin(text);
}

const identifierPattern = /^[A-Za-z0-9_-]{1,100}$/;

/** A text cell as given and as the shop keeps it; the import keeps a stored value given back unchanged. */
export interface TextCell {
  given: string;
  clean: string;
}

/** A line of text as the editor takes it: at most `max` characters and no control characters. */
function lineProblem(text: string, max: number): string | undefined {
  if (text.length > max) return `At most ${max} characters`;
  if (/\p{Cc}/u.test(text)) return "Must not contain line breaks or other control characters";
  return undefined;
}

export interface FileProductFields {
  title: TextCell;
  status: ProductStatus;
  subtitle: TextCell;
  ribbon: TextCell;
  description: TextCell;
  purchasable: boolean;
  sortOrder: number | null;
}

export interface FilePrice {
  currencyCode: string;
  amount: number;
  saleAmount: number | null;
}

export interface FileVariant {
  line: number;
  id: string | null;
  /** The version the line was exported at; null when the file has none. */
  version: number | null;
  title: TextCell;
  sku: string | null;
  /** Undefined when the file has no such column: the variant keeps what it has (a new one, none). */
  gtin: string | null | undefined;
  mpn: string | null | undefined;
  weight: number | null;
  manageInventory: boolean;
  /** Only the currencies whose price cell is filled: an empty one leaves that price as it is. */
  prices: FilePrice[];
}

export interface FileProduct {
  /** The line of its first row, where its fields are read. */
  line: number;
  id: string | null;
  /** The version its lines were exported at; null when the file has none. */
  version: number | null;
  fields: FileProductFields;
  variants: FileVariant[];
}

/** Reads one row's cells into values, collecting each cell's problem. */
class RowReader {
  readonly problems: CsvProblem[] = [];
  constructor(private readonly row: CsvRow) {}

  cell(column: string): string {
    return this.row.cells.get(column) ?? "";
  }

  problem(column: string | null, message: string): void {
    this.problems.push({ line: this.row.line, column, message });
  }

  parsed<T>(column: string, parser: (text: string) => Parsed<T>, fallback: T): T {
    const result = parser(this.cell(column));
    if (result.ok) return result.value;
    this.problem(column, result.message);
    return fallback;
  }

  identifier(column: string): string | null {
    const value = this.cell(column).trim();
    if (value === "") return null;
    if (!identifierPattern.test(value)) this.problem(column, "Expected an id from an exported file, or nothing");
    return value;
  }

  /** A plain line of text, its markup removed; `required` refuses one left empty. */
  plain(column: string, max: number, required: string | null): TextCell {
    const given = this.cell(column);
    const problem = lineProblem(given, max);
    if (problem !== undefined) this.problem(column, problem);
    const clean = cleanPlainText(given);
    if (problem === undefined && required !== null && clean === "") this.problem(column, required);
    return { given, clean };
  }

  rich(column: string, max: number): TextCell {
    const given = this.cell(column);
    // Refused before sanitising: a cell too long or of a hostile shape never reaches the DOM.
    const problem = given.length > max ? `At most ${max} characters` : richTextShapeProblem(given);
    if (problem === undefined) return { given, clean: cleanRichText(given) };
    this.problem(column, problem);
    return { given, clean: "" };
  }
}

function productFieldsOf(reader: RowReader): FileProductFields {
  return {
    title: reader.plain("product_title", 200, "A product needs a title"),
    status: reader.parsed("status", parseStatus, "draft"),
    subtitle: reader.plain("subtitle", 300, null),
    ribbon: reader.plain("ribbon", 40, null),
    description: reader.rich(descriptionColumn, descriptionMaxLength),
    purchasable: reader.parsed("purchasable", parseBoolean, true),
    sortOrder: reader.parsed("sort_order", parseSortOrder, null),
  };
}

/** Whether a row holds only its product: no variant id, title, SKU, identifier, weight or price. */
function isProductOnly(row: CsvRow, currencies: readonly CsvCurrency[]): boolean {
  const variantCells = ["variant_id", variantVersionColumn, "variant_title", "sku", "weight_kg"].concat(
    feedIdentifierColumns,
    currencies.flatMap((currency) => [priceColumn(currency.code), saleColumn(currency.code)]),
  );
  const manage = row.cells.get("manage_inventory")?.trim() ?? "";
  return manage === "" && variantCells.every((column) => (row.cells.get(column) ?? "").trim() === "");
}

function variantOf(
  reader: RowReader,
  line: number,
  currencies: readonly CsvCurrency[],
  header: ReadonlySet<string>,
): FileVariant {
  const variant: FileVariant = {
    line,
    id: reader.identifier("variant_id"),
    version: reader.parsed(variantVersionColumn, parseVersion, null),
    title: reader.plain("variant_title", 100, "A variant needs a title"),
    sku: reader.parsed("sku", parseSku, null),
    gtin: header.has("gtin") ? reader.parsed("gtin", parseGtinCell, null) : undefined,
    mpn: header.has("mpn") ? reader.parsed("mpn", parseMpn, null) : undefined,
    weight: reader.parsed("weight_kg", parseWeight, null),
    manageInventory: reader.parsed("manage_inventory", parseBoolean, false),
    prices: [],
  };
  for (const currency of currencies) {
    const priceName = priceColumn(currency.code);
    const saleName = saleColumn(currency.code);
    if (!header.has(priceName)) continue;
    const decimal = (text: string) => parseDecimal(text, currency.decimalDigits, currency.code);
    const priceText = reader.cell(priceName).trim();
    const saleText = reader.cell(saleName).trim();
    if (priceText === "") {
      if (saleText !== "") reader.problem(saleName, `A sale price needs the price beside it in ${priceName}`);
      continue;
    }
    const amount = reader.parsed(priceName, decimal, null);
    const saleAmount = saleText === "" ? null : reader.parsed(saleName, decimal, null);
    if (amount === null) continue;
    if (amount <= 0) reader.problem(priceName, "A price must be above zero");
    if (saleAmount !== null && saleAmount <= 0) reader.problem(saleName, "A sale price must be above zero");
    else if (saleAmount !== null && saleAmount >= amount) {
      reader.problem(
        saleName,
        `A sale price must be below the price (${decimalAmount(amount, currency.decimalDigits)})`,
      );
    }
    variant.prices.push({ currencyCode: currency.code, amount, saleAmount });
  }
  return variant;
}

/**
 * The file's products with their variants, or its problems: the header's, each cell's, a product's later
 * rows disagreeing with its first, and an id, SKU (in any case) or GTIN given twice. A new product's rows (no
 * product_id) belong together by their title.
 */
export function readProductsCsv(text: string, currencies: readonly CsvCurrency[]): Read<FileProduct[]> {
  const read = readCsvRows(text);
  if (!read.ok) return read;
  const { header, rows } = read.value;
  const headerIssues = headerProblems(header, currencies);
  if (headerIssues.length > 0) return { ok: false, problems: headerIssues };
  if (rows.length === 0) {
    return { ok: false, problems: [{ line: 2, column: null, message: "The file has a header and no products" }] };
  }
  const columns = new Set(header);
  const problems: CsvProblem[] = [];
  const byKey = new Map<string, { product: FileProduct; row: CsvRow }>();
  const variantLines = new Map<string, number>();
  const skuLines = new Map<string, number>();
  const gtinLines = new Map<string, number>();
  for (const row of rows) {
    const reader = new RowReader(row);
    const id = reader.identifier("product_id");
    const key = id === null ? `title:${reader.cell("product_title").trim()}` : `id:${id}`;
    const known = byKey.get(key);
    if (known === undefined) {
      const version = reader.parsed(productVersionColumn, parseVersion, null);
      byKey.set(key, { product: { line: row.line, id, version, fields: productFieldsOf(reader), variants: [] }, row });
    } else {
      for (const column of [...productColumns, productVersionColumn]) {
        if (reader.cell(column).trim() !== (known.row.cells.get(column) ?? "").trim()) {
          reader.problem(column, `Differs from line ${known.row.line}, where this product's fields are read`);
        }
      }
    }
    if (!isProductOnly(row, currencies)) {
      const variant = variantOf(reader, row.line, currencies, columns);
      const product = (known ?? byKey.get(key))?.product;
      product?.variants.push(variant);
      if (variant.id !== null) {
        const earlier = variantLines.get(variant.id);
        if (earlier !== undefined) reader.problem("variant_id", `This variant is on line ${earlier} too`);
        else variantLines.set(variant.id, row.line);
      }
      if (variant.sku !== null) {
        const earlier = skuLines.get(variant.sku.toLowerCase());
        if (earlier !== undefined) reader.problem("sku", `The SKU ${variant.sku} is on line ${earlier} too`);
        else skuLines.set(variant.sku.toLowerCase(), row.line);
      }
      if (typeof variant.gtin === "string") {
        const earlier = gtinLines.get(gtin14(variant.gtin));
        if (earlier !== undefined) reader.problem("gtin", `The GTIN ${variant.gtin} is on line ${earlier} too`);
        else gtinLines.set(gtin14(variant.gtin), row.line);
      }
    }
    problems.push(...reader.problems);
  }
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, value: [...byKey.values()].map((entry) => entry.product) };
}

/** "price in USD", "sale price in GBP": the prices that differ between two lists. */
export function changedPrices(before: readonly FilePrice[], after: readonly FilePrice[]): string[] {
  const codes = [...new Set([...before, ...after].map((price) => price.currencyCode))];
  return codes.flatMap((code) => {
    const old = before.find((price) => price.currencyCode === code);
    const now = after.find((price) => price.currencyCode === code);
    return [
      ...(old?.amount === now?.amount ? [] : [`price in ${code}`]),
      ...((old?.saleAmount ?? null) === (now?.saleAmount ?? null) ? [] : [`sale price in ${code}`]),
    ];
  });
}

/** "Line 4, price_USD: …" */
export function describeProblem(problem: CsvProblem): string {
  return `Line ${problem.line}${problem.column === null ? "" : `, ${problem.column}`}: ${problem.message}`;
}
