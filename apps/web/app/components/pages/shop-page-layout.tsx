import type { ReactNode } from "react";
import type { ShopPage } from "virtual:shop-pages";
import type { ShopPageBlock } from "~/content/shop-pages";

/**
 * A help or policy page: its Markdown as HTML, with the live blocks its route supplies rendered where
 * the Markdown names them. Each route passes only the blocks its page uses, so no page loads another's.
 */
export function ShopPageLayout({
  page,
  blocks,
}: {
  page: ShopPage;
  blocks: Partial<Record<ShopPageBlock, ReactNode>>;
}) {
  return (
    <article className="container-page max-w-3xl py-10 md:py-14">
      <header className="border-b border-line pb-6">
        <h1 className="text-3xl leading-tight font-bold sm:text-4xl md:text-5xl">{page.title}</h1>
        <p className="mt-4 text-lg text-bark">{page.summary}</p>
      </header>
      <div className="prose-shop mt-8">
        {page.sections.map((section, index) => {
          if ("html" in section) return <div key={index} dangerouslySetInnerHTML={{ __html: section.html }} />;
          const block = blocks[section.block];
          // Fails the prerender, so a page never ships with a hole where its table should be.
          if (block === undefined) throw new Error(`The ${page.slug} page has no component for {{${section.block}}}`);
          return <div key={index}>{block}</div>;
        })}
      </div>
    </article>
  );
}
