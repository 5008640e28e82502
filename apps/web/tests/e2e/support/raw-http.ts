import net from "node:net";

export interface RawExchange {
  /** Everything the server sent before it closed the connection (or before the test gave up). */
  received: string;
  /** Whether the server closed the connection. */
  closed: boolean;
  /** Milliseconds from the first byte sent until the connection closed, or until the test gave up. */
  elapsedMs: number;
  /** Characters of the trickle still unsent when the connection closed: the server cut the client off. */
  unsent: number;
}

/**
 * Sends `head` on a raw connection, then `trickle` one character at a time every `everyMs`, and waits
 * until the server closes the connection or `giveUpMs` pass: a client too slow on purpose.
 */
export async function rawExchange(
  url: string,
  head: string,
  options: { trickle?: string; everyMs?: number; giveUpMs: number },
): Promise<RawExchange> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname);
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  const started = Date.now();
  let received = "";
  socket.on("data", (chunk: Buffer) => {
    received += chunk.toString("latin1");
  });
  const trickle = [...(options.trickle ?? "")];
  const timer = setInterval(() => {
    const next = trickle.shift();
    if (next !== undefined && socket.writable) socket.write(next);
  }, options.everyMs ?? 100);
  socket.write(head);
  const closed = await new Promise<boolean>((resolve) => {
    const giveUp = setTimeout(() => resolve(false), options.giveUpMs);
    socket.once("close", () => {
      clearTimeout(giveUp);
      resolve(true);
    });
    // A reset after the server gave up counts as closed; the close event follows.
    socket.on("error", () => undefined);
  });
  clearInterval(timer);
  const elapsedMs = Date.now() - started;
  socket.destroy();
  return { received, closed, elapsedMs, unsent: trickle.length };
}

/** The status line's code of a raw answer, or 0 when there was none. */
export function statusOf(raw: string): number {
  return Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1] ?? 0);
}
