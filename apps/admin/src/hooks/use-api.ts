import { useCallback, useEffect, useState } from "react";
import { apiRequest, type AdminApiError } from "../lib/api-client.ts";

export interface ApiState<T> {
  data: T | undefined;
  error: AdminApiError | undefined;
  loading: boolean;
  /** Loads again (after a change made elsewhere). */
  reload(): void;
  /** Replaces the data with an answer already in hand (an action's answer). */
  replace(data: T): void;
}

/** GETs `path` whenever it changes; the newest request wins. */
export function useApi<T>(path: string): ApiState<T> {
  const [data, setData] = useState<T>();
  const [error, setError] = useState<AdminApiError>();
  const [loading, setLoading] = useState(true);
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let current = true;
    setLoading(true);
    apiRequest<T>("GET", path).then(
      (answer) => {
        if (!current) return;
        setData(answer);
        setError(undefined);
        setLoading(false);
      },
      (failure: AdminApiError) => {
        if (!current) return;
        setError(failure);
        setLoading(false);
      },
    );
    return () => {
      current = false;
    };
  }, [path, generation]);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  const replace = useCallback((answer: T) => setData(answer), []);
  return { data, error, loading, reload, replace };
}
