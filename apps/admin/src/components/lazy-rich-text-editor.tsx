import { lazy, Suspense, type ComponentProps } from "react";

// The editor is the back office's largest piece: it loads with the first product page, not with the app.
const RichTextEditor = lazy(() => import("./rich-text-editor.tsx"));

/** The rich text editor, with a line saying it is on its way while its code loads. */
export function LazyRichTextEditor(props: ComponentProps<typeof RichTextEditor>) {
  return (
    <Suspense fallback={<p className="muted">Loading the editor…</p>}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
