import { monitorEventLoopDelay } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { richTextShapeLimits } from "@herbo/hosted-api/rich-text-shape";
import { JSDOM } from "jsdom";
import { describe, expect, it, vi } from "vitest";
import { htmlToText, sanitizeHtml, sanitizeHtmlInTurn } from "./sanitize.server";

describe("description sanitising", () => {
  it("keeps ordinary formatting", () => {
    const html = '<p>Pure <strong>resin</strong></p><ul><li>Lab-tested</li></ul><a href="/store">Shop</a>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it.each([
    ['<script>alert("x")</script><p>ok</p>', "<p>ok</p>"],
    ['<img src="/media/ph_a-480.webp" onerror="alert(1)">', '<img src="/media/ph_a-480.webp">'],
    ['<img src="https://tracker.test/p.gif"><p>x</p>', "<p>x</p>"],
    ['<video poster="https://tracker.test/p"></video><p background="https://tracker.test/b">x</p>', "<p>x</p>"],
    ['<a href="javascript:alert(1)">x</a>', "<a>x</a>"],
    ['<p style="position:fixed">x</p>', "<p>x</p>"],
    ['<iframe src="https://evil.test"></iframe><p>x</p>', "<p>x</p>"],
    ["<svg><script>alert(1)</script></svg><p>x</p>", "<p>x</p>"],
    ['<form action="https://evil.test"><input name="card"></form>', ""],
  ])("removes what could run, take over the page or fetch from elsewhere: %s", (dirty, clean) => {
    expect(sanitizeHtml(dirty)).toBe(clean);
  });

  it("gives links that open a new tab noopener", () => {
    expect(sanitizeHtml('<a href="https://example.org" target="_blank">x</a>')).toContain('rel="noopener noreferrer"');
  });

  it("extracts plain text for meta descriptions", () => {
    expect(htmlToText("<p>One</p>\n<ul><li>Two</li></ul><script>three()</script>")).toBe("One Two");
  });

  it("shows no description whose shape the store API refuses, without holding the server to sanitise it", async () => {
    // 20 kB of elements each inside the one before: sanitising it through a DOM took seconds.
    const hostile = ["<div>".repeat(3990), "<b>".repeat(richTextShapeLimits.depth + 1) + "x"];
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    await sleep(20);
    for (const html of hostile) {
      expect(sanitizeHtml(html)).toBe("");
      expect(htmlToText(html)).toBe("");
    }
    await sleep(20);
    histogram.disable();
    expect(histogram.max / 1e6).toBeLessThan(100);
    // Within the bounds it is rendered.
    expect(sanitizeHtml("<b>".repeat(richTextShapeLimits.depth) + "x")).toBe(
      "<b>".repeat(richTextShapeLimits.depth) + "x" + "</b>".repeat(richTextShapeLimits.depth),
    );
  });

  it("lets other requests in after sanitising a text for the first time, and answers a known one at once", async () => {
    let turned = false;
    setImmediate(() => {
      turned = true;
    });
    expect(await sanitizeHtmlInTurn("<p>First <em>time</em></p><script>x()</script>")).toBe(
      "<p>First <em>time</em></p>",
    );
    expect(turned).toBe(true);
    turned = false;
    setImmediate(() => {
      turned = true;
    });
    expect(await sanitizeHtmlInTurn("<p>First <em>time</em></p><script>x()</script>")).toBe(
      "<p>First <em>time</em></p>",
    );
    expect(turned).toBe(false);
  });

  it("parses a description's text once, however many pages show it", () => {
    const parsed = vi.spyOn(JSDOM, "fragment");
    try {
      const html = "<p>Remembered</p><p>text</p>";
      expect(htmlToText(html)).toBe("Remembered text");
      expect(htmlToText(html)).toBe("Remembered text");
      expect(parsed).toHaveBeenCalledTimes(1);
    } finally {
      parsed.mockRestore();
    }
  });
});
