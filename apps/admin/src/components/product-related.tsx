import type { AdminProduct } from "@herbo/hosted-api/admin";
import { productStatusLabels } from "../lib/products.ts";

interface Props {
  otherProducts: AdminProduct["otherProducts"];
  relatedIds: readonly string[];
  onChange(relatedIds: string[]): void;
}

/** The other products shown with this one; those not on sale say so beside their title. */
export function ProductRelated({ otherProducts, relatedIds, onChange }: Props) {
  if (otherProducts.length === 0) return null;
  return (
    <fieldset>
      <legend className="label">Related products</legend>
      <ul className="mt-1 grid gap-1 sm:grid-cols-2">
        {otherProducts.map((other) => (
          <li key={other.id}>
            <label className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={relatedIds.includes(other.id)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...relatedIds, other.id]
                      : relatedIds.filter((related) => related !== other.id),
                  )
                }
              />
              {other.title}
              {other.status === "published" ? "" : ` (${productStatusLabels[other.status].toLowerCase()})`}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
