import type { AdminPrices, AdminProduct } from "@herbo/hosted-api/admin";
import type { ApiState } from "../hooks/use-api.ts";
import { PriceVariant } from "./price-variant.tsx";
import { VariantForm } from "./variant-form.tsx";

interface Props {
  product: AdminProduct;
  prices: ApiState<AdminPrices>;
  /** The product's entry in the prices (by the id in the page's address). */
  pricedProduct: AdminPrices["products"][number] | undefined;
  /** Shows the product as the API answered after a change to one of its variants. */
  onSaved(product: AdminProduct): void;
  /** Loads the product again: after a conflict, or after prices changed beside it. */
  onStale(): void;
}

/** A product's variants, each with its own fields and, once the prices are in, its prices. */
export function ProductVariants({ product, prices, pricedProduct, onSaved, onStale }: Props) {
  return (
    <section className="card space-y-4" aria-labelledby="variants-heading">
      <h2 id="variants-heading" className="text-lg font-semibold">
        Variants
      </h2>
      <p className="muted">
        Each variant is a choice of Style on the product page. Prices are per market currency, typed as decimals.
      </p>
      <ul className="divide-y divide-line">
        {product.variants.map((variant) => {
          const priced = pricedProduct?.variants.find((entry) => entry.id === variant.id);
          return (
            <li key={variant.id} className="space-y-3 py-4" data-testid="product-variant">
              <h3 className="font-semibold">{variant.title}</h3>
              <VariantForm variant={variant} onSaved={onSaved} onStale={onStale} />
              {priced === undefined || prices.data === undefined ? null : (
                <ul>
                  <PriceVariant
                    productTitle={product.title}
                    variant={priced}
                    currencies={prices.data.currencies}
                    onChanged={(answer) => {
                      prices.replace(answer);
                      onStale();
                    }}
                    onStale={prices.reload}
                  />
                </ul>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
