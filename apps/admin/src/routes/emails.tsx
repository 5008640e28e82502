import type { AdminEmail, AdminEmailList, AdminEmailMessage, AdminEmailStatus } from "@herbo/hosted-api/admin";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { Notice } from "../components/notice.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { StatusBadge } from "../components/status-badge.tsx";
import { useApi } from "../hooks/use-api.ts";
import { apiRequest, queryString, type AdminApiError } from "../lib/api-client.ts";
import { formatDateTime } from "../lib/dates.ts";
import { emailKindLabel, emailStatusLabels, emailTone } from "../lib/labels.ts";

const statuses: AdminEmailStatus[] = ["queued", "retrying", "sent", "failed"];

/** The email as its recipient reads it: the subject, the plain text, and the HTML in a sandboxed frame. */
function EmailMessage({ email }: { email: AdminEmail }) {
  const path = `/emails/${encodeURIComponent(email.id)}`;
  const { data, error } = useApi<AdminEmailMessage>(path);
  if (error !== undefined) return <Notice kind="error">{error.message}</Notice>;
  if (data === undefined) return <p className="muted">Loading the email…</p>;
  return (
    <div className="space-y-2 border-t border-line pt-2">
      <p>
        <span className="text-bark">Subject:</span> {data.subject}
      </p>
      <h2 className="font-semibold">Text</h2>
      <pre className="whitespace-pre-wrap break-words rounded bg-cream p-2 text-sm">{data.text}</pre>
      <h2 className="font-semibold">As it looks in a mail program</h2>
      <iframe
        title={`${emailKindLabel(email.kind)} to ${email.recipient}, as sent`}
        src={`/admin/api${path}/preview`}
        sandbox=""
        className="h-96 w-full rounded border border-line bg-white"
      />
    </div>
  );
}

function EmailItem({
  email,
  onResent,
}: {
  email: AdminEmail;
  onResent(kind: "error" | "success", message: string): void;
}) {
  const [busy, setBusy] = useState(false);
  const [reading, setReading] = useState(false);
  async function resend() {
    setBusy(true);
    try {
      await apiRequest("POST", `/emails/${encodeURIComponent(email.id)}/resend`);
      onResent("success", `${emailKindLabel(email.kind)} to ${email.recipient} will be sent again.`);
    } catch (failure) {
      onResent("error", (failure as AdminApiError).message);
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="card space-y-1" data-testid="email">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {emailKindLabel(email.kind)} <span className="font-normal text-bark">to {email.recipient}</span>
        </p>
        <StatusBadge name="Status" label={emailStatusLabels[email.status]} tone={emailTone(email.status)} />
      </div>
      <p className="muted">
        {email.orderNumber === null ? null : (
          <>
            <Link to={`/orders/${email.orderNumber}`}>{email.orderNumber}</Link> ·{" "}
          </>
        )}
        written {formatDateTime(email.createdAt)} · {email.attempts} {email.attempts === 1 ? "attempt" : "attempts"}
        {email.sentAt === null ? "" : ` · sent ${formatDateTime(email.sentAt)}`}
        {email.nextAttemptAt === null || email.status === "queued"
          ? ""
          : ` · next try ${formatDateTime(email.nextAttemptAt)}`}
      </p>
      {email.lastError === null ? null : <p className="text-sm text-red-900">Last error: {email.lastError}</p>}
      <button
        type="button"
        className="button-quiet"
        aria-expanded={reading}
        aria-controls={`email-${email.id}`}
        onClick={() => setReading(!reading)}
      >
        {reading ? "Hide the email" : "Read the email"}
        <span className="sr-only">
          {" "}
          {emailKindLabel(email.kind).toLowerCase()} to {email.recipient}
        </span>
      </button>
      <div id={`email-${email.id}`}>{reading ? <EmailMessage email={email} /> : null}</div>
      {email.status === "sent" || email.status === "failed" ? (
        <button type="button" className="button-quiet" disabled={busy} onClick={() => void resend()}>
          Resend
          <span className="sr-only">
            {" "}
            {emailKindLabel(email.kind).toLowerCase()} to {email.recipient}
          </span>
        </button>
      ) : null}
    </li>
  );
}

/** The email outbox: every message with its state and last error, and a resend button. */
export function Emails() {
  const [searchParams, setSearchParams] = useSearchParams();
  const status = searchParams.get("status") ?? "";
  const { data, error, reload } = useApi<AdminEmailList>(`/emails${queryString({ status })}`);
  const [notice, setNotice] = useState<{ kind: "error" | "success"; text: string }>();
  return (
    <>
      <PageHeading title="Emails" />
      <label className="label max-w-xs">
        Show
        <select
          className="field"
          value={status}
          onChange={(event) => setSearchParams(event.target.value === "" ? {} : { status: event.target.value })}
        >
          <option value="">All emails</option>
          {statuses.map((option) => (
            <option key={option} value={option}>
              {emailStatusLabels[option]}
            </option>
          ))}
        </select>
      </label>
      {notice === undefined ? null : <Notice kind={notice.kind}>{notice.text}</Notice>}
      {error === undefined ? null : <Notice kind="error">{error.message}</Notice>}
      {data === undefined ? null : (
        <>
          <p className="muted">
            {data.total} {data.total === 1 ? "email" : "emails"}
            {data.total > data.pageSize ? `; the newest ${data.pageSize} are shown` : ""}
          </p>
          <ul className="space-y-3" aria-label="Emails">
            {data.emails.map((email) => (
              <EmailItem
                key={email.id}
                email={email}
                onResent={(kind, text) => {
                  setNotice({ kind, text });
                  reload();
                }}
              />
            ))}
          </ul>
        </>
      )}
    </>
  );
}
