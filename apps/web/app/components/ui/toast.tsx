import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

/** SPEC §9: one toast at a time, gone after 5000 ms, swiped away after 50 px. */
export const toastLimit = 1;
export const toastDurationMs = 5_000;
export const toastSwipeThresholdPx = 50;

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: "default" | "destructive";
  /** Milliseconds, or Infinity to stay until dismissed. */
  duration?: number;
  action?: { label: string; onClick: () => void };
}

export interface ToastEntry extends ToastOptions {
  id: number;
  open: boolean;
}

interface ToastApi {
  toast(options: ToastOptions): number;
  dismiss(id?: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (api === null) throw new Error("useToast needs a ToastProvider");
  return api;
}

// Radix's toast code loads with the first toast, keeping it out of every page's first download.
const Toaster = lazy(() => import("./toaster"));

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const [used, setUsed] = useState(false);
  const toast = useCallback((options: ToastOptions) => {
    const id = nextId++;
    setUsed(true);
    // The newest replaces the older ones.
    setToasts((current) => [{ ...options, id, open: true }, ...current].slice(0, toastLimit));
    return id;
  }, []);
  const dismiss = useCallback((id?: number) => {
    setToasts((current) =>
      current.map((entry) => (id === undefined || entry.id === id ? { ...entry, open: false } : entry)),
    );
  }, []);
  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      {used ? (
        <Suspense fallback={null}>
          <Toaster toasts={toasts} onDismiss={dismiss} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}
