import { describe, expect, it } from "vitest";
import {
  certificatePdf,
  escapedScriptPdf,
  handWrittenPdf,
  htmlPage,
  pageObjects,
  scriptedPdf,
} from "./certificate-fixtures.testing.ts";
import { checkCertificate } from "./certificate-pdf.ts";

async function refusalOf(bytes: Uint8Array) {
  const refusal = await checkCertificate(bytes);
  return refusal === undefined
    ? undefined
    : { status: refusal.statusCode, code: refusal.code, details: refusal.details, message: refusal.message };
}

describe("checking a lab certificate", () => {
  it("takes a real one-page report, with or without compressed object streams, and a hand-written one", async () => {
    expect(await refusalOf(await certificatePdf())).toBeUndefined();
    expect(await refusalOf(await certificatePdf("HS-1", { objectStreams: false }))).toBeUndefined();
    expect(await refusalOf(handWrittenPdf(pageObjects()))).toBeUndefined();
  });

  it("takes a link to a web page (/URI)", async () => {
    const link = handWrittenPdf([
      ...pageObjects(),
      "<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (https://lab.example/r/1) >> >>",
    ]);
    expect(await refusalOf(link)).toBeUndefined();
  });

  it("refuses a script run on opening, in plain objects and inside a compressed object stream", async () => {
    const plain = await scriptedPdf({ objectStreams: false });
    expect(await refusalOf(plain)).toMatchObject({
      status: 400,
      code: "certificate_active_content",
      details: { name: "OpenAction" },
    });
    const compressed = await scriptedPdf({ objectStreams: true });
    // The names are not in the file's bytes: only the library's unpacking of the object stream shows them.
    expect(compressed.toString("latin1")).not.toMatch(/OpenAction|JavaScript|\/JS/);
    expect(await refusalOf(compressed)).toMatchObject({
      code: "certificate_active_content",
      details: { name: "OpenAction" },
    });
  });

  it("refuses names spelled with #xx escapes", async () => {
    expect(await refusalOf(escapedScriptPdf())).toMatchObject({ code: "certificate_active_content" });
    const onlyEscaped = handWrittenPdf([...pageObjects(), "<< /S /J#61vaScript /#4aS (app.alert(1)) >>"]);
    expect(await refusalOf(onlyEscaped)).toMatchObject({ details: { name: "JavaScript" } });
  });

  it("refuses an attached file and a form that submits itself", async () => {
    const attached = handWrittenPdf(pageObjects(" /Names << /EmbeddedFiles 4 0 R >>").concat("<< /Names [] >>"));
    expect(await refusalOf(attached)).toMatchObject({ details: { name: "EmbeddedFiles" } });
    const submitting = handWrittenPdf([...pageObjects(), "<< /S /SubmitForm /F (https://evil.example) >>"]);
    expect(await refusalOf(submitting)).toMatchObject({ details: { name: "SubmitForm" } });
  });

  it("refuses a web page or a picture named .pdf as not a PDF", async () => {
    expect(await refusalOf(htmlPage)).toMatchObject({ status: 415, code: "certificate_not_pdf" });
    expect(await refusalOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toMatchObject({
      code: "certificate_not_pdf",
    });
  });

  it("refuses an empty file, one cut before its end, and one that only looks like a PDF", async () => {
    expect(await refusalOf(Buffer.alloc(0))).toMatchObject({ status: 400, code: "certificate_unreadable" });
    const whole = await certificatePdf();
    const cut = whole.subarray(0, whole.lastIndexOf("%%EOF"));
    expect(await refusalOf(cut)).toMatchObject({ code: "certificate_unreadable", message: /cut short/ });
    const hollow = Buffer.from("%PDF-1.7\nnot a document at all\n%%EOF\n");
    expect(await refusalOf(hollow)).toMatchObject({ code: "certificate_unreadable", message: /damaged/ });
    const noPages = handWrittenPdf(["<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [] /Count 0 >>"]);
    expect(await refusalOf(noPages)).toMatchObject({ code: "certificate_unreadable", message: /damaged/ });
  });

  it("refuses an encrypted PDF, whose contents cannot be checked", async () => {
    const encrypted = handWrittenPdf(
      [...pageObjects(), "<< /Filter /Standard /V 1 /R 2 /O (owner) /U (user) /P -4 >>"],
      " /Encrypt 4 0 R /ID [<00> <00>]",
    );
    expect(await refusalOf(encrypted)).toMatchObject({
      code: "certificate_unreadable",
      message: /protected with a password or encryption/,
    });
  });
});
