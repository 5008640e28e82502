import { describe, expect, it } from "vitest";
import {
  californiaWarningMaxLength,
  californiaWarningProblem,
  isCaliforniaAddress,
  suggestedCaliforniaWarning,
} from "./california-notice.ts";

describe("the California notice's text", () => {
  it("takes the suggested warning, and any plain paragraph up to 1000 characters", () => {
    expect(californiaWarningMaxLength).toBe(1000);
    expect(californiaWarningProblem({ enabled: true, warning: suggestedCaliforniaWarning })).toBeUndefined();
    expect(californiaWarningProblem({ enabled: true, warning: ` ${"w".repeat(1000)} ` })).toBeUndefined();
    expect(californiaWarningProblem({ enabled: true, warning: "<b>WARNING</b> & more" })).toBeUndefined();
    expect(suggestedCaliforniaWarning).toMatch(
      /^WARNING: Consuming this product can expose you to chemicals including lead/,
    );
    expect(suggestedCaliforniaWarning).toMatch(/www\.P65Warnings\.ca\.gov\/food\.$/);
  });

  it("may be empty only while the notice is off", () => {
    expect(californiaWarningProblem({ enabled: false, warning: "  " })).toBeUndefined();
    expect(californiaWarningProblem({ enabled: true, warning: "  " })).toBe(
      "Give the warning's text before turning the notice on",
    );
  });

  it("refuses line breaks, other control characters and more than 1000 characters, on or off", () => {
    for (const enabled of [true, false]) {
      for (const warning of ["WARNING:\nlead", "WARNING:\tlead", "WARNING\u0000"]) {
        expect(californiaWarningProblem({ enabled, warning }), JSON.stringify(warning)).toBe(
          "The warning is one paragraph: no line breaks or other control characters",
        );
      }
      expect(californiaWarningProblem({ enabled, warning: "é".repeat(1001) })).toBe(
        "The warning must be at most 1000 characters, not 1001",
      );
    }
  });
});

describe("a California delivery address", () => {
  it("is in the United States, in the state CA", () => {
    expect(isCaliforniaAddress({ country: "US", region: { code: "CA" } })).toBe(true);
    expect(isCaliforniaAddress({ country: "US", region: { code: "NY" } })).toBe(false);
    expect(isCaliforniaAddress({ country: "US", region: null })).toBe(false);
    // Canada's provinces have codes too; none is California.
    expect(isCaliforniaAddress({ country: "CA", region: { code: "ON" } })).toBe(false);
    expect(isCaliforniaAddress({ country: "CA", region: { code: "CA" } })).toBe(false);
  });
});
