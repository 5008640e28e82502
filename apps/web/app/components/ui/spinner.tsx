/** A loading indicator with a text for screen readers. */
export function Spinner({ label = "Loading" }: { label?: string }) {
  return (
    <div role="status" className="flex justify-center py-16">
      <span
        className="h-10 w-10 rounded-full border-4 border-line border-t-gold"
        style={{ animation: "spin 0.8s linear infinite" }}
        aria-hidden="true"
      />
      <span className="sr-only">{label}</span>
    </div>
  );
}
