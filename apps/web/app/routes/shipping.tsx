import { ContactDetails } from "~/components/pages/contact-details";
import { ShippingRatesTable } from "~/components/pages/shipping-rates-table";
import { ShopPageLayout } from "~/components/pages/shop-page-layout";
import { findPage } from "~/lib/pages/pages.server";
import { shopPageMeta } from "~/lib/pages/page-meta";
import type { Route } from "./+types/shipping";

export function loader() {
  return { page: findPage("shipping") };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return shopPageMeta(loaderData?.page, matches);
}

export default function ShippingPage({ loaderData }: Route.ComponentProps) {
  return (
    <ShopPageLayout
      page={loaderData.page}
      blocks={{ "shipping-rates": <ShippingRatesTable />, contact: <ContactDetails /> }}
    />
  );
}
