import { useCallback, useState } from "react";
import { idleSave, runSave, savedElsewhere, type SaveMessage, type SaveState } from "../lib/versioned-save.ts";

export interface VersionedSaveOptions<T> {
  /** The version the page shows of the record (undefined while it loads). */
  version: number | undefined;
  /** Takes the server's answer: the record as saved, now the one the page shows. */
  onSaved(answer: T): void;
  /** Loads the record again after a refusal that means the page is out of date. */
  onStale(): void;
  /** Refusals that mean the page is out of date; a conflict unless said otherwise. */
  staleCodes?: readonly string[];
  /** A message to show before any save (e.g. the product just created). */
  initialMessage?: SaveMessage;
  /** Keeps the last message up while a save runs (the product page's), instead of clearing it. */
  keepMessage?: boolean;
}

export interface VersionedSave<T> {
  busy: boolean;
  message: SaveMessage | undefined;
  /** True once the page shows a newer version than the one a save of ours was refused at. */
  savedElsewhere: boolean;
  /** Sends the change (with the version shown); resolves with whether it went through. */
  save(send: () => Promise<T>, savedText: string): Promise<boolean>;
  /** Shows a message of the form's own, e.g. a problem found before asking the server. */
  show(message: SaveMessage | undefined): void;
  /** Marks the form busy for work of its own (e.g. uploads) that shares its buttons. */
  setBusy(busy: boolean): void;
}

const conflictOnly = ["edit_conflict"] as const;

/**
 * Saving one record from the version shown, as every back-office form does: the change goes with the
 * version; a refusal is shown, and when someone else saved first the page loads their version again.
 * The states themselves are in lib/versioned-save.ts.
 */
export function useVersionedSave<T>(options: VersionedSaveOptions<T>): VersionedSave<T> {
  const [state, setState] = useState<SaveState>({ ...idleSave, message: options.initialMessage });
  const update = useCallback((change: Partial<SaveState>) => setState((current) => ({ ...current, ...change })), []);
  const { version, onSaved, onStale, staleCodes = conflictOnly, keepMessage = false } = options;
  return {
    busy: state.busy,
    message: state.message,
    savedElsewhere: savedElsewhere(state, version),
    save: (send, savedText) => runSave({ send, savedText, version, onSaved, onStale, staleCodes, keepMessage }, update),
    show: (message) => update({ message }),
    setBusy: (busy) => update({ busy }),
  };
}
