import type { Variant } from "~/lib/store-api/types";

interface VariantPickerProps {
  variants: Variant[];
  selectedId: string;
  onSelect(variantId: string): void;
}

/** The 'Style' picker, shown only for products with more than one variant (docs/storefront.md#product-page). */
export function VariantPicker({ variants, selectedId, onSelect }: VariantPickerProps) {
  if (variants.length < 2) return null;
  return (
    <fieldset>
      <legend className="mb-2 font-semibold">Style</legend>
      <div className="flex flex-wrap gap-2">
        {variants.map((variant) => {
          const selected = variant.id === selectedId;
          return (
            <label
              key={variant.id}
              className={`cursor-pointer rounded-full border px-4 py-2 text-sm font-semibold transition-colors has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-gold ${
                selected ? "border-resin bg-resin text-cream" : "border-line bg-white hover:border-resin"
              }`}
            >
              <input
                type="radio"
                name="variant"
                value={variant.id}
                checked={selected}
                onChange={() => onSelect(variant.id)}
                className="sr-only"
              />
              {variant.title}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
