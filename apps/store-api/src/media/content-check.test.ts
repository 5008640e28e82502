import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../errors.ts";
import { checkPhotoContent, isImageContentType, mediaTypeOf } from "./content-check.ts";
import { hasZipDirectory, maxInflatedText, sniffFormat } from "./image-structure.ts";
import {
  emptyZip,
  gradientPicture as picture,
  pngChunk,
  scriptedPage,
  scriptedSvg,
  withJpegComment,
  withPngCompressedText,
  withPngText,
} from "./photo-fixtures.testing.ts";

function refusal(result: ReturnType<typeof checkPhotoContent>): { status: number; code: string; message: string } {
  if (!(result instanceof ApiError)) throw new Error(`accepted as ${result}`);
  return { status: result.statusCode, code: result.code, message: result.message };
}

describe("checking a photo by its content", () => {
  let jpeg: Buffer;
  let png: Buffer;
  let webp: Buffer;
  let avif: Buffer;
  beforeAll(async () => {
    [jpeg, png, webp, avif] = await Promise.all([picture("jpeg"), picture("png"), picture("webp"), picture("avif")]);
  });

  it("accepts a whole JPEG, PNG, WebP and AVIF sent with their own type", () => {
    expect(checkPhotoContent(jpeg, "image/jpeg")).toBe("jpeg");
    expect(checkPhotoContent(png, "image/png")).toBe("png");
    expect(checkPhotoContent(webp, "image/webp")).toBe("webp");
    expect(checkPhotoContent(avif, "image/avif")).toBe("avif");
    expect(checkPhotoContent(png, "Image/PNG; charset=binary")).toBe("png");
  });

  it("refuses a type that is not the content's, whatever the name said", () => {
    expect(refusal(checkPhotoContent(png, "image/jpeg"))).toMatchObject({
      status: 415,
      code: "unsupported_media_type",
      message: expect.stringContaining("is a PNG image but was sent as image/jpeg"),
    });
    expect(refusal(checkPhotoContent(jpeg, "image/webp")).status).toBe(415);
    expect(refusal(checkPhotoContent(jpeg, undefined)).message).toContain("sent as no type");
  });

  it("refuses SVG, with or without script, and any other markup, even sent as a photo type", () => {
    for (const contentType of ["image/svg+xml", "image/png"]) {
      expect(refusal(checkPhotoContent(scriptedSvg, contentType))).toMatchObject({
        status: 415,
        code: "unsupported_media_type",
        message: expect.stringContaining("SVG"),
      });
    }
    const plainSvg = Buffer.from('\uFEFF  <svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>');
    expect(refusal(checkPhotoContent(plainSvg, "image/svg+xml")).status).toBe(415);
    expect(refusal(checkPhotoContent(Buffer.from("<html><body>hi</body></html>"), "image/jpeg")).status).toBe(415);
  });

  it("refuses GIF, HEIC and files that are no image at all", () => {
    expect(
      refusal(checkPhotoContent(Buffer.from("GIF89a\u0001\u0000\u0001\u0000", "latin1"), "image/gif")),
    ).toMatchObject({
      status: 415,
      message: expect.stringContaining("GIF"),
    });
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1")]);
    expect(refusal(checkPhotoContent(heic, "image/heic")).message).toContain("HEIC");
    expect(refusal(checkPhotoContent(Buffer.from("just some words"), "image/jpeg")).status).toBe(415);
  });

  it("refuses an empty file and files cut short", () => {
    expect(refusal(checkPhotoContent(Buffer.alloc(0), "image/jpeg"))).toMatchObject({
      status: 400,
      code: "image_unreadable",
      message: "The file is empty.",
    });
    for (const [bytes, type] of [
      [jpeg, "image/jpeg"],
      [png, "image/png"],
      [webp, "image/webp"],
      [avif, "image/avif"],
    ] as const) {
      const cut = bytes.subarray(0, Math.floor(bytes.length * 0.7));
      expect(refusal(checkPhotoContent(cut, type)), type).toMatchObject({
        status: 400,
        code: "image_unreadable",
        message: expect.stringContaining("cut short"),
      });
    }
  });

  it("refuses a PNG whose chunk checksum is wrong", () => {
    const damaged = Buffer.from(png);
    const firstCrc = 8 + 8 + 13;
    damaged[firstCrc] = (damaged[firstCrc] ?? 0) ^ 0xff;
    expect(refusal(checkPhotoContent(damaged, "image/png"))).toMatchObject({
      code: "image_unreadable",
      message: expect.stringContaining("damaged"),
    });
  });

  it("refuses polyglots: a page, a script or an archive after the picture's end", () => {
    const page = scriptedPage;
    for (const [bytes, type] of [
      [Buffer.concat([jpeg, page]), "image/jpeg"],
      [Buffer.concat([jpeg, emptyZip]), "image/jpeg"],
      [Buffer.concat([png, page]), "image/png"],
      [Buffer.concat([png, Buffer.from([0])]), "image/png"],
      [Buffer.concat([webp, page]), "image/webp"],
      [Buffer.concat([avif, emptyZip]), "image/avif"],
    ] as const) {
      expect(refusal(checkPhotoContent(bytes, type)), type).toMatchObject({
        status: 400,
        code: "image_hidden_content",
      });
    }
  });

  it("refuses markup or an archive hidden in the metadata, in any case", () => {
    for (const text of ["<SCRIPT>alert(1)</SCRIPT>", "<?php system($_GET['c']); ?>", "<svg onload=alert(1)>"]) {
      expect(refusal(checkPhotoContent(withJpegComment(jpeg, text), "image/jpeg")).code, text).toBe(
        "image_hidden_content",
      );
      expect(refusal(checkPhotoContent(withPngText(png, text), "image/png")).code, text).toBe("image_hidden_content");
    }
    const zipEntry = Buffer.concat([Buffer.from("PK\u0003\u0004", "latin1"), Buffer.alloc(26)]).toString("latin1");
    for (const type of ["zTXt", "iTXt"] as const) {
      expect(
        refusal(checkPhotoContent(withPngCompressedText(png, scriptedPage, type), "image/png")),
        type,
      ).toMatchObject({
        status: 400,
        code: "image_hidden_content",
      });
    }
    expect(refusal(checkPhotoContent(withJpegComment(jpeg, zipEntry), "image/jpeg")).code).toBe("image_hidden_content");
  });

  it("tells which kind of file was refused, and what the shop accepts", () => {
    const accepted = "Upload a JPEG, PNG, WebP or AVIF photo.";
    const cases: [bytes: Buffer, message: string][] = [
      [
        scriptedSvg,
        `SVG drawings and other text files are not accepted as photos: they can carry scripts. ${accepted}`,
      ],
      [Buffer.from("GIF87a", "latin1"), `GIF files are not accepted. ${accepted}`],
      [
        Buffer.concat([Buffer.from([0, 0, 0, 16]), Buffer.from("ftypheic\0\0\0\0", "latin1")]),
        `HEIC photos (an iPhone's default) are not accepted: export the photo as JPEG first. ${accepted}`,
      ],
      [Buffer.from("II*\u0000", "latin1"), `This file is not a photo the shop can use. ${accepted}`],
      [Buffer.from("just some words"), `This file is not a photo the shop can use. ${accepted}`],
    ];
    for (const [bytes, message] of cases) {
      expect(refusal(checkPhotoContent(bytes, "image/jpeg")), message).toEqual({
        status: 415,
        code: "unsupported_media_type",
        message,
      });
    }
  });

  it("names the content's format and the type it was sent as, or no type", () => {
    expect(refusal(checkPhotoContent(jpeg, "image/webp")).message).toBe(
      "The file is a JPEG image but was sent as image/webp. Check the file's name ends in the right extension and upload it again.",
    );
    expect(refusal(checkPhotoContent(webp, "")).message).toBe(
      "The file is a WebP image but was sent as no type. Check the file's name ends in the right extension and upload it again.",
    );
    expect(refusal(checkPhotoContent(avif, "image/png")).message).toContain(
      "is a AVIF image but was sent as image/png",
    );
  });

  it("names the format of a file cut short or damaged", () => {
    for (const [bytes, type, name] of [
      [jpeg, "image/jpeg", "JPEG"],
      [png, "image/png", "PNG"],
      [webp, "image/webp", "WebP"],
      [avif, "image/avif", "AVIF"],
    ] as const) {
      expect(refusal(checkPhotoContent(bytes.subarray(0, bytes.length - 20), type)).message).toBe(
        `The ${name} file is cut short: upload the whole file again.`,
      );
    }
    const damagedPng = Buffer.from(png);
    damagedPng[20] = (damagedPng[20] ?? 0) ^ 0xff;
    const riffSize = (size: number) => Buffer.from([size, 0, 0, 0]);
    for (const [bytes, type, name] of [
      [Buffer.from([0xff, 0xd8, 0xff, 0x00, 0xff, 0xd9]), "image/jpeg", "JPEG"],
      [damagedPng, "image/png", "PNG"],
      [Buffer.concat([Buffer.from("RIFF"), riffSize(12), Buffer.from("WEBPVP8L"), riffSize(9)]), "image/webp", "WebP"],
      [Buffer.concat([Buffer.from([0, 0, 0, 4]), Buffer.from("ftypavif\0\0\0\0", "latin1")]), "image/avif", "AVIF"],
    ] as const) {
      expect(refusal(checkPhotoContent(bytes, type))).toEqual({
        status: 400,
        code: "image_unreadable",
        message: `The ${name} file is damaged and cannot be read.`,
      });
    }
  });

  it("refuses an image that ZIP readers would open as an archive, its end record hidden in a comment", () => {
    const record = Buffer.from(emptyZip);
    record.writeUInt16LE(jpeg.length - 2, 20);
    const polyglot = withJpegComment(jpeg, record.toString("latin1"));
    expect(refusal(checkPhotoContent(polyglot, "image/jpeg"))).toEqual({
      status: 400,
      code: "image_hidden_content",
      message:
        "This file carries something besides the picture (data after its end, web page code or an archive), so it is refused. Open the photo in an image editor, save it again, and upload that.",
    });
  });

  it("refuses compressed text that unpacks past the bound, or is no zlib data, and keeps ordinary compressed text", () => {
    const bomb = withPngCompressedText(png, Buffer.alloc(maxInflatedText + 1, 0x20), "zTXt");
    expect(refusal(checkPhotoContent(bomb, "image/png"))).toMatchObject({
      code: "image_hidden_content",
      message: expect.stringContaining("more than 4 MB"),
    });
    const afterHeader = 8 + 25;
    const notDeflated = Buffer.concat([
      png.subarray(0, afterHeader),
      pngChunk("zTXt", Buffer.from("Comment\0\0<html> not deflated", "latin1")),
      png.subarray(afterHeader),
    ]);
    expect(refusal(checkPhotoContent(notDeflated, "image/png"))).toMatchObject({
      code: "image_unreadable",
      message: "The PNG file is damaged and cannot be read.",
    });
    expect(checkPhotoContent(withPngCompressedText(png, "Herbo Shilajit jar, 2025", "zTXt"), "image/png")).toBe("png");
    expect(checkPhotoContent(withPngCompressedText(png, "<x:xmpmeta>Jar</x:xmpmeta>", "iTXt"), "image/png")).toBe(
      "png",
    );
  });

  it("searches the metadata of the JPEGs appended after the first", () => {
    const hiding = withJpegComment(jpeg, "<svg onload=alert(1)>");
    expect(refusal(checkPhotoContent(Buffer.concat([jpeg, hiding]), "image/jpeg")).code).toBe("image_hidden_content");
  });

  it("keeps ordinary metadata, a camera's extra pictures after the first, and zero padding", () => {
    expect(checkPhotoContent(withJpegComment(jpeg, "Taken in Kathmandu, 2025 <3"), "image/jpeg")).toBe("jpeg");
    expect(checkPhotoContent(withPngText(png, "Herbo Shilajit jar"), "image/png")).toBe("png");
    expect(checkPhotoContent(Buffer.concat([jpeg, jpeg]), "image/jpeg")).toBe("jpeg");
    expect(checkPhotoContent(Buffer.concat([jpeg, Buffer.alloc(16)]), "image/jpeg")).toBe("jpeg");
    // What follows must itself be whole JPEGs: one cut short is refused.
    expect(refusal(checkPhotoContent(Buffer.concat([jpeg, jpeg.subarray(0, 40)]), "image/jpeg")).code).toBe(
      "image_hidden_content",
    );
  });
});

describe("reading a declared content type", () => {
  it("keeps the media type alone: lower case, without parameters or surrounding spaces", () => {
    expect(mediaTypeOf(" Image/PNG ; charset=binary")).toBe("image/png");
    expect(mediaTypeOf("IMAGE/JPEG")).toBe("image/jpeg");
    expect(mediaTypeOf("image/webp;q=1")).toBe("image/webp");
    expect(mediaTypeOf("")).toBe("");
    expect(mediaTypeOf(undefined)).toBe("");
  });

  it("takes any image type, with parameters or in any case, as an image type", () => {
    for (const contentType of ["image/png", "image/svg+xml", "image/vnd.ms-photo", "Image/HEIC; x=y", "image/x-icon"]) {
      expect(isImageContentType(contentType), contentType).toBe(true);
    }
  });

  it("takes nothing else as an image type: other types, a bare image/, or types that only contain one", () => {
    for (const contentType of [
      undefined,
      "",
      "image/",
      "application/octet-stream",
      "x-image/png",
      "text/image/png",
      "image/png/extra",
      "image/png x",
    ]) {
      expect(isImageContentType(contentType), String(contentType)).toBe(false);
    }
  });
});

describe("format signatures and archive records", () => {
  it("names formats by their first bytes", () => {
    expect(sniffFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe("jpeg");
    expect(sniffFormat(Buffer.from("II*\u0000", "latin1"))).toBe("tiff");
    expect(sniffFormat(Buffer.from("RIFF\u0000\u0000\u0000\u0000WAVE", "latin1"))).toBe("unknown");
    expect(sniffFormat(Buffer.from([0xff, 0xd8]))).toBe("unknown");
    expect(sniffFormat(Buffer.from("  \n<svg/>"))).toBe("markup");
  });

  it("finds a ZIP end record only where ZIP readers would: its comment running exactly to the file's end", () => {
    const comment = Buffer.from("tail of the image");
    const record = Buffer.from(emptyZip);
    record.writeUInt16LE(comment.length, 20);
    const prefix = Buffer.alloc(1000, 7);
    expect(hasZipDirectory(Buffer.concat([prefix, record, comment]))).toBe(true);
    expect(hasZipDirectory(Buffer.concat([prefix, emptyZip]))).toBe(true);
    // The same record with a comment length that does not reach the end opens as no archive.
    expect(hasZipDirectory(Buffer.concat([prefix, record, comment, Buffer.from("!")]))).toBe(false);
    expect(hasZipDirectory(prefix)).toBe(false);
  });
});
