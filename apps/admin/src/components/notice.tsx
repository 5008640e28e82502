import type { ReactNode } from "react";

/** A message after an action: errors are alerts (read at once), successes polite status messages. */
export function Notice({ kind, children }: { kind: "error" | "success"; children: ReactNode }) {
  if (kind === "error") {
    return (
      <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
        {children}
      </p>
    );
  }
  return (
    <p role="status" className="rounded border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
      {children}
    </p>
  );
}

/** A form's last message, when there is one. */
export function MessageNotice({ message }: { message: { kind: "error" | "success"; text: string } | undefined }) {
  return message === undefined ? null : <Notice kind={message.kind}>{message.text}</Notice>;
}
