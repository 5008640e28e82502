/**
 * Listens to the store API's stream of the owner's changes (GET /ops/changes, Server-Sent Events) and calls
 * `onChange` for each, so the page cache drops pages that state an old price at once rather than when they
 * expire. Any copy of the store API streams the changes made through every copy.
 *
 * While the stream is down nothing is known of what changed: `onChange` is called once when a stream that was
 * open drops, and again when it is back; between the two the pages' own short lifetime bounds how stale they
 * are, and the cache keeps what a busy server falls back on (failed tries do not empty it again). It is tried
 * again after `retryMs`, doubling up to `maxRetryMs`; a store API without the stream (an older one, or a
 * STORE_API_URL that goes through a proxy hiding /ops/) is logged once per outage, not on every try, and
 * never empties the cache.
 */
export interface StoreChangeWatchOptions {
  /** The stream's address: the store API's private STORE_API_URL and /ops/changes. */
  url: string;
  onChange: () => void;
  log: (entry: Record<string, unknown>) => void;
  fetch?: typeof globalThis.fetch;
  retryMs?: number;
  maxRetryMs?: number;
  /** Tests only: told of each wait before the stream is tried again. */
  onRetry?: (delayMs: number) => void;
}

export interface StoreChangeWatch {
  close(): void;
}

/** The event names the store API sends; a comment line (a heartbeat) has none and changes nothing. */
const eventsThatChange = new Set(["ready", "change"]);

/** The `event:` field of one Server-Sent Events block (the text between two blank lines), if any. */
export function eventName(block: string): string | undefined {
  for (const line of block.split(/\r?\n/)) {
    if (line.startsWith("event:")) return line.slice("event:".length).trim();
  }
  return undefined;
}

export function watchStoreChanges(options: StoreChangeWatchOptions): StoreChangeWatch {
  const fetchStream = options.fetch ?? globalThis.fetch;
  const retryMs = options.retryMs ?? 1_000;
  const maxRetryMs = options.maxRetryMs ?? 30_000;
  const controller = new AbortController();
  let closed = false;
  let delay = retryMs;
  let retry: NodeJS.Timeout | undefined;
  let down = false;
  /** Whether the stream was open (its `ready` came) since it last dropped. */
  let open = false;

  const readEvents = async (body: ReadableStream<Uint8Array>) => {
    const reader = body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer = (buffer + decoder.decode(value, { stream: true })).replace(/\r\n/g, "\n");
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const name = eventName(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (name === "ready") {
          open = true;
          delay = retryMs;
          if (down) options.log({ level: "info", message: "listening to the store's changes again" });
          down = false;
        }
        if (eventsThatChange.has(name ?? "")) options.onChange();
        end = buffer.indexOf("\n\n");
      }
    }
  };

  const connect = async () => {
    try {
      const response = await fetchStream(options.url, {
        headers: { accept: "text/event-stream" },
        signal: controller.signal,
      });
      if (!response.ok || response.body === null) {
        await response.body?.cancel();
        throw new Error(`answered ${response.status}`);
      }
      await readEvents(response.body);
      throw new Error("the stream ended");
    } catch (error) {
      if (closed) return;
      // Changes may have been missed since the stream dropped; a try that never opened missed nothing new.
      if (open) options.onChange();
      open = false;
      if (!down) {
        options.log({
          level: "warn",
          message: "not hearing of the store's changes; pages refresh when their cache time runs out",
          url: options.url,
          reason: error instanceof Error ? error.message : String(error),
        });
      }
      down = true;
      options.onRetry?.(delay);
      retry = setTimeout(() => void connect(), delay);
      retry.unref();
      delay = Math.min(delay * 2, maxRetryMs);
    }
  };
  void connect();

  return {
    close() {
      closed = true;
      clearTimeout(retry);
      controller.abort();
    },
  };
}
