/**
 * A reverse proxy that records every /api answer it passes on (method, path, status, media type,
 * Location, decoded body) as JSON lines, and saves the app's OpenAPI document beside them, so the
 * answers of a whole browser session can be checked against the document afterwards
 * (scripts/e2e.mjs, scripts/lib/openapi-conformance.mjs). Streams (server-sent events, files) pass
 * through as they come; the recording keeps a copy.
 *
 *   startRecordingProxy({ port, target: 'http://127.0.0.1:6055', dir, name: 'app' })
 *   → dir/app.answers.jsonl, dir/app.openapi.json
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';

/** Bodies kept for checking, at most (a larger one is recorded without its body). */
const MAX_RECORDED_BYTES = 4 * 1024 * 1024;

function decode(buffer, encoding) {
  try {
    if (encoding === 'br') return zlib.brotliDecompressSync(buffer);
    if (encoding === 'gzip') return zlib.gunzipSync(buffer);
    if (encoding === 'deflate') return zlib.inflateSync(buffer);
  } catch {
    return null;
  }
  return buffer;
}

const isText = (type) => /json|text\/|xml|javascript/i.test(type ?? '');

/**
 * @param {{ port: number, target: string, dir: string, name: string, host?: string }} opts (host: default all addresses, IPv4 and IPv6)
 * @returns {Promise<{ close(): Promise<void> }>}
 */
export async function startRecordingProxy({ port, target, dir, name, host }) {
  const upstream = new URL(target);
  const answers = path.join(dir, `${name}.answers.jsonl`);
  writeFileSync(answers, '');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

  // The document, once the app answers (it is what the recorded answers are checked against).
  let saved = false;
  const saveDocument = async () => {
    if (saved) return;
    try {
      const res = await fetch(new URL('/api/docs/json', upstream));
      if (res.ok) {
        writeFileSync(path.join(dir, `${name}.openapi.json`), await res.text());
        saved = true;
      }
    } catch {
      // not up yet
    }
  };
  const poll = setInterval(() => void saveDocument().then(() => saved && clearInterval(poll)), 1000);

  const server = http.createServer((req, res) => {
    const up = http.request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent,
      },
      (upRes) => {
        res.writeHead(upRes.statusCode ?? 502, upRes.rawHeaders);
        const record = req.url?.startsWith('/api/');
        const chunks = [];
        let size = 0;
        upRes.on('data', (chunk) => {
          if (!record) return;
          size += chunk.length;
          if (size <= MAX_RECORDED_BYTES) chunks.push(chunk);
        });
        upRes.on('end', () => {
          if (!record) return;
          const contentType = upRes.headers['content-type'] ?? '';
          const raw = size <= MAX_RECORDED_BYTES ? Buffer.concat(chunks) : null;
          const body = raw ? decode(raw, upRes.headers['content-encoding']) : null;
          appendFileSync(
            answers,
            `${JSON.stringify({
              method: req.method,
              path: (req.url ?? '').split('?')[0],
              status: upRes.statusCode,
              contentType,
              location: upRes.headers.location,
              bodyLength: size,
              // text bodies as text (JSON is checked); binary ones only by their length
              body: body && isText(contentType) ? body.toString('utf8') : body ? `<${body.length} bytes>` : null,
            })}\n`,
          );
        });
        upRes.pipe(res);
      },
    );
    up.on('error', (err) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`recording proxy: ${err.message}`);
    });
    req.on('aborted', () => up.destroy());
    req.pipe(up);
  });
  // WebSocket and other upgrades pass through untouched.
  server.on('upgrade', (req, socket, head) => {
    const up = net.connect(Number(upstream.port), upstream.hostname, () => {
      up.write(`${req.method} ${req.url} HTTP/${req.httpVersion}\r\n`);
      for (let i = 0; i < req.rawHeaders.length; i += 2) up.write(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}\r\n`);
      up.write('\r\n');
      up.write(head);
      up.pipe(socket).pipe(up);
    });
    up.on('error', () => socket.destroy());
    socket.on('error', () => up.destroy());
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  return {
    close: () =>
      new Promise((resolve) => {
        clearInterval(poll);
        agent.destroy();
        server.close(() => resolve());
      }),
  };
}
