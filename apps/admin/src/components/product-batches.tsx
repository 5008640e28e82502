import type { AdminCurrentBatchChoice, AdminProductBatches } from "@herbo/hosted-api/admin";
import { useApi } from "../hooks/use-api.ts";
import { useVersionedSave } from "../hooks/use-versioned-save.ts";
import { apiRequest } from "../lib/api-client.ts";
import { BatchList } from "./batch-list.tsx";
import { BatchUpload } from "./batch-upload.tsx";
import { MessageNotice, Notice } from "./notice.tsx";

interface Props {
  productId: string;
  /** Told after each change, so the product's history shows it. */
  onChanged(): void;
}

/**
 * A product's batches and their lab certificates: every batch is kept (the certificate of a lot already sold
 * stays valid); a new one becomes current, and an earlier one can be made current again.
 */
export function ProductBatches({ productId, onChanged }: Props) {
  const path = `/products/${encodeURIComponent(productId)}/batches`;
  const { data, error, replace, reload } = useApi<AdminProductBatches>(path);
  const saving = useVersionedSave<AdminProductBatches>({
    version: data?.version,
    onSaved: (answer) => {
      replace(answer);
      onChanged();
    },
    onStale: reload,
    staleCodes: ["edit_conflict", "not_found"],
  });

  return (
    <section className="card space-y-4" aria-labelledby="product-batches-heading">
      <h2 id="product-batches-heading" className="text-lg font-semibold">
        Batches and lab certificates
      </h2>
      <p className="muted">
        The product&apos;s page names the current batch and links to its certificate. Upload the lab&apos;s own report
        for each lot; batches are never deleted.
      </p>
      {data === undefined ? (
        error === undefined ? (
          <p className="muted">Loading batches…</p>
        ) : (
          <Notice kind="error">{error.message}</Notice>
        )
      ) : (
        <>
          <BatchList
            list={data}
            busy={saving.busy}
            onMakeCurrent={(batchId) => {
              const choice: AdminCurrentBatchChoice = { version: data.version, batchId };
              const lot = data.batches.find((batch) => batch.id === batchId)?.lot ?? "";
              void saving.save(
                () =>
                  apiRequest<AdminProductBatches>(
                    "PUT",
                    `/products/${encodeURIComponent(productId)}/current-batch`,
                    choice,
                  ),
                `Lot ${lot} is the current batch now. The shop shows its certificate.`,
              );
            }}
          />
          <MessageNotice message={saving.message} />
          <BatchUpload
            productId={productId}
            maxBytes={data.maxCertificateBytes}
            busy={saving.busy}
            onBusy={saving.setBusy}
            onMessage={saving.show}
            onAdded={(list, lot) => {
              replace(list);
              onChanged();
              saving.show({
                kind: "success",
                text: `Batch ${lot} added. It is the current batch: the shop shows it now.`,
              });
            }}
          />
        </>
      )}
    </section>
  );
}
