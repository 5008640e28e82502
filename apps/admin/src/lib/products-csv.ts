import {
  productImportLimits,
  type AdminProductImportItem,
  type AdminProductImportProblem,
  type AdminProductImportResult,
} from "@herbo/hosted-api/admin";

/** Why a chosen file cannot be sent, before reading it: empty, or larger than an import takes. */
export function importFileRefusal(file: { size: number }): string | undefined {
  if (file.size === 0) return "That file is empty. Choose a CSV file exported from a shop.";
  // Bytes are at least as many as characters, so a file within the limit in bytes is within it in characters.
  if (file.size > productImportLimits.maxCharacters) {
    const megabytes = productImportLimits.maxCharacters / 1024 / 1024;
    return `That file is larger than ${megabytes} MB. Split it into smaller files and import them one by one.`;
  }
  return undefined;
}

function counted(amount: number, one: string, many: string): string {
  return `${amount} ${amount === 1 ? one : many}`;
}

/** "1 product to create, 2 to change; 3 variants to create, 1 to change", or what an import did. */
export function importSummary(result: AdminProductImportResult): string {
  const { products, variants } = result;
  if (products.create + products.update + variants.create + variants.update === 0) {
    return result.applied
      ? "Imported: the file matched the catalogue, so nothing changed."
      : "This file changes nothing.";
  }
  const verb = result.applied ? ["created", "changed"] : ["to create", "to change"];
  const summary = [
    `${counted(products.create, "product", "products")} ${verb[0]}, ${products.update} ${verb[1]}`,
    `${counted(variants.create, "variant", "variants")} ${verb[0]}, ${variants.update} ${verb[1]}`,
  ].join("; ");
  return result.applied ? `Imported: ${summary}.` : `${summary}.`;
}

/** "Line 4, price_USD: USD has 2 decimals, not more" */
export function describeImportProblem(problem: AdminProductImportProblem): string {
  return `Line ${problem.line}${problem.column === null ? "" : `, ${problem.column}`}: ${problem.message}`;
}

/** "Line 3: change the variant Travel Tin · 5 g (SKU, Prices)" */
export function describeImportItem(item: AdminProductImportItem): string {
  const what = `${item.action === "create" ? "add" : "change"} the ${item.kind} ${item.title}`;
  return `Line ${item.line}: ${what}${item.changes.length === 0 ? "" : ` (${item.changes.join(", ")})`}`;
}

/** "and 12 more problems" when the answer lists fewer than it found. */
export function unlistedProblems(result: AdminProductImportResult): string | undefined {
  const more = result.problemCount - result.problems.length;
  return more > 0 ? `…and ${counted(more, "more problem", "more problems")}.` : undefined;
}

/**
 * The heading over the lines left out because they would undo a change made in the back office after the
 * file was exported: "2 lines will not be imported: …" for a check, "… were not imported: …" after an import.
 */
export function refusedHeading(result: AdminProductImportResult): string {
  const count = result.refusedCount;
  const lines = counted(count, "line", "lines");
  const verb = result.applied ? (count === 1 ? "was" : "were") : "will";
  const tail = result.applied ? "not imported" : "not be imported";
  return `${lines} ${verb} ${tail}: ${count === 1 ? "it was" : "they were"} changed in the back office after this file was exported.`;
}

/** "and 12 more lines" when the answer lists fewer refused lines than it found. */
export function unlistedRefusals(result: AdminProductImportResult): string | undefined {
  const more = result.refusedCount - result.refused.length;
  return more > 0 ? `…and ${counted(more, "more line", "more lines")}.` : undefined;
}
