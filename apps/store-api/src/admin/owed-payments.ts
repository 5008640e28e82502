import type { AdminOwedPayment } from "@herbo/hosted-api/admin";
import { asc, eq } from "drizzle-orm";
import { listCurrencies } from "../catalog/repository.ts";
import type { Database } from "../db/connection.ts";
import { paymentAttempts } from "../db/schema.ts";
import type { PaymentProvider } from "../payments/provider.ts";
import { adminMoney } from "./admin-money.ts";

/** Payments that took money but became no order, oldest first: what the shop owes back. */
export async function listOwedPayments(
  db: Database,
  providers: ReadonlyMap<string, PaymentProvider>,
): Promise<AdminOwedPayment[]> {
  const [rows, known] = await Promise.all([
    db
      .select()
      .from(paymentAttempts)
      .where(eq(paymentAttempts.status, "refund_due"))
      .orderBy(asc(paymentAttempts.createdAt), asc(paymentAttempts.id)),
    listCurrencies(db),
  ]);
  return rows.map((row) => ({
    id: row.id,
    provider: row.provider,
    paymentReference: row.paymentReference,
    amount: adminMoney(row.amount, row.currencyCode, known),
    reason: row.lastError,
    customer: { name: row.customer.fullName, email: row.customer.email, phone: row.customer.phone },
    startedAt: row.createdAt.toISOString(),
    providerCanRefund: row.paymentReference !== null && providers.get(row.provider)?.refundPayment !== undefined,
  }));
}
