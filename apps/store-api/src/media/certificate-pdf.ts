import { EncryptedPDFError, PDFArray, PDFDict, PDFDocument, PDFInvalidObject, PDFName, PDFStream } from "pdf-lib";
import type { PDFObject } from "pdf-lib";
import { ApiError } from "../errors.ts";
import {
  activeContentProblem,
  activeNameInBytes,
  certificateBytesProblem,
  isActiveName,
  type CertificateProblem,
} from "./certificate-check.ts";

/**
 * Checks an uploaded lab certificate before anything of it is stored: the byte checks of certificate-check.ts
 * (a PDF's header and end, no active name in its bytes), then pdf-lib (1.17) must load it as a document with at
 * least one page, and no object it read may carry an active name. pdf-lib unpacks compressed object streams,
 * so the names inside them, which the byte scan cannot see, are checked as the library decoded them.
 *
 * What this cannot see: names inside streams no reader takes for objects (page content, pictures, fonts) are
 * not looked for, and an object a reader would find only through the cross-reference table, compressed inside
 * another stream's data, is read by neither pdf-lib (which reads a file from start to end) nor the byte scan.
 * That is why the shop never relies on the scan alone: a certificate is only ever served as a download of its
 * own at /media/certificates/…, with `Content-Security-Policy: sandbox`, so a browser shows it in a sandbox
 * whose origin is no one's (it can reach neither the shop's pages, nor the back office's cookie, which is
 * HttpOnly and SameSite=Strict anyway), and never inside a page of the shop.
 */
export async function checkCertificate(bytes: Uint8Array): Promise<ApiError | undefined> {
  const early = certificateBytesProblem(bytes);
  if (early !== undefined) return refusal(early);
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { updateMetadata: false });
    // A document without a catalogue or page tree throws here rather than counting none.
    if (document.getPageCount() === 0) return refusal(damaged);
  } catch (error) {
    return refusal(error instanceof EncryptedPDFError || hasEncryption(bytes) ? encrypted : damaged);
  }
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    const name = activeNameIn(object);
    if (name !== undefined) return refusal(activeContentProblem(name));
  }
  return undefined;
}

const damaged: CertificateProblem = {
  code: "certificate_unreadable",
  message:
    "This PDF is damaged and cannot be read as a document. Download the certificate again, or ask the lab for a new copy.",
};

const encrypted: CertificateProblem = {
  code: "certificate_unreadable",
  message:
    "This PDF is protected with a password or encryption, so the shop cannot check what it holds. Ask the lab for an unprotected copy, or print the report to a new PDF and upload that.",
};

/** The trailer names an /Encrypt dictionary: what a document the library could not open is, then. */
function hasEncryption(bytes: Uint8Array): boolean {
  return /\/Encrypt[\s/<[]/.test(Buffer.from(bytes).toString("latin1"));
}

/** The first active name among an object's keys and name values, its nested dictionaries and arrays included. */
function activeNameIn(object: PDFObject): string | undefined {
  if (object instanceof PDFName) {
    const name = object.decodeText();
    return isActiveName(name) ? name : undefined;
  }
  if (object instanceof PDFStream) return activeNameIn(object.dict);
  if (object instanceof PDFDict) {
    for (const [key, value] of object.entries()) {
      const found = activeNameIn(key) ?? activeNameIn(value);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (object instanceof PDFArray) {
    for (const value of object.asArray()) {
      const found = activeNameIn(value);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (object instanceof PDFInvalidObject) {
    // An object the library could not parse, inside an object stream: its unpacked bytes get the byte scan.
    const raw = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(raw, 0);
    return activeNameInBytes(raw);
  }
  return undefined;
}

function refusal(problem: CertificateProblem & { name?: string }): ApiError {
  if (problem.code === "certificate_active_content") {
    return new ApiError(400, problem.code, problem.message, { name: problem.name ?? "" });
  }
  if (problem.code === "certificate_not_pdf") return new ApiError(415, problem.code, problem.message);
  return new ApiError(400, problem.code, problem.message);
}
