/**
 * Input limits applied to every request before any route sees it (bad input gets a 4xx, never a 5xx; OWASP ASVS 5.0
 * V2.2 / V4.3): JSON bodies are parsed with a nesting limit, prototype-poisoning keys refused and
 * NUL bytes / lone surrogates refused anywhere in them; URLs carrying an encoded NUL byte are
 * refused. Each refusal is a 400 `{ error }` — bad input can never reach SQL as a NUL byte (which
 * PostgreSQL text cannot hold) or overflow the stack of a recursive validator.
 */
import { hasForbiddenChars, MAX_JSON_DEPTH } from '@app/domain/input';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import sjson from 'secure-json-parse';
import { declareErrors, methodsOf } from '../lib/api-responses';
import { HttpError } from '../lib/http-error';

/**
 * Deepest nesting of `[`/`{` in JSON text, counted outside strings, stopping once past `limit`
 * (O(n), no recursion: safe for any depth).
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > limit) return true;
    } else if (c === 93 || c === 125) depth--;
  }
  return false;
}

/** True when any string or key in a parsed JSON value holds a NUL byte or lone surrogate. */
export function jsonHasForbiddenChars(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (hasForbiddenChars(v)) return true;
    } else if (Array.isArray(v)) stack.push(...v);
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (hasForbiddenChars(k)) return true;
        stack.push(x);
      }
    }
  }
  return false;
}

/** Parses a JSON request body under the limits above. @throws HttpError 400 */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return undefined;
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH))
    throw new HttpError(400, `JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  let value: unknown;
  try {
    value = sjson.parse(text, null, { protoAction: 'error', constructorAction: 'error' });
  } catch {
    throw new HttpError(400, 'Body is not valid JSON');
  }
  if (jsonHasForbiddenChars(value)) throw new HttpError(400, 'Text must not contain NUL bytes or unpaired surrogates');
  return value;
}

export default fp(
  async function inputLimits(app: FastifyInstance) {
    // Every route refuses a NUL byte in its URL (400); a route that takes a body refuses one that is
    // too large (413: Fastify's bodyLimit, multipart limits) or of a media type it cannot parse (415).
    app.addHook('onRoute', (route) => {
      const body = methodsOf(route).some((m) => m === 'POST' || m === 'PUT' || m === 'PATCH');
      declareErrors(route, body ? [400, 413, 415] : [400]);
    });
    app.removeContentTypeParser(['application/json']);
    app.addContentTypeParser(/^application\/([\w.+-]+\+)?json(;|$)/, { parseAs: 'string' }, (_req, body, done) => {
      try {
        done(null, parseJsonBody(body as string));
      } catch (err) {
        done(err as Error, undefined);
      }
    });
    app.addHook('onRequest', async (req, reply) => {
      // %00 anywhere in the path or query decodes to a NUL byte, which no id, slug or search holds
      if (/%00/.test(req.url)) return reply.code(400).send({ error: 'The URL must not contain NUL bytes' });
    });
  },
  { name: 'input-limits' },
);
