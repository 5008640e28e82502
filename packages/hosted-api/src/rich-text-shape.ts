import { parseFragment } from "parse5";

/**
 * How large the owner's rich text may be in shape, not only in characters. Sanitising goes through a DOM,
 * whose cost grows with every element and much faster with nesting: 4,000 nested elements in 20 kB held a
 * server's only thread for seconds. A real description (paragraphs, a list, a few links) has tens of tags
 * and a handful of levels, far inside both bounds.
 */
export const richTextShapeLimits = { tags: 200, depth: 20 } as const;

/** The number of start tags ("<" and a letter): every element the HTML parser builds needs one. */
function startTags(html: string): number {
  let count = 0;
  for (let index = 0; index < html.length - 1; index += 1) {
    if (html.charCodeAt(index) !== 60) continue; // "<"
    const next = html.charCodeAt(index + 1) | 0x20; // lower case of an ASCII letter
    if (next >= 97 && next <= 122) count += 1;
  }
  return count;
}

interface ParsedNode {
  tagName?: string;
  childNodes?: ParsedNode[];
  content?: ParsedNode;
}

/** How many elements deep the fragment goes: each element inside another is one level more. */
function depthOf(root: ParsedNode): number {
  let deepest = 0;
  const pending: [ParsedNode, number][] = [[root, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, above] = next;
    const depth = node.tagName === undefined ? above : above + 1;
    if (depth > deepest) deepest = depth;
    for (const child of node.childNodes ?? []) pending.push([child, depth]);
    // A <template>'s children live in its content fragment, inside it.
    if (node.content !== undefined) pending.push([node.content, depth]);
  }
  return deepest;
}

/**
 * Why this rich text is refused before anyone sanitises it, or undefined when its shape is fine: too many
 * tags (counted without parsing, so a hostile text costs one pass over its characters), or elements nested
 * too deep as a browser would build them (parsed by parse5, the parser the DOM itself uses, so no comment,
 * attribute or stray end tag can hide a level).
 */
export function richTextShapeProblem(html: string): string | undefined {
  const { tags, depth } = richTextShapeLimits;
  if (startTags(html) > tags) return `Has more than ${tags} tags: simplify its formatting`;
  if (depthOf(parseFragment(html) as ParsedNode) > depth) {
    return `Has formatting nested more than ${depth} levels deep: simplify it`;
  }
  return undefined;
}
