import { dutiesNote, type Market } from "@herbo/hosted-api";

/** Beside prices that leave the tax out (US and Canada, issue 26): who pays duties and taxes, and when. */
export function DutiesNote({
  market,
  className = "",
}: {
  market: Pick<Market, "pricesIncludeTax">;
  className?: string;
}) {
  if (market.pricesIncludeTax) return null;
  return (
    <p className={`text-sm ${className}`} data-testid="duties-note">
      {dutiesNote}
    </p>
  );
}
