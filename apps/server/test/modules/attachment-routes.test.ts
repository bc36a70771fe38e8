/** The voice panel's document attachments (BEYOND): src/modules/voice/attachment-routes.ts. */
import type { AgentType } from '@app/domain/avatar';
import JSZip from 'jszip';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../helpers/app';
import { form } from '../helpers/multipart';

let t: TestApp;
afterEach(async () => t?.close());

async function newAvatar(cookie: string, body: { name: string; agentType?: AgentType; description?: string }) {
  const res = await t.app.inject({ method: 'POST', url: '/api/avatars', headers: { cookie }, payload: body });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; name: string; agentType: AgentType };
}

/** A one-page PDF whose content stream draws `text` (offsets computed, so the xref is valid). */
function tinyPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 40 100 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
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

const post = (url: string, cookie: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

describe('POST /api/attachments/text (voice panel file picker, BEYOND)', () => {
  const attach = (cookie: string, name: string, data: Buffer, type: string) => {
    const body = form({}, { field: 'file', name, data, type });
    return t.app.inject({
      method: 'POST',
      url: '/api/attachments/text',
      headers: { cookie, ...body.headers },
      payload: body.payload,
    });
  };

  it('reads txt, pdf and docx; refuses .doc and binaries; the text reaches the avatar', async () => {
    t = await createTestApp();
    const s = await signIn(t.app, { email: 'attach@x.io' });
    const txt = await attach(
      s.cookie,
      'notes.txt',
      Buffer.from('\uFEFFLine one\r\n\r\n\r\n\r\nLine   two'),
      'text/plain',
    );
    expect(txt.statusCode).toBe(200);
    expect(txt.json()).toEqual({ name: 'notes.txt', format: 'text', text: 'Line one\n\nLine two', truncated: false });

    const pdf = await attach(s.cookie, 'brief.pdf', tinyPdf('Mint a neon skyline'), 'application/pdf');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.json()).toMatchObject({ format: 'pdf', text: 'Mint a neon skyline' });

    const zip = new JSZip();
    zip.file(
      'word/document.xml',
      '<w:document><w:body><w:p><w:r><w:t>Plan &amp; ship</w:t></w:r></w:p><w:p><w:r><w:t>Step two</w:t></w:r></w:p></w:body></w:document>',
    );
    const docx = await attach(
      s.cookie,
      'plan.docx',
      await zip.generateAsync({ type: 'nodebuffer' }),
      'application/octet-stream',
    );
    expect(docx.json()).toMatchObject({ format: 'docx', text: 'Plan & ship\nStep two' });

    const doc = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(100)]);
    expect((await attach(s.cookie, 'old.doc', doc, 'application/msword')).statusCode).toBe(415);
    expect((await attach(s.cookie, 'x.txt', Buffer.from([1, 0, 2, 3]), 'text/plain')).statusCode).toBe(415);
    expect((await attach(s.cookie, 'blank.txt', Buffer.from('   \n '), 'text/plain')).statusCode).toBe(422);

    const avatar = await newAvatar(s.cookie, { name: 'Reader', agentType: 'HACKER' });
    const reply = await post('/api/avatar/enhanced-chat', s.cookie, {
      avatarId: String(avatar.id),
      message: 'Please read this',
      attachments: [{ kind: 'text', name: 'brief.pdf', text: pdf.json().text }],
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().response).toMatch(/brief\.pdf \(4 words\)|brief\.pdf: 4 words/);
    const tooMany = await post('/api/avatar/chat', s.cookie, {
      avatarId: avatar.id,
      message: 'hi',
      attachments: Array.from({ length: 4 }, (_, i) => ({ kind: 'image', name: `i${i}.png` })),
    });
    expect(tooMany.statusCode).toBe(400);
  });
});
