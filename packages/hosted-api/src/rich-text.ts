/**
 * The one set of rules for the owner's rich text (product descriptions and sections): what the store API
 * keeps when the owner saves, and what the storefront keeps when it renders. Both hand these to DOMPurify.
 */

/** DOMPurify's options: plain formatting and links only, no scripts, styles, forms, frames or SVG. */
export const richTextRules = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "iframe", "object", "embed", "svg", "math"],
  FORBID_ATTR: ["style", "srcset"],
  ADD_ATTR: ["target"],
  ALLOW_DATA_ATTR: false,
};

/** DOMPurify's options for a plain-text field (a title): every tag goes, its text stays. */
export const plainTextRules = { ALLOWED_TAGS: [] as string[], KEEP_CONTENT: true };

interface LinkNode {
  tagName: string;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

/**
 * DOMPurify's afterSanitizeAttributes hook: a link may open a new tab, and then never gives that tab a
 * handle on the shop; `target` anywhere else goes.
 */
export function safeLinkTargets(node: LinkNode): void {
  const target = node.getAttribute("target");
  if (target === null) return;
  if (node.tagName === "A" && target === "_blank") node.setAttribute("rel", "noopener noreferrer");
  else node.removeAttribute("target");
}
