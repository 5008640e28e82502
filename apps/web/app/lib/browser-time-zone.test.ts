import { afterEach, describe, expect, it, vi } from "vitest";
import { browserTimeZone } from "./browser-time-zone";

describe("browserTimeZone", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("answers Temporal's time zone without building an Intl formatter", () => {
    const formatter = vi.spyOn(Intl, "DateTimeFormat");
    expect(browserTimeZone({ Temporal: { Now: { timeZoneId: () => "Asia/Katmandu" } } })).toBe("Asia/Katmandu");
    expect(formatter).not.toHaveBeenCalled();
  });

  it("falls back to Intl where the browser has no Temporal, or a Temporal without the clock", () => {
    const intlZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(browserTimeZone({})).toBe(intlZone);
    expect(browserTimeZone({ Temporal: {} })).toBe(intlZone);
    expect(browserTimeZone({ Temporal: { Now: {} } })).toBe(intlZone);
  });

  it("answers undefined when the browser cannot say, instead of breaking the page", () => {
    expect(
      browserTimeZone({
        Temporal: {
          Now: {
            timeZoneId: () => {
              throw new RangeError("no time zone");
            },
          },
        },
      }),
    ).toBeUndefined();
    vi.spyOn(Intl, "DateTimeFormat").mockImplementation(() => {
      throw new RangeError("no ICU data");
    });
    expect(browserTimeZone({})).toBeUndefined();
  });
});
