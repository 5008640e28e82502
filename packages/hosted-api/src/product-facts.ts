/**
 * A product's supplement-facts panel, as the owner types it in the back office: the serving, what one serving
 * holds, the ingredients and the warnings. Every field is plain text: nothing in it is ever read as HTML, so
 * each page that shows it escapes it. The back office checks the form with `parseProductFacts` before sending
 * it, and the store API checks it again with the same function before saving.
 */

/** One row of the panel: what a serving holds of one thing, and its share of the daily value if there is one. */
export interface ProductFactsAmount {
  /** "Shilajit resin, purified" */
  name: string;
  /** "300 mg" */
  amount: string;
  /** "†" when no daily value is established, or a share such as "10%"; null leaves the cell empty. */
  dailyValue: string | null;
}

export interface ProductFacts {
  /** "300 mg (about a pea-sized amount)" */
  servingSize: string;
  /** Free text, since jar sizes differ: "About 33 in a 10 g jar". */
  servingsPerContainer: string | null;
  amounts: ProductFactsAmount[];
  /** "Purified Himalayan shilajit resin. No fillers or additives." May run over several lines. */
  ingredients: string | null;
  /** One sentence or short paragraph each, shown in this order. */
  warnings: string[];
}

/** The most characters each field holds, and the most rows of amounts and of warnings. */
export const productFactsLimits = {
  servingSize: 80,
  servingsPerContainer: 120,
  amounts: 20,
  amountName: 60,
  amountValue: 30,
  dailyValue: 20,
  ingredients: 600,
  warnings: 10,
  warning: 400,
} as const;

/** A field the rules refuse: its path inside the facts ("amounts.2.name") and why, in the owner's words. */
export interface ProductFactsProblem {
  field: string;
  message: string;
}

export type ParsedProductFacts = { ok: true; value: ProductFacts } | { ok: false; problems: ProductFactsProblem[] };

/** Control characters: never in a one-line field. */
const controlCharacter = /\p{Cc}/u;
/** Control characters other than the line feed that a line break is kept as. */
const controlCharacterButLineFeed = /[^\P{Cc}\n]/u;

interface TextRule {
  /** The field's name in a sentence: "The serving size". */
  label: string;
  max: number;
  /** Whether it may be left empty (then null). */
  optional: boolean;
  /** Whether it may run over several lines. */
  lines: boolean;
}

type CheckedText = { ok: true; value: string | null } | { ok: false; message: string };

/** One field: trimmed, its line breaks made `\n`, then checked for emptiness, control characters and length. */
function checkText(text: string, rule: TextRule): CheckedText {
  const value = rule.lines ? text.replace(/\r\n?/g, "\n").trim() : text.trim();
  if (value === "")
    return rule.optional ? { ok: true, value: null } : { ok: false, message: `${rule.label} is needed` };
  if ((rule.lines ? controlCharacterButLineFeed : controlCharacter).test(value)) {
    const allowed = rule.lines ? " other than line breaks" : " or line breaks";
    return { ok: false, message: `${rule.label} must not contain control characters${allowed}` };
  }
  const length = [...value].length;
  if (length > rule.max) {
    return { ok: false, message: `${rule.label} must be at most ${rule.max} characters, not ${length}` };
  }
  return { ok: true, value };
}

/**
 * Reads the facts as the owner typed them: every text trimmed (an empty optional one is null), line breaks
 * kept only in the ingredients, then each field checked against its limit. Returns the facts to save, or every
 * problem with its field, in the form's order.
 */
export function parseProductFacts(input: ProductFacts): ParsedProductFacts {
  const limits = productFactsLimits;
  const problems: ProductFactsProblem[] = [];
  const read = (text: string | null, field: string, rule: TextRule): string | null => {
    const checked = checkText(text ?? "", rule);
    if (checked.ok) return checked.value;
    problems.push({ field, message: checked.message });
    return null;
  };
  const servingSize = read(input.servingSize, "servingSize", {
    label: "The serving size",
    max: limits.servingSize,
    optional: false,
    lines: false,
  });
  const servingsPerContainer = read(input.servingsPerContainer, "servingsPerContainer", {
    label: "Servings per container",
    max: limits.servingsPerContainer,
    optional: true,
    lines: false,
  });
  if (input.amounts.length > limits.amounts) {
    problems.push({
      field: "amounts",
      message: `The panel may list at most ${limits.amounts} amounts, not ${input.amounts.length}`,
    });
  }
  const amounts = input.amounts.map((row, index) => {
    const label = `Amount ${index + 1}`;
    const field = `amounts.${index}`;
    return {
      name: read(row.name, `${field}.name`, {
        label: `${label}'s name`,
        max: limits.amountName,
        optional: false,
        lines: false,
      }),
      amount: read(row.amount, `${field}.amount`, {
        label: `${label}'s amount`,
        max: limits.amountValue,
        optional: false,
        lines: false,
      }),
      dailyValue: read(row.dailyValue, `${field}.dailyValue`, {
        label: `${label}'s daily value`,
        max: limits.dailyValue,
        optional: true,
        lines: false,
      }),
    };
  });
  const ingredients = read(input.ingredients, "ingredients", {
    label: "The ingredients",
    max: limits.ingredients,
    optional: true,
    lines: true,
  });
  if (input.warnings.length > limits.warnings) {
    problems.push({
      field: "warnings",
      message: `The panel may list at most ${limits.warnings} warnings, not ${input.warnings.length}`,
    });
  }
  const warnings = input.warnings.map((warning, index) =>
    read(warning, `warnings.${index}`, {
      label: `Warning ${index + 1}`,
      max: limits.warning,
      optional: false,
      lines: false,
    }),
  );
  if (problems.length > 0) return { ok: false, problems };
  // Without a problem, every field that may not be empty holds its text.
  return {
    ok: true,
    value: {
      servingSize: servingSize as string,
      servingsPerContainer,
      amounts: amounts as ProductFactsAmount[],
      ingredients,
      warnings: warnings as string[],
    },
  };
}

/** The warnings as the back office's form takes them, one a line: each line trimmed, empty lines left out. */
export function warningsOfLines(text: string): string[] {
  return text
    .split(/\r\n?|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "");
}
