/**
 * The one set of rules for the owner's rich text (product descriptions and sections): what the store API
 * keeps when the owner saves, and what the storefront keeps when it renders. Both hand these to DOMPurify.
 */

/**
 * DOMPurify's options: plain formatting and links only, no scripts, styles, forms, frames or SVG, and
 * nothing a shopper's browser would fetch from elsewhere on its own (audio, video, backgrounds, posters):
 * a description must not be able to track who reads it. Pictures are kept to the shop's own photos by
 * `ownPicturesOnly`.
 */
export const richTextRules = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    "style",
    "form",
    "input",
    "button",
    "textarea",
    "select",
    "iframe",
    "object",
    "embed",
    "svg",
    "math",
    "audio",
    "video",
    "source",
    "track",
    "picture",
  ],
  FORBID_ATTR: ["style", "srcset", "background", "poster"],
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

interface PictureNode {
  tagName: string;
  getAttribute(name: string): string | null;
  remove(): void;
}

/** A photo the owner uploaded, as the shop serves it: a path on the shop's own address. */
const ownPicture = /^\/media\/[A-Za-z0-9][A-Za-z0-9._-]*$/;

/**
 * DOMPurify's afterSanitizeAttributes hook: a picture stays only when it is one of the shop's own photos.
 * One from another address would be a tracking pixel on the product page (and a picture that disappears
 * when that address does).
 */
export function ownPicturesOnly(node: PictureNode): void {
  if (node.tagName !== "IMG") return;
  const source = node.getAttribute("src");
  if (source === null || !ownPicture.test(source)) node.remove();
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
