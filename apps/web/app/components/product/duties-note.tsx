import { dutiesNote, type Market } from "@herbo/hosted-api";
import { taxName } from "~/lib/market-tax";

/**
 * Beside prices that leave the tax out (US and Canada as seeded; whichever markets the owner sets so in the
 * back office): who pays duties and taxes, and when. The page decides with `pricesIncludeTax` (lib/market-tax).
 */
export function DutiesNote({ pricesIncludeTax, className = "" }: { pricesIncludeTax: boolean; className?: string }) {
  if (pricesIncludeTax) return null;
  return (
    <p className={`text-sm ${className}`} data-testid="duties-note">
      {dutiesNote}
    </p>
  );
}

/** Above a market's price list whose prices include its tax: "All prices include VAT." (GST in India). */
export function TaxIncludedNote({
  market,
  pricesIncludeTax,
  className = "",
}: {
  market: Pick<Market, "tax">;
  pricesIncludeTax: boolean;
  className?: string;
}) {
  if (!pricesIncludeTax) return null;
  return (
    <p className={`text-sm ${className}`} data-testid="tax-included-note">
      All prices include {taxName(market)}.
    </p>
  );
}
