import { maxLineQuantity } from "@herbo/hosted-api";
import { useState } from "react";
import { cartItemFor } from "~/lib/cart/cart-item";
import { useCart } from "~/lib/cart/cart-context";
import { marketPath, useMarket } from "~/lib/markets";
import { taxIncludedNote } from "~/lib/market-tax";
import { variantPrice, type DisplayPrice } from "~/lib/money";
import type { Product } from "~/lib/store-api/types";
import { BackLink } from "../ui/back-link";
import { Icon } from "../ui/icon";
import { useToast } from "../ui/toast";
import { Carousel } from "./carousel";
import { DutiesNote } from "./duties-note";
import { Price } from "./price";
import { QuantityStepper } from "./quantity-stepper";
import { stockStatus } from "./stock-status";
import { VariantPicker } from "./variant-picker";
import { BatchCertificate, SupplementFacts } from "./product-facts";
import { HealthDisclaimer } from "../content/health-disclaimer";
import { messages } from "~/content/messages";

/**
 * The product page (docs/storefront.md#product-page); `product.descriptionHtml` and the sections arrive already
 * sanitised by the loader, and whether the market's prices include tax as the store last said.
 */
export function ProductDetail({
  product,
  variantPrices,
  pricesIncludeTax,
  shippingLine,
  quantityOffers = [],
  healthDisclaimer = null,
}: {
  product: Product;
  /** Each variant's price as the server wrote it, by variant id (lib/money.ts says why). */
  variantPrices: Readonly<Record<string, DisplayPrice>>;
  pricesIncludeTax: boolean;
  /** The market's delivery charge and time, as checkout charges them; null when the store could not say. */
  shippingLine: string | null;
  /** The market's quantity prices for this product, named ("Buy 2, save 10 %"); none when empty. */
  quantityOffers?: readonly string[];
  /** The disclaimer the page's market asks of its health statements; none when null. */
  healthDisclaimer?: string | null;
}) {
  const { add } = useCart();
  const { toast } = useToast();
  const market = useMarket();
  const [variantId, setVariantId] = useState(product.variants[0]?.id ?? "");
  const [quantity, setQuantity] = useState(1);
  const [imageIndex, setImageIndex] = useState(0);
  const variant = product.variants.find((candidate) => candidate.id === variantId) ?? product.variants[0];
  const stock = stockStatus(product, variant, quantity);
  const taxNote = taxIncludedNote(market, pricesIncludeTax);

  function selectVariant(id: string) {
    setVariantId(id);
    const chosen = product.variants.find((candidate) => candidate.id === id);
    const imageAt = product.images.findIndex((image) => image.url === chosen?.imageUrl);
    if (imageAt >= 0) setImageIndex(imageAt);
  }

  function addToCart() {
    if (variant === undefined) return;
    const result = add(cartItemFor(product, variant, quantity), variant.inventoryQuantity);
    if (result.ok) {
      toast({
        title: messages.addedFromDetail.title,
        description: messages.addedFromDetail.description(quantity, product.title, variant.title),
      });
    } else {
      toast({ title: messages.detailAddFailedTitle, description: result.message, variant: "destructive" });
    }
  }

  return (
    <div className="container-page py-8 md:py-12">
      <BackLink to={marketPath(market, "/store")}>Back to Store</BackLink>
      <div className="mt-6 grid gap-10 md:grid-cols-2 lg:gap-16">
        <Carousel images={product.images} title={product.title} index={imageIndex} onIndexChange={setImageIndex} />
        <div className="flex flex-col gap-5">
          {product.ribbonText === null ? null : (
            <span className="w-fit rounded-full bg-gold px-3 py-1 text-xs font-bold tracking-wide text-resin uppercase">
              {product.ribbonText}
            </span>
          )}
          <div>
            <h1 className="text-3xl leading-tight font-bold sm:text-4xl">{product.title}</h1>
            {product.subtitle === null ? null : <p className="mt-2 text-lg text-bark">{product.subtitle}</p>}
          </div>
          {variant === undefined ? null : (
            <div>
              <div className="flex flex-wrap items-baseline gap-x-3">
                <Price price={variantPrices[variant.id] ?? variantPrice(variant)} size="lg" />
                {taxNote === null ? null : (
                  <span className="text-sm text-bark" data-testid="tax-note">
                    {taxNote}
                  </span>
                )}
              </div>
              <DutiesNote pricesIncludeTax={pricesIncludeTax} className="mt-1 text-bark" />
              {shippingLine === null ? null : (
                <p className="mt-1 text-sm text-bark" data-testid="shipping-note">
                  {shippingLine}
                </p>
              )}
              {quantityOffers.length === 0 ? null : (
                <p className="mt-1 text-sm font-semibold text-resin" data-testid="quantity-offer">
                  {quantityOffers.join(" · ")}
                </p>
              )}
            </div>
          )}
          <div
            className="prose-shop"
            data-testid="product-description"
            dangerouslySetInnerHTML={{ __html: product.descriptionHtml }}
          />
          <VariantPicker variants={product.variants} selectedId={variant?.id ?? ""} onSelect={selectVariant} />
          <div className="flex flex-wrap items-center gap-4">
            <QuantityStepper value={quantity} max={maxLineQuantity} onChange={setQuantity} />
            <button
              type="button"
              className="button-primary flex-1 px-8 py-4"
              onClick={addToCart}
              disabled={!stock.canAdd}
            >
              <Icon name="cart" size={20} />
              Add to Cart
            </button>
          </div>
          {stock.message === null ? null : (
            <p
              role="status"
              data-testid="stock-message"
              className={`font-semibold ${stock.canAdd ? "text-leaf" : "text-danger"}`}
            >
              {stock.message}
            </p>
          )}
          {product.sections.map((section, index) => (
            <section key={index} aria-labelledby={`product-section-${index}`} className="border-t border-line pt-5">
              <h2 id={`product-section-${index}`} className="text-lg font-semibold">
                {section.title}
              </h2>
              <div
                className="prose-shop mt-2"
                data-testid="product-section"
                dangerouslySetInnerHTML={{ __html: section.descriptionHtml }}
              />
            </section>
          ))}
          {product.details?.facts ? <SupplementFacts facts={product.details.facts} /> : null}
          {product.details?.batch ? <BatchCertificate batch={product.details.batch} /> : null}
          {healthDisclaimer === null ? null : <HealthDisclaimer text={healthDisclaimer} />}
        </div>
      </div>
    </div>
  );
}
