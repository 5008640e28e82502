/** Shown while the session or a page's code loads: a polite status, so a screen reader hears it once. */
export function PageLoading() {
  return (
    <p role="status" className="p-6">
      Loading…
    </p>
  );
}
