import { describe, expect, it } from "vitest";
import {
  cardFileName,
  certificateDownloadName,
  certificateFileName,
  certificateOfAddressName,
  certificateOfFileName,
  certificatePath,
  isMediaStoreName,
  mediaFileOfUrl,
  mediaIdPattern,
  mediaPath,
  newMediaId,
  parseMediaFileName,
  photoFileName,
} from "./media-names.ts";

const id = "med_0123456789abcdef0123";

describe("media file names", () => {
  it("names a photo's widths and card after its random id", () => {
    expect(newMediaId()).toMatch(/^med_[0-9a-f]{20}$/);
    expect(newMediaId()).not.toBe(newMediaId());
    expect(photoFileName(id, 640)).toBe(`${id}-640.webp`);
    expect(cardFileName(id)).toBe(`${id}-card.jpg`);
  });

  it("serves media files under /media/", () => {
    expect(mediaPath(`${id}-640.webp`)).toBe(`/media/${id}-640.webp`);
    expect(mediaFileOfUrl(mediaPath(cardFileName(id)))).toEqual({ id, kind: "card" });
  });

  it("takes as an id exactly med_ and 20 lower-case hex digits", () => {
    expect(mediaIdPattern.test(newMediaId())).toBe(true);
    expect(mediaIdPattern.test(id)).toBe(true);
    for (const other of [`${id}0`, id.slice(0, -1), `x${id}`, "med_0123456789ABCDEF0123", "med-0123456789abcdef0123"]) {
      expect(mediaIdPattern.test(other), other).toBe(false);
    }
  });

  it("reads widths of one to five digits", () => {
    expect(parseMediaFileName(`${id}-1.webp`)).toEqual({ id, kind: "photo", width: 1 });
    expect(parseMediaFileName(`${id}-99999.webp`)).toEqual({ id, kind: "photo", width: 99999 });
    expect(parseMediaFileName(`${id}-100000.webp`)).toBeUndefined();
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
      `${id}-640xwebp`,
      `${id}-cardxjpg`,
      `${id}-card.webp`,
      `${id}-640.jpg`,
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

  it("reads a URL only when it is exactly /media/ and a file name: no prefix, suffix, query or fragment", () => {
    for (const url of [
      `/shop/media/${id}-640.webp`,
      `https://example.com/media/${id}-640.webp`,
      `media/${id}-640.webp`,
      `/media/${id}-640.webp/x`,
      `/media/${id}-640.webp?v=2`,
      `/media/${id}-640.webp#top`,
      "/media/",
    ]) {
      expect(mediaFileOfUrl(url), url).toBeUndefined();
    }
  });
});

describe("certificate file names", () => {
  const sha = "0123456789abcdef".repeat(4);

  it("names a certificate's file and address by its SHA-256, and reads both back", () => {
    expect(certificateFileName(sha)).toBe(`certificate-${sha}.pdf`);
    expect(certificatePath(sha)).toBe(`/media/certificates/${sha}.pdf`);
    expect(certificateOfFileName(certificateFileName(sha))).toBe(sha);
    expect(certificateOfAddressName(`${sha}.pdf`)).toBe(sha);
  });

  it("reads no other name: another length, upper case, another extension, a path, anything around it", () => {
    for (const name of [
      `certificate-${sha.slice(1)}.pdf`,
      `certificate-${sha}0.pdf`,
      `certificate-${sha.toUpperCase()}.pdf`,
      `certificate-${sha}.PDF`,
      `certificate-${sha}.pdf.html`,
      `certificate-${sha}xpdf`,
      `xcertificate-${sha}.pdf`,
      `../certificate-${sha}.pdf`,
      `certificates-${sha}.pdf`,
      `${sha}.pdf`,
      "",
    ]) {
      expect(certificateOfFileName(name), name).toBeUndefined();
    }
    for (const name of [
      `${sha.slice(1)}.pdf`,
      `${sha}0.pdf`,
      `${sha.toUpperCase()}.pdf`,
      `${sha}.PDF`,
      `${sha}xpdf`,
      `x${sha}.pdf`,
      `${sha}.pdf.js`,
      `certificate-${sha}.pdf`,
      "",
    ]) {
      expect(certificateOfAddressName(name), name).toBeUndefined();
    }
  });

  it("lets the media store keep photos, cards and certificates, and nothing else", () => {
    expect(isMediaStoreName(`${id}-640.webp`)).toBe(true);
    expect(isMediaStoreName(`${id}-card.jpg`)).toBe(true);
    expect(isMediaStoreName(certificateFileName(sha))).toBe(true);
    for (const name of [`${sha}.pdf`, "../secret.pdf", `certificate-${sha}.pdf/..`, "notes.txt", ""]) {
      expect(isMediaStoreName(name), name).toBe(false);
    }
  });

  it("names a certificate's download after its lot, with only safe characters between the header's quotes", () => {
    expect(certificateDownloadName("HS-2611")).toBe("HS-2611-certificate.pdf");
    expect(certificateDownloadName("HS/26.11-b")).toBe("HS-26.11-b-certificate.pdf");
    expect(certificateDownloadName('a"b\\c d;é\r\n')).toBe("a-b-c-d-----certificate.pdf");
  });
});
