import type { ReactNode } from "react";
import { formatDateTime } from "../lib/dates.ts";

interface Props<T> {
  /** Names the list (its data-testid) and, with "-heading", its heading's id. */
  name: string;
  title: string;
  changes: readonly T[];
  /** What changed, in one line the owner reads. */
  describe(change: T): ReactNode;
}

/** Who changed what and when, in the order the API lists the changes, below a page's forms. */
export function ChangeHistory<T extends { at: string; actor: string }>({ name, title, changes, describe }: Props<T>) {
  return (
    <section className="card" aria-labelledby={`${name}-heading`}>
      <h2 id={`${name}-heading`} className="font-semibold">
        {title}
      </h2>
      {changes.length === 0 ? (
        <p className="muted">No changes yet.</p>
      ) : (
        <ol className="mt-2 space-y-2" data-testid={name}>
          {changes.map((change, index) => (
            <li key={index} className="border-l-2 border-line pl-3">
              <p className="break-words">{describe(change)}</p>
              <p className="muted break-words">
                {formatDateTime(change.at)} · {change.actor}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
