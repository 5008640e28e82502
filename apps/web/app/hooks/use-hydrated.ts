import { useSyncExternalStore } from "react";

const neverChanges = () => () => undefined;

/**
 * False on the server and while hydrating, true afterwards: what a prerendered page reads from the
 * address (its query string) must wait for this, or the static HTML would not match the first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}
