import {
  parseProductFacts,
  productFactsLimits,
  warningsOfLines,
  type ProductFacts,
  type ProductFactsProblem,
} from "@herbo/hosted-api";

/** One row of amounts as the form holds it: the texts typed so far. */
export interface AmountDraft {
  name: string;
  amount: string;
  dailyValue: string;
}

/** The supplement-facts form's texts, the warnings one a line. */
export interface FactsDraft {
  servingSize: string;
  servingsPerContainer: string;
  amounts: AmountDraft[];
  ingredients: string;
  warnings: string;
}

/** The form's fields a problem can be shown on: the amounts' cells by row, the warnings on their one box. */
export type FactsErrors = Partial<Record<string, string>>;

export const emptyAmount: AmountDraft = { name: "", amount: "", dailyValue: "" };

/** The form as it opens: the saved panel, or an empty one (rows are added one by one). */
export function factsDraftOf(facts: ProductFacts | null): FactsDraft {
  if (facts === null) {
    return { servingSize: "", servingsPerContainer: "", amounts: [], ingredients: "", warnings: "" };
  }
  return {
    servingSize: facts.servingSize,
    servingsPerContainer: facts.servingsPerContainer ?? "",
    amounts: facts.amounts.map((row) => ({ name: row.name, amount: row.amount, dailyValue: row.dailyValue ?? "" })),
    ingredients: facts.ingredients ?? "",
    warnings: facts.warnings.join("\n"),
  };
}

/** Where the form shows a problem the contract names by its path: each warning's on the warnings box. */
export function factsErrorKey(field: string): string {
  return field.startsWith("warnings.") ? "warnings" : field;
}

function errorsOf(problems: readonly ProductFactsProblem[]): FactsErrors {
  const errors: FactsErrors = {};
  for (const problem of problems) {
    const key = factsErrorKey(problem.field);
    errors[key] ??= problem.message;
  }
  return errors;
}

export type FactsReading = { ok: true; value: ProductFacts } | { ok: false; errors: FactsErrors };

/**
 * The panel from the form, read by the contract's rules, so the form refuses what the store API would; the
 * warnings are read one a line. Each problem is keyed by its field, rows by their place in the form.
 */
export function readFactsDraft(draft: FactsDraft): FactsReading {
  const parsed = parseProductFacts({
    servingSize: draft.servingSize,
    servingsPerContainer: draft.servingsPerContainer,
    amounts: draft.amounts,
    ingredients: draft.ingredients,
    warnings: warningsOfLines(draft.warnings),
  });
  return parsed.ok ? parsed : { ok: false, errors: errorsOf(parsed.problems) };
}

/** The form's field a refusal of the store API names (`body.facts.servingSize`), or undefined for another. */
export function factsFieldOfRefusal(field: string | undefined): string | undefined {
  const prefix = "body.facts.";
  return field?.startsWith(prefix) === true ? factsErrorKey(field.slice(prefix.length)) : undefined;
}

/** Whether another row of amounts may be added. */
export function canAddAmount(draft: FactsDraft): boolean {
  return draft.amounts.length < productFactsLimits.amounts;
}

export { productFactsLimits };
