import type { ErrorCode } from "@herbo/hosted-api";

/**
 * The checks of an uploaded lab certificate that read its bytes alone: the PDF header at the start, the
 * end-of-file marker at the end, and no name of active content anywhere. certificate-pdf.ts runs them
 * before it hands the file to the PDF library, and reuses the name test on every object the library read.
 */

/** The largest certificate taken: a lab's report of a few pages, scanned or not, is well below it. */
export const certificateMaxBytes = 10 * 1024 * 1024;

/**
 * The PDF names of things that act rather than show: scripts, actions run on opening or on an event, programs
 * launched, files attached or embedded, Flash and 3D media, XFA forms and form submissions, links that open
 * another document. A lab's report needs none of them. `/URI` (a link to a web page) is allowed.
 */
export const activeContentNames: readonly string[] = [
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
];

export interface CertificateProblem {
  code: Extract<ErrorCode, "certificate_not_pdf" | "certificate_unreadable" | "certificate_active_content">;
  message: string;
}

const notPdf: CertificateProblem = {
  code: "certificate_not_pdf",
  message:
    "This file is not a PDF (it may be a web page or a picture renamed .pdf). Upload the certificate as the PDF the lab sent.",
};

/**
 * A PDF starts with its header, `%PDF-1.x` or `%PDF-2.x`, at the very first byte. Readers also look further in,
 * but a file with anything before it (a web page, a picture) is refused here.
 */
export function hasPdfHeader(bytes: Uint8Array): boolean {
  return /^%PDF-[12]\.\d/.test(Buffer.from(bytes.subarray(0, 9)).toString("latin1"));
}

/** PDF's white-space characters: NUL, tab, line feed, form feed, carriage return and space. */
const pdfWhiteSpace = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);

/**
 * Whether the file ends with `%%EOF` and nothing after it but white space: a file cut short in its upload or
 * its download misses it, and anything joined after the PDF is refused with it.
 */
export function endsWithEndOfFile(bytes: Uint8Array): boolean {
  let end = bytes.length;
  // Past the first byte, bytes[-1] is undefined, which is no white space: the loop stops there too.
  while (pdfWhiteSpace.has(bytes[end - 1] as number)) end -= 1;
  return Buffer.from(bytes.subarray(Math.max(0, end - 5), end)).toString("latin1") === "%%EOF";
}

/**
 * A character of a name as a PDF may spell it: itself, or `#` and its code in hex digits of either case (the
 * names are letters, whose codes all have two hex digits).
 */
function spellings(character: string): string {
  const hex = character.charCodeAt(0).toString(16);
  const escaped = [...hex].map((digit) => (/\d/.test(digit) ? digit : `[${digit}${digit.toUpperCase()}]`)).join("");
  return `(?:${character}|#${escaped})`;
}

/**
 * Every spelling of the active names, each ending where a name ends (at white space, a delimiter or the end
 * of the file), so that `/JS` is found but `/JSON` is not. PDF names are case-sensitive: `/js` is no script.
 */
const activeNamePattern = new RegExp(
  `/(${activeContentNames.map((name) => [...name].map(spellings).join("")).join("|")})(?=[\\x00\\t\\n\\f\\r ()<>\\[\\]{}/%]|$)`,
);

/** Undoes `#xx` escapes, so a name found as `J#61vaScript` is named `JavaScript` in the refusal. */
function decodedName(spelled: string): string {
  return spelled.replace(/#([0-9a-fA-F]{2})/g, (_escape, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * The first active name in the file's bytes as they are (latin1, one character a byte), in any of its
 * spellings; undefined when there is none. What sits in compressed streams is not seen here: the object
 * streams are read once the PDF library has unpacked them (certificate-pdf.ts).
 */
export function activeNameInBytes(bytes: Uint8Array): string | undefined {
  const found = activeNamePattern.exec(Buffer.from(bytes).toString("latin1"));
  return found?.[1] === undefined ? undefined : decodedName(found[1]);
}

/** Whether a name the PDF library read (its escapes undone, without the slash) is one of the active ones. */
export function isActiveName(name: string): boolean {
  return activeContentNames.includes(name);
}

/** The refusal for an active name found: which one, and what to do instead. */
export function activeContentProblem(name: string): CertificateProblem & { name: string } {
  return {
    code: "certificate_active_content",
    name,
    message: `This PDF carries active content (/${name}: scripts, actions, attached files or forms), which a certificate never needs. Ask the lab for a plain PDF of the report, or print the report to a new PDF and upload that.`,
  };
}

/**
 * The checks that need no PDF library, in order: not empty, the header, the end-of-file marker, and no
 * active name in the raw bytes. Undefined when the file passes them.
 */
export function certificateBytesProblem(bytes: Uint8Array): (CertificateProblem & { name?: string }) | undefined {
  if (bytes.length === 0) {
    return { code: "certificate_unreadable", message: "The file is empty. Upload the certificate's PDF." };
  }
  if (!hasPdfHeader(bytes)) return notPdf;
  if (!endsWithEndOfFile(bytes)) {
    return {
      code: "certificate_unreadable",
      message:
        "This PDF is cut short: its end is missing, as when an upload or a download stops early. Download the certificate again and upload that copy.",
    };
  }
  const name = activeNameInBytes(bytes);
  return name === undefined ? undefined : activeContentProblem(name);
}

/** The one content type a certificate upload is sent with; what the bytes are decides whether it is taken. */
export const certificateContentType = "application/pdf";

/** Whether a Content-Type header is the certificate's, in any case, parameters aside. */
export function isCertificateContentType(contentType: string | undefined): boolean {
  return /^\s*application\/pdf\s*(?:;|$)/i.test(String(contentType));
}
