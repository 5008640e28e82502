import { data } from "react-router";
import { NotFoundContent } from "~/components/content/not-found-content";
import { site } from "~/content/site";
import type { Route } from "./+types/not-found";

/**
 * Every unknown path answers 404 with the not-found page. /404 itself is prerendered (the prerender
 * step only accepts 200) and the server sends its static file with a 404 status.
 */
export function loader({ params }: Route.LoaderArgs) {
  return data(null, { status: params["*"] === undefined ? 200 : 404 });
}

export function meta() {
  return [
    { title: `Page Not Found | ${site.brand}` },
    {
      name: "description",
      content: "The page you were looking for could not be found. Head back to the Herbo Shilajit home page.",
    },
    { name: "robots", content: "noindex" },
  ];
}

export default function NotFound(_props: Route.ComponentProps) {
  return <NotFoundContent />;
}
