import { describe, expect, it } from "vitest";
import { cleanPlainText, cleanRichText, cleanRichTextsInTurn, cleanedTextMemory } from "./rich-text.ts";

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
    // The first text cleaned makes the sanitizer, so this test also checks that both hooks are registered.
    expect(cleanRichText('<p>x</p><img src="https://tracker.test/p.gif">')).toBe("<p>x</p>");
  });
  it("keeps pictures to the shop's own photos: nothing in a description is fetched from another address", () => {
    expect(cleanRichText('<p>Jar</p><img src="/media/ph_abc-480.webp" alt="The jar">')).toBe(
      '<p>Jar</p><img src="/media/ph_abc-480.webp" alt="The jar">',
    );
    for (const source of [
      "https://tracker.test/pixel.gif",
      "//tracker.test/p.gif",
      "http://localhost:3000/media/ph_abc-480.webp",
      "/media/../admin",
      "/images/cards/x.png",
      "data:image/gif;base64,R0lGODlhAQABAAAAACw=",
      "",
    ]) {
      expect(cleanRichText(`<p>a</p><img src="${source}"><p>b</p>`), source).toBe("<p>a</p><p>b</p>");
    }
    expect(cleanRichText("<p><img>b</p>")).toBe("<p>b</p>");
    expect(
      cleanRichText(
        '<video src="https://t.test/v" poster="https://t.test/p"></video><audio src="https://t.test/a"></audio>' +
          '<picture><source srcset="https://t.test/s"></picture><table background="https://t.test/b"><tbody><tr><td>c</td></tr></tbody></table>',
      ),
    ).toBe("<table><tbody><tr><td>c</td></tr></tbody></table>");
  });

  it("takes every tag out of plain text, keeps its words and folds spaces and control characters", () => {
    expect(cleanPlainText('<img src=x onerror="alert(1)">Travel <b>Tin</b>')).toBe("Travel Tin");
    expect(cleanPlainText("<script>alert(1)</script>Pocket")).toBe("Pocket");
    expect(cleanPlainText("Salt &amp; resin &lt;3")).toBe("Salt & resin <3");
    expect(cleanPlainText("  two\t\nlines\u0000 ")).toBe("two lines");
    expect(cleanPlainText("   ")).toBe("");
  });

  it("cleans several texts with a turn of the event loop after each, as cleanRichText then answers them", async () => {
    let done = false;
    const cleaning = cleanRichTextsInTurn(["<p onclick='x()'>One</p>", "<p>Two<script>x()</script></p>"]).then(() => {
      done = true;
    });
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(done).toBe(false);
    await cleaning;
    expect(cleanRichText("<p onclick='x()'>One</p>")).toBe("<p>One</p>");
    expect(cleanRichText("<p>Two<script>x()</script></p>")).toBe("<p>Two</p>");
  });

  it("remembers cleaned texts up to a bound in characters, forgetting the oldest first", () => {
    const memory = cleanedTextMemory(12);
    memory.remember("<b>a</b>", "a");
    expect(memory.get("<b>a</b>")).toBe("a");
    expect(memory.held()).toBe(9);
    memory.remember("b", "bb");
    expect(memory.held()).toBe(12);
    expect(memory.get("<b>a</b>")).toBe("a");
    memory.remember("c", "c");
    expect(memory.get("<b>a</b>")).toBeUndefined();
    expect(memory.get("b")).toBe("bb");
    expect(memory.get("c")).toBe("c");
    expect(memory.held()).toBe(5);
    memory.remember("d", "dd");
    expect(memory.held()).toBe(8);
    memory.remember("0123456", "01234");
    expect(memory.held()).toBe(12);
    expect(memory.get("b")).toBeUndefined();
    expect(memory.get("c")).toBeUndefined();
    expect(memory.get("d")).toBeUndefined();
    expect(memory.get("0123456")).toBe("01234");
    expect(memory.get("missing")).toBeUndefined();
  });
});
