import type { AdminOrderDetail } from "@herbo/hosted-api/admin";
import { unitsLeft } from "../lib/returns.ts";

interface Props {
  order: AdminOrderDetail;
  units: Readonly<Record<number, string>>;
  onChange(position: number, value: string): void;
}

/** A units field per order line, from 0 to the units of that line that have not come back yet. */
export function ReturnLines({ order, units, onChange }: Props) {
  return (
    <fieldset className="space-y-2">
      <legend className="label">Units coming back</legend>
      {order.lines.map((line) => {
        const left = unitsLeft(line);
        const name = `${line.productTitle} (${line.variantTitle})`;
        return (
          <div key={line.position} className="flex flex-wrap items-end justify-between gap-2 border-b border-line pb-2">
            <p className="min-w-48 flex-1 text-sm">
              {name}
              <span className="block text-bark">
                {line.quantity} bought at {line.unitPrice.text}
                {line.discount.amount > 0 ? ` less ${line.discount.text} (${line.offerLabel ?? "discount"})` : ""}
                {line.returnedQuantity > 0 ? ` · ${line.returnedQuantity} already came back` : ""}
              </span>
            </p>
            {left === 0 ? (
              <p className="muted">All units came back.</p>
            ) : (
              <label className="label w-40">
                Units back (up to {left})<span className="sr-only">: {name}</span>
                <input
                  type="number"
                  min={0}
                  max={left}
                  step={1}
                  inputMode="numeric"
                  value={units[line.position] ?? "0"}
                  onChange={(event) => onChange(line.position, event.target.value)}
                  className="field"
                />
              </label>
            )}
          </div>
        );
      })}
    </fieldset>
  );
}
