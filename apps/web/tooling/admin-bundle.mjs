// What check-budget.mjs asks of the back office's build (apps/admin/dist), kept apart so it can be run on
// that build alone.

/**
 * Strings only development builds hold. React Router's package points every import at its development build
 * (dist/development, with a dev-only error page and warnings) unless apps/admin/vite.config.ts aliases the
 * production one; React's development build would bring its key warnings.
 */
export const developmentMarkers = {
  "React Router's development build": "Error handled by React Router default ErrorBoundary",
  "React Router's development error page": "Hey developer",
  "React's development build": "Each child in a list should have a unique",
};

/** One failure per development build found in the back office's scripts (their sources). */
export function developmentBuildsIn(sources) {
  return Object.entries(developmentMarkers)
    .filter(([, marker]) => sources.some((source) => source.includes(marker)))
    .map(([name]) => `the back office's bundle holds ${name}`);
}
