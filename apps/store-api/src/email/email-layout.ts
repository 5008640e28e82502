import { markup, type SafeHtml } from "../html/markup.ts";

/** The shop's look in email clients: inline styles only, no remote images, no scripts, no tracking. */
export const colours = { cream: "#faf6ef", brown: "#1c1410", gold: "#c8963e", muted: "#5a4a3f", panel: "#ffffff" };
const font = "Georgia, Cambria, serif";

export const styles = {
  h1: `margin:0 0 16px;font-size:24px;line-height:1.3;color:${colours.brown};font-family:${font};`,
  h2: `margin:28px 0 8px;font-size:18px;line-height:1.3;color:${colours.brown};font-family:${font};border-bottom:1px solid ${colours.gold};padding-bottom:4px;`,
  p: `margin:0 0 12px;font-size:16px;line-height:1.5;color:${colours.brown};`,
  small: `margin:0 0 8px;font-size:13px;line-height:1.5;color:${colours.muted};`,
  callout: `margin:0 0 16px;padding:12px 16px;background:${colours.panel};border-left:4px solid ${colours.gold};font-size:16px;line-height:1.5;color:${colours.brown};`,
  table: `width:100%;border-collapse:collapse;font-size:15px;color:${colours.brown};`,
  th: `text-align:left;padding:8px 4px;border-bottom:2px solid ${colours.gold};font-weight:bold;`,
  thNumber: `text-align:right;padding:8px 4px;border-bottom:2px solid ${colours.gold};font-weight:bold;`,
  rowHeader: `text-align:left;padding:8px 4px;border-bottom:1px solid #e8dfd0;font-weight:normal;`,
  cell: `text-align:right;padding:8px 4px;border-bottom:1px solid #e8dfd0;white-space:nowrap;`,
  totalLabel: `text-align:right;padding:6px 4px;font-weight:normal;`,
  totalStrong: `text-align:right;padding:8px 4px;font-weight:bold;border-top:2px solid ${colours.gold};`,
  button: `display:inline-block;padding:12px 22px;background:${colours.gold};color:${colours.brown};text-decoration:none;font-weight:bold;border-radius:4px;`,
  link: `color:${colours.brown};text-decoration:underline;`,
};

export interface HtmlDocumentParts {
  title: string;
  shopName: string;
  content: SafeHtml;
  /** Why the reader gets this email, under the content. */
  footer: string;
}

/** A complete HTML document: lang, title, one centred column on cream, the shop's name in gold-ruled type. */
export function htmlDocument(parts: HtmlDocumentParts): string {
  return markup`<!DOCTYPE html>
<html lang="en" dir="ltr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${parts.title}</title>
</head>
<body style="margin:0;padding:0;background:${colours.cream};color:${colours.brown};font-family:${font};">
<div role="article" aria-label="${parts.title}" lang="en" style="background:${colours.cream};padding:24px 12px;">
<div style="max-width:600px;margin:0 auto;">
<p style="margin:0 0 24px;padding-bottom:12px;border-bottom:3px solid ${colours.gold};font-size:22px;font-weight:bold;letter-spacing:1px;color:${colours.brown};">${parts.shopName}</p>
${parts.content}
<p style="${styles.small}margin-top:32px;border-top:1px solid ${colours.gold};padding-top:12px;">${parts.footer}</p>
</div>
</div>
</body>
</html>
`.value;
}

/** A plain-text body: the blocks separated by blank lines, then a signature. */
export function textDocument(blocks: (string | null)[], shopName: string, footer: string): string {
  const body = blocks.filter((block): block is string => block !== null && block !== "").join("\n\n");
  return `${body}\n\n-- \n${shopName}\n${footer}\n`;
}
