import { describe, expect, it } from "vitest";
import { maxAltLength, plainAltText } from "./alt-text.ts";

describe("alt text", () => {
  it("keeps plain words, trimmed, with white space collapsed", () => {
    expect(plainAltText("  A 20 g jar of resin,\n\topen  ")).toBe("A 20 g jar of resin, open");
    expect(plainAltText("Jar < 10 g & spoon")).toBe("Jar 10 g & spoon");
  });

  it("drops tags, scripts' markup and invisible characters", () => {
    expect(plainAltText('<img src=x onerror="alert(1)">Resin jar')).toBe("Resin jar");
    expect(plainAltText("Resin<script>alert(1)</script> jar")).toBe("Resin alert(1) jar");
    expect(plainAltText('Jar" onmouseover="x')).toBe('Jar" onmouseover="x');
    expect(plainAltText("Jar\u0000\u202e\u200b of resin")).toBe("Jar of resin");
    expect(plainAltText("<b")).toBe("");
  });

  it("keeps at most the longest alt text, counting characters rather than UTF-16 units", () => {
    expect(Array.from(plainAltText("ब".repeat(400)))).toHaveLength(maxAltLength);
    expect(plainAltText("🙂".repeat(300))).toBe("🙂".repeat(maxAltLength));
  });
});
