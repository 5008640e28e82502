import {
  californiaWarningMaxLength,
  californiaWarningProblem,
  type AdminCaliforniaNoticeUpdate,
  type AdminShipping,
} from "@herbo/hosted-api/admin";
import { useState, type FormEvent } from "react";
import { useVersionedSave } from "../hooks/use-versioned-save.ts";
import { apiRequest } from "../lib/api-client.ts";
import { MessageNotice } from "./notice.tsx";
import { StatusBadge } from "./status-badge.tsx";

interface Props {
  shipping: AdminShipping;
  onChanged(shipping: AdminShipping): void;
  /** Loads the settings again: after a conflict, so the owner sees what someone else saved. */
  onStale(): void;
}

/**
 * California's Proposition 65 notice: off by default; when on, the hosted checkout's payment step shows the
 * warning, as plain text, to shoppers whose delivery address is in California, above the ways to pay.
 */
export function CaliforniaNoticeForm({ shipping, onChanged, onStale }: Props) {
  const notice = shipping.californiaNotice;
  const saving = useVersionedSave({ version: notice.version, onSaved: onChanged, onStale });
  const [problem, setProblem] = useState<string>();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const update: AdminCaliforniaNoticeUpdate = {
      version: notice.version,
      enabled: form.get("enabled") === "on",
      warning: String(form.get("warning") ?? ""),
    };
    const found = californiaWarningProblem(update);
    setProblem(found);
    if (found !== undefined) return;
    const saved = await saving.save(
      () => apiRequest<AdminShipping>("PUT", "/california-notice", update),
      update.enabled
        ? "Saved. The payment step shows the warning to addresses in California now."
        : "Saved. The payment step shows no California warning.",
    );
    if (saved) setProblem(undefined);
  }

  return (
    <section className="card space-y-3" aria-labelledby="california-notice-heading">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="california-notice-heading" className="text-lg font-semibold">
          California notice (Proposition 65)
        </h2>
        <StatusBadge label={notice.enabled ? "On" : "Off"} tone={notice.enabled ? "good" : "plain"} />
      </div>
      <p className="muted">
        When it is on, the payment step shows this warning to shoppers whose delivery address is in California, above
        the ways to pay, before any payment starts. Other addresses never see it. Whether your products need it, and its
        exact wording, is for you and your advisers to decide.
      </p>
      <form
        key={notice.version}
        onSubmit={(event) => void submit(event)}
        noValidate
        className="space-y-3"
        aria-label="California notice"
      >
        <label className="label flex items-center gap-2">
          <input name="enabled" type="checkbox" defaultChecked={notice.enabled} />
          Show the warning for addresses in California
        </label>
        <label className="label">
          Warning
          <textarea
            name="warning"
            rows={4}
            maxLength={californiaWarningMaxLength}
            className="field"
            defaultValue={notice.warning}
            aria-invalid={problem !== undefined}
            aria-describedby={
              problem === undefined ? "california-warning-hint" : "california-warning-error california-warning-hint"
            }
          />
        </label>
        {problem === undefined ? null : (
          <p id="california-warning-error" className="text-sm text-red-800">
            {problem}
          </p>
        )}
        <p id="california-warning-hint" className="muted text-xs">
          Plain text in one paragraph, up to {californiaWarningMaxLength} characters. The suggested text is the short
          warning for foods with lead; change it if your advisers say so.
        </p>
        <button type="submit" className="button" disabled={saving.busy}>
          Save the California notice
        </button>
      </form>
      <MessageNotice message={saving.message} />
    </section>
  );
}
