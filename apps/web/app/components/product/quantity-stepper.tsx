import { Icon } from "../ui/icon";

/** A quantity control that never goes below 1 (docs/storefront.md#product-page) nor above `max`. */
export function QuantityStepper({
  value,
  max,
  onChange,
}: {
  value: number;
  max: number;
  onChange(value: number): void;
}) {
  return (
    <div className="flex items-center rounded-full border border-line bg-white" role="group" aria-label="Quantity">
      <button
        type="button"
        onClick={() => onChange(Math.max(1, value - 1))}
        disabled={value <= 1}
        className="rounded-full p-3 hover:bg-sand disabled:opacity-40"
        aria-label="Decrease quantity"
      >
        <Icon name="minus" size={18} />
      </button>
      <span className="min-w-10 text-center text-lg font-semibold" aria-live="polite" data-testid="quantity">
        {value}
      </span>
      <button
        type="button"
        onClick={() => onChange(Math.min(max, value + 1))}
        disabled={value >= max}
        className="rounded-full p-3 hover:bg-sand disabled:opacity-40"
        aria-label="Increase quantity"
      >
        <Icon name="plus" size={18} />
      </button>
    </div>
  );
}
