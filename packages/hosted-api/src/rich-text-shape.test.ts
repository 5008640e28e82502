import { describe, expect, it } from "vitest";
import { richTextShapeLimits, richTextShapeProblem } from "./rich-text-shape.ts";

const nested = (levels: number, tag = "div") => `<${tag}>`.repeat(levels) + "x" + `</${tag}>`.repeat(levels);
const tooDeep = `Has formatting nested more than ${richTextShapeLimits.depth} levels deep: simplify it`;
const tooMany = `Has more than ${richTextShapeLimits.tags} tags: simplify its formatting`;

describe("the shape of the owner's rich text", () => {
  it("accepts a real description, and formatting up to the limits", () => {
    expect(
      richTextShapeProblem('<p>Pure <strong>resin</strong></p><ul><li><a href="/store">Lab-tested</a></li></ul>'),
    ).toBeUndefined();
    expect(richTextShapeProblem("")).toBeUndefined();
    expect(richTextShapeProblem(nested(richTextShapeLimits.depth))).toBeUndefined();
    expect(richTextShapeProblem("<p>a</p>".repeat(richTextShapeLimits.tags))).toBeUndefined();
    expect(richTextShapeProblem("a < b, 1<2 and <3 are words, not tags")).toBeUndefined();
  });

  it("refuses one level more than the limit, however it is written", () => {
    expect(richTextShapeProblem(nested(richTextShapeLimits.depth + 1))).toBe(tooDeep);
    // Unclosed formatting nests just the same in a browser.
    expect(richTextShapeProblem("<b>".repeat(richTextShapeLimits.depth + 1))).toBe(tooDeep);
    // End tags a browser ignores (in a comment, an attribute, or without a start) take no level away.
    const hidden = '<!-- </div></div> --><i title="</div></div>"></i></span>';
    expect(richTextShapeProblem(hidden + nested(richTextShapeLimits.depth + 1))).toBe(tooDeep);
    // Tables add the rows and cells a browser puts in for them.
    expect(richTextShapeProblem("<table><td>".repeat(6))).toBe(tooDeep);
    expect(richTextShapeProblem(`<template>${nested(richTextShapeLimits.depth)}</template>`)).toBe(tooDeep);
  });

  it("refuses one tag more than the limit before parsing, in any case", () => {
    expect(richTextShapeProblem("<p>a</p>".repeat(richTextShapeLimits.tags) + "<P>")).toBe(tooMany);
    expect(richTextShapeProblem(nested(3990))).toBe(tooMany);
  });
});
