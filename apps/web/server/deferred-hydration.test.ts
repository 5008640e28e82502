import { JSDOM } from "jsdom";
import { afterEach, describe, expect, it } from "vitest";
import { deferHydration, deferredModuleId, deferredModuleType, fallbackMs } from "./deferred-hydration";
import { inlineScriptHashes } from "./static-files";

const moduleCode = [
  ";",
  'import * as route0 from "/assets/root-A.js";',
  'import * as route1 from "/assets/home-B.js";',
  'window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
  'import("/assets/entry.client-C.js");',
].join("\n");

/** The shape React Router 7 renders: preloads in the head, the module script after the context script. */
const rendered = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="preload" href="/assets/font.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>',
  '<link rel="modulepreload" href="/assets/entry.client-C.js"/>',
  '<link rel="modulepreload" href="/assets/shell-D.js"/>',
  '<link rel="modulepreload" href="/assets/root-A.js"/>',
  '<link rel="modulepreload" href="/assets/home-B.js"/>',
  "<title>Shop</title></head><body><main><h1>Pure Himalayan Shilajit</h1></main>",
  "<script>window.__reactRouterContext = {};</script>",
  `<script type="module" async="">${moduleCode}</script>`,
  '<script>window.__reactRouterContext.streamController.enqueue("[]");</script>',
  "</body></html>",
].join("");

const moduleUrls = ["/assets/entry.client-C.js", "/assets/shell-D.js", "/assets/root-A.js", "/assets/home-B.js"];

function bootstrapOf(html: string): string {
  const match = /<script>(\(function\(\)\{[\s\S]*?)<\/script>/.exec(html);
  if (match?.[1] === undefined) throw new Error("no bootstrap script");
  return match[1];
}

/** Pages opened by the running test; each is closed after it. */
const openPages: Array<{ close(): void }> = [];
afterEach(() => {
  for (const page of openPages.splice(0)) page.close();
});

/** Runs the deferred page's scripts in jsdom, with a fake paint observer the test can trigger. */
function openPage(html: string, { paintTiming = true } = {}) {
  const dom = new JSDOM(html.replace(/<script>window\.__reactRouterContext[\s\S]*?<\/script>/g, ""), {
    runScripts: "outside-only",
    pretendToBeVisual: true,
  });
  const window = dom.window as unknown as Window & typeof globalThis & { eval: (code: string) => unknown };
  type PaintList = { getEntriesByName: (name: string) => unknown[] };
  const observers: FakePerformanceObserver[] = [];
  class FakePerformanceObserver {
    static supportedEntryTypes = paintTiming ? ["paint", "resource"] : ["resource"];
    constructor(readonly callback: (list: PaintList, observer: FakePerformanceObserver) => void) {}
    observe() {
      observers.push(this);
    }
    disconnect() {
      observers.splice(observers.indexOf(this), 1);
    }
  }
  Object.assign(window, { PerformanceObserver: FakePerformanceObserver });
  window.eval(bootstrapOf(html));
  const document = window.document;
  const page = {
    document,
    paint() {
      const entries = [{ name: "first-contentful-paint" }];
      for (const observer of [...observers]) {
        observer.callback({ getEntriesByName: (name) => entries.filter((entry) => entry.name === name) }, observer);
      }
    },
    load() {
      window.dispatchEvent(new window.Event("load"));
    },
    started: () => document.querySelector('script[type="module"]') !== null,
    preloads: () =>
      [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute("href")),
    close: () => window.close(),
  };
  openPages.push(page);
  return page;
}

describe("deferHydration", () => {
  const deferred = deferHydration(rendered);

  it("takes the module preloads out of the head and the module script out of the page's start", () => {
    expect(deferred).not.toMatch(/<link rel="modulepreload"/);
    expect(deferred).not.toMatch(/<script type="module"/);
    expect(deferred).toContain(`<script type="${deferredModuleType}" id="${deferredModuleId}">${moduleCode}</script>`);
  });

  it("keeps everything else exactly as rendered", () => {
    expect(deferred).toContain('<link rel="preload" href="/assets/font.woff2"');
    expect(deferred).toContain("<main><h1>Pure Himalayan Shilajit</h1></main>");
    expect(deferred.indexOf("window.__reactRouterContext = {}")).toBeLessThan(deferred.indexOf(deferredModuleId));
    expect(deferred.indexOf(deferredModuleId)).toBeLessThan(deferred.indexOf("streamController.enqueue"));
  });

  it("keeps the module script's Content-Security-Policy hash, so the copy made later may run", () => {
    const [originalHash] = inlineScriptHashes(`<script type="module" async="">${moduleCode}</script>`);
    expect(inlineScriptHashes(deferred)).toContain(originalHash);
  });

  it("leaves documents without exactly one module script alone", () => {
    const plain = "<!DOCTYPE html><html><body><p>Not found</p></body></html>";
    expect(deferHydration(plain)).toBe(plain);
    const twice = rendered.replace("</body>", `<script type="module">${moduleCode}</script></body>`);
    expect(deferHydration(twice)).toBe(twice);
  });

  it("starts the modules when the first contentful paint is reported, not before", () => {
    const page = openPage(deferred);
    expect(page.started()).toBe(false);
    page.load();
    expect(page.started()).toBe(false);
    page.paint();
    expect(page.started()).toBe(true);
    expect(page.preloads()).toEqual(moduleUrls);
    const script = page.document.querySelector('script[type="module"]');
    expect(script?.textContent).toBe(moduleCode);
    expect(page.document.getElementById(deferredModuleId)).toBeNull();
  });

  it("does not wait for the load event: an image still loading holds nothing back", () => {
    const page = openPage(deferred);
    page.paint();
    expect(page.started()).toBe(true);
  });

  it("starts them once, however often a paint is reported", () => {
    const page = openPage(deferred);
    page.paint();
    page.paint();
    expect(page.document.querySelectorAll('script[type="module"]')).toHaveLength(1);
    expect(page.preloads()).toEqual(moduleUrls);
  });

  it("starts them at once where the browser cannot report paints", () => {
    const page = openPage(deferred, { paintTiming: false });
    expect(page.started()).toBe(true);
  });

  it(`starts them after ${fallbackMs} ms when no paint comes (a tab opened in the background)`, async () => {
    const page = openPage(deferred);
    await new Promise((resolve) => setTimeout(resolve, fallbackMs / 2));
    expect(page.started()).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, fallbackMs / 2 + 200));
    expect(page.started()).toBe(true);
    expect(page.preloads()).toEqual(moduleUrls);
  });
});
