import { describe, expect, it } from "vitest";
import { cleanPlainText, cleanRichText } from "./rich-text.ts";

describe("the owner's text as the shop keeps it", () => {
  it("keeps formatting and safe links in rich text, and drops scripts, handlers, styles, frames and forms", () => {
    expect(cleanRichText('<p style="color:red" onclick="x()">Hi <em>there</em></p><script>x()</script>')).toBe(
      "<p>Hi <em>there</em></p>",
    );
    expect(cleanRichText('<a href="javascript:x()">a</a><iframe src="//e"></iframe><form><input></form>')).toBe(
      "<a>a</a>",
    );
    expect(cleanRichText('<a href="https://e.test" target="_blank">e</a>')).toBe(
      '<a href="https://e.test" target="_blank" rel="noopener noreferrer">e</a>',
    );
    expect(cleanRichText('<a href="/store" target="_top">s</a>')).toBe('<a href="/store">s</a>');
    expect(cleanRichText("  <p>x</p>\n")).toBe("<p>x</p>");
  });
  it("takes every tag out of plain text, keeps its words and folds spaces and control characters", () => {
    expect(cleanPlainText('<img src=x onerror="alert(1)">Travel <b>Tin</b>')).toBe("Travel Tin");
    expect(cleanPlainText("<script>alert(1)</script>Pocket")).toBe("Pocket");
    expect(cleanPlainText("Salt &amp; resin &lt;3")).toBe("Salt & resin <3");
    expect(cleanPlainText("  two\t\nlines\u0000 ")).toBe("two lines");
    expect(cleanPlainText("   ")).toBe("");
  });
});
