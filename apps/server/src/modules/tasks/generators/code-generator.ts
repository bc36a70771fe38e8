/**
 * The embedded code-project generator (no model configured): a starter project in the language the
 * request names (Python, JavaScript, TypeScript, Go, Rust, shell; see language-projects.ts), else a
 * small Node server around a page generated from the request. Either way the README, the task result
 * and the chat say what it is: a starter from a template, not a program written for the request.
 */
import { embeddedCodeSummary } from '@app/domain/tasks';
import { extractTaskSlots } from '../../../providers/ai/persona/slots';
import { languageProject } from './language-projects';
import { generateSite, type SiteRequest } from './site-generator';

/** A generated code project: its files and the runtime it runs on. */
export interface CodeProject {
  title: string;
  /** Relative POSIX path → UTF-8 content. */
  files: Record<string, string>;
  /** node | python | typescript | go | rust | shell */
  framework: string;
  /** What was built, in words, with the embedded engine's disclaimer. */
  summary: string;
}

/** Builds the embedded starter project for a request. Deterministic; no network. */
export function generateCodeProject(req: SiteRequest): CodeProject {
  const language = extractTaskSlots(req.prompt).language;
  if (language) return languageProject(req.prompt, req.avatarName, language);
  const site = generateSite(req);
  const slug =
    site.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'avatar-project';
  const summary = embeddedCodeSummary(`a starter web page about ${site.title} with a small Node server (JavaScript)`);
  const files: Record<string, string> = {
    'package.json': `${JSON.stringify({ name: slug, version: '1.0.0', private: true, type: 'module', scripts: { start: 'node server.js' } }, null, 2)}\n`,
    'server.js': `// Serves ./public on http://localhost:3000 — no dependencies needed.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const types = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript' };
const root = join(import.meta.dirname ?? '.', 'public');
createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname)).replace(/^(\\.\\.[/\\\\])+/, '');
  const file = join(root, path.endsWith('/') ? path + 'index.html' : path);
  try {
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404).end('not found');
  }
}).listen(process.env.PORT ?? 3000, () => console.log('listening on http://localhost:' + (process.env.PORT ?? 3000)));
`,
    'README.md': `# ${site.title}\n\n${site.tagline}\n\n**What this is:** ${summary}.\n\nMade by the embedded engine for the AI avatar ${req.avatarName} from the request:\n\n> ${req.prompt.trim() || site.title}\n\n## Run\n\n\`\`\`sh\nnpm start   # http://localhost:3000\n\`\`\`\n`,
  };
  for (const [name, content] of Object.entries(site.files)) files[`public/${name}`] = content;
  return { title: site.title, files, framework: 'node', summary };
}
