import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { ApiError } from "../errors.ts";
import { encodePhoto, photoWidths } from "./encode-photo.ts";
import { pngDeclaring } from "./photo-fixtures.testing.ts";

describe("the widths a photo is served at", () => {
  it("takes the standard widths below the photo's, then its own, never wider than 1280", () => {
    expect(photoWidths(4000)).toEqual([320, 640, 960, 1280]);
    expect(photoWidths(1280)).toEqual([320, 640, 960, 1280]);
    expect(photoWidths(1000)).toEqual([320, 640, 960, 1000]);
    expect(photoWidths(960)).toEqual([320, 640, 960]);
    expect(photoWidths(700)).toEqual([320, 640, 700]);
    expect(photoWidths(320)).toEqual([320]);
    expect(photoWidths(200)).toEqual([200]);
  });
});

describe("encoding a photo", () => {
  it("turns it upright by its EXIF orientation, strips its metadata, and encodes WebP at each width and a card", async () => {
    // Stored 1500×1000, with orientation 6: shown upright it is 1000 wide and 1500 high.
    const stored = await sharp({ create: { width: 1500, height: 1000, channels: 3, background: "#8a6420" } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "Herbo test", Artist: "Owner's phone" } } })
      .toBuffer();
    expect((await sharp(stored).metadata()).orientation).toBe(6);
    const encoded = await encodePhoto(stored, "jpeg");
    expect(encoded.files.map((file) => [file.width, file.height])).toEqual([
      [320, 480],
      [640, 960],
      [960, 1440],
      [1000, 1500],
    ]);
    expect([encoded.width, encoded.height]).toEqual([1000, 1500]);
    for (const file of encoded.files) {
      const metadata = await sharp(file.bytes).metadata();
      expect(metadata.format).toBe("webp");
      expect([metadata.width, metadata.height]).toEqual([file.width, file.height]);
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(file.bytes.includes("Herbo test")).toBe(false);
    }
    const card = await sharp(encoded.card).metadata();
    expect([card.format, card.width, card.height]).toEqual(["jpeg", 1200, 630]);
  });

  it("never makes a small photo larger", async () => {
    const small = await sharp({ create: { width: 200, height: 100, channels: 3, background: "#1f6b45" } })
      .png()
      .toBuffer();
    const encoded = await encodePhoto(small, "png");
    expect(encoded.files.map((file) => [file.width, file.height])).toEqual([[200, 100]]);
  });

  it("refuses a header declaring more pixels than the shop decodes, before decoding any", async () => {
    // A bomb: 30000 × 30000 declared; 9000 × 100, over the side limit; 7500 × 7500, 56 megapixels in all.
    for (const [width, height] of [
      [30_000, 30_000],
      [9_000, 100],
      [100, 9_000],
      [7_500, 7_500],
    ] as const) {
      const declared = pngDeclaring(width, height);
      await expect(encodePhoto(declared, "png"), `${width}×${height}`).rejects.toBeInstanceOf(ApiError);
      await expect(encodePhoto(declared, "png"), `${width}×${height}`).rejects.toMatchObject({
        statusCode: 400,
        code: "image_too_large",
      });
    }
    // The limits themselves are allowed through to decoding (this one then fails: its data is short).
    await expect(encodePhoto(pngDeclaring(8_192, 100), "png")).rejects.toMatchObject({ code: "image_unreadable" });
  });

  it("refuses a file whose pixels cannot be decoded", async () => {
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#fff" } })
      .jpeg()
      .toBuffer();
    await expect(encodePhoto(jpeg, "png")).rejects.toMatchObject({ code: "image_unreadable" });
  });
});
