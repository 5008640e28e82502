import { describe, expect, it } from "vitest";
import { errorSummaryHtml, errorTargetOf, inline, paymentSectionHtml, type PaymentSection } from "./kit.ts";
import { markup } from "../html/markup.ts";

const section: PaymentSection = {
  id: "card",
  heading: "Pay by card",
  paragraphs: [
    { note: true, text: ["Test card ", { code: "4242" }, " works"] },
    { text: ["Have ", { strong: "Rs 5" }] },
  ],
  fields: [
    { id: "card-name", name: "name", label: "Name", required: true, maxLength: 100, value: '"><script>x</script>' },
    [
      {
        id: "card-number",
        name: "number",
        label: "Number",
        inputMode: "numeric",
        autocomplete: "cc-number",
        maxLength: 23,
        hint: "On the <front>",
        pattern: /\d{4}/,
        invalidMessage: 'Enter 4 "digits"',
        describedByError: true,
      },
      { id: "card-cvc", name: "cvc", label: "Code", maxLength: 4 },
    ],
  ],
  button: ["Pay ", { nowrap: "Rs 1,200 <b>" }],
};

describe("the page kit", () => {
  it("draws runs of text, escaping each", () => {
    expect(inline(["a < b ", { code: "<c>" }, " ", { strong: "&" }, { nowrap: '"q"' }]).toString()).toBe(
      'a &lt; b <code>&lt;c&gt;</code> <strong class="nowrap">&amp;</strong><span class="nowrap">&quot;q&quot;</span>',
    );
  });

  it("draws a provider's section from its data, every value escaped", () => {
    const html = paymentSectionHtml(section, { action: "/checkout/cs_1/pay/sandbox?a=1&b=2", error: null }).toString();
    expect(html).toBe(`<section class="card" aria-labelledby="card-heading">
<h2 id="card-heading">Pay by card</h2>
<p class="note">Test card <code>4242</code> works</p>
<p>Have <strong class="nowrap">Rs 5</strong></p>
<form method="post" action="/checkout/cs_1/pay/sandbox?a=1&amp;b=2">
<label for="card-name">Name</label>
<input id="card-name" name="name" required maxlength="100" value="&quot;&gt;&lt;script&gt;x&lt;/script&gt;">
<div class="row"><div><label for="card-number">Number</label>
<span class="hint" id="card-number-hint">On the &lt;front&gt;</span>
<input id="card-number" name="number" inputmode="numeric" autocomplete="cc-number" maxlength="23" pattern="\\d{4}" data-invalid-message="Enter 4 &quot;digits&quot;" title="Enter 4 &quot;digits&quot;" aria-describedby="card-number-hint"></div><div><label for="card-cvc">Code</label>
<input id="card-cvc" name="cvc" maxlength="4"></div></div>
<button class="pay" id="card-submit" type="submit">Pay <span class="nowrap">Rs 1,200 &lt;b&gt;</span></button>
</form>
</section>`);
  });

  it("shows an error as an alert the marked field points at", () => {
    const html = paymentSectionHtml(section, { action: "/pay", error: "Declined <again>" }).toString();
    expect(html).toContain('<p class="error" id="card-error">Declined &lt;again&gt;</p>\n<form');
    expect(html).toContain('aria-describedby="card-number-hint card-error">');
    expect(html.match(/aria-describedby/g)).toHaveLength(1);
  });

  it("draws a section without fields as its button alone", () => {
    const html = paymentSectionHtml(
      { id: "cod", heading: "Cash", paragraphs: [], button: ["Place order"] },
      { action: "/p", error: null },
    ).toString();
    expect(html).toContain(
      '<form method="post" action="/p">\n<button class="pay" id="cod-submit" type="submit">Place order</button>',
    );
  });

  it("points a section's error at the field it describes, else the first field, else the button", () => {
    expect(errorTargetOf(section)).toBe("card-number");
    const { fields: _fields, ...bare } = section;
    expect(errorTargetOf({ ...bare, fields: [{ id: "wallet", name: "w", label: "Wallet", maxLength: 9 }] })).toBe(
      "wallet",
    );
    expect(errorTargetOf({ id: "cod", heading: "Cash", paragraphs: [], button: ["Place order"] })).toBe("cod-submit");
  });

  it("draws the error summary, focused on load, each error a link to its field, or nothing without errors", () => {
    expect(errorSummaryHtml([])).toBe("");
    const html = errorSummaryHtml(
      [
        { fieldId: "field-phone", message: "Enter a <valid> phone" },
        { fieldId: "field-city", message: "Enter your city." },
      ],
      markup`<p>More</p>`,
    ).toString();
    expect(html).toBe(`<div class="error-summary" tabindex="-1" autofocus data-testid="error-summary">
<h2>There is a problem</h2>
<div role="alert"><ul><li><a href="#field-phone">Enter a &lt;valid&gt; phone</a></li><li><a href="#field-city">Enter your city.</a></li></ul><p>More</p></div>
</div>
`);
  });
});
