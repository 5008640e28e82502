import { ContactDetails } from "~/components/pages/contact-details";
import { ShopPageLayout } from "~/components/pages/shop-page-layout";
import { findPage } from "~/lib/pages/pages.server";
import { shopPageMeta } from "~/lib/pages/page-meta";
import type { Route } from "./+types/review-policy";

export function loader() {
  return { page: findPage("review-policy") };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return shopPageMeta(loaderData?.page, matches);
}

export default function ReviewPolicyPage({ loaderData }: Route.ComponentProps) {
  return <ShopPageLayout page={loaderData.page} blocks={{ contact: <ContactDetails /> }} />;
}
