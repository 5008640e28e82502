import { Link } from "react-router";

/** The not-found page (docs/storefront.md#not-found): a large 404, 'Page Not Found', a playful line, the way home. */
export function NotFoundContent() {
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <p className="font-display text-8xl font-bold text-gold-dark sm:text-9xl" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">Page Not Found</h1>
      <p className="mt-4 max-w-md text-lg text-bark">
        Looks like this page wandered off on a Himalayan trek and hasn’t come back yet.
      </p>
      <Link to="/" className="button-primary mt-8">
        Return to Homepage
      </Link>
    </section>
  );
}
