/**
 * Text of a file the user attaches in the voice panel (BEYOND SPEC §2: a chosen
 * text or pdf file's text is sent to the avatar as context). The format is decided by the
 * bytes, never by the name or declared type: PDF (`%PDF-`, read with unpdf, PDF.js for servers),
 * DOCX (a ZIP holding `word/document.xml`), or plain UTF-8 text. Word 97-2003 `.doc` and anything
 * else is refused with 415.
 */
import { Worker } from 'node:worker_threads';
import { HttpError } from '../../lib/http-error';

/** Largest attachment accepted for text extraction: 5 MB (5 × 1024 × 1024 bytes), compressed. */
export const MAX_ATTACHMENT_BYTES = 5 * 1024 * 1024;
/** Most PDF pages accepted; a longer document is refused with 422 (bounds CPU per request). */
export const MAX_PDF_PAGES = 50;
/** Most entries a .docx (ZIP) may hold; more is refused with 413 (zip-bomb guard). */
export const MAX_DOCX_ENTRIES = 1_000;
/** Most bytes a document may expand to (docx XML, PDF text): 20 MB; more is refused with 413. */
export const MAX_UNCOMPRESSED_BYTES = 20 * 1024 * 1024;
/** Longest a document may take to read, in ms; longer is refused with 422. */
export const EXTRACT_TIMEOUT_MS = 10_000;
/** Heap cap of the worker that reads one document, in MB; going over is refused with 413. */
export const EXTRACT_MEMORY_MB = 128;

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

/** Limits handed to the worker (see the constants above). */
interface WorkerLimits {
  maxPages: number;
  maxEntries: number;
  maxUncompressed: number;
}

/**
 * The worker's source: plain CommonJS run with `eval`, so it works the same under tsx, Vitest and
 * the compiled server. It resolves jszip / unpdf from this module's location (`workerData.base`),
 * reads one document under the limits and posts `{ text }`, `{ notDocx: true }` or
 * `{ error: { status, message } }`.
 */
const WORKER_SOURCE = String.raw`
const { createRequire } = require('node:module');
const { parentPort, workerData } = require('node:worker_threads');
const req = createRequire(workerData.base);
const { format, bytes, limits } = workerData;
const mb = (n) => Math.round(n / 1048576) + ' MB';
const fail = (status, message) => ({ error: { status, message } });

async function docx() {
  const JSZip = req('jszip');
  let zip;
  try { zip = await JSZip.loadAsync(bytes); } catch { return { notDocx: true }; }
  const entries = Object.keys(zip.files).length;
  if (entries > limits.maxEntries)
    return fail(413, 'This document holds ' + entries + ' files; a .docx may hold at most ' + limits.maxEntries);
  const doc = zip.file('word/document.xml');
  if (!doc) return { notDocx: true };
  const chunks = [];
  let total = 0;
  const tooBig = await new Promise((resolve, reject) => {
    const s = doc.internalStream('uint8array');
    s.on('data', (c) => {
      total += c.length;
      if (total > limits.maxUncompressed) { s.pause(); resolve(true); return; }
      chunks.push(c);
    }).on('error', reject).on('end', () => resolve(false)).resume();
  });
  if (tooBig) return fail(413, 'This document expands to more than ' + mb(limits.maxUncompressed) + ' of text');
  const xml = Buffer.concat(chunks).toString('utf8');
  return { text: xml
    .replace(/<w:tab\/>/g, '\t')
    .replace(/<w:br\/>|<\/w:p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&') };
}

async function pdf() {
  const { getDocumentProxy } = req('unpdf');
  let doc;
  try { doc = await getDocumentProxy(new Uint8Array(bytes)); } catch { return fail(400, 'This PDF could not be read'); }
  try {
    if (doc.numPages > limits.maxPages)
      return fail(422, 'This PDF has ' + doc.numPages + ' pages; attach at most ' + limits.maxPages);
    const pages = [];
    let total = 0;
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      const text = content.items.map((i) => ('str' in i ? i.str + (i.hasEOL ? '\n' : '') : '')).join('').trim();
      total += text.length;
      if (total > limits.maxUncompressed) return fail(413, 'This PDF holds more than ' + mb(limits.maxUncompressed) + ' of text');
      pages.push(text);
    }
    return { text: pages.join('\n\n') };
  } finally {
    await doc.destroy();
  }
}

(format === 'pdf' ? pdf() : docx()).then(
  (result) => parentPort.postMessage(result),
  () => parentPort.postMessage(fail(422, 'This document could not be read')),
);
`;

type WorkerResult = { text: string } | { notDocx: true } | { error: { status: number; message: string } };

/**
 * Reads a PDF or DOCX in a worker thread with a heap cap and a time limit, off the request thread
 * (a hostile document cannot stall the server). The worker is ended after each document.
 * @throws HttpError 413 (over memory), 422 (over time, or the worker failed)
 */
function readInWorker(format: 'pdf' | 'docx', buf: Buffer): Promise<WorkerResult> {
  const limits: WorkerLimits = {
    maxPages: MAX_PDF_PAGES,
    maxEntries: MAX_DOCX_ENTRIES,
    maxUncompressed: MAX_UNCOMPRESSED_BYTES,
  };
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { base: import.meta.url, format, bytes: new Uint8Array(buf), limits },
      resourceLimits: { maxOldGenerationSizeMb: EXTRACT_MEMORY_MB, maxYoungGenerationSizeMb: 16 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(new HttpError(422, `This document took too long to read (over ${EXTRACT_TIMEOUT_MS / 1000} s)`)),
        ),
      EXTRACT_TIMEOUT_MS,
    );
    worker.once('message', (result: WorkerResult) => finish(() => resolve(result)));
    worker.once('error', (err: Error & { code?: string }) =>
      finish(() =>
        reject(
          err.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new HttpError(413, `This document needs more than ${EXTRACT_MEMORY_MB} MB of memory to read`)
            : new HttpError(422, 'This document could not be read'),
        ),
      ),
    );
    worker.once('exit', () => finish(() => reject(new HttpError(422, 'This document could not be read'))));
  });
}

async function documentText(format: 'pdf' | 'docx', buf: Buffer): Promise<string | null> {
  const result = await readInWorker(format, buf);
  if ('error' in result) throw new HttpError(result.error.status, result.error.message);
  if ('notDocx' in result) return null;
  return result.text;
}

/**
 * Extracts the text of an attached document.
 * @param buf the file's bytes (at most {@link MAX_ATTACHMENT_BYTES}; the route enforces it)
 * @throws HttpError 415 for .doc and other formats, 400 for an unreadable PDF or invalid UTF-8,
 *   422 when the document has no text (e.g. a scanned PDF), too many pages or takes too long,
 *   413 when it expands past {@link MAX_UNCOMPRESSED_BYTES}, holds too many entries or needs too
 *   much memory
 */
export async function extractText(buf: Buffer): Promise<ExtractedText> {
  let format: ExtractedText['format'];
  let raw: string | null;
  if (startsWith(buf, '%PDF-')) {
    format = 'pdf';
    raw = await documentText('pdf', buf);
  } else if (startsWith(buf, 'PK\u0003\u0004')) {
    format = 'docx';
    raw = await documentText('docx', buf);
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
  const text = tidy(raw ?? '');
  if (!text) throw new HttpError(422, 'No text found in this document');
  return { format, text };
}
