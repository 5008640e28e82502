import type { AdminRatingDisplay, AdminRatingDisplayUpdate } from "@herbo/hosted-api/admin";
import type { FormEvent } from "react";
import { useVersionedSave } from "../hooks/use-versioned-save.ts";
import { apiRequest } from "../lib/api-client.ts";
import { MessageNotice } from "./notice.tsx";
import { StatusBadge } from "./status-badge.tsx";

interface Props {
  ratingDisplay: AdminRatingDisplay;
  onChanged(ratingDisplay: AdminRatingDisplay): void;
  /** Loads the page again: after a conflict, so the owner sees what someone else saved. */
  onStale(): void;
}

/**
 * Which rating the home and landing pages state: the shop's fixed line (the default), or the average and
 * count of the published reviews, saved from the version shown.
 */
export function RatingDisplayForm({ ratingDisplay, onChanged, onStale }: Props) {
  const saving = useVersionedSave({ version: ratingDisplay.version, onSaved: onChanged, onStale });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const update: AdminRatingDisplayUpdate = {
      version: ratingDisplay.version,
      measured: new FormData(event.currentTarget).get("measured") === "on",
    };
    void saving.save(
      () => apiRequest<AdminRatingDisplay>("PUT", "/rating-display", update),
      update.measured
        ? "Saved. The home and landing pages show the average of the published reviews now."
        : "Saved. The home and landing pages show the shop's fixed rating line now.",
    );
  }

  return (
    <section className="card space-y-3" aria-labelledby="rating-display-heading">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="rating-display-heading" className="text-lg font-semibold">
          Rating on the home and landing pages
        </h2>
        <StatusBadge
          label={ratingDisplay.measured ? "Measured" : "Fixed"}
          tone={ratingDisplay.measured ? "good" : "plain"}
        />
      </div>
      <p id="rating-display-hint" className="muted">
        By default those pages show the shop&apos;s fixed rating line; turned on, they show the average and number of
        the published reviews instead, and no rating while none is published.
      </p>
      <form key={ratingDisplay.version} onSubmit={submit} className="space-y-3" aria-label="Rating display setting">
        <label className="label flex items-center gap-2">
          <input
            name="measured"
            type="checkbox"
            defaultChecked={ratingDisplay.measured}
            aria-describedby="rating-display-hint"
          />
          Show the measured rating on the home and landing pages
        </label>
        <button type="submit" className="button" disabled={saving.busy}>
          Save the rating setting
        </button>
      </form>
      <MessageNotice message={saving.message} />
    </section>
  );
}
