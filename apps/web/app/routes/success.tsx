import { useEffect } from "react";
import { cashOnDeliveryPayment, successPaymentParameter } from "@herbo/hosted-api";
import { Link, useSearchParams } from "react-router";
import { Icon } from "~/components/ui/icon";
import { site } from "~/content/site";
import { useHydrated } from "~/hooks/use-hydrated";
import { useCart } from "~/lib/cart/cart-context";
import { orderNumberFromQuery, paysOnDelivery } from "~/lib/order-number";
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

// SPEC's text, for orders paid at checkout (card, wallet).
const paidText =
  "Your payment was successful. A confirmation email has been sent to you. We're getting your order ready!";
// Cash on delivery: nothing is paid yet, so SPEC's first sentence would be untrue.
const onDeliveryText =
  "Your order is placed, and you pay in cash when it arrives. A confirmation email has been sent to you. We're getting your order ready!";

// Runs as the page is parsed, before React: the prerendered page holds both texts, and this marks the
// section for cash on delivery so the right one shows at the first paint, not only once hydrated.
// The same rule as paysOnDelivery: the contract's parameter, given once, with its cash-on-delivery value.
const markOnDelivery = `(function(){if(new URLSearchParams(location.search).getAll(${JSON.stringify(successPaymentParameter)}).join()===${JSON.stringify(cashOnDeliveryPayment)})document.currentScript.parentElement.setAttribute("data-payment","cod")})()`;

export default function Success() {
  const { clear, ready } = useCart();
  const [query] = useSearchParams();
  // The page is prerendered without a query, so the number appears once the page has hydrated.
  const hydrated = useHydrated();
  const orderNumber = hydrated ? orderNumberFromQuery(query) : null;
  const onDelivery = hydrated ? paysOnDelivery(query) : undefined;
  // SPEC §4: arriving here means the payment went through, so the cart is emptied.
  useEffect(() => {
    if (ready) clear();
  }, [ready, clear]);
  return (
    <section className="group container-page flex flex-col items-center py-20 text-center md:py-28">
      <script dangerouslySetInnerHTML={{ __html: markOnDelivery }} />
      <span className="flex h-20 w-20 items-center justify-center rounded-full bg-leaf/10 text-leaf">
        <Icon name="check" size={44} />
      </span>
      <h1 className="mt-6 text-4xl font-bold">Thank You for Your Order!</h1>
      {onDelivery === true ? null : (
        <p className="mt-4 max-w-xl text-lg text-bark group-data-[payment=cod]:hidden">{paidText}</p>
      )}
      {onDelivery === false ? null : (
        <p
          className={`mt-4 max-w-xl text-lg text-bark ${onDelivery === true ? "" : "hidden group-data-[payment=cod]:block"}`}
        >
          {onDeliveryText}
        </p>
      )}
      {orderNumber !== null && (
        <p data-testid="order-number" className="mt-6 rounded-full bg-sand px-5 py-2 text-lg">
          Order number <strong className="font-semibold">{orderNumber}</strong>
        </p>
      )}
      <Link to="/store" className="button-primary mt-10">
        Continue Shopping
      </Link>
    </section>
  );
}
