import type { AdminProduct, AdminProductBatches } from "@herbo/hosted-api/admin";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BatchList } from "./batch-list.tsx";
import { ProductFacts } from "./product-facts.tsx";

const script = "<script>alert('facts')</script>";

/** A product as GET /admin/api/products/{id} answers, its panel holding text that looks like markup. */
const product = {
  id: "prod_resin",
  version: 3,
  title: "Resin",
  facts: {
    servingSize: "<b>300 mg</b>",
    servingsPerContainer: null,
    amounts: [{ name: `Resin ${script}`, amount: "300 mg", dailyValue: "†" }],
    ingredients: `Resin & <img src=x onerror=alert(1)>`,
    warnings: [script, "Keep out of reach of children."],
  },
} as AdminProduct;

describe("the back office's supplement facts and batches", () => {
  it("shows the panel's text escaped, never as markup", () => {
    const html = renderToStaticMarkup(
      createElement(ProductFacts, { product, onSaved: () => undefined, onStale: () => undefined }),
    );
    expect(html).not.toContain("<script>");
    expect(html).not.toContain("<b>300 mg</b>");
    expect(html).not.toContain("<img");
    expect(html).toContain('value="&lt;b&gt;300 mg&lt;/b&gt;"');
    expect(html).toContain("Resin &lt;script&gt;alert(&#x27;facts&#x27;)&lt;/script&gt;");
    expect(html).toContain("Resin &amp; &lt;img src=x onerror=alert(1)&gt;</textarea>");
    expect(html).toContain("&lt;script&gt;alert(&#x27;facts&#x27;)&lt;/script&gt;\nKeep out of reach of children.");
  });

  it("labels every field of the panel and each row's cells by their row", () => {
    const html = renderToStaticMarkup(
      createElement(ProductFacts, { product, onSaved: () => undefined, onStale: () => undefined }),
    );
    for (const label of ["Serving size", "Servings per container", "Ingredients", "Warnings, one a line"]) {
      expect(html, label).toMatch(new RegExp(`<label class="label">${label}<(input|textarea) `));
    }
    expect(html).toContain('<span class="sr-only"> of amount 1</span>');
    expect(html).toContain('Remove<span class="sr-only"> amount 1</span>');
    expect(html).toContain("Remove the panel");
  });

  it("lists batches with their lot escaped, a link to each certificate, and which one is current", () => {
    const list: AdminProductBatches = {
      productId: "prod_resin",
      productTitle: "Resin",
      version: 1,
      maxCertificateBytes: 10 * 1024 * 1024,
      batches: [
        {
          id: "bat_2",
          lot: "HS-2611",
          testedOn: null,
          certificateUrl: `/media/certificates/${"a".repeat(64)}.pdf`,
          current: true,
          addedAt: "2026-03-01T10:00:00.000Z",
          addedBy: "owner@shop.test",
        },
        {
          id: "bat_1",
          lot: "HS-2602",
          testedOn: "2026-02-20",
          certificateUrl: `/media/certificates/${"b".repeat(64)}.pdf`,
          current: false,
          addedAt: "2026-02-21T10:00:00.000Z",
          addedBy: "owner@shop.test",
        },
      ],
    };
    const html = renderToStaticMarkup(createElement(BatchList, { list, busy: false, onMakeCurrent: () => undefined }));
    expect(html).toContain(
      `<a href="/media/certificates/${"a".repeat(64)}.pdf" target="_blank" rel="noopener noreferrer">`,
    );
    expect(html).toContain('Make current<span class="sr-only"> lot HS-2602</span>');
    expect(html).toContain(">Current</span>");
    expect(html).toContain("Not given");
    expect(html).toContain("2026-02-20");
  });
});
