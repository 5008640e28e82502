import type { AdminProductBatches } from "@herbo/hosted-api/admin";
import { formatDateTime } from "../lib/dates.ts";
import { StatusBadge } from "./status-badge.tsx";

interface Props {
  list: AdminProductBatches;
  busy: boolean;
  onMakeCurrent(batchId: string): void;
}

/** A product's batches, newest first: lot, test date, the certificate to open, and which one is current. */
export function BatchList({ list, busy, onMakeCurrent }: Props) {
  if (list.batches.length === 0) {
    return <p>No batches yet: the product&apos;s page names no lot or certificate.</p>;
  }
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Batches of {list.productTitle}, newest first</caption>
      <thead>
        <tr>
          <th scope="col">Lot</th>
          <th scope="col">Tested on</th>
          <th scope="col">Certificate</th>
          <th scope="col">Added</th>
          <th scope="col">
            <span className="sr-only">Current batch</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {list.batches.map((batch) => (
          <tr key={batch.id} className="border-t border-line">
            <th scope="row" className="py-2 font-semibold">
              {batch.lot}
            </th>
            <td>{batch.testedOn ?? "Not given"}</td>
            <td>
              <a href={batch.certificateUrl} target="_blank" rel="noopener noreferrer">
                Open the certificate<span className="sr-only"> of lot {batch.lot}</span>
              </a>
            </td>
            <td>
              {formatDateTime(batch.addedAt)}
              <span className="muted block text-xs">{batch.addedBy}</span>
            </td>
            <td>
              {batch.current ? (
                <StatusBadge label="Current" tone="good" />
              ) : (
                <button type="button" className="button-quiet" disabled={busy} onClick={() => onMakeCurrent(batch.id)}>
                  Make current<span className="sr-only"> lot {batch.lot}</span>
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
