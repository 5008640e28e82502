import { describe, expect, it } from "vitest";
import { inlineCss, siteCssMarker } from "./inline-css";
import { withSiteCss } from "./site-css.server";

const tag = `<style>${siteCssMarker}</style>`;

describe("withSiteCss", () => {
  it("writes the stylesheet into the root's <style>, and nowhere else", () => {
    const title = `<title>&lt;style&gt;${siteCssMarker}&lt;/style&gt;</title>`;
    const document = Buffer.from(`<html><head>${title}${tag}</head><body><p>${tag}</p></body></html>`);
    expect(withSiteCss(document).toString()).toBe(
      `<html><head>${title}<style>${inlineCss}</style></head><body><p>${tag}</p></body></html>`,
    );
  });

  it("keeps text around the marker byte for byte, multi-byte characters included", () => {
    const document = Buffer.from(`<head><title>शिलाजीत – €</title>${tag}</head><body>नेपाल</body>`);
    expect(withSiteCss(document).toString()).toBe(
      `<head><title>शिलाजीत – €</title><style>${inlineCss}</style></head><body>नेपाल</body>`,
    );
  });

  it("returns a document without the marker as it is", () => {
    const document = Buffer.from(`{"products":[]}`);
    expect(withSiteCss(document)).toBe(document);
  });
});
