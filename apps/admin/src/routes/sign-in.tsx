import type { AdminSession } from "@herbo/hosted-api/admin";
import { useState, type FormEvent } from "react";
import { Notice } from "../components/notice.tsx";
import { PageHeading } from "../components/page-heading.tsx";
import { apiRequest, type AdminApiError } from "../lib/api-client.ts";

/** The shop's name, which the store API writes into the page (routes/admin-app.ts) for this page alone to read. */
function shopName(): string | undefined {
  return document.querySelector<HTMLMetaElement>('meta[name="application-name"]')?.content || undefined;
}

/** The sign-in form, under the shop's name; the page the owner asked for opens once it succeeds. */
export function SignIn({ onSignedIn }: { onSignedIn(session: AdminSession): void }) {
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const name = shopName();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(undefined);
    try {
      onSignedIn(
        await apiRequest<AdminSession>("POST", "/session", {
          email: String(form.get("email") ?? ""),
          password: String(form.get("password") ?? ""),
        }),
      );
    } catch (failure) {
      setError((failure as AdminApiError).message);
      setBusy(false);
    }
  }

  return (
    <main id="main" className="mx-auto mt-16 max-w-sm space-y-6 px-4">
      {name === undefined ? null : (
        <p className="text-xl font-bold" data-testid="shop-name">
          {name} <span className="font-normal text-bark">· Back office</span>
        </p>
      )}
      <PageHeading title="Sign in to the back office" />
      <form onSubmit={submit} className="card space-y-4" aria-label="Sign in">
        {error === undefined ? null : <Notice kind="error">{error}</Notice>}
        <label className="label">
          Email
          <input name="email" type="email" autoComplete="username" required className="field" />
        </label>
        <label className="label">
          Password
          <input name="password" type="password" autoComplete="current-password" required className="field" />
        </label>
        <button type="submit" className="button w-full" disabled={busy}>
          {busy ? "Signing in…" : "Sign in"}
        </button>
      </form>
    </main>
  );
}
