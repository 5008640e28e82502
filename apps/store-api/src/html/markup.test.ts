import { describe, expect, it } from "vitest";
import { escapeHtml, markup } from "./markup.ts";

describe("html template", () => {
  it("escapes every interpolated string, in content and in attributes", () => {
    const name = `<script>alert("x")</script> & 'friends'`;
    const fragment = markup`<p title="${name}">${name}</p>`;
    expect(fragment.value).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;">' +
        "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;friends&#39;</p>",
    );
  });

  it("passes nested fragments through once and escapes the strings inside them", () => {
    const items = ["<b>", "ok"].map((item) => markup`<li>${item}</li>`);
    expect(markup`<ul>${items}</ul>`.value).toBe("<ul><li>&lt;b&gt;</li><li>ok</li></ul>");
  });

  it("renders nothing for null, undefined and false, and numbers as text", () => {
    expect(markup`[${null}${undefined}${false}${0}${12}]`.value).toBe("[012]");
  });

  it("escapes the five HTML-significant characters", () => {
    expect(escapeHtml(`&<>"'`)).toBe("&amp;&lt;&gt;&quot;&#39;");
  });
});
