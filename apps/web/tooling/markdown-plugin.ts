import type { Plugin } from "vite";
import { articlesFolder, loadArticles } from "./articles";

const moduleId = "virtual:blog-articles";
const resolvedId = `\0${moduleId}`;

/** Compiles app/content/blog/*.md at build time into `virtual:blog-articles` (front matter + HTML). */
export function markdownArticles(): Plugin {
  return {
    name: "herbo-markdown-articles",
    resolveId(id) {
      return id === moduleId ? resolvedId : undefined;
    },
    load(id) {
      if (id !== resolvedId) return undefined;
      this.addWatchFile(articlesFolder);
      const articles = loadArticles();
      for (const article of articles) this.addWatchFile(`${articlesFolder}/${article.slug}.md`);
      return `export const articles = ${JSON.stringify(articles)};`;
    },
  };
}
