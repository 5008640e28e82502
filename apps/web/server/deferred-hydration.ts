/**
 * Paint first, then hydrate.
 *
 * React Router writes `<link rel="modulepreload">` tags into the head and one inline module script
 * that imports the route modules and the client entry. On a slow phone network those ~120 KB of
 * JavaScript start downloading as soon as the head arrives and share the connection with the rest of
 * the document, the font and the first images, none of which needs them to be drawn. This rewrite keeps
 * the page exactly as rendered but starts the JavaScript once the first contentful paint has reached
 * the screen, or `fallbackMs` after the document was parsed when no paint is reported (a tab opened in
 * the background, a browser without paint timing):
 *
 * - the modulepreload tags leave the head, and are added back when loading starts, so the modules
 *   still download in parallel rather than one import level at a time;
 * - the module script becomes an inert `<script type="text/x-deferred-module">` with the same text;
 *   a small classic script copies that text into a real module script when loading starts. The
 *   Content-Security-Policy hash of the text is unchanged, so the copy is allowed to run.
 *
 * See docs/decisions/006-paint-before-hydration.md for the measured trade.
 */

const modulePreloadTag = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const moduleScriptTag = /<script type="module"(?: async="")?>([\s\S]*?)<\/script>/g;
export const deferredModuleType = "text/x-deferred-module";
export const deferredModuleId = "deferred-hydration";

/** Longest wait for a first paint, after the document is parsed, before the JavaScript starts anyway. */
export const fallbackMs = 1_000;

function bootstrapScript(moduleUrls: readonly string[]): string {
  return [
    "(function(){",
    "var started=false;",
    "function start(){",
    "if(started)return;started=true;",
    `${JSON.stringify(moduleUrls)}.forEach(function(href){`,
    'var link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.appendChild(link);',
    "});",
    `var inert=document.getElementById(${JSON.stringify(deferredModuleId)});`,
    'var script=document.createElement("script");script.type="module";script.text=inert.text;',
    "inert.replaceWith(script);",
    "}",
    // The paint entry is reported once the frame has reached the screen, not when it was drawn.
    "var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes||[];",
    'if(types.indexOf("paint")<0){start();return;}',
    "new PerformanceObserver(function(list,observer){",
    'if(list.getEntriesByName("first-contentful-paint").length>0){observer.disconnect();start();}',
    '}).observe({type:"paint",buffered:true});',
    `setTimeout(start,${fallbackMs});`,
    "})();",
  ].join("");
}

/**
 * The document with its JavaScript deferred until after its first paint. A document without exactly one
 * React Router module script (a resource route's HTML, an error text) is returned unchanged.
 */
export function deferHydration(html: string): string {
  const moduleScripts = [...html.matchAll(moduleScriptTag)];
  if (moduleScripts.length !== 1) return html;
  const [moduleScript] = moduleScripts;
  if (moduleScript === undefined || moduleScript.index === undefined) return html;
  const moduleUrls: string[] = [];
  for (const match of html.matchAll(modulePreloadTag)) {
    const url = match[1];
    if (url !== undefined && !moduleUrls.includes(url)) moduleUrls.push(url);
  }
  const inert = `<script type="${deferredModuleType}" id="${deferredModuleId}">${moduleScript[1] ?? ""}</script>`;
  const replacement = `${inert}<script>${bootstrapScript(moduleUrls)}</script>`;
  const before = html.slice(0, moduleScript.index).replace(modulePreloadTag, "");
  const after = html.slice(moduleScript.index + moduleScript[0].length).replace(modulePreloadTag, "");
  return before + replacement + after;
}
