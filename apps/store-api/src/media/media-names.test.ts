import { describe, expect, it } from "vitest";
import { cardFileName, mediaFileOfUrl, newMediaId, parseMediaFileName, photoFileName } from "./media-names.ts";

const id = "med_0123456789abcdef0123";

describe("media file names", () => {
  it("names a photo's widths and card after its random id", () => {
    expect(newMediaId()).toMatch(/^med_[0-9a-f]{20}$/);
    expect(newMediaId()).not.toBe(newMediaId());
    expect(photoFileName(id, 640)).toBe(`${id}-640.webp`);
    expect(cardFileName(id)).toBe(`${id}-card.jpg`);
  });

  it("reads back exactly the names it makes", () => {
    expect(parseMediaFileName(`${id}-640.webp`)).toEqual({ id, kind: "photo", width: 640 });
    expect(parseMediaFileName(`${id}-card.jpg`)).toEqual({ id, kind: "card" });
    expect(mediaFileOfUrl(`/media/${id}-1280.webp`)).toEqual({ id, kind: "photo", width: 1280 });
  });

  it("reads nothing else: paths, other ids, extensions, cases or widths", () => {
    for (const name of [
      `../${id}-640.webp`,
      `${id}-640.webp/..`,
      `..%2f${id}-640.webp`,
      `${id}-0640.webp`,
      `${id}-0.webp`,
      `${id}-640.WEBP`,
      `${id}-640.png`,
      `${id}-card.png`,
      `${id}.webp`,
      "med_0123456789ABCDEF0123-640.webp",
      "med_0123-640.webp",
      `x${id}-640.webp`,
      `${id}-640.webp\u0000.txt`,
      "",
    ]) {
      expect(parseMediaFileName(name), name).toBeUndefined();
    }
    expect(mediaFileOfUrl(`/images/${id}-640.webp`)).toBeUndefined();
    expect(mediaFileOfUrl(`/media/sub/${id}-640.webp`)).toBeUndefined();
    expect(mediaFileOfUrl("/images/resin-10g.svg")).toBeUndefined();
  });
});
