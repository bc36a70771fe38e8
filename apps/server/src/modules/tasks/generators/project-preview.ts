/** The source-listing preview of a code project (embedded or written by a model). */
import type { CodeProject } from './code-generator';
import { escapeHtml } from './site-generator';

/**
 * The preview page of a code project that has no web page of its own (Python, Go, Rust, shell…):
 * its files, escaped, with the README first, so the task's preview shows what was generated.
 */
export function projectPreviewHtml(project: Pick<CodeProject, 'title' | 'files' | 'framework'>): string {
  const names = Object.keys(project.files).sort((a, b) =>
    a === 'README.md' ? -1 : b === 'README.md' ? 1 : a.localeCompare(b),
  );
  const blocks = names
    .map((n) => `<section><h2>${escapeHtml(n)}</h2><pre><code>${escapeHtml(project.files[n]!)}</code></pre></section>`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(project.title)} (${escapeHtml(project.framework)})</title>
<style>
body{margin:0;padding:16px;background:#0b0d12;color:#d7e3f4;font:14px/1.5 ui-monospace,SFMono-Regular,Menlo,monospace}
h1{font-size:18px;color:#22f0ff;margin:0 0 12px}h2{font-size:13px;color:#ff3ddc;margin:16px 0 6px}
pre{margin:0;padding:12px;background:#11151d;border:1px solid #1f2a3a;border-radius:6px;overflow:auto;white-space:pre}
</style>
</head>
<body>
<h1>${escapeHtml(project.title)} · ${escapeHtml(project.framework)} · ${names.length} files</h1>
${blocks}
</body>
</html>
`;
}
