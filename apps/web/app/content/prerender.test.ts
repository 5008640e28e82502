import { describe, expect, it } from "vitest";
import { prerenderPaths } from "./prerender";

describe("the pages written at build time", () => {
  it("leave out the pages that state the store's delivery rates or a catalogue price, which the owner changes", () => {
    const paths = prerenderPaths();
    expect(paths).not.toContain("/shipping");
    expect(paths).not.toContain("/shilajit-nepal");
    expect(paths).not.toContain("/");
    expect(paths).not.toContain("/blog/where-to-buy-authentic-shilajit-in-nepal");
    expect(paths).not.toContain("/blog/buying-genuine-shilajit-in-uae-what-to-watch-out-for");
    expect(paths).toEqual(expect.arrayContaining(["/blog", "/returns", "/terms", "/privacy", "/404"]));
    expect(paths.filter((path) => path.startsWith("/blog/")).length).toBeGreaterThanOrEqual(18);
  });
});
