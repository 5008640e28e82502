import type { AdminSession } from "@herbo/hosted-api/admin";
import { lazy, Suspense, useEffect, useState } from "react";
import { Navigate, Route, Routes, useNavigate } from "react-router";
import { Layout } from "./components/layout.tsx";
import { PageLoading } from "./components/page-loading.tsx";
import { apiRequest, onSignedOut } from "./lib/api-client.ts";
import { NotFound } from "./routes/not-found.tsx";
import { SignIn } from "./routes/sign-in.tsx";

// One chunk per page, fetched on its first visit; sign-in and not-found are small and stay in the main script.
const Emails = lazy(() => import("./routes/emails.tsx").then((page) => ({ default: page.Emails })));
const Order = lazy(() => import("./routes/order.tsx").then((page) => ({ default: page.Order })));
const Orders = lazy(() => import("./routes/orders.tsx").then((page) => ({ default: page.Orders })));
const Overview = lazy(() => import("./routes/overview.tsx").then((page) => ({ default: page.Overview })));
const OwedPayments = lazy(() => import("./routes/owed-payments.tsx").then((page) => ({ default: page.OwedPayments })));
const Prices = lazy(() => import("./routes/prices.tsx").then((page) => ({ default: page.Prices })));
const Promotions = lazy(() => import("./routes/promotions.tsx").then((page) => ({ default: page.Promotions })));
const Product = lazy(() => import("./routes/product.tsx").then((page) => ({ default: page.Product })));
const Products = lazy(() => import("./routes/products.tsx").then((page) => ({ default: page.Products })));
const Reviews = lazy(() => import("./routes/reviews.tsx").then((page) => ({ default: page.Reviews })));
const Shipping = lazy(() => import("./routes/shipping.tsx").then((page) => ({ default: page.Shipping })));
const Stock = lazy(() => import("./routes/stock.tsx").then((page) => ({ default: page.Stock })));

/** Asks who is signed in, then shows the sign-in form or the back office; a 401 anywhere returns to sign-in. */
export function App() {
  const [session, setSession] = useState<AdminSession | null>();
  const navigate = useNavigate();
  useEffect(() => {
    onSignedOut(() => setSession(null));
    apiRequest<AdminSession>("GET", "/session").then(setSession, () => setSession(null));
  }, []);

  if (session === undefined) return <PageLoading />;
  if (session === null) return <SignIn onSignedIn={setSession} />;

  async function signOut() {
    await apiRequest("DELETE", "/session").catch(() => undefined);
    setSession(null);
    navigate("/");
  }

  return (
    <Layout session={session} onSignOut={() => void signOut()}>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="/" element={<Overview />} />
          <Route path="/sign-in" element={<Navigate to="/" replace />} />
          <Route path="/orders" element={<Orders />} />
          <Route path="/orders/:number" element={<Order />} />
          <Route path="/payments/owed" element={<OwedPayments />} />
          <Route path="/products" element={<Products />} />
          <Route path="/products/:id" element={<Product />} />
          <Route path="/stock" element={<Stock />} />
          <Route path="/prices" element={<Prices />} />
          <Route path="/promotions" element={<Promotions />} />
          <Route path="/reviews" element={<Reviews />} />
          <Route path="/shipping" element={<Shipping />} />
          <Route path="/emails" element={<Emails />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </Layout>
  );
}
