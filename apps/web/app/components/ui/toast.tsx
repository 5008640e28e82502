import * as ToastPrimitive from "@radix-ui/react-toast";
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";

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

interface ToastEntry extends ToastOptions {
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

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastEntry[]>([]);
  const toast = useCallback((options: ToastOptions) => {
    const id = nextId++;
    // The newest replaces the older ones.
    setToasts((current) => [{ ...options, id, open: true }, ...current].slice(0, toastLimit));
    return id;
  }, []);
  const dismiss = useCallback((id?: number) => {
    setToasts((current) => current.map((entry) => (id === undefined || entry.id === id ? { ...entry, open: false } : entry)));
  }, []);
  const api = useMemo(() => ({ toast, dismiss }), [toast, dismiss]);

  return (
    <ToastContext.Provider value={api}>
      <ToastPrimitive.Provider
        duration={toastDurationMs}
        swipeDirection="right"
        swipeThreshold={toastSwipeThresholdPx}
        label="Notification"
      >
        {children}
        {toasts.map((entry) => (
          <ToastItem
            key={entry.id}
            entry={entry}
            onOpenChange={(open) => {
              if (!open) dismiss(entry.id);
            }}
            onClosed={() => setToasts((current) => current.filter((other) => other.id !== entry.id || other.open))}
          />
        ))}
        <ToastPrimitive.Viewport
          hotkey={["F8"]}
          className="fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none md:max-w-[420px]"
        />
      </ToastPrimitive.Provider>
    </ToastContext.Provider>
  );
}

function ToastItem({
  entry,
  onOpenChange,
  onClosed,
}: {
  entry: ToastEntry;
  onOpenChange: (open: boolean) => void;
  onClosed: () => void;
}) {
  const destructive = entry.variant === "destructive";
  return (
    <ToastPrimitive.Root
      open={entry.open}
      onOpenChange={onOpenChange}
      duration={entry.duration ?? toastDurationMs}
      type={destructive ? "foreground" : "background"}
      onAnimationEnd={() => {
        if (!entry.open) onClosed();
      }}
      data-variant={destructive ? "destructive" : "default"}
      className={`toast group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg ${
        destructive ? "border-danger bg-danger text-white" : "border-line bg-white text-resin"
      }`}
    >
      <div className="grid gap-1">
        <ToastPrimitive.Title className="text-sm font-semibold">{entry.title}</ToastPrimitive.Title>
        {entry.description === undefined ? null : (
          <ToastPrimitive.Description className="text-sm opacity-90">{entry.description}</ToastPrimitive.Description>
        )}
      </div>
      {entry.action === undefined ? null : (
        <ToastPrimitive.Action altText={entry.action.label} asChild>
          <button type="button" onClick={entry.action.onClick} className="rounded-md border px-3 py-1 text-sm font-medium">
            {entry.action.label}
          </button>
        </ToastPrimitive.Action>
      )}
      <ToastPrimitive.Close
        aria-label="Close"
        className={`absolute top-2 right-2 rounded-md p-1 ${destructive ? "text-white/80 hover:text-white" : "text-bark hover:text-resin"}`}
      >
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}
