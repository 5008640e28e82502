import { describe, expect, it } from "vitest";
import { batchFieldOfRefusal, batchFormErrors, batchUploadPath, megabytes } from "./batches.ts";

const pdf = { name: "HS-2611.pdf", size: 200_000 };
const limit = 10 * 1024 * 1024;

describe("adding a batch", () => {
  it("takes a lot as printed on the jar, a test date up to today, and a PDF within the limit", () => {
    expect(
      batchFormErrors({ lot: " HS-2611/B.2 ", testedOn: "2026-03-01", certificate: pdf }, "2026-03-01", limit),
    ).toEqual({});
    expect(
      batchFormErrors({ lot: "A".repeat(40), testedOn: "", certificate: { ...pdf, size: limit } }, "2026-03-01", limit),
    ).toEqual({});
  });

  it("names each field's problem", () => {
    const rule = "A lot number is 1 to 40 letters, digits, - / or . (as printed on the jar)";
    expect(batchFormErrors({ lot: "", testedOn: "2026-03-02", certificate: undefined }, "2026-03-01", limit)).toEqual({
      lot: rule,
      testedOn: "The test date cannot be in the future",
      certificate: "Choose the lab's certificate, a PDF file",
    });
    expect(
      batchFormErrors(
        { lot: "HS 26", testedOn: "", certificate: { name: "scan.pdf", size: limit + 1 } },
        "2026-03-01",
        limit,
      ),
    ).toEqual({ lot: rule, certificate: "scan.pdf is larger than 10 MB, the most a certificate may be" });
    expect(batchFormErrors({ lot: "A".repeat(41), testedOn: "", certificate: pdf }, "2026-03-01", limit)).toEqual({
      lot: rule,
    });
  });

  it("states sizes in megabytes of 1024 × 1024 bytes", () => {
    expect(megabytes(limit)).toBe("10 MB");
    expect(megabytes(2.5 * 1024 * 1024)).toBe("2.5 MB");
  });

  it("sends the lot, trimmed, and the date only when given, in the query", () => {
    expect(batchUploadPath("prod_resin", { lot: " HS-26/1 ", testedOn: "2026-02-20" })).toBe(
      "/products/prod_resin/batches?lot=HS-26%2F1&testedOn=2026-02-20",
    );
    expect(batchUploadPath("prod x", { lot: "HS-1", testedOn: "" })).toBe("/products/prod%20x/batches?lot=HS-1");
  });

  it("puts a refusal on the field it is about", () => {
    expect(batchFieldOfRefusal({ code: "invalid_request", field: "query.lot" })).toBe("lot");
    expect(batchFieldOfRefusal({ code: "invalid_request", field: "query.testedOn" })).toBe("testedOn");
    for (const code of [
      "certificate_not_pdf",
      "certificate_unreadable",
      "certificate_active_content",
      "body_too_large",
      "unsupported_media_type",
    ]) {
      expect(batchFieldOfRefusal({ code, field: undefined }), code).toBe("certificate");
    }
    expect(batchFieldOfRefusal({ code: "service_unavailable", field: undefined })).toBeUndefined();
    expect(batchFieldOfRefusal({ code: "invalid_request", field: "body.x" })).toBeUndefined();
  });
});
