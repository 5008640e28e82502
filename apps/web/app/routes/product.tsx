import { data, Link } from "react-router";
import { ProductDetail } from "~/components/product/product-detail";
import { site } from "~/content/site";
import { htmlToText, sanitizeHtml } from "~/lib/sanitize.server";
import { pageMeta, siteUrlOf, truncateText } from "~/lib/seo/meta";
import { productJsonLd } from "~/lib/seo/structured-data";
import { storeApiFor } from "~/lib/store-api/context.server";
import { messageOf, statusForStoreError } from "~/lib/store-api/load-error.server";
import type { Route } from "./+types/product";

/** SPEC §2: the product page's meta description is cut at 160 characters. */
export const metaDescriptionLength = 160;
export const productErrorFallback = "Failed to load product";

export async function loader({ params, context, request }: Route.LoaderArgs) {
  try {
    const product = await storeApiFor(context).getProductWithStock(params.id, request.signal);
    const descriptionHtml = sanitizeHtml(product.descriptionHtml);
    return {
      product: { ...product, descriptionHtml },
      metaDescription: truncateText(
        htmlToText(descriptionHtml) || product.subtitle || product.title,
        metaDescriptionLength,
      ),
      error: null,
    };
  } catch (error) {
    return data(
      { product: null, metaDescription: null, error: messageOf(error) },
      { status: statusForStoreError(error), headers: { "Cache-Control": "no-store" } },
    );
  }
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData, matches, params }: Route.MetaArgs) {
  const siteUrl = siteUrlOf(matches);
  const product = loaderData?.product;
  if (product === null || product === undefined) {
    return pageMeta({
      siteUrl,
      path: `/product/${params.id}`,
      title: `Product unavailable | ${site.brand}`,
      description: "This product could not be loaded.",
      noindex: true,
    });
  }
  const image = product.images[0]?.url;
  const description = loaderData?.metaDescription ?? product.title;
  return [
    ...pageMeta({
      siteUrl,
      path: `/product/${encodeURIComponent(product.id)}`,
      title: `${product.title} | ${site.brand}`,
      description,
      type: "product",
      // Social networks do not show SVG previews; those products share the brand card instead.
      ...(image === undefined || image.endsWith(".svg") ? {} : { image }),
    }),
    { "script:ld+json": productJsonLd(product, { siteUrl, description }) },
  ];
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.product === null) {
    return (
      <section className="container-page py-24 text-center">
        <h1 className="sr-only">Product unavailable</h1>
        <p role="alert" className="text-xl font-semibold text-danger">
          Error loading product: {loaderData.error || productErrorFallback}
        </p>
        <Link to="/store" className="button-outline mt-8">
          Go back to store
        </Link>
      </section>
    );
  }
  return <ProductDetail key={loaderData.product.id} product={loaderData.product} />;
}
