import { describe, expect, it } from "vitest";
import { AdminApiError } from "./api-client.ts";
import { idleSave, runSave, savedElsewhere, type SaveRequest, type SaveState } from "./versioned-save.ts";

const earlier = { kind: "success", text: "Variant saved." } as const;

/** Runs one save from `start`, keeping each state the form would show and what the page was asked to do. */
async function saveFrom(start: SaveState, changes: Partial<SaveRequest<string>>) {
  const states: SaveState[] = [];
  const calls: string[] = [];
  let state = start;
  const ok = await runSave<string>(
    {
      send: async () => "saved record",
      savedText: "Saved.",
      version: 4,
      onSaved: (answer) => calls.push(`saved ${answer}`),
      onStale: () => calls.push("reload"),
      staleCodes: ["edit_conflict"],
      keepMessage: false,
      ...changes,
    },
    (change) => {
      state = { ...state, ...change };
      states.push(state);
    },
  );
  return { ok, states, calls, last: state };
}

const refused = (code: string, message: string) => async (): Promise<string> => {
  throw new AdminApiError(code === "edit_conflict" ? 409 : 400, code, message);
};

describe("a save from the version shown", () => {
  it("is busy with no message while it runs, then shows the answer and the success message", async () => {
    const { ok, states, calls } = await saveFrom({ ...idleSave, message: earlier }, {});
    expect(ok).toBe(true);
    expect(states).toEqual([
      { busy: true, message: undefined, conflictAt: undefined },
      { busy: false, message: { kind: "success", text: "Saved." }, conflictAt: undefined },
    ]);
    expect(calls).toEqual(["saved saved record"]);
  });

  it("on a conflict shows the server's words, remembers the version refused and loads the record again", async () => {
    const send = refused("edit_conflict", "Someone else changed this product since you opened it.");
    const { ok, states, calls, last } = await saveFrom(idleSave, { send });
    expect(ok).toBe(false);
    expect(states.map((state) => state.busy)).toEqual([true, false]);
    expect(last).toEqual({
      busy: false,
      message: { kind: "error", text: "Someone else changed this product since you opened it." },
      conflictAt: 4,
    });
    expect(calls).toEqual(["reload"]);
  });

  it("on another refusal shows its words and keeps the record shown", async () => {
    const send = refused("invalid", "Set the prices first.");
    const { ok, calls, last } = await saveFrom(idleSave, { send });
    expect(ok).toBe(false);
    expect(last).toEqual({
      busy: false,
      message: { kind: "error", text: "Set the prices first." },
      conflictAt: undefined,
    });
    expect(calls).toEqual([]);
  });

  it("loads the record again for each refusal named as out of date, not only conflicts", async () => {
    const send = refused("not_found", "That photo is gone.");
    const { calls, last } = await saveFrom(idleSave, { send, staleCodes: ["edit_conflict", "not_found"] });
    expect(calls).toEqual(["reload"]);
    expect(last.conflictAt).toBeUndefined();
  });

  it("forgets an earlier conflict when the next save starts", async () => {
    const { states } = await saveFrom({ ...idleSave, conflictAt: 3 }, {});
    expect(states[0]?.conflictAt).toBeUndefined();
  });

  it("keeps the last message up while it runs when the form asks so", async () => {
    const { states } = await saveFrom({ ...idleSave, message: earlier, conflictAt: 3 }, { keepMessage: true });
    expect(states[0]).toEqual({ busy: true, message: earlier, conflictAt: undefined });
    expect(states[1]?.message).toEqual({ kind: "success", text: "Saved." });
  });
});

describe("saved elsewhere", () => {
  it("is said once the page shows a version other than the one refused", () => {
    expect(savedElsewhere(idleSave, 4)).toBe(false);
    expect(savedElsewhere({ ...idleSave, conflictAt: 4 }, 4)).toBe(false);
    expect(savedElsewhere({ ...idleSave, conflictAt: 4 }, 5)).toBe(true);
  });
});
