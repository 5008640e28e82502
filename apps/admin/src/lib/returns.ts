import { returnedUnitsAmount } from "@herbo/hosted-api";
import type { AdminOrderActionRequest, AdminOrderDetail } from "@herbo/hosted-api/admin";
import { parseAmount, type MoneyFormat } from "./money.ts";

/** The return form's fields as typed: units per line position, the refund amount, restock, reason. */
export interface ReturnChoice {
  units: Readonly<Record<number, string>>;
  amount: string;
  restock: boolean;
  reason: string;
}

type OrderLine = AdminOrderDetail["lines"][number];

/** Units of a line that can still come back. */
export function unitsLeft(line: OrderLine): number {
  return Math.max(0, line.quantity - line.returnedQuantity);
}

/** A units field as a count, or undefined when it is not a whole number from 0 to what is left (empty is 0). */
export function unitsOf(line: OrderLine, text: string | undefined): number | undefined {
  const trimmed = (text ?? "").trim();
  if (trimmed === "") return 0;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const units = Number(trimmed);
  return units <= unitsLeft(line) ? units : undefined;
}

/**
 * The refund the chosen units suggest: each at its share of what its line was paid (after the line's discount,
 * as the credit note counts it), never more than the order can give back.
 */
export function suggestedRefund(order: AdminOrderDetail, units: Readonly<Record<number, string>>): number {
  const total = order.lines.reduce(
    (sum, line) =>
      sum +
      returnedUnitsAmount(
        { unitAmount: line.unitPrice.amount, quantity: line.quantity, discountAmount: line.discount.amount },
        line.returnedQuantity,
        unitsOf(line, units[line.position]) ?? 0,
      ),
    0,
  );
  return Math.min(total, Math.max(0, order.refundable.amount));
}

export type ReturnPlan =
  | {
      ok: true;
      request: Extract<AdminOrderActionRequest, { action: "take_return" }>;
      /** Units coming back, over all lines. */
      units: number;
      /** Whether every unit of the order will then have come back. */
      everything: boolean;
    }
  | { ok: false; message: string };

/** The take_return request the form asks for, or what is wrong with it in words the owner reads. */
export function planReturn(order: AdminOrderDetail, choice: ReturnChoice, format: MoneyFormat): ReturnPlan {
  const lines: { position: number; quantity: number }[] = [];
  for (const line of order.lines) {
    const units = unitsOf(line, choice.units[line.position]);
    if (units === undefined) {
      return {
        ok: false,
        message: `${line.productTitle} (${line.variantTitle}): enter a whole number of units from 0 to ${unitsLeft(line)}.`,
      };
    }
    if (units > 0) lines.push({ position: line.position, quantity: units });
  }
  const parsed = parseAmount(choice.amount, format);
  if (!parsed.ok) return parsed;
  if (parsed.amount > order.refundable.amount) {
    return { ok: false, message: `At most ${order.refundable.text} can still be refunded on this order.` };
  }
  if (lines.length === 0 && parsed.amount === 0) {
    return { ok: false, message: "Enter the units that came back, or an amount to refund." };
  }
  const reason = choice.reason.trim();
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  const everything = order.lines.every(
    (line) =>
      line.returnedQuantity + (lines.find((entry) => entry.position === line.position)?.quantity ?? 0) >= line.quantity,
  );
  return {
    ok: true,
    request: {
      action: "take_return",
      lines,
      restock: choice.restock,
      refundAmount: parsed.amount,
      ...(reason === "" ? {} : { reason }),
    },
    units,
    everything,
  };
}
