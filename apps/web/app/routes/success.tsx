import { useEffect, useState } from "react";
import { orderNumberParameter, type OrderReceiptBody } from "@herbo/hosted-api";
import { Link, useSearchParams } from "react-router";
import { Icon } from "~/components/ui/icon";
import { site } from "~/content/site";
import { useHydrated } from "~/hooks/use-hydrated";
import { useCart } from "~/lib/cart/cart-context";
import { useShoppingMarket } from "~/lib/last-market";
import { marketPath } from "~/lib/markets";
import { successQueryOf } from "~/lib/order-number";
import { useStoreApi } from "~/lib/public-env";
import { isStoreApiError } from "~/lib/store-api/client";
import { pageMeta, siteUrlOf } from "~/lib/seo/meta";
import type { Route } from "./+types/success";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({
    siteUrl: siteUrlOf(matches),
    path: "/success",
    title: `Thank You for Your Order | ${site.brand}`,
    // True for every order, cash on delivery included (nothing is paid yet there).
    description: `Your ${site.brand} order is placed and is being prepared.`,
    noindex: true,
  });
}

// The payment text, for orders the store confirms as paid at checkout (card, wallet).
const paidText =
  "Your payment was successful. A confirmation email has been sent to you. We're getting your order ready!";
// An address that names no order proves no payment: the page thanks the shopper and claims nothing.
const plainText =
  "Thank you for shopping with us. We could not find an order in this link. If you have paid, your confirmation email has your order number and details.";
// Cash on delivery: nothing is paid yet, so the paid text's first sentence would be untrue; and the shop calls
// to confirm the order before it is prepared.
const onDeliveryText =
  "Your order is placed, and you pay in cash when it arrives. We will call you to confirm it before we send it; an email with your order has been sent to you.";
const checkingText = "Checking your order with the shop…";
const unknownText =
  "We could not find this order, so your cart is kept. If you have paid, your confirmation email has your order number.";
const unreachableText =
  "We could not reach the shop to check your order just now, so your cart is kept. If you have paid, your confirmation email has your order number; reloading this page checks again.";

// Runs as the page is parsed, before React: the prerendered page holds the plain thank-you, and an address that
// names an order shows "Checking…" instead from the first paint, since nothing is claimed before the store
// has confirmed the order.
const markChecking = `(function(){if(new URLSearchParams(location.search).has(${JSON.stringify(orderNumberParameter)}))document.currentScript.parentElement.setAttribute("data-check","")})()`;

type Check =
  | { kind: "plain" }
  | { kind: "checking" }
  | { kind: "confirmed"; order: OrderReceiptBody["order"] }
  | { kind: "unknown" }
  | { kind: "unreachable" };

/**
 * What the page may say: a thank-you when the address names no order, otherwise what the store confirms
 * of the order named with its receipt key. A number typed into the address, or a key that is not the
 * order's, claims no payment and leaves the cart alone.
 */
function useOrderCheck(): Check {
  const [query] = useSearchParams();
  const hydrated = useHydrated();
  const storeApi = useStoreApi();
  const asked = successQueryOf(query);
  const number = asked.kind === "order" ? asked.number : undefined;
  const key = asked.kind === "order" ? asked.key : undefined;
  const [answer, setAnswer] = useState<{ for: string; check: Check }>();
  useEffect(() => {
    if (number === undefined || key === undefined) return;
    const controller = new AbortController();
    storeApi.getOrderReceipt(number, key, controller.signal).then(
      (order) => setAnswer({ for: `${number}:${key}`, check: { kind: "confirmed", order } }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const unknown = isStoreApiError(error) && error.status === 404;
        setAnswer({ for: `${number}:${key}`, check: { kind: unknown ? "unknown" : "unreachable" } });
      },
    );
    return () => controller.abort();
  }, [storeApi, number, key]);
  if (!hydrated) return { kind: "plain" };
  if (asked.kind === "plain") return asked;
  if (asked.kind === "unverifiable") return { kind: "unknown" };
  return answer?.for === `${asked.number}:${asked.key}` ? answer.check : { kind: "checking" };
}

export default function Success() {
  const { clear, ready } = useCart();
  const hydrated = useHydrated();
  const check = useOrderCheck();
  // Back to the market the shopper last shopped in: their cart's prices stay as they were.
  const store = marketPath(useShoppingMarket(), "/store");
  // Arriving here means the payment went through, so the cart is emptied (docs/storefront.md#success); when
  // the address names an order, only once the store has confirmed it.
  const clears = hydrated && (check.kind === "plain" || check.kind === "confirmed");
  useEffect(() => {
    if (ready && clears) clear();
  }, [ready, clears, clear]);
  return (
    <section className="group container-page flex flex-col items-center py-20 text-center md:py-28">
      <script dangerouslySetInnerHTML={{ __html: markChecking }} />
      <span className="flex h-20 w-20 items-center justify-center rounded-full bg-leaf/10 text-leaf">
        <Icon name="check" size={44} />
      </span>
      <h1 className="mt-6 text-4xl font-bold">Thank You for Your Order!</h1>
      {!hydrated ? (
        <>
          <p className="mt-4 max-w-xl text-lg text-bark group-data-[check]:hidden">{plainText}</p>
          <p className="mt-4 hidden max-w-xl text-lg text-bark group-data-[check]:block">{checkingText}</p>
        </>
      ) : (
        <OrderCheck check={check} />
      )}
      <Link to={store} className="button-primary mt-10">
        Continue Shopping
      </Link>
    </section>
  );
}

function OrderCheck({ check }: { check: Check }) {
  switch (check.kind) {
    case "plain":
      return <p className="mt-4 max-w-xl text-lg text-bark">{plainText}</p>;
    case "checking":
      return (
        <p role="status" className="mt-4 max-w-xl text-lg text-bark">
          {checkingText}
        </p>
      );
    case "unknown":
    case "unreachable":
      return (
        <p role="status" className="mt-4 max-w-xl text-lg text-bark">
          {check.kind === "unknown" ? unknownText : unreachableText}
        </p>
      );
    case "confirmed": {
      const { order } = check;
      const cash = order.payment === "cash_on_delivery";
      return (
        <>
          <p role="status" className="mt-4 max-w-xl text-lg text-bark">
            {cash ? onDeliveryText : paidText}
          </p>
          <p data-testid="order-number" className="mt-6 rounded-full bg-sand px-5 py-2 text-lg">
            Order number <strong className="font-semibold">{order.number}</strong>
          </p>
          <p data-testid="order-amount" className="mt-3 text-lg">
            {cash ? "To pay in cash when it arrives: " : "Amount paid: "}
            <strong className="font-semibold">{order.total.text}</strong>
          </p>
        </>
      );
    }
  }
}
