import css from "../app.css?inline";

/**
 * The site's whole stylesheet (about 7 KB compressed), written into every page's <head> so the first
 * paint waits for no second request. Only the server has the text; in the browser it is an empty string,
 * and React leaves the server's <style> contents alone while hydrating.
 */
export const inlineCss: string = import.meta.env.SSR ? css : "";

/**
 * What React renders inside that <style> in a production build: a short marker, replaced by the
 * stylesheet's bytes once the document is complete (`lib/site-css.server.ts`). React, the paint-first
 * rewrite and the script hashing then handle 30 KB of text per page instead of 70 KB. The development
 * server renders the text itself.
 */
export const siteCssMarker = "/*site-css*/";

export const renderedSiteCss: string = import.meta.env.SSR && !import.meta.env.DEV ? siteCssMarker : inlineCss;
