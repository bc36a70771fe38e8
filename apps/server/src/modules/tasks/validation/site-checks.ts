/**
 * The checks of a deployed website (DESIGN §8): the HTML validates (html-validate, its "standard"
 * rules: what the HTML standard requires, no style preferences), every section the request names is
 * there, internal links resolve to delivered files (and #fragments to ids), no script is loaded from
 * another origin, and the site stays within {@link SITE_MAX_BYTES}.
 */

import type { ValidationCheck } from '@app/domain/task-validation';
import { SITE_MAX_BYTES } from '@app/domain/task-validation';
import { HtmlValidate, StaticConfigLoader } from 'html-validate';
import { extractTaskSlots } from '../../../providers/ai/persona/slots';
import type { TaskWork } from '../task-types';
import { check, extensionOf, listWords } from './checks';

const MAX_MESSAGES = 8;

let validator: HtmlValidate | null = null;
const htmlValidate = () =>
  (validator ??= new HtmlValidate(new StaticConfigLoader({ extends: ['html-validate:standard'] })));

const isHtml = (p: string) => ['html', 'htm'].includes(extensionOf(p));

async function htmlValidCheck(files: Record<string, string>, pages: string[]): Promise<ValidationCheck> {
  const description = 'Every HTML page validates (html-validate, standard rules)';
  if (!pages.length) return check('site.html-valid', description, 'failed', 'the site has no HTML page');
  const messages: string[] = [];
  for (const page of pages) {
    const report = await htmlValidate().validateString(files[page]!, page);
    for (const r of report.results) {
      for (const m of r.messages) messages.push(`${page}:${m.line}:${m.column} ${m.ruleId}: ${m.message}`);
    }
  }
  if (!messages.length) return check('site.html-valid', description, 'passed', `${listWords(pages)}: valid`);
  const more = messages.length > MAX_MESSAGES ? `\n(${messages.length - MAX_MESSAGES} more)` : '';
  return check('site.html-valid', description, 'failed', messages.slice(0, MAX_MESSAGES).join('\n') + more);
}

/** Text of a page without tags, lower-case. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .toLowerCase();

/** How the page shows a section: an element id, a heading or a navigation label that names it. */
function findSection(html: string, section: string): string | null {
  const word = section.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const id = new RegExp(`\\bid\\s*=\\s*["']?([^"'\\s>]*${word}[^"'\\s>]*)`, 'i').exec(html);
  if (id) return `id="${id[1]}"`;
  for (const h of html.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/gi)) {
    if (new RegExp(`\\b${word}`, 'i').test(textOf(h[2]!))) return `heading "${textOf(h[2]!).trim().slice(0, 60)}"`;
  }
  return null;
}

function sectionsCheck(request: string, files: Record<string, string>, pages: string[]): ValidationCheck {
  const asked = extractTaskSlots(request).sections;
  const description = 'Every section the request asks for is on the site';
  if (!asked.length) return check('site.sections', description, 'passed', 'the request names no particular section');
  const found: string[] = [];
  const missing: string[] = [];
  for (const s of asked) {
    const where = pages.map((p) => [p, findSection(files[p]!, s)] as const).find(([, w]) => w);
    if (where) found.push(`${s}: ${where[1]} in ${where[0]}`);
    else missing.push(s);
  }
  const evidence = [...found, ...(missing.length ? [`missing: ${listWords(missing)}`] : [])].join('\n');
  return check('site.sections', description, missing.length ? 'failed' : 'passed', evidence);
}

/** Links and resources of a page or stylesheet: href/src attributes and CSS url(). */
function referencesOf(content: string, css: boolean): string[] {
  const refs: string[] = [];
  if (!css)
    for (const m of content.matchAll(/\b(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi))
      refs.push(m[1] ?? m[2] ?? m[3]!);
  for (const m of content.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/gi))
    refs.push(m[1] ?? m[2] ?? m[3]!);
  return refs;
}

const isExternal = (ref: string) => /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i.test(ref);

/** Resolves a relative reference from `from` to a workspace path ('' for the site root). */
function resolveRef(from: string, ref: string): string {
  const path = ref.split(/[?#]/)[0]!;
  const base = path.startsWith('/') ? [] : from.split('/').slice(0, -1);
  for (const part of path.split('/')) {
    if (part === '..') base.pop();
    else if (part && part !== '.') base.push(decodeURIComponent(part));
  }
  const joined = base.join('/');
  return path.endsWith('/') || joined === '' ? `${joined ? `${joined}/` : ''}index.html` : joined;
}

function linksCheck(files: Record<string, string>): ValidationCheck {
  const description = 'Internal links and resources resolve to delivered files (and #anchors to ids)';
  const broken: string[] = [];
  let count = 0;
  for (const [path, content] of Object.entries(files)) {
    const css = extensionOf(path) === 'css';
    if (!css && !isHtml(path)) continue;
    for (const ref of referencesOf(content, css)) {
      if (!ref || isExternal(ref)) continue;
      count++;
      if (ref.startsWith('#')) {
        const id = ref.slice(1);
        if (
          id &&
          !new RegExp(`\\b(?:id|name)\\s*=\\s*["']?${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}["'\\s>]`).test(content)
        ) {
          broken.push(`${path}: ${ref} (no element with that id)`);
        }
        continue;
      }
      let target: string;
      try {
        target = resolveRef(path, ref);
      } catch {
        broken.push(`${path}: ${ref} (not a valid URL path)`);
        continue;
      }
      if (!(target in files)) broken.push(`${path}: ${ref} (no file ${target})`);
    }
  }
  if (broken.length) {
    const more = broken.length > MAX_MESSAGES ? `\n(${broken.length - MAX_MESSAGES} more)` : '';
    return check('site.links', description, 'failed', broken.slice(0, MAX_MESSAGES).join('\n') + more);
  }
  return check('site.links', description, 'passed', `${count} internal link${count === 1 ? '' : 's'}, all resolve`);
}

function externalScriptsCheck(files: Record<string, string>): ValidationCheck {
  const description = 'No script is loaded from another origin';
  const found: string[] = [];
  for (const [path, content] of Object.entries(files)) {
    if (isHtml(path)) {
      for (const m of content.matchAll(/<script\b[^>]*\bsrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+))/gi)) {
        const src = m[1] ?? m[2] ?? m[3]!;
        if (isExternal(src)) found.push(`${path}: <script src="${src}">`);
      }
    }
    if (['js', 'mjs'].includes(extensionOf(path))) {
      for (const m of content.matchAll(/\b(?:import\s*\(?|from)\s*["'`]((?:https?:)?\/\/[^"'`]+)/g))
        found.push(`${path}: import ${m[1]}`);
    }
  }
  if (found.length)
    return check('site.no-external-scripts', description, 'failed', found.slice(0, MAX_MESSAGES).join('\n'));
  return check('site.no-external-scripts', description, 'passed', 'every script is one of the delivered files');
}

function sizeCheck(files: Record<string, string>): ValidationCheck {
  const bytes = Object.values(files).reduce((n, c) => n + Buffer.byteLength(c), 0);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const description = `The site is at most ${kb(SITE_MAX_BYTES)}`;
  const evidence = `${Object.keys(files).length} files, ${kb(bytes)} in all`;
  return check('site.size', description, bytes <= SITE_MAX_BYTES ? 'passed' : 'failed', evidence);
}

/** The checks of a deploy_website task. */
export async function checkWebsite(p: { request: string; work: TaskWork }): Promise<ValidationCheck[]> {
  const files = p.work.files ?? {};
  const pages = Object.keys(files)
    .filter(isHtml)
    .sort((a, b) => (a === 'index.html' ? -1 : b === 'index.html' ? 1 : a < b ? -1 : 1));
  return [
    await htmlValidCheck(files, pages),
    sectionsCheck(p.request, files, pages),
    linksCheck(files),
    externalScriptsCheck(files),
    sizeCheck(files),
  ];
}
