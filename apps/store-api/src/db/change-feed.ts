import pg from "pg";

/**
 * Copies of the store API over one PostgreSQL database tell each other that the catalogue, its prices, stock or
 * the shop's settings changed, through PostgreSQL's own LISTEN/NOTIFY (no other service): each copy listens on
 * one connection of its own and drops its cached answers when any copy announces a change. A copy that lost its
 * connection says so in its log and listens again; meanwhile its cache's short lifetime bounds how stale it is.
 */

/** The channel every copy listens on. */
export const changeChannel = "herbo_catalog_changed";
/**
 * What changed: `catalog` is the owner's change to what the pages state (a price, a product, shipping, an
 * offer, a review, a setting); `stock` is shoppers' checkouts holding and releasing units, many a second in a
 * sale. Storefronts drop their pages for the first; stock is checked again at checkout, so pages may lag it.
 */
export type ChangeKind = "catalog" | "stock";

/** How long a copy waits before listening again after its connection ended. */
const reconnectMs = 1_000;

export interface ChangeFeed {
  /** Tells the other copies that what their caches hold is out of date (their notices reach `onChange`). */
  announce(kind: ChangeKind): void;
  close(): Promise<void>;
}

export interface ChangeFeedLog {
  warn(object: Record<string, unknown>, message: string): void;
}

export async function postgresChangeFeed(
  url: string,
  onChange: (kind: ChangeKind) => void,
  log: ChangeFeedLog,
): Promise<ChangeFeed> {
  let client: pg.Client | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const listenAgain = () => {
    if (closed) return;
    retry = setTimeout(() => {
      listen().catch(listenAgain);
    }, reconnectMs);
    retry.unref();
  };
  const listen = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    next.on("error", (error) => {
      if (closed) return;
      log.warn({ err: error }, "the catalogue change feed lost its connection; listening again shortly");
      client = undefined;
      next.end().catch(() => undefined);
      // What changed while it was away is not known: nothing cached is kept.
      onChange("catalog");
      listenAgain();
    });
    await next.connect();
    // The server process of this connection, which also sends this copy's notices.
    const ownProcess = (await next.query<{ pid: number }>("SELECT pg_backend_pid() AS pid")).rows[0]?.pid;
    next.on("notification", (message) => {
      // This copy's own notice: it already handled the change when it announced it.
      if (message.channel !== changeChannel || message.processId === ownProcess) return;
      // An unknown payload (a newer copy's) is taken as the broader change.
      onChange(message.payload === "stock" ? "stock" : "catalog");
    });
    await next.query(`LISTEN ${changeChannel}`);
    client = next;
  };
  await listen();

  // One notice at a time on the listening connection (a pg client runs one query at a time). Changes announced
  // while one is on its way are sent once after it, one per kind: in a sale, a burst of checkouts holding
  // stock makes one notice rather than hundreds.
  const waiting = new Set<ChangeKind>();
  let sending = false;
  const send = async () => {
    sending = true;
    try {
      while (waiting.size > 0) {
        const kinds = [...waiting];
        waiting.clear();
        for (const kind of kinds) {
          const sender = client;
          if (sender === undefined) return;
          await sender.query("SELECT pg_notify($1, $2)", [changeChannel, kind]).catch((error: unknown) => {
            log.warn({ err: error }, "could not tell the other copies of a change; their caches expire on their own");
          });
        }
      }
    } finally {
      sending = false;
      waiting.clear();
    }
  };

  return {
    announce(kind) {
      if (client === undefined) return;
      waiting.add(kind);
      if (!sending) void send();
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
