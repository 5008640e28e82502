/**
 * Scripts download from the start, behind what the first paint needs.
 *
 * React Router writes one `<link rel="modulepreload">` per module into the head (React hoists them
 * there), so the browser starts every module at once, in parallel, as soon as the head arrives; the
 * inline module script at the end of the body imports them and hydrates. Preloads are fetched at high
 * priority, level with the display font and the first images. This rewrite marks each of them
 * `fetchpriority="low"`: they still start as early (no import waterfall, no waiting for a paint), but the
 * browser gives the bandwidth to what the first paint needs first. Nothing else in the document changes,
 * so the inline scripts keep their Content-Security-Policy hashes.
 *
 * See docs/decisions/009-modules-early-at-low-priority.md for the measurements and what it replaced.
 */

const modulePreloadTag = /<link rel="modulepreload"([^>]*?)(\/?)>/g;

/**
 * The document with its module preloads in the head at low priority. Preloads that already name a
 * priority, and everything after `</head>`, are left alone; a document without a head is returned as is.
 */
export function lowPriorityModules(html: string): string {
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0) return html;
  const head = html.slice(0, headEnd);
  const rewritten = head.replace(modulePreloadTag, (tag: string, attributes: string, selfClosing: string) =>
    /\sfetchpriority=/i.test(attributes) ? tag : `<link rel="modulepreload"${attributes} fetchpriority="low"${selfClosing}>`,
  );
  return rewritten === head ? html : rewritten + html.slice(headEnd);
}
