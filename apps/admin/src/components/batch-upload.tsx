import type { AdminProductBatches } from "@herbo/hosted-api/admin";
import { useId, useState, type FormEvent } from "react";
import { apiUpload, type AdminApiError } from "../lib/api-client.ts";
import {
  batchFieldOfRefusal,
  batchFormErrors,
  batchUploadPath,
  megabytes,
  type BatchErrors,
  type BatchField,
} from "../lib/batches.ts";
import { shopDay } from "../lib/dates.ts";
import type { SaveMessage } from "../lib/versioned-save.ts";

interface Props {
  productId: string;
  maxBytes: number;
  busy: boolean;
  onBusy(busy: boolean): void;
  onAdded(list: AdminProductBatches, lot: string): void;
  onMessage(message: SaveMessage | undefined): void;
}

const fields: { name: BatchField; label: string; hint: string }[] = [
  { name: "lot", label: "Lot number", hint: "As printed on the jar: letters, digits, - / and ." },
  { name: "testedOn", label: "Test date", hint: "Optional: the day the lab tested this lot, from its report." },
  { name: "certificate", label: "Lab certificate (PDF)", hint: "" },
];

/** The form that adds a batch: its lot, its test date and the lab's own report for it, sent as the PDF itself. */
export function BatchUpload({ productId, maxBytes, busy, onBusy, onAdded, onMessage }: Props) {
  const id = useId();
  const [errors, setErrors] = useState<BatchErrors>({});
  const hints: Record<BatchField, string> = {
    lot: fields[0]?.hint ?? "",
    testedOn: fields[1]?.hint ?? "",
    certificate: `The lab's own report for this lot, up to ${megabytes(maxBytes)}. It must be a plain PDF: no scripts, forms or attachments.`,
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get("certificate");
    const certificate = file instanceof File && file.name !== "" ? file : undefined;
    const values = { lot: String(data.get("lot") ?? ""), testedOn: String(data.get("testedOn") ?? ""), certificate };
    const found = batchFormErrors(values, shopDay(new Date()), maxBytes);
    setErrors(found);
    onMessage(undefined);
    if (certificate === undefined || Object.keys(found).length > 0) {
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    onBusy(true);
    try {
      // Sent as a PDF whatever the browser calls it: the store API judges the content.
      const list = await apiUpload<AdminProductBatches>(
        batchUploadPath(productId, values),
        certificate,
        "application/pdf",
      );
      form.reset();
      onAdded(list, values.lot.trim());
    } catch (failure) {
      const error = failure as AdminApiError;
      const field = batchFieldOfRefusal(error);
      if (field === undefined) onMessage({ kind: "error", text: error.message });
      else setErrors({ [field]: error.message });
    } finally {
      onBusy(false);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Add a batch" className="space-y-3">
      <h3 className="font-semibold">Add a batch</h3>
      <div className="grid gap-3 sm:grid-cols-3">
        {fields.map((field) => {
          const error = errors[field.name];
          const describedBy =
            error === undefined ? `${id}-${field.name}-hint` : `${id}-${field.name}-error ${id}-${field.name}-hint`;
          const shared = { name: field.name, "aria-invalid": error !== undefined, "aria-describedby": describedBy };
          return (
            <div key={field.name} className="space-y-1">
              <label className="label">
                {field.label}
                {field.name === "certificate" ? (
                  <input
                    {...shared}
                    type="file"
                    required
                    accept="application/pdf,.pdf"
                    className="block w-full text-sm"
                  />
                ) : field.name === "testedOn" ? (
                  <input {...shared} type="date" className="field" max={shopDay(new Date())} />
                ) : (
                  <input {...shared} required maxLength={40} autoComplete="off" className="field" />
                )}
              </label>
              {error === undefined ? null : (
                <p id={`${id}-${field.name}-error`} className="text-sm text-red-800">
                  {error}
                </p>
              )}
              <p id={`${id}-${field.name}-hint`} className="muted text-xs">
                {hints[field.name]}
              </p>
            </div>
          );
        })}
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy ? "Checking the certificate…" : "Add the batch"}
      </button>
    </form>
  );
}
