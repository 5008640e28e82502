import { shippingCountries } from "@herbo/hosted-api";
import { useState, type FormEvent } from "react";
import {
  fulfilmentStatusOptions,
  paymentMethodOptions,
  paymentStatusOptions,
  type FilterName,
} from "../lib/order-filters.ts";
import { fulfilmentStatusLabels, paymentMethodLabel, paymentStatusLabels } from "../lib/labels.ts";

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });

interface Props {
  filters: Partial<Record<FilterName, string>>;
  onApply(form: FormData): void;
  onClear(): void;
}

function Select({
  name,
  label,
  value,
  options,
}: {
  name: FilterName;
  label: string;
  value: string | undefined;
  options: [string, string][];
}) {
  return (
    <label className="label">
      {label}
      <select name={name} defaultValue={value ?? ""} className="field">
        <option value="">Any</option>
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Wide enough to show the filters beside each other (Tailwind's `sm`); on a phone they would fill the screen. */
const wideScreen = "(min-width: 40rem)";

/**
 * Search and filters of the orders list; applying them puts them in the address, so a filtered list can be shared.
 * The filters besides the search fold into a disclosure on a phone, open when one of them is set.
 */
export function OrderFilters({ filters, onApply, onClear }: Props) {
  const setCount = (Object.keys(filters) as FilterName[]).filter((name) => name !== "q").length;
  const [open, setOpen] = useState(() => setCount > 0 || window.matchMedia(wideScreen).matches);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onApply(new FormData(event.currentTarget));
  }
  return (
    <form onSubmit={submit} aria-label="Find orders" className="card grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <label className="label sm:col-span-2">
        Search
        <input
          name="q"
          type="search"
          defaultValue={filters.q ?? ""}
          placeholder="Order number, email, name or phone"
          className="field"
        />
      </label>
      <details
        open={open}
        onToggle={(event) => setOpen(event.currentTarget.open)}
        className="sm:col-span-2 lg:col-span-4"
      >
        <summary className="cursor-pointer py-1 font-medium">
          Filters{setCount === 0 ? null : <span className="muted"> · {setCount} set</span>}
        </summary>
        <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <Select
            name="paymentMethod"
            label="Payment method"
            value={filters.paymentMethod}
            options={paymentMethodOptions.map((method) => [method, paymentMethodLabel(method)])}
          />
          <Select
            name="paymentStatus"
            label="Payment status"
            value={filters.paymentStatus}
            options={paymentStatusOptions.map((status) => [status, paymentStatusLabels[status]])}
          />
          <Select
            name="fulfilmentStatus"
            label="Fulfilment"
            value={filters.fulfilmentStatus}
            options={fulfilmentStatusOptions.map((status) => [status, fulfilmentStatusLabels[status]])}
          />
          <Select
            name="country"
            label="Country"
            value={filters.country}
            options={shippingCountries.map((code) => [code, regionNames.of(code) ?? code])}
          />
          <label className="label">
            Placed from
            <input name="from" type="date" defaultValue={filters.from ?? ""} className="field" />
          </label>
          <label className="label">
            Placed until
            <input name="to" type="date" defaultValue={filters.to ?? ""} className="field" />
          </label>
        </div>
      </details>
      <div className="flex flex-wrap items-end gap-2 sm:col-span-2 lg:col-span-4">
        <button type="submit" className="button">
          Apply filters
        </button>
        <button type="button" className="button-quiet" onClick={onClear}>
          Clear
        </button>
      </div>
    </form>
  );
}
