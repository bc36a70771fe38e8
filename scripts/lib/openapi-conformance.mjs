/**
 * Checks real answers against the OpenAPI document, as a client that trusts only the document
 * would: the operation is found from the method and the URL path (path templates, literal
 * segments first), the status must be declared (exactly, or by its `4XX` range), the media type
 * must be one the status declares, a JSON body must match its schema (JSON Schema 2020-12, ajv),
 * a redirect must carry `Location`, and a status declared without content must come without a body.
 *
 * Used by the fuzz run (apps/server/test/security/fuzz.test.ts), the in-process API walk
 * (apps/server/test/api/openapi-conformance.test.ts) and the e2e run (scripts/e2e.mjs checks the
 * answers its recording proxy saw).
 *
 * When this reports a problem, the route must declare what it answered in its `schema.response`:
 * its own statuses with a zod schema (JSON) or a helper of apps/server/src/lib/api-responses.ts
 * (html, redirect, file, eventStream, noContent); shared error statuses come from the plugins
 * that produce them and need nothing by hand.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'];

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `application/json; charset=utf-8` → `application/json`. */
const mediaTypeOf = (contentType) => (contentType ?? '').split(';')[0].trim().toLowerCase();
const isJson = (mediaType) => mediaType === 'application/json' || mediaType.endsWith('+json');

/**
 * @param {object} doc the OpenAPI 3.1 document (`/api/docs/json`)
 * @returns {{ operationFor(method: string, path: string): object | null, check(answer: Answer): string | null }}
 *
 * @typedef {object} Answer
 * @property {string} method HTTP method
 * @property {string} path URL path without query (`/api/avatars/12`)
 * @property {number} status
 * @property {string} [contentType] the Content-Type header
 * @property {string | undefined} [location] the Location header
 * @property {string | Buffer | undefined} body the (decoded) body
 */
export function createConformance(doc) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  const operations = [];
  for (const [template, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const pattern = template
        .split(/(\{[^}]+\})/)
        .map((part) => (part.startsWith('{') ? '[^/]+' : escapeRe(part)))
        .join('');
      operations.push({
        method: method.toUpperCase(),
        template,
        re: new RegExp(`^${pattern}$`),
        literal: template.replace(/\{[^}]+\}/g, '').length,
        operation,
      });
    }
  }
  const validators = new Map();
  const validatorFor = (key, schema) => {
    if (!validators.has(key)) validators.set(key, ajv.compile(schema));
    return validators.get(key);
  };

  const operationFor = (method, path) => {
    const m = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
    const found = operations.filter((o) => o.method === m && o.re.test(path)).sort((a, b) => b.literal - a.literal);
    return found[0] ?? null;
  };

  /** @param {Answer} answer @returns {string | null} what the document does not declare, or null */
  const check = (answer) => {
    const op = operationFor(answer.method, answer.path);
    const what = `${answer.method} ${answer.path} → ${answer.status}`;
    if (!op) return null; // not an operation of the document (static files, unknown paths)
    const responses = op.operation.responses ?? {};
    const status = String(answer.status);
    const entry = responses[status] ?? responses[`${status[0]}XX`] ?? responses.default;
    if (!entry) {
      return `${what}: status ${status} is not declared for ${op.method} ${op.template} (declared: ${Object.keys(responses).join(', ')})`;
    }
    const body = answer.body === undefined ? '' : answer.body;
    const hasBody = body.length > 0 && answer.method.toUpperCase() !== 'HEAD';
    if (status.startsWith('3') && entry.headers?.Location && !answer.location) {
      return `${what}: a redirect without a Location header`;
    }
    if (!entry.content) {
      return hasBody ? `${what}: declared without a body, but answered ${mediaTypeOf(answer.contentType)}` : null;
    }
    if (!hasBody) return null; // an empty body is no claim about its type
    const mediaType = mediaTypeOf(answer.contentType);
    const declared = Object.keys(entry.content);
    const media =
      entry.content[mediaType] ??
      entry.content[`${mediaType.split('/')[0]}/*`] ??
      entry.content['*/*'] ??
      (isJson(mediaType) ? Object.entries(entry.content).find(([k]) => isJson(k))?.[1] : undefined);
    if (!media) {
      return `${what}: media type ${mediaType || '(none)'} is not declared for ${status} (declared: ${declared.join(', ')})`;
    }
    if (!isJson(mediaType) || !media.schema) return null;
    let value;
    try {
      value = JSON.parse(Buffer.isBuffer(body) ? body.toString('utf8') : body);
    } catch {
      return `${what}: ${mediaType} body is not JSON`;
    }
    const validate = validatorFor(`${op.method} ${op.template} ${status} ${mediaType}`, media.schema);
    if (!validate(value)) {
      const errors = (validate.errors ?? [])
        .slice(0, 3)
        .map((e) => `${e.instancePath || '(root)'} ${e.message}`)
        .join('; ');
      return `${what}: body does not match the declared schema: ${errors}; body ${JSON.stringify(value).slice(0, 200)}`;
    }
    return null;
  };

  return { operationFor, check };
}
