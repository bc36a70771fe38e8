/**
 * Building blocks of the validator's checks: a check record, excerpts of program output for the
 * evidence, and a run of the sandbox described in words (exit code, why it was stopped, output).
 */
import type { CheckOutcome, ValidationCheck } from '@app/domain/task-validation';
import type { SandboxRunResult } from '../../../providers/sandbox/types';

/** One check record. */
export function check(id: string, description: string, outcome: CheckOutcome, evidence: string): ValidationCheck {
  return { id, description, outcome, evidence };
}

/** At most this many lines of a program's output go into one piece of evidence. */
export const EVIDENCE_LINES = 12;
/** At most this many characters of a program's output go into one piece of evidence. */
export const EVIDENCE_CHARS = 1200;

/**
 * The first (or, with `tail`, the last) lines of `text`, at most {@link EVIDENCE_LINES} lines and
 * {@link EVIDENCE_CHARS} characters, with a note of what was left out.
 */
export function excerpt(text: string, tail = false): string {
  const lines = text.replace(/\r\n/g, '\n').replace(/\n+$/, '').split('\n');
  if (lines.length === 1 && lines[0] === '') return '';
  const kept = tail ? lines.slice(-EVIDENCE_LINES) : lines.slice(0, EVIDENCE_LINES);
  let out = kept.join('\n');
  if (out.length > EVIDENCE_CHARS) out = tail ? `…${out.slice(-EVIDENCE_CHARS)}` : `${out.slice(0, EVIDENCE_CHARS)}…`;
  const left = lines.length - kept.length;
  if (left > 0) out = tail ? `(${left} earlier lines)\n${out}` : `${out}\n(${left} more lines)`;
  return out;
}

/**
 * A sandbox run in words: "exit code 0", or "stopped: <why>", then the first lines of stdout and of
 * stderr (the last lines with `tail`, where test runners print their summary).
 */
export function describeRun(r: SandboxRunResult, tail = false): string {
  const parts = [r.stopped ? `stopped by the sandbox: ${r.stopped.message}` : `exit code ${r.exitCode}`];
  const stdout = excerpt(r.stdout, tail);
  // the sandbox's own "stopped" line is already said above
  const stderr = excerpt(
    r.stderr
      .split('\n')
      .filter((l) => !l.startsWith('[sandbox] stopped'))
      .join('\n'),
    tail,
  );
  if (stdout) parts.push(`stdout:\n${stdout}`);
  if (stderr) parts.push(`stderr:\n${stderr}`);
  if (!stdout && !stderr) parts.push('no output');
  return parts.join('\n');
}

/** The base name of a POSIX path. */
export const baseName = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

/** The extension of a path, lower-case, without the dot ('' when none). */
export function extensionOf(path: string): string {
  const name = baseName(path);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Names a list in words: "a, b and c". */
export function listWords(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const STOP_WORDS = new Set(
  'a an the and or but for of to in on at by with from into about as is are was were be been this that these those it its my our your their me us you we i he she they them his her please can could would should will make build create write post cast tweet share draft announce some new our about up out over just very more most'.split(
    ' ',
  ),
);

/** Content words of a text: lower-case, letters and digits, stop words dropped, a plural -s cut. */
export function contentWords(text: string): string[] {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 1 && !STOP_WORDS.has(w));
  return [...new Set(words.map(stem))];
}

/** A crude stem for matching words across forms: "launches" ~ "launch", "beans" ~ "bean". */
export function stem(word: string): string {
  const w = word.toLowerCase();
  if (w.length > 4 && w.endsWith('ies')) return `${w.slice(0, -3)}y`;
  if (w.length > 4 && /(?:ches|shes|sses|xes)$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) return w.slice(0, -1);
  return w;
}
