import { describe, expect, it } from "vitest";
import { prerenderPaths } from "./prerender";

describe("the pages written at build time", () => {
  it("leave out the pages that state the store's delivery rates, which the owner changes (issue 28)", () => {
    const paths = prerenderPaths();
    expect(paths).not.toContain("/shipping");
    expect(paths).not.toContain("/shilajit-nepal");
    expect(paths).toEqual(expect.arrayContaining(["/", "/blog", "/returns", "/terms", "/privacy", "/404"]));
    expect(paths.filter((path) => path.startsWith("/blog/")).length).toBeGreaterThanOrEqual(20);
  });
});
