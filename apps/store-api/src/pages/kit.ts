import { markup, type SafeHtml } from "../html/markup.ts";

/**
 * The server's page kit: what the hosted pages are made of, as data, drawn by one set of functions on
 * `markup` (which escapes every value). Payment providers describe their part of the payment step with
 * these types and never write HTML.
 */

/** A run of text: plain, code (a test card number), strong, or kept on one line (an amount). */
export type Inline = string | { code: string } | { strong: string } | { nowrap: string };

export interface Field {
  /** The element id, also the label's `for`. */
  id: string;
  name: string;
  label: string;
  autocomplete?: string;
  inputMode?: "numeric" | "text" | "tel" | "email";
  required?: boolean;
  maxLength: number;
  /** A line of help under the label, read with the field. Never a placeholder: grey example text looks typed. */
  hint?: string;
  value?: string;
  /**
   * What the provider accepts, checked by the browser before the form is sent (the provider checks again):
   * a refused form comes back without what was typed in a card's fields, so a slip must not cost them.
   */
  pattern?: RegExp;
  /** Shown when the field is empty (if required) or does not match `pattern`. */
  invalidMessage?: string;
  /** Points at the section's error message when there is one. */
  describedByError?: boolean;
}

/** A provider's part of the payment step: a heading, what it says, its fields, and the button that pays. */
export interface PaymentSection {
  /** Prefix of the section's ids ("card", "khalti"). */
  id: string;
  heading: string;
  paragraphs: { text: Inline[]; note?: boolean }[];
  /** Fields in order; an array is one row of fields side by side. */
  fields?: (Field | Field[])[];
  button: Inline[];
}

export function inline(parts: readonly Inline[]): SafeHtml {
  return markup`${parts.map((part) => {
    if (typeof part === "string") return part;
    if ("code" in part) return markup`<code>${part.code}</code>`;
    if ("strong" in part) return markup`<strong class="nowrap">${part.strong}</strong>`;
    return markup`<span class="nowrap">${part.nowrap}</span>`;
  })}`;
}

function field(section: PaymentSection, definition: Field, error: string | null): SafeHtml {
  const hintId = `${definition.id}-hint`;
  const describedBy = [
    definition.hint === undefined ? "" : hintId,
    definition.describedByError === true && error !== null ? `${section.id}-error` : "",
  ]
    .filter((id) => id !== "")
    .join(" ");
  const hint =
    definition.hint === undefined ? "" : markup`\n<span class="hint" id="${hintId}">${definition.hint}</span>`;
  // The page's script shows `invalidMessage` beside the form; without it, the browser's own bubble shows the title.
  const check =
    definition.invalidMessage === undefined
      ? ""
      : markup` data-invalid-message="${definition.invalidMessage}" title="${definition.invalidMessage}"`;
  return markup`<label for="${definition.id}">${definition.label}</label>${hint}
<input id="${definition.id}" name="${definition.name}"${definition.inputMode === undefined ? "" : markup` inputmode="${definition.inputMode}"`}${
    definition.autocomplete === undefined ? "" : markup` autocomplete="${definition.autocomplete}"`
  }${definition.required === true ? markup` required` : ""} maxlength="${definition.maxLength}"${
    definition.pattern === undefined ? "" : markup` pattern="${definition.pattern.source}"`
  }${check}${definition.value === undefined ? "" : markup` value="${definition.value}"`}${
    describedBy === "" ? "" : markup` aria-describedby="${describedBy}"`
  }>`;
}

/**
 * One provider's section of the payment step, its form posting to `action`, with its error if any (not an
 * alert: the page's error summary announces it).
 */
export function paymentSectionHtml(section: PaymentSection, view: { action: string; error: string | null }): SafeHtml {
  const { error } = view;
  const fields = (section.fields ?? []).map((entry) =>
    Array.isArray(entry)
      ? markup`<div class="row">${entry.map((one) => markup`<div>${field(section, one, error)}</div>`)}</div>\n`
      : markup`${field(section, entry, error)}\n`,
  );
  return markup`<section class="card" aria-labelledby="${section.id}-heading">
<h2 id="${section.id}-heading">${section.heading}</h2>
${section.paragraphs.map((paragraph) => (paragraph.note === true ? markup`<p class="note">${inline(paragraph.text)}</p>\n` : markup`<p>${inline(paragraph.text)}</p>\n`))}${
    error === null ? "" : markup`<p class="error" id="${section.id}-error">${error}</p>\n`
  }<form method="post" action="${view.action}">
${fields}<button class="pay" id="${section.id}-submit" type="submit">${inline(section.button)}</button>
</form>
</section>`;
}

/** An entry of a page's error summary: the message, and the id of the field that fixes it. */
export interface ErrorLink {
  fieldId: string;
  message: string;
}

/** The control a section's error is about: the field its error describes, else its first field, else its button. */
export function errorTargetOf(section: PaymentSection): string {
  const fields = (section.fields ?? []).flat();
  return (fields.find((field) => field.describedByError === true) ?? fields[0])?.id ?? `${section.id}-submit`;
}

/**
 * The GOV.UK error summary, first in the page's main content after a refused form: focused on load
 * (`autofocus`, since the pages' CSP allows no inline script) so a phone shows it instead of the page top,
 * each error a link to its field. `extra` follows the list (a link to another shop, say).
 */
export function errorSummaryHtml(errors: readonly ErrorLink[], extra: SafeHtml | "" = ""): SafeHtml | "" {
  if (errors.length === 0) return "";
  return markup`<div class="error-summary" tabindex="-1" autofocus data-testid="error-summary">
<h2>There is a problem</h2>
<div role="alert"><ul>${errors.map((error) => markup`<li><a href="#${error.fieldId}">${error.message}</a></li>`)}</ul>${extra}</div>
</div>
`;
}
