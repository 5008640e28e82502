import { PDFDocument, PDFName, StandardFonts } from "pdf-lib";

/** PDFs for the certificate checks' tests: real ones made with pdf-lib, and hostile or broken ones. */

/** A one-page lab report for a lot, as pdf-lib writes it: compressed object streams unless told otherwise. */
export async function certificatePdf(lot = "HS-2611", options: { objectStreams?: boolean } = {}): Promise<Buffer> {
  const document = await PDFDocument.create({ updateMetadata: false });
  const page = document.addPage([595, 842]);
  const font = await document.embedFont(StandardFonts.Helvetica);
  page.drawText(`Certificate of analysis, lot ${lot}`, { x: 50, y: 780, size: 14, font });
  page.drawText("Lead: below 0.5 ppm. Arsenic: below 0.2 ppm. Mercury: not detected.", {
    x: 50,
    y: 750,
    size: 10,
    font,
  });
  return Buffer.from(await document.save({ useObjectStreams: options.objectStreams ?? true }));
}

/** A report whose catalogue runs a script when it opens (/OpenAction to a /JavaScript action with /JS). */
export async function scriptedPdf(options: { objectStreams: boolean }): Promise<Buffer> {
  const document = await PDFDocument.create({ updateMetadata: false });
  document.addPage([595, 842]);
  const action = document.context.obj({ Type: "Action", S: "JavaScript", JS: "app.alert('hello')" });
  document.catalog.set(PDFName.of("OpenAction"), document.context.register(action));
  return Buffer.from(await document.save({ useObjectStreams: options.objectStreams }));
}

/**
 * A PDF written by hand from its objects' bodies (numbered from 1; the first is the catalogue), with a correct
 * cross-reference table, so a test can spell names as it likes.
 */
export function handWrittenPdf(objects: readonly string[], trailerExtra = ""): Buffer {
  let text = "%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n";
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(text, "latin1"));
    text += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(text, "latin1");
  text += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) text += `${String(offset).padStart(10, "0")} 00000 n \n`;
  text += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${trailerExtra} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(text, "latin1");
}

/** The catalogue, page tree and one empty page of a hand-written PDF; `catalogExtra` goes into the catalogue. */
export function pageObjects(catalogExtra = ""): string[] {
  return [
    `<< /Type /Catalog /Pages 2 0 R${catalogExtra} >>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>",
  ];
}

/** A script on opening, its names spelled with `#xx` escapes as a filter might miss them. */
export function escapedScriptPdf(): Buffer {
  return handWrittenPdf([...pageObjects(" /OpenAction 4 0 R"), "<< /S /J#61vaScript /#4aS (app.alert(1)) >>"]);
}

/** A web page saved with a .pdf name. */
export const htmlPage = Buffer.from(
  '<!doctype html><html><head><title>Report</title></head><body><script>fetch("/admin/api/session")</script></body></html>\n',
);
