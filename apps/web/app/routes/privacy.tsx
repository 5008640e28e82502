import { ContactDetails } from "~/components/pages/contact-details";
import { ShopPageLayout } from "~/components/pages/shop-page-layout";
import { findPage } from "~/lib/pages/pages.server";
import { shopPageMeta } from "~/lib/pages/page-meta";
import type { Route } from "./+types/privacy";

export function loader() {
  return { page: findPage("privacy") };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return shopPageMeta(loaderData?.page, matches);
}

export default function PrivacyPage({ loaderData }: Route.ComponentProps) {
  return <ShopPageLayout page={loaderData.page} blocks={{ contact: <ContactDetails /> }} />;
}
