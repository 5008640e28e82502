import type { AdminPromotions } from "@herbo/hosted-api/admin";
import { useState, type FormEvent } from "react";
import { apiRequest } from "../lib/api-client.ts";
import { codeInputOfFields, codeTermsText, codeUsesText } from "../lib/discount-codes.ts";
import { formatDateTime } from "../lib/dates.ts";
import { EntryField } from "./entry-field.tsx";
import { MessageNotice } from "./notice.tsx";
import { StatusBadge } from "./status-badge.tsx";

interface Props {
  promotions: AdminPromotions;
  onChanged(promotions: AdminPromotions): void;
}

type Message = { kind: "error" | "success"; text: string } | undefined;

/** The discount codes: a form for a new one, and each code with its terms, its uses and a way to end it. */
export function DiscountCodes({ promotions, onChanged }: Props) {
  const [message, setMessage] = useState<Message>();
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const [kind, setKind] = useState<"percent" | "amount">("percent");
  const { currencies } = promotions;

  async function send(request: () => Promise<AdminPromotions>, done: string) {
    setBusy(true);
    setMessage(undefined);
    try {
      onChanged(await request());
      setMessage({ kind: "success", text: done });
      return true;
    } catch (error) {
      setMessage({ kind: "error", text: error instanceof Error ? error.message : "The code could not be saved." });
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = codeInputOfFields(
      (name) => String(form.get(name) ?? ""),
      (name) => form.getAll(name).map(String),
      currencies,
    );
    if (!parsed.ok) {
      setMessage({ kind: "error", text: parsed.message });
      return;
    }
    const created = await send(
      () => apiRequest<AdminPromotions>("POST", "/discount-codes", parsed.input),
      `Created ${parsed.input.code.toUpperCase()}. Shoppers can enter it at checkout now.`,
    );
    if (created) setFormKey((key) => key + 1);
  }

  return (
    <section className="card space-y-4" aria-labelledby="codes-heading">
      <h2 id="codes-heading" className="text-lg font-semibold">
        Discount codes
      </h2>
      <p className="muted">
        Shoppers type a code at checkout, with their details; one code per order, applied after quantity prices and
        before free shipping is worked out. A code&apos;s terms never change once created: end it and create another.
      </p>
      <form key={formKey} onSubmit={create} aria-label="New discount code" className="space-y-3">
        <div className="flex flex-wrap items-end gap-3">
          <EntryField label="Code" width="w-48" name="code" maxLength={40} placeholder="HIMALAYA10" />
          <fieldset className="flex flex-wrap items-center gap-3">
            <legend className="text-sm font-medium">Takes off</legend>
            <label className="flex items-center gap-1 text-sm">
              <input
                type="radio"
                name="kind"
                value="percent"
                checked={kind === "percent"}
                onChange={() => setKind("percent")}
              />
              A percentage
            </label>
            <label className="flex items-center gap-1 text-sm">
              <input
                type="radio"
                name="kind"
                value="amount"
                checked={kind === "amount"}
                onChange={() => setKind("amount")}
              />
              A fixed amount
            </label>
          </fieldset>
          {kind === "percent" ? (
            <EntryField label="Percent off" width="w-28" name="percent" inputMode="numeric" />
          ) : null}
        </div>
        {kind === "amount" ? (
          <AmountFields
            legend="Amount off, per currency (never converted)"
            prefix="amount"
            label={(code) => `Off in ${code}`}
            currencies={currencies}
          />
        ) : null}
        <AmountFields
          legend="Minimum order, per currency (optional)"
          prefix="minimum"
          label={(code) => `From ${code}`}
          currencies={currencies}
        />
        <Choices
          legend="Markets (none ticked: every market)"
          name="market"
          options={promotions.markets.map((market) => ({ value: market.code, label: market.name }))}
        />
        <Choices
          legend="Products (none ticked: every product)"
          name="product"
          options={promotions.products.map((product) => ({ value: product.id, label: product.title }))}
        />
        <div className="flex flex-wrap items-end gap-3">
          <label className="label w-56">
            Starts (optional)
            <input className="field" type="datetime-local" name="startsAt" />
          </label>
          <label className="label w-56">
            Ends (optional)
            <input className="field" type="datetime-local" name="endsAt" />
          </label>
          <EntryField label="Total uses (optional)" width="w-40" name="totalUses" inputMode="numeric" />
          <EntryField label="Uses per email (optional)" width="w-44" name="usesPerEmail" inputMode="numeric" />
        </div>
        <button type="submit" className="button" disabled={busy}>
          Create code
        </button>
      </form>
      <MessageNotice message={message} />
      {promotions.codes.length === 0 ? (
        <p className="muted">No codes yet.</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="discount-codes">
          {promotions.codes.map((code) => (
            <li key={code.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="font-semibold break-words">
                  {code.code}{" "}
                  <StatusBadge label={code.active ? "Active" : "Ended"} tone={code.active ? "good" : "plain"} />
                </p>
                <p className="text-sm">{codeTermsText(code, currencies)}</p>
                <p className="muted">
                  {codeUsesText(code)}
                  {code.endsAt === null ? "" : ` · ends ${formatDateTime(code.endsAt)}`}
                  {code.markets.length === 0 ? "" : ` · ${code.markets.join(", ").toUpperCase()} only`}
                </p>
              </div>
              {code.active ? (
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() =>
                    void send(
                      () => apiRequest<AdminPromotions>("POST", `/discount-codes/${encodeURIComponent(code.id)}/end`),
                      `Ended ${code.code}. Checkouts that applied it keep their discount.`,
                    )
                  }
                >
                  End<span className="sr-only"> {code.code}</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** One amount field per currency the shop sells in, named `{prefix}-{CUR}`. */
function AmountFields(props: {
  legend: string;
  prefix: string;
  label: (currencyCode: string) => string;
  currencies: readonly { code: string }[];
}) {
  return (
    <fieldset className="flex flex-wrap gap-3">
      <legend className="text-sm font-medium">{props.legend}</legend>
      {props.currencies.map((currency) => (
        <EntryField
          key={currency.code}
          label={props.label(currency.code)}
          width="w-32"
          name={`${props.prefix}-${currency.code}`}
          inputMode="decimal"
        />
      ))}
    </fieldset>
  );
}

/** A checkbox per option, all named `name`; none ticked means all. */
function Choices(props: { legend: string; name: string; options: readonly { value: string; label: string }[] }) {
  return (
    <fieldset className="flex flex-wrap gap-3">
      <legend className="text-sm font-medium">{props.legend}</legend>
      {props.options.map((option) => (
        <label key={option.value} className="flex items-center gap-1 text-sm">
          <input type="checkbox" name={props.name} value={option.value} />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
