import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import {
  appendedJpegs,
  hasZipDirectory,
  hiddenContent,
  imageLayout,
  inflateText,
  maxInflatedText,
  sniffFormat,
  type ImageLayout,
} from "./image-structure.ts";
import { emptyZip, gradientPicture, pngChunk } from "./photo-fixtures.testing.ts";

/** Bytes from numbers, Latin-1 text and buffers, in order. */
function bytesOf(...parts: (readonly number[] | string | Uint8Array)[]): Buffer {
  return Buffer.concat(
    parts.map((part) => (typeof part === "string" ? Buffer.from(part, "latin1") : Uint8Array.from(part))),
  );
}

function u32be(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value, 0);
  return buffer;
}

function u32le(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32LE(value, 0);
  return buffer;
}

// JPEG: start and end markers, and a marker segment whose declared length counts itself.
const soi = [0xff, 0xd8];
const eoi = [0xff, 0xd9];
function segment(marker: number, payload: readonly number[] | string): Buffer {
  const data = bytesOf(payload);
  const length = data.length + 2;
  return bytesOf([0xff, marker, length >> 8, length & 0xff], data);
}

// PNG: the signature and chunks with correct CRCs.
const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const ihdr = pngChunk("IHDR", Buffer.alloc(13, 1));
const iend = pngChunk("IEND", Buffer.alloc(0));

// WebP: a RIFF chunk is padded to an even size; the RIFF size counts "WEBP" and the chunks.
function riffChunk(type: string, size: number): Buffer {
  return bytesOf(type, u32le(size), Buffer.alloc(size + (size % 2), 7));
}
function riff(...chunks: Buffer[]): Buffer {
  const body = Buffer.concat(chunks);
  return bytesOf("RIFF", u32le(4 + body.length), "WEBP", body);
}

// ISO media (AVIF): boxes of a 32-bit size, counting their 8-byte header.
function box(type: string, payload: number): Buffer {
  return bytesOf(u32be(8 + payload), type, Buffer.alloc(payload, 5));
}
const ftyp = bytesOf(u32be(20), "ftyp", "avif", [0, 0, 0, 0], "mif1");

describe("naming a format by its signature", () => {
  it("names JPEG by FF D8 FF and no less", () => {
    expect(sniffFormat(bytesOf([0xff, 0xd8, 0xff]))).toBe("jpeg");
    expect(sniffFormat(bytesOf([0xff, 0xd8, 0x00]))).toBe("unknown");
    expect(sniffFormat(bytesOf([0xfe, 0xd8, 0xff]))).toBe("unknown");
  });

  it("names PNG by its whole eight-byte signature", () => {
    expect(sniffFormat(bytesOf(pngSignature))).toBe("png");
    expect(sniffFormat(bytesOf(pngSignature.slice(0, 7), [0x0b]))).toBe("unknown");
  });

  it("names WebP by a RIFF container of form WEBP, twelve bytes being enough", () => {
    expect(sniffFormat(bytesOf("RIFF", [0, 0, 0, 0], "WEBP"))).toBe("webp");
    expect(sniffFormat(bytesOf("RIFF", [0, 0, 0, 0], "WAVE"))).toBe("unknown");
    expect(sniffFormat(bytesOf("RIFX", [0, 0, 0, 0], "WEBP"))).toBe("unknown");
  });

  it("names AVIF by an avif or avis brand, major or compatible, in the leading ftyp box", () => {
    expect(sniffFormat(bytesOf(u32be(16), "ftypavif", [0, 0, 0, 0]))).toBe("avif");
    expect(sniffFormat(bytesOf(u32be(16), "ftypavis", [0, 0, 0, 0]))).toBe("avif");
    expect(sniffFormat(bytesOf(u32be(20), "ftypmif1", [0, 0, 0, 0], "avif"))).toBe("avif");
    expect(sniffFormat(ftyp)).toBe("avif");
  });

  it("names HEIC by its brands when no AVIF brand is there", () => {
    for (const brand of ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"]) {
      expect(sniffFormat(bytesOf(u32be(16), "ftyp", brand, [0, 0, 0, 0])), brand).toBe("heic");
    }
    expect(sniffFormat(bytesOf(u32be(20), "ftypisom", [0, 0, 0, 0], "heic"))).toBe("heic");
  });

  it("reads brands only inside the ftyp box's declared size", () => {
    // The box ends after the minor version: the "avif" that follows belongs to the next box.
    expect(sniffFormat(bytesOf(u32be(16), "ftypmif1", [0, 0, 0, 0], "avif", [0, 0, 0, 0]))).toBe("heic");
    // A size running past the file's end reads the brands the file has.
    expect(sniffFormat(bytesOf(u32be(4096), "ftypmif1", [0, 0, 0, 0], "avif"))).toBe("avif");
  });

  it("calls other ISO media unknown, and needs sixteen bytes and the ftyp type to read brands", () => {
    expect(sniffFormat(bytesOf(u32be(16), "ftypisom", [0, 0, 0, 0]))).toBe("unknown");
    expect(sniffFormat(bytesOf(u32be(12), "ftypavif"))).toBe("unknown");
    expect(sniffFormat(bytesOf(u32be(16), "ftypavif", [0, 0, 0]))).toBe("unknown");
    expect(sniffFormat(bytesOf(u32be(16), "ftyqavif", [0, 0, 0, 0]))).toBe("unknown");
  });

  it("names GIF87a and GIF89a, and no other version", () => {
    expect(sniffFormat(bytesOf("GIF87a"))).toBe("gif");
    expect(sniffFormat(bytesOf("GIF89a"))).toBe("gif");
    expect(sniffFormat(bytesOf("GIF88a"))).toBe("unknown");
    expect(sniffFormat(bytesOf("GIF89"))).toBe("unknown");
  });

  it("names TIFF in either byte order", () => {
    expect(sniffFormat(bytesOf("II*", [0]))).toBe("tiff");
    expect(sniffFormat(bytesOf("MM", [0], "*"))).toBe("tiff");
    expect(sniffFormat(bytesOf("II", [0], "*"))).toBe("unknown");
    expect(sniffFormat(bytesOf("MM*", [0]))).toBe("unknown");
  });

  it("names markup by a tag at the start, after any byte-order mark and white space", () => {
    expect(sniffFormat(Buffer.from("<svg/>"))).toBe("markup");
    expect(sniffFormat(Buffer.from(" \t\r\n<svg/>"))).toBe("markup");
    expect(sniffFormat(Buffer.from("\uFEFF<svg/>"))).toBe("markup");
    expect(sniffFormat(Buffer.from("words before <b>a tag</b>"))).toBe("unknown");
  });

  it("reads bytes that are not UTF-8 as unknown rather than failing", () => {
    expect(sniffFormat(bytesOf([0x80, 0x3c, 0xc3]))).toBe("unknown");
  });
});

describe("walking a JPEG", () => {
  it("ends at the end-of-image marker and notes the APPn and comment segments as metadata", () => {
    const jpeg = bytesOf(
      soi,
      segment(0xe0, "JFIF\0"), // 2..11, text 6..11
      segment(0xdb, [0, 1, 2, 3]), // 11..19
      segment(0xef, "ab"), // 19..25, text 23..25
      segment(0xfe, "hello"), // 25..34, text 29..34
      segment(0xf0, [9, 9]), // 34..40
      segment(0xcf, []), // 40..44
      eoi, // 44..46
    );
    expect(imageLayout(jpeg, "jpeg")).toEqual({
      end: 46,
      metadata: [
        [6, 11],
        [23, 25],
        [29, 34],
      ],
    });
  });

  it("reads a segment length of two bytes, high byte first", () => {
    const jpeg = bytesOf(soi, segment(0xfe, "x".repeat(300)), eoi);
    expect(imageLayout(jpeg, "jpeg")).toEqual({ end: 308, metadata: [[6, 306]] });
  });

  it("accepts an empty segment (length 2) but refuses a length below 2", () => {
    expect(imageLayout(bytesOf(soi, [0xff, 0xdb, 0, 2], eoi), "jpeg")).toEqual({ end: 8, metadata: [] });
    expect(imageLayout(bytesOf(soi, [0xff, 0xdb, 0, 1], eoi), "jpeg")).toBe("malformed");
    expect(imageLayout(bytesOf(soi, [0xff, 0xdb, 0, 0], eoi), "jpeg")).toBe("malformed");
    expect(imageLayout(bytesOf(soi, [0xff, 0xdb, 0, 1]), "jpeg")).toBe("malformed");
    // Even for a scan, whose data would otherwise run on to the next marker.
    expect(imageLayout(bytesOf(soi, [0xff, 0xda, 0, 1], eoi), "jpeg")).toBe("malformed");
    expect(imageLayout(bytesOf(soi, [0xff, 0xda, 0, 0, 0x12], eoi), "jpeg")).toBe("malformed");
  });

  it("skips fill bytes before a marker and lets restart markers and TEM stand alone", () => {
    const jpeg = bytesOf(soi, [0xff, 0xff, 0xff, 0xd0, 0xff, 0xd7, 0xff, 0x01], eoi);
    expect(imageLayout(jpeg, "jpeg")).toEqual({ end: jpeg.length, metadata: [] });
  });

  it("reads a scan's data to the next marker, past stuffed bytes, restart markers and fill bytes", () => {
    const scanData = [0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0xff, 0xd7, 0x78, 0xff, 0xff];
    const jpeg = bytesOf(soi, segment(0xda, [1, 2, 3]), scanData, eoi);
    expect(imageLayout(jpeg, "jpeg")).toEqual({ end: jpeg.length, metadata: [] });
  });

  it("ends a scan at any other marker, whose segment must then fit in the file", () => {
    const progressive = bytesOf(
      soi,
      segment(0xda, [1]),
      [0x12],
      segment(0xc4, [1, 2]),
      segment(0xda, [1]),
      [0x34],
      eoi,
    );
    expect(imageLayout(progressive, "jpeg")).toEqual({ end: progressive.length, metadata: [] });
    expect(imageLayout(bytesOf(soi, segment(0xda, [1]), [0x12, 0xff, 0xc4, 0x00, 0x10], eoi), "jpeg")).toBe(
      "truncated",
    );
  });

  it("calls a JPEG cut short truncated, wherever the cut falls", () => {
    for (const cut of [
      bytesOf(soi),
      bytesOf(soi, [0xff]),
      bytesOf(soi, [0xff, 0xff]),
      bytesOf(soi, [0xff, 0xdb, 0x00]),
      bytesOf(soi, [0xff, 0xfe, 0x00, 0x10], "ab"),
      bytesOf(soi, segment(0xda, [1]), [0x12, 0x34]),
      bytesOf(soi, segment(0xda, [1]), [0x12, 0xff]),
      bytesOf(soi, segment(0xda, [1]), [0x12, 0xff, 0x00]),
    ]) {
      expect(imageLayout(cut, "jpeg"), cut.toString("hex")).toBe("truncated");
    }
  });

  it("calls a JPEG malformed without its start marker, with stray bytes between segments or a forbidden marker", () => {
    for (const damaged of [
      bytesOf(eoi),
      bytesOf([0xff, 0x00], eoi),
      bytesOf(soi, [0x00], eoi),
      bytesOf(soi, segment(0xfe, "a"), [0x99], eoi),
      bytesOf(soi, soi, eoi),
      bytesOf(soi, [0xff, 0x00], eoi),
    ]) {
      expect(imageLayout(damaged, "jpeg"), damaged.toString("hex")).toBe("malformed");
    }
  });
});

describe("walking a PNG", () => {
  it("ends after IEND and notes every chunk but the pixel data (IDAT, fdAT) as metadata", () => {
    const png = bytesOf(
      pngSignature,
      ihdr, // 8..33, data 16..29
      pngChunk("tEXt", Buffer.from("hello")), // 33..50, data 41..46
      pngChunk("IDAT", Buffer.alloc(3)), // 50..65
      pngChunk("fdAT", Buffer.alloc(4)), // 65..81
      pngChunk("aAzZ", Buffer.alloc(1)), // 81..94, data 89..90
      iend, // 94..106, data 102..102
    );
    expect(imageLayout(png, "png")).toEqual({
      end: 106,
      metadata: [
        [16, 29],
        [41, 46],
        [89, 90],
        [102, 102],
      ],
    });
  });

  it("ends a real PNG where the file ends, its CRCs read in full", async () => {
    const png = await gradientPicture("png");
    expect(imageLayout(png, "png")).toMatchObject({ end: png.length });
  });

  it("needs the signature and a first chunk that is IHDR of 13 bytes", () => {
    expect(imageLayout(bytesOf([0x89, 0x51], pngSignature.slice(2), ihdr, iend), "png")).toBe("malformed");
    expect(imageLayout(bytesOf(pngSignature, pngChunk("IDAT", Buffer.alloc(13)), iend), "png")).toBe("malformed");
    expect(imageLayout(bytesOf(pngSignature, pngChunk("IHDR", Buffer.alloc(12)), iend), "png")).toBe("malformed");
    // The first chunk's header is judged as soon as it is read, even at the file's end.
    expect(imageLayout(bytesOf(pngSignature, [0, 0, 0, 13], "IDAT"), "png")).toBe("malformed");
  });

  it("refuses chunk types that are not four letters, and lengths above 2^31 - 1", () => {
    expect(imageLayout(bytesOf(pngSignature, ihdr, pngChunk("tEX1", Buffer.alloc(2)), iend), "png")).toBe("malformed");
    expect(imageLayout(bytesOf(pngSignature, ihdr, [0, 0, 0, 0], "IE D"), "png")).toBe("malformed");
    expect(imageLayout(bytesOf(pngSignature, ihdr, u32be(0x80000000), "IDAT"), "png")).toBe("malformed");
    expect(imageLayout(bytesOf(pngSignature, ihdr, u32be(0x7fffffff), "IDAT"), "png")).toBe("truncated");
  });

  it("calls a PNG truncated when it ends before IEND or inside a chunk's CRC", () => {
    const whole = bytesOf(pngSignature, ihdr, iend);
    expect(imageLayout(bytesOf(pngSignature), "png")).toBe("truncated");
    expect(imageLayout(bytesOf(pngSignature, ihdr), "png")).toBe("truncated");
    expect(imageLayout(whole.subarray(0, whole.length - 2), "png")).toBe("truncated");
    expect(imageLayout(whole, "png")).toEqual({
      end: whole.length,
      metadata: [
        [16, 29],
        [41, 41],
      ],
    });
  });

  it("notes the zlib stream of each zTXt chunk and compressed iTXt chunk, and no stream of a plain iTXt", () => {
    const stream = deflateSync("<html>");
    const zTxt = pngChunk("zTXt", bytesOf("Comment", [0, 0], stream)); // from 33, its stream from 41 + 9
    const iTxt = pngChunk("iTXt", bytesOf("XML", [0, 1, 0], "en", [0], "Note", [0], stream));
    const plain = pngChunk("iTXt", bytesOf("XML", [0, 0, 0], [0], [0], "<html>"));
    const png = bytesOf(pngSignature, ihdr, zTxt, iTxt, plain, iend);
    const iTxtData = 33 + zTxt.length + 8;
    expect(imageLayout(png, "png")).toMatchObject({
      end: png.length,
      compressed: [
        [41 + 9, 41 + 9 + stream.length],
        [iTxtData + 14, iTxtData + 14 + stream.length],
      ],
    });
    expect(imageLayout(bytesOf(pngSignature, ihdr, plain, iend), "png")).not.toHaveProperty("compressed");
  });

  it("refuses a compressed text chunk without its separators", () => {
    for (const chunk of [
      pngChunk("zTXt", bytesOf("Comment")),
      pngChunk("zTXt", bytesOf("Comment", [0])),
      pngChunk("iTXt", bytesOf("XML", [0, 1])),
      pngChunk("iTXt", bytesOf("XML", [0, 1, 0], "en", [0], "no end")),
    ]) {
      expect(imageLayout(bytesOf(pngSignature, ihdr, chunk, iend), "png")).toBe("malformed");
    }
  });

  it("refuses a chunk whose CRC does not match its type and data", () => {
    const damaged = bytesOf(pngSignature, ihdr, iend);
    damaged[16] = 0; // IHDR data changed, CRC kept
    expect(imageLayout(damaged, "png")).toBe("malformed");
  });
});

describe("walking a WebP", () => {
  it("walks the RIFF chunks, skipping odd sizes' padding, and notes all but the bitstreams as metadata", () => {
    const webp = riff(
      riffChunk("VP8X", 10), // 12..30, data 20..30
      riffChunk("ICCP", 3), // 30..42, data 38..41, padding 41
      riffChunk("ANMF", 4), // 42..54
      riffChunk("ALPH", 2), // 54..64
      riffChunk("VP8 ", 5), // 64..78
      riffChunk("VP8L", 2), // 78..88
      riffChunk("EXIF", 4), // 88..100, data 96..100
      riffChunk("XMP ", 0), // 100..108, data 108..108
    );
    expect(imageLayout(webp, "webp")).toEqual({
      end: 108,
      metadata: [
        [20, 30],
        [38, 41],
        [96, 100],
        [108, 108],
      ],
    });
  });

  it("ends a real WebP where the file ends", async () => {
    const webp = await gradientPicture("webp");
    expect(imageLayout(webp, "webp")).toMatchObject({ end: webp.length });
  });

  it("ends at the RIFF size, leaving what follows outside the image", () => {
    const webp = riff(riffChunk("VP8L", 2));
    expect(imageLayout(bytesOf(webp, "<html>"), "webp")).toEqual({ end: webp.length, metadata: [] });
    expect(imageLayout(bytesOf("RIFF", u32le(4), "WEBP"), "webp")).toEqual({ end: 12, metadata: [] });
  });

  it("needs RIFF, WEBP and twelve bytes", () => {
    expect(imageLayout(bytesOf("RIFF", u32le(4), "WAVE"), "webp")).toBe("malformed");
    expect(imageLayout(bytesOf("RIFX", u32le(4), "WEBP"), "webp")).toBe("malformed");
    expect(imageLayout(bytesOf("RIFF", u32le(3), "WEB"), "webp")).toBe("malformed");
  });

  it("calls a WebP truncated when the RIFF size runs past the file", () => {
    const webp = riff(riffChunk("VP8L", 2));
    expect(imageLayout(webp.subarray(0, webp.length - 1), "webp")).toBe("truncated");
  });

  it("refuses a chunk whose header or declared size runs past the RIFF size, whichever byte holds it", () => {
    expect(imageLayout(bytesOf("RIFF", u32le(10), "WEBP", "VP8 ", [0, 0]), "webp")).toBe("malformed");
    for (const size of [
      [1, 0, 0, 0],
      [0, 1, 0, 0],
      [0, 0, 1, 0],
      [0, 0, 0, 1],
    ] as const) {
      expect(imageLayout(bytesOf("RIFF", u32le(12), "WEBP", "VP8L", size), "webp"), String(size)).toBe("malformed");
    }
  });

  it("refuses an odd-sized last chunk whose padding byte the RIFF size leaves out", () => {
    expect(imageLayout(bytesOf("RIFF", u32le(15), "WEBP", "VP8L", u32le(3), [1, 2, 3], [0]), "webp")).toBe("malformed");
  });
});

describe("walking an AVIF's boxes", () => {
  const boxes: [type: string, payload: number][] = [
    ["meta", 4],
    ["mdat", 3],
    ["moov", 1],
    ["free", 0],
    ["skip", 2],
    ["uuid", 16],
    ["moof", 1],
    ["mfra", 1],
    ["styp", 4],
    ["sidx", 2],
  ];

  it("walks every top-level box an AVIF may hold and notes all but mdat as metadata", () => {
    const avif = bytesOf(ftyp, ...boxes.map(([type, payload]) => box(type, payload)));
    const metadata: [number, number][] = [[8, 20]];
    let at = ftyp.length;
    for (const [type, payload] of boxes) {
      if (type !== "mdat") metadata.push([at + 8, at + 8 + payload]);
      at += 8 + payload;
    }
    expect(imageLayout(avif, "avif")).toEqual({ end: avif.length, metadata });
  });

  it("ends a real AVIF where the file ends", async () => {
    const avif = await gradientPicture("avif");
    expect(imageLayout(avif, "avif")).toMatchObject({ end: avif.length });
  });

  it("ends before a box no AVIF holds at the top, or bytes too few for a box header", () => {
    expect(imageLayout(bytesOf(ftyp, box("zzzz", 2)), "avif")).toEqual({ end: 20, metadata: [[8, 20]] });
    expect(imageLayout(bytesOf(ftyp, [0, 0, 0, 8]), "avif")).toEqual({ end: 20, metadata: [[8, 20]] });
  });

  it("needs the file to start with a whole ftyp box", () => {
    expect(imageLayout(bytesOf([0, 0, 0, 8]), "avif")).toBe("truncated");
    expect(imageLayout(bytesOf(box("meta", 4), ftyp), "avif")).toBe("malformed");
    expect(imageLayout(bytesOf(box("abcd", 4)), "avif")).toBe("malformed");
    expect(imageLayout(bytesOf(u32be(4), "ftypavif"), "avif")).toBe("malformed");
  });

  it("runs a box of size 0 to the end of the file", () => {
    const rest = bytesOf(u32be(0), "meta", [1, 2, 3, 4, 5]);
    expect(imageLayout(bytesOf(ftyp, rest), "avif")).toEqual({
      end: 33,
      metadata: [
        [8, 20],
        [28, 33],
      ],
    });
  });

  it("reads a 64-bit size after the header when the size is 1", () => {
    const large = bytesOf(u32be(1), "mdat", u32be(0), u32be(20), [1, 2, 3, 4]);
    const avif = bytesOf(ftyp, large, box("free", 0));
    expect(imageLayout(avif, "avif")).toEqual({
      end: avif.length,
      metadata: [
        [8, 20],
        [48, 48],
      ],
    });
    const emptyAtEnd = bytesOf(ftyp, u32be(1), "free", u32be(0), u32be(16));
    expect(imageLayout(emptyAtEnd, "avif")).toEqual({
      end: 36,
      metadata: [
        [8, 20],
        [36, 36],
      ],
    });
  });

  it("calls a box that runs past the file truncated, its 64-bit size's high word included", () => {
    expect(imageLayout(bytesOf(ftyp, box("mdat", 10).subarray(0, 12)), "avif")).toBe("truncated");
    expect(imageLayout(bytesOf(ftyp, u32be(1), "mdat", u32be(0)), "avif")).toBe("truncated");
    expect(imageLayout(bytesOf(ftyp, u32be(1), "mdat", u32be(1), u32be(16), box("free", 0)), "avif")).toBe("truncated");
  });

  it("refuses a box smaller than its own header", () => {
    expect(imageLayout(bytesOf(ftyp, u32be(4), "free"), "avif")).toBe("malformed");
    expect(imageLayout(bytesOf(ftyp, u32be(1), "free", u32be(0), u32be(15)), "avif")).toBe("malformed");
  });
});

describe("JPEGs appended after the first", () => {
  const first = bytesOf(soi, segment(0xe1, "Exif\0\0"), eoi); // 0..14
  const second = bytesOf(soi, segment(0xfe, "hi"), eoi); // 10 bytes, text at 6..8 of it

  it("reads each whole JPEG that follows, with its metadata where it is in the file", () => {
    expect(appendedJpegs(bytesOf(first, second, second), first.length)).toEqual([
      { end: 24, metadata: [[20, 22]] },
      { end: 34, metadata: [[30, 32]] },
    ]);
  });

  it("allows nothing, or zero padding, after the last JPEG", () => {
    expect(appendedJpegs(first, first.length)).toEqual([]);
    expect(appendedJpegs(bytesOf(first, [0, 0, 0]), first.length)).toEqual([]);
    expect(appendedJpegs(bytesOf(first, second, [0, 0]), first.length)).toEqual([{ end: 24, metadata: [[20, 22]] }]);
  });

  it("refuses anything else: other bytes, a JPEG after the padding, one cut short or damaged", () => {
    expect(appendedJpegs(bytesOf(first, [0, 1]), first.length)).toBeUndefined();
    expect(appendedJpegs(bytesOf(first, "PK"), first.length)).toBeUndefined();
    expect(appendedJpegs(bytesOf(first, [0], second), first.length)).toBeUndefined();
    expect(appendedJpegs(bytesOf(first, second.subarray(0, 6)), first.length)).toBeUndefined();
    expect(appendedJpegs(bytesOf(first, [0xff, 0x00], second), first.length)).toBeUndefined();
  });
});

describe("finding a ZIP archive's directory", () => {
  function endRecord(commentLength: number): Buffer {
    const record = Buffer.from(emptyZip);
    record.writeUInt16LE(commentLength, 20);
    return record;
  }

  it("finds an end record at the very start of the file", () => {
    expect(hasZipDirectory(emptyZip)).toBe(true);
    expect(hasZipDirectory(emptyZip.subarray(0, 21))).toBe(false);
  });

  it("needs all four bytes of the signature", () => {
    for (const at of [0, 1, 2, 3]) {
      const record = Buffer.from(emptyZip);
      record[at] = (record[at] ?? 0) + 1;
      expect(hasZipDirectory(bytesOf([1, 2, 3], record)), String(at)).toBe(false);
    }
    expect(hasZipDirectory(Buffer.alloc(22))).toBe(false);
  });

  it("reads the comment length in both its bytes, low byte first", () => {
    const comment = Buffer.alloc(300, 0x61);
    expect(hasZipDirectory(bytesOf([1, 2, 3], endRecord(300), comment))).toBe(true);
    expect(hasZipDirectory(bytesOf([1, 2, 3], endRecord(299), comment))).toBe(false);
  });

  it("finds a record whose comment is as long as a ZIP allows, 65535 bytes", () => {
    const comment = Buffer.alloc(0xffff, 0x61);
    expect(hasZipDirectory(bytesOf(Buffer.alloc(100, 1), endRecord(0xffff), comment))).toBe(true);
  });
});

describe("inflating compressed text", () => {
  const layoutOf = (bytes: Uint8Array, ...streams: Uint8Array[]): [Buffer, ImageLayout] => {
    const compressed: [number, number][] = [];
    let at = bytes.length;
    for (const stream of streams) {
      compressed.push([at, at + stream.length]);
      at += stream.length;
    }
    return [bytesOf(bytes, ...streams), { end: at, metadata: [], compressed }];
  };

  it("gives each stream's text, and nothing for a layout without compressed text", () => {
    const [bytes, layout] = layoutOf(bytesOf("head"), deflateSync("first"), deflateSync("second"));
    const texts = inflateText(bytes, [layout]) as Uint8Array[];
    expect(texts.map((text) => Buffer.from(text).toString())).toEqual(["first", "second"]);
    expect(inflateText(bytes, [{ end: 0, metadata: [] }])).toEqual([]);
  });

  it("gives what a stream cut short holds", () => {
    const stream = deflateSync("<html> and more words after the tag");
    const [bytes, layout] = layoutOf(bytesOf(), stream.subarray(0, stream.length - 8));
    const [text] = inflateText(bytes, [layout]) as Uint8Array[];
    expect(Buffer.from(text ?? []).toString()).toMatch(/^<html> and more/);
  });

  it("stops at the limit, counting all streams together, without unpacking a bomb", () => {
    const bomb = deflateSync(Buffer.alloc(16 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(100_000);
    expect(inflateText(...toArgs(layoutOf(bytesOf(), bomb)))).toBe("too large");
    const [bytes, layout] = layoutOf(bytesOf(), deflateSync(Buffer.alloc(600)), deflateSync(Buffer.alloc(600)));
    expect(inflateText(bytes, [layout], 1200)).toHaveLength(2);
    expect(inflateText(bytes, [layout], 1199)).toBe("too large");
    expect(maxInflatedText).toBe(4 * 1024 * 1024);
  });

  it("calls a stream that is not zlib data unreadable", () => {
    expect(inflateText(...toArgs(layoutOf(bytesOf(), bytesOf("<html> not deflated"))))).toBe("unreadable");
  });

  function toArgs([bytes, layout]: [Buffer, ImageLayout]): [Buffer, ImageLayout[]] {
    return [bytes, [layout]];
  }
});

describe("finding markup hidden in an image", () => {
  const metadataSignatures = [
    "<script",
    "<html",
    "<body",
    "<iframe",
    "<svg",
    "<object",
    "<embed",
    "<!doctype",
    "<?php",
    "javascript:",
    "onerror=",
    "onload=",
    "pk\u0003\u0004",
  ];
  const layoutWith = (...metadata: [number, number][]): ImageLayout => ({ end: 0, metadata });

  it("finds each markup or archive signature in metadata, in either case, up to the range's last byte", () => {
    for (const signature of metadataSignatures) {
      for (const text of [signature, signature.toUpperCase()]) {
        const bytes = bytesOf("ab", text, "cd");
        expect(hiddenContent(bytes, [layoutWith([2, 2 + text.length])]), text).toBe(signature);
      }
    }
  });

  it("finds nothing in ordinary metadata, even with tags' first letters and near misses", () => {
    const text = "Jar of pure shilajit, poured <3 on 2025-01-02; <xvg> <scrip onloa=";
    expect(hiddenContent(Buffer.from(text), [layoutWith([0, text.length])])).toBeUndefined();
  });

  it("reads a signature only where it lies wholly inside a metadata range", () => {
    const bytes = Buffer.from("<svg onload=x>");
    expect(hiddenContent(bytes, [layoutWith([0, 3])])).toBeUndefined();
    expect(hiddenContent(bytes, [layoutWith([1, bytes.length])])).toBe("onload=");
  });

  it("searches the metadata of every layout, not just the first", () => {
    const bytes = Buffer.from("plain text then <iframe src=x>");
    expect(hiddenContent(bytes, [layoutWith([0, 10]), layoutWith(), layoutWith([16, bytes.length])])).toBe("<iframe");
  });

  it("searches inflated text like metadata", () => {
    expect(hiddenContent(Buffer.from("pixels"), [], [Buffer.from("a <IFRAME src=x>")])).toBe("<iframe");
    expect(hiddenContent(Buffer.from("pixels"), [], [Buffer.from("Jar, 2025"), Buffer.from("onerror=")])).toBe(
      "onerror=",
    );
    expect(hiddenContent(Buffer.from("pixels"), [], [Buffer.from("Jar of pure shilajit")])).toBeUndefined();
  });

  it("looks for a script tag everywhere, and for other markup only in metadata", () => {
    expect(hiddenContent(Buffer.from("pixels <svg onload=x> <html>"), [])).toBeUndefined();
    expect(hiddenContent(Buffer.from("pixels <ScRiPt>"), [])).toBe("<script");
  });
});
