import type { AdminApiError } from "./api-client.ts";

/** What a form tells the owner after a save: errors are alerts, successes polite status messages. */
export interface SaveMessage {
  kind: "error" | "success";
  text: string;
}

/** Where a versioned save stands: under way or not, its last message, and the version a conflict met. */
export interface SaveState {
  busy: boolean;
  message: SaveMessage | undefined;
  /** The version a save was refused at because someone else saved first. */
  conflictAt: number | undefined;
}

export const idleSave: SaveState = { busy: false, message: undefined, conflictAt: undefined };

/** One save: the request (which carries the version shown) and what the page does with its answer. */
export interface SaveRequest<T> {
  send(): Promise<T>;
  /** The message once the answer is in. */
  savedText: string;
  /** The version the form shows, remembered when the server refuses it as out of date. */
  version: number | undefined;
  onSaved(answer: T): void;
  /** Loads the record again, so the owner sees what someone else saved. */
  onStale(): void;
  /** The refusals that mean the page is out of date: a conflict, and for some records a deletion. */
  staleCodes: readonly string[];
  /** Whether the last message stays up while the save is under way, rather than going when it starts. */
  keepMessage: boolean;
}

/**
 * Runs one save, telling `update` each step: busy (and the last message gone) while it runs, then the
 * success message, or the refusal's message, with a reload when the refusal says the page is out of date.
 * Resolves with whether the save went through.
 */
export async function runSave<T>(request: SaveRequest<T>, update: (change: Partial<SaveState>) => void) {
  update(request.keepMessage ? { busy: true, conflictAt: undefined } : { ...idleSave, busy: true });
  try {
    request.onSaved(await request.send());
    update({ busy: false, message: { kind: "success", text: request.savedText } });
    return true;
  } catch (failure) {
    const error = failure as AdminApiError;
    const conflict = error.code === "edit_conflict";
    update({
      busy: false,
      message: { kind: "error", text: error.message },
      ...(conflict ? { conflictAt: request.version } : {}),
    });
    if (request.staleCodes.includes(error.code)) request.onStale();
    return false;
  }
}

/** Whether the page now shows what someone else saved after a save of ours met theirs. */
export function savedElsewhere(state: SaveState, version: number | undefined): boolean {
  return state.conflictAt !== undefined && version !== state.conflictAt;
}
