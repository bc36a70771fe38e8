/** What the executors take from a model's run: the entry point, the framework, a title. */
import { describe, expect, it } from 'vitest';
import { codeEntry, codeFramework, isTestFile, workTitle } from './task-agent';

const run = (path: string) => ({ path, exitCode: 0, timedOut: false, executed: true });

describe('codeEntry', () => {
  it('prefers a usual entry file, then the last program run that is not a test, then a source file', () => {
    expect(codeEntry({ files: { 'test_main.py': '', 'main.py': '', 'app.py': '' }, runs: [] })).toBe('main.py');
    expect(
      codeEntry({ files: { 'primes.py': '', 'test_primes.py': '' }, runs: [run('primes.py'), run('test_primes.py')] }),
    ).toBe('primes.py');
    expect(codeEntry({ files: { 'README.md': '', 'tool.js': '', 'tool.test.js': '' }, runs: [] })).toBe('tool.js');
    expect(codeEntry({ files: { 'README.md': '' }, runs: [] })).toBeNull();
  });

  it('recognises test files by name', () => {
    expect(['test_a.py', 'a_test.py', 'src/a.test.js', 'a.spec.ts'].every(isTestFile)).toBe(true);
    expect(['main.py', 'testing.py', 'latest.js'].some(isTestFile)).toBe(false);
  });
});

describe('codeFramework and workTitle', () => {
  it('names the runtime by the entry and the work by its README, page title or request', () => {
    expect([codeFramework('main.py'), codeFramework('main.ts'), codeFramework('main.go'), codeFramework(null)]).toEqual(
      ['python', 'typescript', 'go', 'files'],
    );
    expect(workTitle({ 'README.md': 'intro\n# Prime Printer\n' }, 'x', 'y')).toBe('Prime Printer');
    expect(workTitle({ 'index.html': '<title>Neon Beans</title>' }, 'x', 'y')).toBe('Neon Beans');
    expect(workTitle({}, 'a script that prints the first ten primes please', 'y')).toBe(
      'a script that prints the first ten primes',
    );
    expect(workTitle({}, '', 'fallback')).toBe('fallback');
  });
});
