import type { AdminProduct, AdminProductFactsUpdate } from "@herbo/hosted-api/admin";
import { useState, type FormEvent } from "react";
import { useVersionedSave } from "../hooks/use-versioned-save.ts";
import { apiRequest, type AdminApiError } from "../lib/api-client.ts";
import {
  canAddAmount,
  factsDraftOf,
  factsFieldOfRefusal,
  productFactsLimits,
  readFactsDraft,
  type FactsErrors,
} from "../lib/product-facts.ts";
import { ConfirmStep } from "./confirm-step.tsx";
import { FactsAmountRows, FactsTextField } from "./facts-fields.tsx";
import { MessageNotice } from "./notice.tsx";

interface Props {
  product: AdminProduct;
  /** Takes the product as saved: the panel is part of it, so its version moves on. */
  onSaved(product: AdminProduct): void;
  onStale(): void;
}

/**
 * The product's supplement-facts panel: plain text only (the shop shows it escaped, as React does here),
 * checked by the contract's rules before it is sent, saved with the product's version.
 */
export function ProductFacts({ product, onSaved, onStale }: Props) {
  const [draft, setDraft] = useState(() => factsDraftOf(product.facts));
  const [errors, setErrors] = useState<FactsErrors>({});
  const [removing, setRemoving] = useState(false);
  // Each version of the product shown (ours saved, or another owner's loaded) starts the form again from its
  // panel; the last message stays.
  const [shownVersion, setShownVersion] = useState(product.version);
  if (shownVersion !== product.version) {
    setShownVersion(product.version);
    setDraft(factsDraftOf(product.facts));
    setErrors({});
    setRemoving(false);
  }
  const saving = useVersionedSave<AdminProduct>({ version: product.version, onSaved, onStale });
  const limits = productFactsLimits;
  const change = (fields: Partial<typeof draft>) => setDraft((current) => ({ ...current, ...fields }));

  function send(facts: AdminProductFactsUpdate["facts"], savedText: string) {
    const path = `/products/${encodeURIComponent(product.id)}/facts`;
    const body: AdminProductFactsUpdate = { version: product.version, facts };
    void saving.save(
      () =>
        apiRequest<AdminProduct>("PUT", path, body).catch((failure: AdminApiError) => {
          const field = factsFieldOfRefusal(failure.field);
          if (field !== undefined) setErrors({ [field]: failure.message });
          throw failure;
        }),
      savedText,
    );
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const reading = readFactsDraft(draft);
    setErrors(reading.ok ? {} : reading.errors);
    if (!reading.ok) {
      saving.show({ kind: "error", text: "Check the marked fields of the panel." });
      // The first field with a problem takes the focus, so its message is read with it.
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    send(reading.value, "Supplement facts saved. The shop shows them now.");
  }

  return (
    <section className="card space-y-4" aria-labelledby="product-facts-heading">
      <h2 id="product-facts-heading" className="text-lg font-semibold">
        Supplement facts
      </h2>
      <p className="muted">
        The panel shown on the product&apos;s page, as printed on the jar. Plain text only; state amounts and warnings
        exactly as on the label, and make no health claims.
      </p>
      {product.facts === null ? <p>This product has no supplement facts panel yet.</p> : null}
      <form onSubmit={submit} noValidate aria-label="Supplement facts" className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-2">
          <FactsTextField
            name="servingSize"
            label="Serving size"
            hint="E.g. 300 mg (about a pea-sized amount)."
            required
            maxLength={limits.servingSize}
            value={draft.servingSize}
            error={errors.servingSize}
            onChange={(servingSize) => change({ servingSize })}
          />
          <FactsTextField
            name="servingsPerContainer"
            label="Servings per container"
            hint="Optional. Jar sizes differ, so say it in words: About 33 in a 10 g jar."
            maxLength={limits.servingsPerContainer}
            value={draft.servingsPerContainer}
            error={errors.servingsPerContainer}
            onChange={(servingsPerContainer) => change({ servingsPerContainer })}
          />
        </div>
        <FactsAmountRows
          rows={draft.amounts}
          errors={errors}
          canAdd={canAddAmount(draft)}
          onChange={(amounts) => change({ amounts })}
        />
        <FactsTextField
          name="ingredients"
          label="Ingredients"
          hint="Optional. Everything in the product, as on the label."
          lines={3}
          maxLength={limits.ingredients}
          value={draft.ingredients}
          error={errors.ingredients}
          onChange={(ingredients) => change({ ingredients })}
        />
        <FactsTextField
          name="warnings"
          label="Warnings, one a line"
          hint={`Up to ${limits.warnings}, e.g. Keep out of reach of children.`}
          lines={4}
          maxLength={limits.warnings * (limits.warning + 2)}
          value={draft.warnings}
          error={errors.warnings}
          onChange={(warnings) => change({ warnings })}
        />
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="button" disabled={saving.busy}>
            Save supplement facts
          </button>
          {product.facts === null || removing ? null : (
            <button type="button" className="button-quiet" onClick={() => setRemoving(true)}>
              Remove the panel
            </button>
          )}
        </div>
      </form>
      {removing ? (
        <ConfirmStep
          question="Remove the supplement facts panel? The product's page then shows none."
          confirmLabel="Remove the panel"
          busy={saving.busy}
          onConfirm={() => send(null, "Supplement facts removed. The shop shows none now.")}
          onBack={() => setRemoving(false)}
        />
      ) : null}
      <MessageNotice message={saving.message} />
    </section>
  );
}
