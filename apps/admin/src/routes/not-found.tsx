import { Link } from "react-router";
import { PageHeading } from "../components/page-heading.tsx";

export function NotFound() {
  return (
    <>
      <PageHeading title="Page not found" />
      <p>
        This address is not a page of the back office. <Link to="/">Go to the overview</Link>.
      </p>
    </>
  );
}
