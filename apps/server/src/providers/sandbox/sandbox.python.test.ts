/**
 * Python in the sandbox (Pyodide): programs behave like `python <file>` — argv, stdin, exit codes,
 * tracebacks, imports between workspace files, files written come back, unittest files run as
 * `python -m unittest`. One sandbox for the file: each run still gets a fresh worker.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from './index';
import { SLOW_MACHINE_MS } from './test-timeouts';

const sandbox = createSandbox({ idleMs: 600_000 });
afterAll(() => sandbox.close());

const py = (files: Record<string, string>, entry = 'main.py', extra: { args?: string[]; stdin?: string } = {}) =>
  sandbox.run({ language: 'python', files, entry, ...extra });

describe('python in the sandbox', { timeout: SLOW_MACHINE_MS }, () => {
  it('runs a program with argv, stdin, imports between files, an exit code and written files', async () => {
    const r = await py(
      {
        'main.py': [
          'import sys',
          'from lib.maths import primes',
          'name = input()',
          'rest = sys.stdin.read()',
          'print("hello", name, sys.argv[1:], primes(10))',
          'print("rest:", rest.split())',
          'print("to stderr", file=sys.stderr)',
          'with open("out/result.txt", "w") as f:',
          '    f.write("done")',
          'sys.exit(7)',
        ].join('\n'),
        'lib/__init__.py': '',
        'lib/maths.py': 'def primes(n):\n    return [p for p in range(2, 30) if all(p % d for d in range(2, p))][:n]\n',
        'out/keep.txt': 'unchanged',
      },
      'main.py',
      { args: ['--fast', 'x y'], stdin: 'Ada\nline 2\nline 3\n' },
    );
    expect(r.stdout).toBe(
      "hello Ada ['--fast', 'x y'] [2, 3, 5, 7, 11, 13, 17, 19, 23, 29]\nrest: ['line', '2', 'line', '3']\n",
    );
    expect(r.stderr).toBe('to stderr\n');
    expect(r.exitCode).toBe(7);
    expect(r.stopped).toBeNull();
    expect(r.timedOut).toBe(false);
    expect(r.changedFiles).toEqual({ 'out/result.txt': 'done' });
  });

  it('reports an uncaught exception with its traceback and exit code 1, and a syntax error', async () => {
    const [crash, syntax] = await Promise.all([
      py({ 'main.py': 'def f(x):\n    return 1 / x\n\nprint("before")\nf(0)\n' }),
      py({ 'main.py': 'print("never"\nx = = 2\n' }),
    ]);
    expect(crash.exitCode).toBe(1);
    expect(crash.stdout).toBe('before\n');
    expect(crash.stderr).toContain('Traceback (most recent call last):');
    expect(crash.stderr).toContain('line 5, in <module>');
    expect(crash.stderr).toContain('ZeroDivisionError: division by zero');
    expect(crash.stderr).not.toContain('runpy');
    expect(syntax.exitCode).toBe(1);
    expect(syntax.stdout).toBe('');
    expect(syntax.stderr).toContain('SyntaxError');
  });

  it('runs a unittest file like `python -m unittest`, passing and failing', async () => {
    const code = 'def add(a, b):\n    return a + b\n';
    const [pass, fail] = await Promise.all([
      py(
        {
          'calc.py': code,
          'test_calc.py': [
            'import unittest',
            'from calc import add',
            'class T(unittest.TestCase):',
            '    def test_add(self):',
            '        self.assertEqual(add(2, 3), 5)',
            'def test_plain_function():',
            '    assert add(1, 1) == 2',
            'if __name__ == "__main__":',
            '    unittest.main()',
          ].join('\n'),
        },
        'test_calc.py',
      ),
      py(
        {
          'calc.py': code,
          // In a subfolder: the workspace root is on sys.path too, as with `python -m unittest`.
          'tests/test_calc.py':
            'from calc import add\n\ndef test_add():\n    assert add(2, 2) == 5, "2 + 2 should be 5"\n',
        },
        'tests/test_calc.py',
      ),
    ]);
    expect(pass.exitCode).toBe(0);
    expect(pass.stderr).toContain('Ran 2 tests');
    expect(pass.stderr).toContain('OK');
    expect(fail.exitCode).toBe(1);
    expect(fail.stderr).toContain('AssertionError: 2 + 2 should be 5');
    expect(fail.stderr).toContain('FAILED (failures=1)');
  });
});
