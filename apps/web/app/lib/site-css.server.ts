import { inlineCss, siteCssMarker } from "./inline-css";

// The whole tag: in a <title>, a meta text or JSON-LD its angle brackets would be escaped, so only the
// root's own <style> can match.
const markerTag = Buffer.from(`<style>${siteCssMarker}</style>`, "utf8");
const styleTag = Buffer.from(`<style>${inlineCss}</style>`, "utf8");

/**
 * The document with the site's stylesheet written into the <style> that holds the marker (the first
 * one; the root renders it in the head, before any page content). A document without the marker (a
 * resource route's HTML, an error text) is returned as it is.
 */
export function withSiteCss(document: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const at = document.indexOf(markerTag);
  if (at < 0) return document;
  return Buffer.concat([document.subarray(0, at), styleTag, document.subarray(at + markerTag.length)]);
}
