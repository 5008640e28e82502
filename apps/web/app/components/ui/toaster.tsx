import * as ToastPrimitive from "@radix-ui/react-toast";
import { createPortal } from "react-dom";
import { toastDurationMs, toastSwipeThresholdPx, type ToastEntry } from "./toast-settings";

interface ToasterProps {
  toasts: readonly ToastEntry[];
  onDismiss(id: number): void;
  /** Where toasts go while it exists (the open cart drawer's slot above its lines); null: over the page. */
  slot: HTMLElement | null;
}

/** The visible toasts: Radix gives swipe to dismiss, pause on hover and focus, Escape and the F8 hotkey. */
export default function Toaster({ toasts, onDismiss, slot }: ToasterProps) {
  const viewport =
    slot === null ? (
      <ToastPrimitive.Viewport
        hotkey={["F8"]}
        className="fixed top-16 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none md:max-w-[420px]"
      />
    ) : (
      // In the drawer's flow: a toast pushes the cart lines down instead of covering them.
      <ToastPrimitive.Viewport hotkey={["F8"]} className="flex flex-col gap-2 px-5 pt-3 outline-none empty:hidden" />
    );
  return (
    <ToastPrimitive.Provider
      duration={toastDurationMs}
      swipeDirection="right"
      swipeThreshold={toastSwipeThresholdPx}
      label="Notification"
    >
      {toasts.map((entry) => (
        <ToastItem key={entry.id} entry={entry} onDismiss={() => onDismiss(entry.id)} />
      ))}
      {/* An open drawer hides the rest of the page from screen readers, except aria-live parts: this
          keeps its toasts (say, a checkout error) readable. Radix announces each toast itself, hence "off". */}
      <div aria-live="off">{slot === null ? viewport : createPortal(viewport, slot)}</div>
    </ToastPrimitive.Provider>
  );
}

function ToastItem({ entry, onDismiss }: { entry: ToastEntry; onDismiss(): void }) {
  const destructive = entry.variant === "destructive";
  return (
    <ToastPrimitive.Root
      open={entry.open}
      onOpenChange={(open) => {
        if (!open) onDismiss();
      }}
      duration={entry.duration ?? toastDurationMs}
      type={destructive ? "foreground" : "background"}
      data-variant={destructive ? "destructive" : "default"}
      className={`toast pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg ${
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
          <button
            type="button"
            onClick={entry.action.onClick}
            className="rounded-md border px-3 py-1 text-sm font-medium"
          >
            {entry.action.label}
          </button>
        </ToastPrimitive.Action>
      )}
      <ToastPrimitive.Close
        aria-label="Close"
        className={`absolute top-2 right-2 rounded-md p-1 ${destructive ? "text-white/80 hover:text-white" : "text-bark hover:text-resin"}`}
      >
        <svg
          aria-hidden="true"
          width="16"
          height="16"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </ToastPrimitive.Close>
    </ToastPrimitive.Root>
  );
}
