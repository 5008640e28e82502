import type { Plugin } from "vite";
import { articlesFolder, loadArticles } from "./articles";
import { loadPages, pagesFolder } from "./pages";

const articlesId = "virtual:blog-articles";
const pagesId = "virtual:shop-pages";

/**
 * Compiles the shop's Markdown at build time: app/content/blog/*.md into `virtual:blog-articles` and
 * app/content/pages/*.md into `virtual:shop-pages` (front matter + HTML).
 */
export function markdownContent(): Plugin {
  return {
    name: "herbo-markdown-content",
    resolveId(id) {
      return id === articlesId || id === pagesId ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === `\0${articlesId}`) {
        this.addWatchFile(articlesFolder);
        const articles = loadArticles();
        for (const article of articles) this.addWatchFile(`${articlesFolder}/${article.slug}.md`);
        return `export const articles = ${JSON.stringify(articles)};`;
      }
      if (id === `\0${pagesId}`) {
        this.addWatchFile(pagesFolder);
        const pages = loadPages();
        for (const page of pages) this.addWatchFile(`${pagesFolder}/${page.slug}.md`);
        return `export const pages = ${JSON.stringify(pages)};`;
      }
      return undefined;
    },
  };
}
