import { describe, expect, it } from "vitest";
import {
  changedPrices,
  describeProblem,
  headerProblems,
  parseBoolean,
  parseDecimal,
  parseSortOrder,
  parseVersion,
  parseWeight,
  productCsvColumns,
  parseGtinCell,
  productsCsv,
  readCsvRows,
  readProductsCsv,
  unescapeCell,
  type ExportedProduct,
} from "./products-csv.ts";

const currencies = [
  { code: "NPR", decimalDigits: 2 },
  { code: "JPY", decimalDigits: 0 },
];
/** An exported file's columns but the versions, which only an export fills in. */
const handMadeColumns = productCsvColumns(currencies).filter((name) => !name.endsWith("_version"));
/** A hand-made file's header, without the optional GTIN and MPN columns. */
const header = handMadeColumns.filter((name) => name !== "gtin" && name !== "mpn").join(",");
/** The same with the GTIN and MPN columns, after manage_inventory. */
const headerWithIdentifiers = handMadeColumns.join(",");

const tin: ExportedProduct = {
  id: "prod_travel_tin",
  version: 4,
  title: "Travel Tin",
  status: "published",
  subtitle: null,
  ribbonText: "New",
  descriptionHtml: "<p>Small, <strong>handy</strong></p>",
  purchasable: true,
  sortOrder: 3,
  variants: [
    {
      id: "var_tin",
      version: 7,
      title: "5 g",
      sku: "HS-TIN-5",
      gtin: "036000291452",
      mpn: "TIN/5G",
      weight: 0.06,
      manageInventory: true,
      prices: [
        { currencyCode: "NPR", amount: 120000, saleAmount: 99950 },
        { currencyCode: "JPY", amount: 1500, saleAmount: null },
      ],
    },
  ],
};

/** A file of the header and these lines. */
const file = (...lines: string[]) => [header, ...lines].join("\r\n");

describe("the products CSV the back office exports", () => {
  it("writes one line per variant, prices as decimals of each currency, after a byte-order mark", () => {
    const csv = productsCsv([tin], currencies);
    expect(csv.startsWith("\uFEFF")).toBe(true);
    expect(csv.slice(1).split("\r\n")).toEqual([
      "product_id,product_title,status,subtitle,ribbon,description_html,purchasable,sort_order,variant_id,variant_title,sku,weight_kg,manage_inventory,gtin,mpn,price_NPR,sale_price_NPR,price_JPY,sale_price_JPY,product_version,variant_version",
      'prod_travel_tin,Travel Tin,published,,New,"<p>Small, <strong>handy</strong></p>",true,3,var_tin,5 g,HS-TIN-5,0.06,true,036000291452,TIN/5G,1200.00,999.50,1500,,4,7',
      "",
    ]);
  });

  it("writes a product without variants as one line with empty variant cells", () => {
    const csv = productsCsv([{ ...tin, variants: [] }], currencies);
    expect(csv.split("\r\n")[1]).toBe(
      'prod_travel_tin,Travel Tin,published,,New,"<p>Small, <strong>handy</strong></p>",true,3,,,,,,,,,,,,4,',
    );
  });

  it("escapes a cell a spreadsheet would run as a formula, and the import takes the escape off", () => {
    const csv = productsCsv([{ ...tin, title: '=HYPERLINK("http://evil.test","x")', subtitle: "@SUM(1)" }], currencies);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(csv).toContain(",'@SUM(1),");
    const read = readProductsCsv(csv, currencies);
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    expect(read.value[0]?.fields.title.given).toBe('=HYPERLINK("http://evil.test","x")');
    expect(unescapeCell("'-5")).toBe("-5");
    expect(unescapeCell("'quoted")).toBe("'quoted");
  });
});

describe("reading a products CSV", () => {
  it("reads back what it exported", () => {
    const read = readProductsCsv(productsCsv([tin], currencies), currencies);
    expect(read).toEqual({
      ok: true,
      value: [
        {
          line: 2,
          id: "prod_travel_tin",
          version: 4,
          fields: {
            title: { given: "Travel Tin", clean: "Travel Tin" },
            status: "published",
            subtitle: { given: "", clean: "" },
            ribbon: { given: "New", clean: "New" },
            description: {
              given: "<p>Small, <strong>handy</strong></p>",
              clean: "<p>Small, <strong>handy</strong></p>",
            },
            purchasable: true,
            sortOrder: 3,
          },
          variants: [
            {
              line: 2,
              id: "var_tin",
              version: 7,
              title: { given: "5 g", clean: "5 g" },
              sku: "HS-TIN-5",
              gtin: "036000291452",
              mpn: "TIN/5G",
              weight: 0.06,
              manageInventory: true,
              prices: [
                { currencyCode: "NPR", amount: 120000, saleAmount: 99950 },
                { currencyCode: "JPY", amount: 1500, saleAmount: null },
              ],
            },
          ],
        },
      ],
    });
  });

  it("counts lines as the file has them, a quoted line break and blank lines included", () => {
    const read = readCsvRows('a,b\r\n1,"two\r\nlines"\r\n\r\n3,4\n5,6');
    if (!read.ok) throw new Error("unreadable");
    expect(read.value.rows.map((row) => [row.line, row.cells.get("a")])).toEqual([
      [2, "1"],
      [5, "3"],
      [6, "5"],
    ]);
  });

  it("groups a new product's lines by its title, its fields from the first", () => {
    const read = readProductsCsv(
      file(
        ",Honey,draft,,,<p>Sweet</p>,true,,,100 g,H-100,0.1,false,500,,700,",
        ",Honey,draft,,,<p>Sweet</p>,true,,,250 g,H-250,,false,1000.5,900,1500,",
      ),
      currencies,
    );
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    expect(read.value).toHaveLength(1);
    expect(read.value[0]?.variants.map((variant) => [variant.line, variant.sku, variant.prices])).toEqual([
      [
        2,
        "H-100",
        [
          { currencyCode: "NPR", amount: 50000, saleAmount: null },
          { currencyCode: "JPY", amount: 700, saleAmount: null },
        ],
      ],
      [
        3,
        "H-250",
        [
          { currencyCode: "NPR", amount: 100050, saleAmount: 90000 },
          { currencyCode: "JPY", amount: 1500, saleAmount: null },
        ],
      ],
    ]);
  });

  it("leaves a currency out of a variant's prices when its price cell is empty", () => {
    const read = readProductsCsv(file("prod_a,A,draft,,,,true,1,var_a,1 g,,,false,,,700,"), currencies);
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    expect(read.value[0]?.variants[0]?.prices).toEqual([{ currencyCode: "JPY", amount: 700, saleAmount: null }]);
  });

  it("names the line and column of every problem", () => {
    const read = readProductsCsv(
      file(
        ",Honey,draft,,,,true,,,100 g,H-100,,false,12.345,,700,",
        ",Honey,sold,,,,maybe,,,250 g,h-100,-1,false,10,10,7.5,",
        "prod_b,B,published,,,,true,x,var b,5 g,BAD SKU,,false,,5,-3,",
        ",Honey,draft,,Changed,,true,,,500 g,,,false,10,,,",
      ),
      currencies,
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems.map(describeProblem)).toEqual([
      "Line 2, price_NPR: NPR has 2 decimals, not more",
      "Line 3, status: Differs from line 2, where this product's fields are read",
      "Line 3, purchasable: Differs from line 2, where this product's fields are read",
      "Line 3, weight_kg: Expected kilograms such as 0.06, or nothing",
      "Line 3, sale_price_NPR: A sale price must be below the price (10.00)",
      "Line 3, price_JPY: JPY has no decimals: write a whole amount",
      "Line 3, sku: The SKU h-100 is on line 2 too",
      "Line 4, sort_order: Expected a whole number from 0 to 100000",
      "Line 4, variant_id: Expected an id from an exported file, or nothing",
      "Line 4, sku: Letters, digits and . _ / # - only",
      "Line 4, sale_price_NPR: A sale price needs the price beside it in price_NPR",
      "Line 4, price_JPY: An amount cannot be negative",
      "Line 5, ribbon: Differs from line 2, where this product's fields are read",
    ]);
  });

  it("reads a GTIN and an MPN by the editor's rules when the file has their columns, and neither when it has not", () => {
    const withColumns = readProductsCsv(
      [
        headerWithIdentifiers,
        ",Honey,draft,,,,true,,,100 g,,,false, 0 36000-29145 2 , HN-100 ,,,,",
        ",Honey,draft,,,,true,,,250 g,,,false,,,,,,",
      ].join("\r\n"),
      currencies,
    );
    if (!withColumns.ok) throw new Error(JSON.stringify(withColumns.problems));
    expect(withColumns.value[0]?.variants.map((variant) => [variant.gtin, variant.mpn])).toEqual([
      ["036000291452", "HN-100"],
      [null, null],
    ]);
    // Without the columns, undefined: the import then keeps what each variant has.
    const without = readProductsCsv(file(",Honey,draft,,,,true,,,100 g,,,false,,,,"), currencies);
    if (!without.ok) throw new Error(JSON.stringify(without.problems));
    expect(without.value[0]?.variants.map((variant) => [variant.gtin, variant.mpn])).toEqual([[undefined, undefined]]);
  });

  it("refuses a wrong GTIN, one given twice in either form, a GTIN a spreadsheet turned into a number, and a long MPN", () => {
    const read = readProductsCsv(
      [
        headerWithIdentifiers,
        `,Honey,draft,,,,true,,,100 g,,,false,036000291452,${"m".repeat(71)},,,,`,
        ",Honey,draft,,,,true,,,250 g,,,false,0036000291452,,,,,",
        ",Honey,draft,,,,true,,,500 g,,,false,4006381333932,,,,,",
        ",Honey,draft,,,,true,,,1 kg,,,false,4.00638E+12,,,,,",
        ",Honey,draft,,,,true,,,2 kg,,,false,9638507,,,,,",
        ",Honey,draft,,,,true,,,,,,,96385074,,,,,",
      ].join("\r\n"),
      currencies,
    );
    expect(read.ok ? [] : read.problems.map(describeProblem)).toEqual([
      "Line 2, mpn: An MPN has at most 70 characters; this one has 71",
      "Line 3, gtin: The GTIN 0036000291452 is on line 2 too",
      "Line 4, gtin: This GTIN's last digit does not match its check digit (expected 1)",
      "Line 5, gtin: A spreadsheet wrote this GTIN as a number and lost digits: format the gtin column as text and type it again",
      "Line 6, gtin: A GTIN has 8, 12, 13 or 14 digits; this one has 7",
      // A GTIN makes a line a variant's, and a variant needs a title.
      "Line 7, variant_title: A variant needs a title",
      "Line 7, manage_inventory: Expected true or false",
    ]);
    expect(parseGtinCell("4006381333931E2")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^A spreadsheet/),
    });
    expect(parseGtinCell("4e13")).toMatchObject({ ok: false, message: expect.stringMatching(/^A spreadsheet/) });
    expect(parseGtinCell(" 4006381333931 ")).toEqual({ ok: true, value: "4006381333931" });
    expect(parseGtinCell("")).toEqual({ ok: true, value: null });
  });

  it("refuses a price or a sale price of zero in any currency", () => {
    const read = readProductsCsv(
      file(",Honey,draft,,,,true,,,100 g,,,false,0,,700,0", ",Honey,draft,,,,true,,,250 g,,,false,0.00,,,"),
      currencies,
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.problems.map(describeProblem)).toEqual([
      "Line 2, price_NPR: A price must be above zero",
      "Line 2, sale_price_JPY: A sale price must be above zero",
      "Line 3, price_NPR: A price must be above zero",
    ]);
  });

  it("refuses a variant given twice, a title too long or empty, and control characters in a line of text", () => {
    const read = readProductsCsv(
      file(
        `prod_a,${"x".repeat(201)},draft,,,,true,1,var_a,1 g,,,false,,,,`,
        'prod_b,<b></b>,draft,,,,true,1,var_a,"two\nlines",,,false,,,,',
      ),
      currencies,
    );
    if (read.ok) throw new Error("read");
    expect(read.problems.map(describeProblem)).toEqual([
      "Line 2, product_title: At most 200 characters",
      "Line 3, product_title: A product needs a title",
      "Line 3, variant_title: Must not contain line breaks or other control characters",
      "Line 3, variant_id: This variant is on line 2 too",
    ]);
  });

  it("refuses a header with an unknown column, a currency the shop does not sell in, a column twice or one missing", () => {
    expect(headerProblems(productCsvColumns(currencies), currencies)).toEqual([]);
    const columns = productCsvColumns(currencies).filter((name) => name !== "sku" && name !== "price_JPY");
    expect(headerProblems([...columns, "colour", "price_USD", "status"], currencies).map(describeProblem)).toEqual([
      "Line 1, colour: Not a column of the products file; the exported file shows them all",
      "Line 1, price_USD: The shop sells in no market with the currency USD",
      "Line 1, status: This column is there twice",
      "Line 1: The column sku is missing",
      "Line 1, sale_price_JPY: A sale price needs the column price_JPY beside it",
    ]);
    // Price columns are optional: a file may leave a currency's prices as they are.
    const withoutJpy = productCsvColumns(currencies).filter((name) => !name.endsWith("_JPY"));
    expect(headerProblems(withoutJpy, currencies)).toEqual([]);
  });

  it("refuses an unreadable file, an empty one, and a line with the wrong number of cells", () => {
    const unclosed = readCsvRows('a,b\n1,"open');
    expect(unclosed.ok).toBe(false);
    if (!unclosed.ok) expect(unclosed.problems[0]?.message).toMatch(/^This is not a CSV file we can read: /);
    expect(readCsvRows("\uFEFF\r\n")).toEqual({
      ok: false,
      problems: [{ line: 1, column: null, message: "The file is empty" }],
    });
    expect(readCsvRows("a,b\n1,2,3")).toEqual({
      ok: false,
      problems: [{ line: 2, column: null, message: "This line has 3 cells and the header 2" }],
    });
    expect(readProductsCsv(header, currencies)).toEqual({
      ok: false,
      problems: [{ line: 2, column: null, message: "The file has a header and no products" }],
    });
  });

  it("refuses more lines than an import takes", () => {
    const lines = Array.from({ length: 2001 }, (_, index) => `${index}`);
    const read = readCsvRows(["n", ...lines].join("\n"));
    expect(read).toMatchObject({ ok: false, problems: [{ line: 2002, message: expect.stringContaining("2,000") }] });
    expect(readCsvRows(["n", ...lines.slice(1)].join("\n")).ok).toBe(true);
  });
});

describe("the cells of a products CSV", () => {
  it("reads an amount by its currency's digits, without floating point", () => {
    expect(parseDecimal("29.99", 2, "USD")).toEqual({ ok: true, value: 2999 });
    expect(parseDecimal("0.29", 2, "USD")).toEqual({ ok: true, value: 29 });
    expect(parseDecimal(" 1200 ", 2, "NPR")).toEqual({ ok: true, value: 120000 });
    expect(parseDecimal("1200.5", 2, "NPR")).toEqual({ ok: true, value: 120050 });
    expect(parseDecimal("1200.500", 2, "NPR")).toEqual({ ok: true, value: 120050 });
    expect(parseDecimal("1500", 0, "JPY")).toEqual({ ok: true, value: 1500 });
    expect(parseDecimal("1.234", 3, "KWD")).toEqual({ ok: true, value: 1234 });
    expect(parseDecimal("1000000.00", 2, "USD")).toEqual({ ok: true, value: 100_000_000 });
  });

  it("refuses a negative amount, separators, extra decimals and a too large amount", () => {
    expect(parseDecimal("-1", 2, "USD")).toEqual({ ok: false, message: "An amount cannot be negative" });
    expect(parseDecimal("1,200.00", 2, "USD")).toEqual({
      ok: false,
      message: "Expected an amount such as 29.99, without separators",
    });
    expect(parseDecimal("12.345", 2, "USD")).toEqual({ ok: false, message: "USD has 2 decimals, not more" });
    expect(parseDecimal("1.5", 0, "JPY")).toEqual({ ok: false, message: "JPY has no decimals: write a whole amount" });
    expect(parseDecimal("1000000.01", 2, "USD")).toEqual({ ok: false, message: "At most 1000000.00" });
    for (const text of ["", ".5", "5.", "1e3", "+5", "NaN"]) expect(parseDecimal(text, 2, "USD").ok).toBe(false);
  });

  it("reads true and false, an order in the store and a weight", () => {
    expect(parseBoolean("TRUE")).toEqual({ ok: true, value: true });
    expect(parseBoolean("no")).toEqual({ ok: true, value: false });
    expect(parseBoolean("")).toEqual({ ok: false, message: "Expected true or false" });
    expect(parseSortOrder("")).toEqual({ ok: true, value: null });
    expect(parseSortOrder("100001").ok).toBe(false);
    expect(parseSortOrder("1.5").ok).toBe(false);
    expect(parseWeight("0.0625")).toEqual({ ok: true, value: 0.0625 });
    expect(parseWeight("")).toEqual({ ok: true, value: null });
    expect(parseWeight("1000.5").ok).toBe(false);
    expect(parseWeight("-1").ok).toBe(false);
  });

  it("cleans markup the way the editor does", () => {
    const read = readProductsCsv(
      file(
        ',"<img src=x onerror=alert(1)>Honey",draft,<script>x</script>Sub,,"<p onclick=""alert(1)"">Hi</p><script>alert(2)</script>",true,,,<b>1 g</b>,,,false,,,,',
      ),
      currencies,
    );
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    const product = read.value[0];
    expect(product?.fields.title.clean).toBe("Honey");
    expect(product?.fields.subtitle.clean).toBe("Sub");
    expect(product?.fields.description.clean).toBe("<p>Hi</p>");
    expect(product?.variants[0]?.title.clean).toBe("1 g");
  });
});

describe("the versions a products CSV carries", () => {
  const [jar] = tin.variants;
  if (jar === undefined) throw new Error("The tin has a variant");
  it("reads each line's versions, none in a hand-made file, and refuses anything but a whole number from 1", () => {
    expect(parseVersion("12")).toEqual({ ok: true, value: 12 });
    expect(parseVersion(" ")).toEqual({ ok: true, value: null });
    for (const text of ["0", "-1", "1.5", "v2", "1e3", "9999999999"]) {
      expect(parseVersion(text), text).toEqual({
        ok: false,
        message: "Expected the version from an exported file, or nothing",
      });
    }
    const exported = productsCsv(
      [{ ...tin, variants: [jar, { ...jar, id: "var_b", version: 2, sku: null, gtin: null }] }],
      currencies,
    );
    const read = readProductsCsv(exported, currencies);
    if (!read.ok) throw new Error(JSON.stringify(read.problems));
    expect(read.value[0]?.version).toBe(4);
    expect(read.value[0]?.variants.map((variant) => variant.version)).toEqual([7, 2]);
    const handMade = readProductsCsv(file(",Honey,draft,,,,true,,,100 g,,,false,500,,700,"), currencies);
    if (!handMade.ok) throw new Error(JSON.stringify(handMade.problems));
    expect([handMade.value[0]?.version, handMade.value[0]?.variants[0]?.version]).toEqual([null, null]);
  });

  it("refuses a product's lines that disagree on its version, as on its other fields", () => {
    const lines = productsCsv(
      [{ ...tin, variants: [jar, { ...jar, id: "var_b", sku: null, gtin: null }] }],
      currencies,
    ).replace(/,4,7\r\n$/, ",3,7\r\n");
    const read = readProductsCsv(lines, currencies);
    expect(read.ok ? [] : read.problems.map(describeProblem)).toEqual([
      "Line 3, product_version: Differs from line 2, where this product's fields are read",
    ]);
  });

  it("names the prices two lists disagree on, a sale ended or started included", () => {
    expect(
      changedPrices(
        [
          { currencyCode: "NPR", amount: 1000, saleAmount: null },
          { currencyCode: "USD", amount: 1999, saleAmount: 1799 },
          { currencyCode: "GBP", amount: 1599, saleAmount: null },
        ],
        [
          { currencyCode: "NPR", amount: 1000, saleAmount: 900 },
          { currencyCode: "USD", amount: 2499, saleAmount: null },
          { currencyCode: "GBP", amount: 1599, saleAmount: null },
          { currencyCode: "AED", amount: 7500, saleAmount: null },
        ],
      ),
    ).toEqual(["sale price in NPR", "price in USD", "sale price in USD", "price in AED"]);
    expect(
      changedPrices(
        [{ currencyCode: "NPR", amount: 1, saleAmount: null }],
        [{ currencyCode: "NPR", amount: 1, saleAmount: null }],
      ),
    ).toEqual([]);
  });
});
