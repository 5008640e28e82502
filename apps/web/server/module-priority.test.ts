import { describe, expect, it } from "vitest";
import { lowPriorityModules } from "./module-priority";
import { inlineScriptHashes } from "./static-files";

const moduleCode = [
  'import * as route0 from "/assets/root-A.js";',
  'window.__reactRouterRouteModules = {"root":route0};',
  'import("/assets/entry.client-C.js");',
].join("\n");

/** The shape React Router 7 renders: preloads in the head, the module script at the end of the body. */
const rendered = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="preload" href="/assets/font.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>',
  '<link rel="modulepreload" href="/assets/entry.client-C.js"/>',
  '<link rel="modulepreload" href="/assets/root-A.js"/>',
  "<style>body{margin:0}</style>",
  "<title>Shop</title></head><body><main><h1>Pure Himalayan Shilajit</h1></main>",
  "<script>window.__reactRouterContext = {};</script>",
  `<script type="module" async="">${moduleCode}</script>`,
  "</body></html>",
].join("");

describe("lowPriorityModules", () => {
  const rewritten = lowPriorityModules(rendered);

  it("marks every module preload in the head low priority, where it was", () => {
    expect(rewritten).toContain('<link rel="modulepreload" href="/assets/entry.client-C.js" fetchpriority="low"/>');
    expect(rewritten).toContain('<link rel="modulepreload" href="/assets/root-A.js" fetchpriority="low"/>');
    expect(rewritten.indexOf("entry.client-C.js")).toBeLessThan(rewritten.indexOf("</head>"));
  });

  it("changes nothing else: the font preload, the body and the module script stay as rendered", () => {
    expect(rewritten.replaceAll(' fetchpriority="low"', "")).toBe(rendered);
    expect(rewritten).toContain('<link rel="preload" href="/assets/font.woff2" as="font"');
    expect(inlineScriptHashes(rewritten)).toEqual(inlineScriptHashes(rendered));
  });

  it("leaves a preload that already names a priority, and is idempotent", () => {
    const named = rendered.replace(
      '<link rel="modulepreload" href="/assets/root-A.js"/>',
      '<link rel="modulepreload" href="/assets/root-A.js" fetchpriority="high"/>',
    );
    expect(lowPriorityModules(named)).toContain('href="/assets/root-A.js" fetchpriority="high"/>');
    expect(lowPriorityModules(rewritten)).toBe(rewritten);
  });

  it("touches only the head, and leaves documents without one alone", () => {
    const inBody = '<html><head></head><body><link rel="modulepreload" href="/x.js"/></body></html>';
    expect(lowPriorityModules(inBody)).toBe(inBody);
    const fragment = '<link rel="modulepreload" href="/x.js"/>';
    expect(lowPriorityModules(fragment)).toBe(fragment);
  });
});
