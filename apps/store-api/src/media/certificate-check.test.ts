import { describe, expect, it } from "vitest";
import {
  activeContentNames,
  activeContentProblem,
  activeNameInBytes,
  certificateBytesProblem,
  certificateContentType,
  certificateMaxBytes,
  endsWithEndOfFile,
  hasPdfHeader,
  isActiveName,
  isCertificateContentType,
} from "./certificate-check.ts";

const bytes = (text: string) => Buffer.from(text, "latin1");
/** A file with a PDF's start and end around the given middle. */
const pdf = (middle: string) => bytes(`%PDF-1.7\n${middle}\n%%EOF\n`);

describe("a certificate's header", () => {
  it("is %PDF-1.x or %PDF-2.x at the very first byte", () => {
    for (const start of ["%PDF-1.0", "%PDF-1.7\n", "%PDF-2.0\r\n%âãÏÓ", "%PDF-1.4 rest"]) {
      expect(hasPdfHeader(bytes(start)), start).toBe(true);
    }
  });

  it("is nothing else: another version, another case, anything before it, a short file", () => {
    for (const start of [
      "%PDF-3.0",
      "%PDF-0.9",
      "%PDF-1.",
      "%PDF-1.x",
      "%pdf-1.7",
      " %PDF-1.7",
      "\uFEFF%PDF-1.7",
      "<html>%PDF-1.7",
      "%PDF1.7",
      "PDF-1.7",
      "%",
      "",
    ]) {
      expect(hasPdfHeader(bytes(start)), JSON.stringify(start)).toBe(false);
    }
  });
});

describe("a certificate's end", () => {
  it("is %%EOF, then nothing but PDF white space", () => {
    for (const end of ["%%EOF", "%%EOF\n", "%%EOF\r\n", "%%EOF \t\f\u0000\r\n\n"]) {
      expect(endsWithEndOfFile(bytes(`%PDF-1.7\n${end}`)), JSON.stringify(end)).toBe(true);
    }
    expect(endsWithEndOfFile(bytes("%%EOF"))).toBe(true);
  });

  it("is missing from a file cut short, or one with anything after it", () => {
    for (const end of ["%%EO", "%%EOF\nx", "%%EOF\n<html>", "%%EOF\u000b", "%EOF", "%%eof", "endobj\n", ""]) {
      expect(endsWithEndOfFile(bytes(`%PDF-1.7\n${end}`)), JSON.stringify(end)).toBe(false);
    }
    expect(endsWithEndOfFile(bytes("\n\n"))).toBe(false);
    expect(endsWithEndOfFile(bytes(""))).toBe(false);
  });
});

describe("active content in a certificate's bytes", () => {
  it("names every listed name, with the slash, wherever it stands", () => {
    expect(activeContentNames).toEqual([
      "JavaScript",
      "JS",
      "OpenAction",
      "AA",
      "Launch",
      "EmbeddedFile",
      "EmbeddedFiles",
      "RichMedia",
      "XFA",
      "SubmitForm",
      "ImportData",
      "GoToR",
    ]);
    for (const name of activeContentNames) {
      for (const after of [" ", "\n", "\r", "\t", "\f", "\u0000", "(", ")", "<", ">", "[", "]", "{", "}", "/", "%"]) {
        expect(activeNameInBytes(pdf(`<< /Key /${name}${after}x >>`)), `${name}${JSON.stringify(after)}`).toBe(name);
      }
      // At the very end of the bytes too.
      expect(activeNameInBytes(bytes(`/${name}`))).toBe(name);
    }
  });

  it("reads names spelled with #xx escapes, in either case of hex digits", () => {
    expect(activeNameInBytes(pdf("<< /S /J#61vaScript >>"))).toBe("JavaScript");
    expect(activeNameInBytes(pdf("<< /#4aS (x) >>"))).toBe("JS");
    expect(activeNameInBytes(pdf("<< /#4A#53 (x) >>"))).toBe("JS");
    expect(activeNameInBytes(pdf("<< /Open#41ction 4 0 R >>"))).toBe("OpenAction");
    expect(activeNameInBytes(pdf("<< /#41#41 4 0 R >>"))).toBe("AA");
    expect(activeNameInBytes(pdf("<< /Embedded#46ile#73 4 0 R >>"))).toBe("EmbeddedFiles");
    expect(activeNameInBytes(pdf("<< /#58#46#41 4 0 R >>"))).toBe("XFA");
    expect(activeNameInBytes(pdf("<< /S /Go#54o#52 >>"))).toBe("GoToR");
    expect(activeNameInBytes(pdf("<< /S /#6a#61#76#61Script >>"))).toBeUndefined();
    expect(activeNameInBytes(pdf("<< /S /#4A#61#76#61Script >>"))).toBe("JavaScript");
    expect(activeNameInBytes(pdf("<< /S /Ja#76#61#53#63#72#69#70#74 >>"))).toBe("JavaScript");
  });

  it("leaves alone other names, names that only start like one, other cases, and text without a slash", () => {
    for (const middle of [
      "<< /URI (https://lab.example/report) /S /URI >>",
      "<< /JSON 1 /JSX 2 /AAA 3 /OpenActions 4 /XFAForm 5 >>",
      "<< /js 1 /javascript 2 /aa 3 /Js 4 >>",
      "(JavaScript and OpenAction as words) JS AA",
      "<< /Type /Page /Annots [] /MediaBox [0 0 595 842] >>",
      "<< /J#6 1 >>",
      "<< /J#6Z 1 >>",
    ]) {
      expect(activeNameInBytes(pdf(middle)), middle).toBeUndefined();
    }
  });

  it("gives the first one found", () => {
    expect(activeNameInBytes(pdf("<< /OpenAction << /S /JavaScript /JS (x) >> >>"))).toBe("OpenAction");
  });

  it("tells names the PDF library read, escapes already undone", () => {
    for (const name of activeContentNames) expect(isActiveName(name), name).toBe(true);
    for (const name of ["URI", "Page", "js", "JSON", "", "/JS"]) expect(isActiveName(name), name).toBe(false);
  });
});

describe("the checks of a certificate's bytes, in order", () => {
  it("takes a PDF with a start, an end and nothing active", () => {
    expect(certificateBytesProblem(pdf("1 0 obj << /Type /Catalog >> endobj"))).toBeUndefined();
  });

  it("refuses an empty file, then anything not starting as a PDF, then a PDF cut short, then active content", () => {
    expect(certificateBytesProblem(bytes(""))).toEqual({
      code: "certificate_unreadable",
      message: "The file is empty. Upload the certificate's PDF.",
    });
    const notPdf = {
      code: "certificate_not_pdf",
      message:
        "This file is not a PDF (it may be a web page or a picture renamed .pdf). Upload the certificate as the PDF the lab sent.",
    };
    expect(certificateBytesProblem(bytes("<!doctype html><script>/JS</script>"))).toEqual(notPdf);
    expect(certificateBytesProblem(bytes("\u00ff\u00d8\u00ff\u00e0 JFIF"))).toEqual(notPdf);
    expect(certificateBytesProblem(bytes("%PDF-1.7\n<< /JS (x) >>\n"))).toEqual({
      code: "certificate_unreadable",
      message:
        "This PDF is cut short: its end is missing, as when an upload or a download stops early. Download the certificate again and upload that copy.",
    });
    expect(certificateBytesProblem(pdf("<< /S /Launch >>"))).toEqual(activeContentProblem("Launch"));
  });

  it("names the active content found and what to do instead", () => {
    expect(activeContentProblem("JS")).toEqual({
      code: "certificate_active_content",
      name: "JS",
      message:
        "This PDF carries active content (/JS: scripts, actions, attached files or forms), which a certificate never needs. Ask the lab for a plain PDF of the report, or print the report to a new PDF and upload that.",
    });
  });
});

describe("a certificate upload's type and size", () => {
  it("is sent as application/pdf, with or without parameters, in any case", () => {
    expect(certificateContentType).toBe("application/pdf");
    for (const type of [
      "application/pdf",
      "Application/PDF",
      " application/pdf ; name=report.pdf",
      "application/pdf;x",
    ]) {
      expect(isCertificateContentType(type), type).toBe(true);
    }
    for (const type of [
      "application/pdfx",
      "application/x-pdf",
      "text/application/pdf",
      "application/pdf x",
      "text/html",
      "image/png",
      "",
      undefined,
    ]) {
      expect(isCertificateContentType(type), String(type)).toBe(false);
    }
  });

  it("is at most 10 MB", () => {
    expect(certificateMaxBytes).toBe(10 * 1024 * 1024);
  });
});
