import { ContactDetails } from "~/components/pages/contact-details";
import { ReturnsSummary } from "~/components/pages/returns-summary";
import { ShopPageLayout } from "~/components/pages/shop-page-layout";
import { findPage } from "~/lib/pages/pages.server";
import { shopPageMeta } from "~/lib/pages/page-meta";
import type { Route } from "./+types/returns";

export function loader() {
  return { page: findPage("returns") };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return shopPageMeta(loaderData?.page, matches);
}

export default function ReturnsPage({ loaderData }: Route.ComponentProps) {
  return (
    <ShopPageLayout
      page={loaderData.page}
      blocks={{ "returns-summary": <ReturnsSummary />, contact: <ContactDetails /> }}
    />
  );
}
