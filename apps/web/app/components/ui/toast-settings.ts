/** One toast at a time, gone after 5000 ms, swiped away after 50 px (docs/storefront.md#toasts). */
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
