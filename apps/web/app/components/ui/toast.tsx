import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { toastLimit, type ToastEntry, type ToastOptions } from "./toast-settings";

interface ToastApi {
  toast(options: ToastOptions): number;
  dismiss(id?: number): void;
}

const ToastContext = createContext<ToastApi | null>(null);
/** Registers the element toasts show in while it exists (the open cart drawer), instead of over the page. */
const ToastSlotContext = createContext<(element: HTMLElement | null) => void>(() => undefined);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (api === null) throw new Error("useToast needs a ToastProvider");
  return api;
}

/** A ref for the element toasts should show in while it is on screen; they never cover what is around it. */
export function useToastSlot(): (element: HTMLElement | null) => void {
  return useContext(ToastSlotContext);
}

// Radix's toast code loads with the first toast, keeping it out of every page's first download.
const Toaster = lazy(() => import("./toaster"));

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const [used, setUsed] = useState(false);
  const [slot, setSlot] = useState<HTMLElement | null>(null);
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
      <ToastSlotContext.Provider value={setSlot}>
        {children}
        {used ? (
          <Suspense fallback={null}>
            <Toaster toasts={toasts} onDismiss={dismiss} slot={slot} />
          </Suspense>
        ) : null}
      </ToastSlotContext.Provider>
    </ToastContext.Provider>
  );
}
