import { createRequire } from "node:module";

const requireModule = createRequire(import.meta.url);

/**
 * A dependency loaded on its first use instead of at start. For the heavy ones only some requests need
 * (a DOM for the owner's texts, an image codec for uploads, a mail composer): together they took longer to
 * load than the rest of the server, and a start, or a restart after a crash, should not wait for them.
 */
export function onFirstUse<T>(specifier: string): () => T {
  let loaded: T | undefined;
  return () => {
    loaded ??= requireModule(specifier) as T;
    return loaded;
  };
}
