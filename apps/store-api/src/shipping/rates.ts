import { defaultDecimalDigits, isShippingCountry, shippingCountries } from "@herbo/hosted-api";
import { asc, eq } from "drizzle-orm";
import { shippingCountryName } from "../checkout/details/country-names.ts";
import type { Database } from "../db/connection.ts";
import { currencies, markets, shippingRates } from "../db/schema.ts";

type Reader = Pick<Database, "select">;

/**
 * The delivery rates the shop charges, as the owner sets them: for each country a market serves, its rate in
 * that market's currency, as checkout charges it. A rate in another currency (left from before markets) is
 * never charged, so it is not listed; nor is a country no rate row covers.
 */
export interface DeliveryRate {
  countryCode: string;
  countryName: string;
  marketCode: string;
  marketName: string;
  currencyCode: string;
  decimalDigits: number;
  amount: number;
  minDays: number;
  maxDays: number;
  version: number;
}

const regionNames = new Intl.DisplayNames("en", { type: "region" });

/** The English name of a country code: the shop's own for the countries of its offer. */
export function countryNameOf(code: string): string {
  if (isShippingCountry(code)) return shippingCountryName(code);
  try {
    return regionNames.of(code) ?? code;
  } catch {
    // Intl.DisplayNames throws on codes that are not well-formed regions.
    return code;
  }
}

/** Every charged rate, market by market in the markets' order, each market's countries in its order. */
export async function listDeliveryRates(db: Reader): Promise<DeliveryRate[]> {
  const [marketRows, rateRows] = await Promise.all([
    db
      .select({ market: markets, decimalDigits: currencies.decimalDigits })
      .from(markets)
      .leftJoin(currencies, eq(currencies.code, markets.currencyCode))
      .orderBy(asc(markets.sortOrder), asc(markets.code)),
    db.select().from(shippingRates),
  ]);
  const rateOf = new Map(rateRows.map((rate) => [`${rate.countryCode}|${rate.currencyCode}`, rate]));
  return marketRows.flatMap(({ market, decimalDigits }) =>
    market.countries.flatMap((country): DeliveryRate[] => {
      const rate = rateOf.get(`${country}|${market.currencyCode}`);
      if (rate === undefined) return [];
      return [
        {
          countryCode: country,
          countryName: countryNameOf(country),
          marketCode: market.code,
          marketName: market.name,
          currencyCode: market.currencyCode,
          decimalDigits: decimalDigits ?? defaultDecimalDigits,
          amount: rate.amount,
          minDays: rate.minDays,
          maxDays: rate.maxDays,
          version: rate.version,
        },
      ];
    }),
  );
}

/** The rates in the order of the shop's published offer (its shipping page's order), other countries after. */
export function inOfferOrder<Rate extends { countryCode: string }>(rates: readonly Rate[]): Rate[] {
  const rank = (code: string) => {
    const at = (shippingCountries as readonly string[]).indexOf(code);
    return at === -1 ? shippingCountries.length : at;
  };
  return [...rates].sort(
    (left, right) =>
      rank(left.countryCode) - rank(right.countryCode) || left.countryCode.localeCompare(right.countryCode),
  );
}
