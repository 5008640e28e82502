/**
 * A lifecycle as data (after Vendure's declared transitions): for each status, the statuses it may move
 * to. Checkout sessions, payment attempts, an order's payment and fulfilment, and refunds each have one,
 * and each is changed in the database only by its own module, through `statusesBefore`: the `WHERE status
 * IN (…)` of every move comes from the table, so a move the table does not allow cannot happen.
 */
export type TransitionTable<Status extends string> = { readonly [From in Status]: readonly Status[] };

export function canMove<Status extends string>(table: TransitionTable<Status>, from: Status, to: Status): boolean {
  return table[from].includes(to);
}

/** Every status that may move to `to`, in the table's order. */
export function statusesBefore<Status extends string>(table: TransitionTable<Status>, to: Status): Status[] {
  return (Object.keys(table) as Status[]).filter((from) => table[from].includes(to));
}

/** A move the table refuses: a bug in the caller, never a shopper's or owner's mistake. */
export class TransitionError extends Error {
  constructor(
    readonly lifecycle: string,
    readonly from: string,
    readonly to: string,
  ) {
    super(`${lifecycle} cannot move from ${from} to ${to}`);
    this.name = "TransitionError";
  }
}

/** Throws a TransitionError unless the table allows the move. */
export function assertMove<Status extends string>(
  lifecycle: string,
  table: TransitionTable<Status>,
  from: Status,
  to: Status,
): void {
  if (!canMove(table, from, to)) throw new TransitionError(lifecycle, from, to);
}
