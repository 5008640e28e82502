/** HTML built from trusted template text; every interpolated value is escaped unless it is already SafeHtml. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type HtmlValue = SafeHtml | string | number | null | undefined | false | readonly HtmlValue[];

const entities: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe for element content and quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => entities[character] ?? character);
}

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return value.map((item: HtmlValue) => render(item)).join("");
  if (value === null || value === undefined || value === false) return "";
  return escapeHtml(String(value));
}

/**
 * Tagged template: markup`<p>${name}</p>` escapes `name`; nested `markup` fragments pass through. (Not
 * named `html`, so formatters leave the templates' whitespace alone.)
 */
export function markup(strings: TemplateStringsArray, ...values: HtmlValue[]): SafeHtml {
  let result = strings[0] ?? "";
  values.forEach((value, index) => {
    result += render(value) + (strings[index + 1] ?? "");
  });
  return new SafeHtml(result);
}
