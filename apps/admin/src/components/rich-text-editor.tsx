import { EditorContent, useEditor, useEditorState } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useId, useState } from "react";

interface Props {
  /** The id of the element that names the text (its label). */
  labelledBy: string;
  /** HTML as saved; the editor starts from it. */
  initialHtml: string;
  onChange(html: string): void;
}

/**
 * The owner's rich text: paragraphs, headings, bold, italic, lists, quotes and links, nothing the shop's
 * sanitizer would drop anyway. Built on Tiptap (ProseMirror). Loaded only on the product page.
 */
export default function RichTextEditor({ labelledBy, initialHtml, onChange }: Props) {
  const [linkUrl, setLinkUrl] = useState("");
  const linkFieldId = useId();
  const editor = useEditor({
    // The back office's Content-Security-Policy allows no inline <style>: the editor's styles are in app.css.
    injectCSS: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ["https", "http", "mailto"], defaultProtocol: "https" },
      }),
    ],
    content: initialHtml,
    editorProps: {
      attributes: { "aria-labelledby": labelledBy, "aria-multiline": "true", class: "rich-text field min-h-32" },
    },
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? "" : current.getHTML()),
  });
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive("bold") ?? false,
      italic: current?.isActive("italic") ?? false,
      heading: current?.isActive("heading", { level: 2 }) ?? false,
      bullets: current?.isActive("bulletList") ?? false,
      numbers: current?.isActive("orderedList") ?? false,
      quote: current?.isActive("blockquote") ?? false,
      link: current?.isActive("link") ?? false,
    }),
  });

  const chain = () => editor.chain().focus();
  const tools = [
    { label: "Bold", pressed: active?.bold, run: () => chain().toggleBold().run() },
    { label: "Italic", pressed: active?.italic, run: () => chain().toggleItalic().run() },
    { label: "Heading", pressed: active?.heading, run: () => chain().toggleHeading({ level: 2 }).run() },
    { label: "Bulleted list", pressed: active?.bullets, run: () => chain().toggleBulletList().run() },
    { label: "Numbered list", pressed: active?.numbers, run: () => chain().toggleOrderedList().run() },
    { label: "Quote", pressed: active?.quote, run: () => chain().toggleBlockquote().run() },
  ];

  function applyLink() {
    const url = linkUrl.trim();
    if (url === "") chain().unsetLink().run();
    else chain().extendMarkRange("link").setLink({ href: url }).run();
    setLinkUrl("");
  }

  return (
    <div className="space-y-2">
      <div role="toolbar" aria-label="Formatting" className="flex flex-wrap items-end gap-2">
        {tools.map((tool) => (
          <button
            key={tool.label}
            type="button"
            className={`button-quiet px-2 py-1 ${tool.pressed === true ? "bg-cream ring-2 ring-gold-dark" : ""}`}
            aria-pressed={tool.pressed === true}
            onClick={tool.run}
          >
            {tool.label}
          </button>
        ))}
        <span className="flex items-end gap-1">
          <label htmlFor={linkFieldId} className="label">
            Link address
            <input
              id={linkFieldId}
              type="url"
              className="field w-48"
              placeholder="https://"
              value={linkUrl}
              onChange={(event) => setLinkUrl(event.target.value)}
            />
          </label>
          <button type="button" className="button-quiet px-2 py-1" onClick={applyLink}>
            {linkUrl.trim() === "" && active?.link === true ? "Remove link" : "Link selected text"}
          </button>
        </span>
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
