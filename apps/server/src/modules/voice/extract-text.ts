/**
 * Text of a file the user attaches in the voice panel (BEYOND SPEC §2, issue 6 item 4: "a chosen
 * text or pdf file's text ... is sent to the avatar as context"). The format is decided by the
 * bytes, never by the name or declared type: PDF (`%PDF-`, read with unpdf, PDF.js for servers),
 * DOCX (a ZIP holding `word/document.xml`), or plain UTF-8 text. Word 97-2003 `.doc` and anything
 * else is refused with 415.
 */
import JSZip from 'jszip';
import { HttpError } from '../../lib/http-error';

/** Largest attachment accepted for text extraction: 5 MB (5 × 1024 × 1024 bytes). */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
/** Most PDF pages read; the rest of a long document is left out (bounds CPU per request). */
export const MAX_PDF_PAGES = 50;

/** What {@link extractText} found. */
export interface ExtractedText {
  format: 'pdf' | 'docx' | 'text';
  /** The text, whitespace tidied (runs of spaces collapsed, at most one blank line in a row). */
  text: string;
}

const startsWith = (buf: Buffer, ascii: string) => buf.subarray(0, ascii.length).toString('latin1') === ascii;
/** OLE compound file (Word 97-2003 .doc, old .xls/.ppt). */
const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

async function pdfText(buf: Buffer): Promise<string> {
  // unpdf bundles a server build of PDF.js; loaded on first use (it is large).
  const { getDocumentProxy } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    pdf = await getDocumentProxy(new Uint8Array(buf));
  } catch {
    throw new HttpError(400, 'This PDF could not be read');
  }
  try {
    const pages: string[] = [];
    for (let n = 1; n <= Math.min(pdf.numPages, MAX_PDF_PAGES); n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
          .join('')
          .trim(),
      );
    }
    return pages.join('\n\n');
  } finally {
    await pdf.destroy();
  }
}

async function docxText(buf: Buffer): Promise<string | null> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(buf);
  } catch {
    return null;
  }
  const doc = zip.file('word/document.xml');
  if (!doc) return null;
  const xml = await doc.async('string');
  return xml
    .replace(/<w:tab\/>/g, '\t')
    .replace(/<w:br\/>|<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * Extracts the text of an attached document.
 * @param buf the file's bytes (at most {@link MAX_ATTACHMENT_BYTES}; the route enforces it)
 * @throws HttpError 415 for .doc and other formats, 400 for an unreadable PDF or invalid UTF-8,
 *   422 when the document has no text (e.g. a scanned PDF)
 */
export async function extractText(buf: Buffer): Promise<ExtractedText> {
  let format: ExtractedText['format'];
  let raw: string | null;
  if (startsWith(buf, '%PDF-')) {
    format = 'pdf';
    raw = await pdfText(buf);
  } else if (startsWith(buf, 'PK\u0003\u0004')) {
    format = 'docx';
    raw = await docxText(buf);
    if (raw === null) throw new HttpError(415, 'Only .docx Word documents are supported among ZIP files');
  } else if (buf.subarray(0, 8).equals(OLE_MAGIC)) {
    throw new HttpError(415, 'Word 97-2003 (.doc) files are not supported: save the document as .docx or PDF');
  } else {
    format = 'text';
    if (buf.includes(0)) throw new HttpError(415, 'Unsupported file: attach a txt, pdf or docx document');
    try {
      raw = new TextDecoder('utf-8', { fatal: true }).decode(buf).replace(/^\uFEFF/, '');
    } catch {
      throw new HttpError(400, 'The text file is not valid UTF-8');
    }
  }
  const text = tidy(raw);
  if (!text) throw new HttpError(422, 'No text found in this document');
  return { format, text };
}
