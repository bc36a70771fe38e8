/**
 * Attached documents are read off the request thread under limits — compressed
 * size, uncompressed size, ZIP entry count, PDF pages, time and memory — and a document over a
 * limit is answered 413/422 with a clear message instead of eating the server's memory.
 */
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_DOCX_ENTRIES, MAX_PDF_PAGES } from '../../src/modules/voice/extract-text';
import { createTestApp, multipart, signIn, type TestApp } from '../helpers/app';

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signIn(t.app, { email: 'attach-limits@x.io' }));
}, 180_000);
afterAll(async () => t?.close());

const attach = (name: string, data: Buffer) => {
  const body = multipart('file', name, data, 'application/octet-stream');
  return t.app.inject({
    method: 'POST',
    url: '/api/attachments/text',
    headers: { cookie, ...body.headers },
    payload: body.payload,
  });
};

/** A PDF of `pages` pages, each drawing one line (offsets computed, so the xref is valid). */
function manyPagePdf(pages: number): Buffer {
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const kids: string[] = [];
  for (let p = 0; p < pages; p++) {
    const stream = `BT /F1 12 Tf 40 100 Td (Page ${p + 1}) Tj ET`;
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
    const contents = objects.length;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 200] /Contents ${contents} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
    );
    kids.push(`${objects.length} 0 R`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

describe('attachment limits', { timeout: 180_000 }, () => {
  it('refuses a zip-bomb-like .docx (tiny file, huge XML) with 413 and a clear message', async () => {
    const zip = new JSZip();
    zip.file(
      'word/document.xml',
      `<w:document><w:body><w:p><w:r><w:t>${'A'.repeat(40 * 1024 * 1024)}</w:t></w:r></w:p></w:body></w:document>`,
    );
    const bomb = await zip.generateAsync({
      type: 'nodebuffer',
      compression: 'DEFLATE',
      compressionOptions: { level: 9 },
    });
    expect(bomb.length).toBeLessThan(300 * 1024);
    const res = await attach('bomb.docx', bomb);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error).toMatch(/expands to more than 20 MB/);
  });

  it('refuses a .docx with too many entries with 413', async () => {
    const zip = new JSZip();
    zip.file('word/document.xml', '<w:document><w:body><w:p><w:r><w:t>hi</w:t></w:r></w:p></w:body></w:document>');
    for (let i = 0; i < MAX_DOCX_ENTRIES + 10; i++) zip.file(`junk/${i}.xml`, '');
    const res = await attach('many.docx', await zip.generateAsync({ type: 'nodebuffer' }));
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error).toMatch(/at most 1000/);
  });

  it('refuses a PDF with more pages than the limit with 422, and reads one within it', async () => {
    const long = await attach('long.pdf', manyPagePdf(MAX_PDF_PAGES * 4));
    expect(long.statusCode, long.body).toBe(422);
    expect(long.json().error).toMatch(new RegExp(`${MAX_PDF_PAGES * 4} pages; attach at most ${MAX_PDF_PAGES}`));
    const ok = await attach('short.pdf', manyPagePdf(3));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().text).toBe('Page 1\n\nPage 2\n\nPage 3');
  });

  it('refuses a file over 5 MB compressed with 413', async () => {
    const res = await attach('big.txt', Buffer.alloc(5 * 1024 * 1024 + 10, 'a'));
    expect(res.statusCode).toBe(413);
  });
});
