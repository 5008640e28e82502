import type { AdminSession } from "@herbo/hosted-api/admin";
import { useEffect, useState } from "react";
import { Navigate, Route, Routes, useNavigate } from "react-router";
import { Layout } from "./components/layout.tsx";
import { apiRequest, onSignedOut } from "./lib/api-client.ts";
import { Emails } from "./routes/emails.tsx";
import { NotFound } from "./routes/not-found.tsx";
import { Order } from "./routes/order.tsx";
import { Orders } from "./routes/orders.tsx";
import { Overview } from "./routes/overview.tsx";
import { OwedPayments } from "./routes/owed-payments.tsx";
import { SignIn } from "./routes/sign-in.tsx";
import { Prices } from "./routes/prices.tsx";
import { Product } from "./routes/product.tsx";
import { Products } from "./routes/products.tsx";
import { Shipping } from "./routes/shipping.tsx";
import { Stock } from "./routes/stock.tsx";

/** Asks who is signed in, then shows the sign-in form or the back office; a 401 anywhere returns to sign-in. */
export function App() {
  const [session, setSession] = useState<AdminSession | null>();
  const navigate = useNavigate();
  useEffect(() => {
    onSignedOut(() => setSession(null));
    apiRequest<AdminSession>("GET", "/session").then(setSession, () => setSession(null));
  }, []);

  if (session === undefined) {
    return (
      <p role="status" className="p-6">
        Loading…
      </p>
    );
  }
  if (session === null) return <SignIn onSignedIn={setSession} />;

  async function signOut() {
    await apiRequest("DELETE", "/session").catch(() => undefined);
    setSession(null);
    navigate("/");
  }

  return (
    <Layout session={session} onSignOut={() => void signOut()}>
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
        <Route path="/shipping" element={<Shipping />} />
        <Route path="/emails" element={<Emails />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Layout>
  );
}
