import css from "../app.css?inline";

/**
 * The site's whole stylesheet (about 7 KB compressed), written into every page's <head> so the first
 * paint waits for no second request. Only the server has the text; in the browser it is an empty string,
 * and React leaves the server's <style> contents alone while hydrating.
 */
export const inlineCss: string = import.meta.env.SSR ? css : "";
