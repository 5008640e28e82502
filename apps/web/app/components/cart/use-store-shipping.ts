import { useEffect, useState } from "react";
import { useStoreApi } from "~/lib/public-env";
import type { StoreApi } from "~/lib/store-api/client";
import { loadShipping } from "~/lib/store-api/load-shipping";
import type { StoreShipping } from "~/lib/store-api/types";

/** The last answer per store, so a drawer opened again shows its line at once while it asks again. */
const answers = new WeakMap<StoreApi, StoreShipping>();
const asking = new WeakMap<StoreApi, Promise<StoreShipping | null>>();

function ask(storeApi: StoreApi): Promise<StoreShipping | null> {
  let call = asking.get(storeApi);
  if (call === undefined) {
    call = loadShipping(storeApi).then((answer) => {
      asking.delete(storeApi);
      if (answer !== null) answers.set(storeApi, answer);
      return answer;
    });
    asking.set(storeApi, call);
  }
  return call;
}

/**
 * The store's delivery rates and tax settings as the browser reads them (the same call and fallback as the
 * pages' loaders, and so as checkout charges): null until the store has answered, or when it cannot.
 */
export function useStoreShipping(): StoreShipping | null {
  const storeApi = useStoreApi();
  const [answer, setAnswer] = useState<StoreShipping | null>(() => answers.get(storeApi) ?? null);
  useEffect(() => {
    let current = true;
    void ask(storeApi).then((fresh) => {
      if (current && fresh !== null) setAnswer(fresh);
    });
    return () => {
      current = false;
    };
  }, [storeApi]);
  return answer;
}
