/**
 * The disclaimer US law asks of a dietary supplement's health statements. Its words come with the page's data
 * (`healthDisclaimerFor`), so pages that never show it do not carry them in their scripts.
 */
export function HealthDisclaimer({ text }: { text: string }) {
  return (
    <p className="mt-6 border-t border-line pt-4 text-xs text-bark" data-testid="health-disclaimer">
      {text}
    </p>
  );
}
