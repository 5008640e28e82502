import type { AdminProductFields } from "@herbo/hosted-api/admin";
import { useId, useState } from "react";
import { LazyRichTextEditor } from "./lazy-rich-text-editor.tsx";

type Section = AdminProductFields["sections"][number];

interface Props {
  sections: readonly Section[];
  /** The sections as saved: each editor starts from its section's saved text. */
  savedSections: readonly Section[];
  onChange(sections: Section[]): void;
}

/** The titled sections shown below a product's description, up to ten, each with its own editor. */
export function ProductSections({ sections, savedSections, onChange }: Props) {
  // Each section keeps its key as others are added or removed, so its editor keeps its text.
  const [sectionKeys, setSectionKeys] = useState(() => savedSections.map((_, index) => index));
  const [nextKey, setNextKey] = useState(savedSections.length);

  function addSection() {
    onChange([...sections, { title: "", descriptionHtml: "" }]);
    setSectionKeys([...sectionKeys, nextKey]);
    setNextKey(nextKey + 1);
  }
  function removeSection(index: number) {
    onChange(sections.filter((_, at) => at !== index));
    setSectionKeys(sectionKeys.filter((_, at) => at !== index));
  }
  function editSection(index: number, fields: Partial<Section>) {
    onChange(sections.map((section, at) => (at === index ? { ...section, ...fields } : section)));
  }

  return (
    <fieldset className="space-y-3">
      <legend className="label">Sections below the description</legend>
      {sections.map((section, index) => (
        <SectionFields
          key={sectionKeys[index]}
          index={index}
          section={section}
          initialHtml={savedSections[sectionKeys[index] ?? -1]?.descriptionHtml ?? ""}
          onChange={(fields) => editSection(index, fields)}
          onRemove={() => removeSection(index)}
        />
      ))}
      <button type="button" className="button-quiet" onClick={addSection} disabled={sections.length >= 10}>
        Add a section
      </button>
    </fieldset>
  );
}

function SectionFields({
  index,
  section,
  initialHtml,
  onChange,
  onRemove,
}: {
  index: number;
  section: Section;
  initialHtml: string;
  onChange(fields: Partial<Section>): void;
  onRemove(): void;
}) {
  const textLabel = useId();
  return (
    <div className="space-y-2 rounded border border-line p-3" data-testid="product-section-fields">
      <label className="label">
        Section {index + 1} title
        <input
          required
          maxLength={100}
          className="field"
          value={section.title}
          onChange={(event) => onChange({ title: event.target.value })}
        />
      </label>
      <p id={textLabel} className="label">
        Section {index + 1} text
      </p>
      <LazyRichTextEditor
        labelledBy={textLabel}
        initialHtml={initialHtml}
        onChange={(html) => onChange({ descriptionHtml: html })}
      />
      <button type="button" className="button-quiet" onClick={onRemove}>
        Remove section {index + 1}
      </button>
    </div>
  );
}
