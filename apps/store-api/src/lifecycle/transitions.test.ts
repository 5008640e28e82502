import { describe, expect, it } from "vitest";
import { assertMove, canMove, statusesBefore, TransitionError, type TransitionTable } from "./transitions.ts";

type Light = "red" | "green" | "amber";
const lights: TransitionTable<Light> = { red: ["green"], green: ["amber"], amber: ["red", "green"] };

describe("transition tables", () => {
  it("allows exactly the moves the table lists", () => {
    expect(canMove(lights, "red", "green")).toBe(true);
    expect(canMove(lights, "amber", "green")).toBe(true);
    expect(canMove(lights, "red", "amber")).toBe(false);
    expect(canMove(lights, "green", "green")).toBe(false);
  });

  it("names every status that may move to a status, in the table's order", () => {
    expect(statusesBefore(lights, "green")).toEqual(["red", "amber"]);
    expect(statusesBefore(lights, "red")).toEqual(["amber"]);
    expect(statusesBefore({ a: [], b: [] } as TransitionTable<"a" | "b">, "a")).toEqual([]);
  });

  it("throws a TransitionError naming the lifecycle and the move it refuses", () => {
    expect(() => assertMove("Light", lights, "amber", "red")).not.toThrow();
    const refusal = (() => {
      try {
        assertMove("Light", lights, "red", "amber");
      } catch (error) {
        return error;
      }
      return undefined;
    })();
    expect(refusal).toBeInstanceOf(TransitionError);
    expect(refusal).toMatchObject({
      name: "TransitionError",
      message: "Light cannot move from red to amber",
      lifecycle: "Light",
      from: "red",
      to: "amber",
    });
  });
});
