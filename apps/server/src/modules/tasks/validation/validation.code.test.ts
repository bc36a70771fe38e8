/**
 * The validator on code projects, with the real sandbox: a correct program scores 100 with its
 * output in the evidence; a syntax error fails the parse with the line; hostile programs are stopped
 * or refused and the check says why; the acceptance test comes from a separate model call that sees
 * only the request and the file names.
 */
import type { ValidationCheck } from '@app/domain/task-validation';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../../providers/sandbox/index';
import { SLOW_MACHINE_MS } from '../../../providers/sandbox/test-timeouts';
import type { TaskWork } from '../task-types';
import { validateWork } from './index';
import { scriptedModel } from './test-model';

const sandbox = createSandbox({ idleMs: 600_000 });
afterAll(() => sandbox.close());

const embedded = { kind: 'embedded', model: null, provider: null } as const;
const REQUEST = 'a Python script that prints the first ten prime numbers';
const PRIMES = `def primes(n):
    found = []
    k = 2
    while len(found) < n:
        if all(k % p for p in found):
            found.append(k)
        k += 1
    return found


if __name__ == "__main__":
    for p in primes(10):
        print(p)
`;
const PRIMES_TEST = `import unittest
from main import primes


class PrimesTest(unittest.TestCase):
    def test_first_ten(self):
        self.assertEqual(primes(10), [2, 3, 5, 7, 11, 13, 17, 19, 23, 29])
`;
const ACCEPTANCE = `import contextlib, io, runpy, sys, unittest


class Acceptance(unittest.TestCase):
    def test_prints_first_ten_primes(self):
        out = io.StringIO()
        sys.argv = ["main.py"]
        with contextlib.redirect_stdout(out):
            try:
                runpy.run_path("main.py", run_name="__main__")
            except SystemExit:
                pass
        numbers = [int(x) for x in out.getvalue().split()]
        self.assertEqual(numbers, [2, 3, 5, 7, 11, 13, 17, 19, 23, 29])
`;

const work = (files: Record<string, string>, entry: string | null = 'main.py'): TaskWork => ({
  producer: { kind: 'model', model: 'gpt-4.1', provider: 'openai' },
  files,
  entry,
});
const byId = (checks: ValidationCheck[], id: string) => checks.find((c) => c.id === id) as ValidationCheck;

describe('validating a code project', { timeout: SLOW_MACHINE_MS }, () => {
  it('scores a correct Python program 100, with its output and its tests in the evidence', async () => {
    const model = scriptedModel([{ tool: 'write_test', input: { path: 'test_acceptance.py', content: ACCEPTANCE } }]);
    const { report, acceptanceTest } = await validateWork({
      taskType: 'code_project',
      request: REQUEST,
      work: work({ 'main.py': PRIMES, 'test_main.py': PRIMES_TEST, 'README.md': '# Primes\n' }),
      model,
      sandbox,
    });
    expect(report.checks.map((c) => [c.id, c.outcome])).toEqual([
      ['code.parses', 'passed'],
      ['code.entry-runs', 'passed'],
      ['code.tests-pass', 'passed'],
      ['code.request-met', 'passed'],
    ]);
    expect(report.score).toBe(100);
    expect(byId(report.checks, 'code.entry-runs').evidence).toContain('exit code 0\nstdout:\n2\n3\n5\n7\n11');
    expect(byId(report.checks, 'code.tests-pass').evidence).toMatch(/test_main\.py: passed[\s\S]*Ran 1 test/);
    expect(byId(report.checks, 'code.request-met').evidence).toContain(
      'acceptance test test_acceptance.py, written by model validator-test-model via openai-compatible',
    );
    expect(acceptanceTest).toMatchObject({ path: 'test_acceptance.py', content: ACCEPTANCE });
    // The validator call saw the request and the file names, never the files' content.
    const prompt = JSON.stringify(model.calls[0]!.prompt);
    expect(prompt).toContain(REQUEST);
    expect(prompt).toContain('- test_main.py');
    expect(prompt).not.toContain('found.append');
    expect(report.artefacts.map((a) => a.path)).toEqual(['README.md', 'main.py', 'test_main.py']);
    expect(report.artefacts[1]!.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('fails a program that does not do what was asked (the acceptance test fails)', async () => {
    const model = scriptedModel([{ tool: 'write_test', input: { path: 'test_acceptance.py', content: ACCEPTANCE } }]);
    const { report } = await validateWork({
      taskType: 'code_project',
      request: REQUEST,
      work: work({ 'main.py': 'print("a list of items")\n' }),
      model,
      sandbox,
    });
    expect(byId(report.checks, 'code.request-met')).toMatchObject({
      outcome: 'failed',
      evidence: expect.stringContaining('exit code 1'),
    });
    expect(byId(report.checks, 'code.tests-pass')).toMatchObject({
      outcome: 'failed',
      evidence: expect.stringContaining('no tests'),
    });
    expect(report.score).toBe(50);
  });

  it('scores a syntax error below 50, naming the file and line', async () => {
    const { report } = await validateWork({
      taskType: 'code_project',
      request: REQUEST,
      work: work({ 'main.py': 'for p in range(10)\n    print(p)\n' }),
      model: null,
      sandbox,
    });
    expect(byId(report.checks, 'code.parses')).toMatchObject({
      outcome: 'failed',
      evidence: expect.stringMatching(/main\.py:1: SyntaxError: expected ':'/),
    });
    expect(byId(report.checks, 'code.entry-runs')).toMatchObject({
      outcome: 'failed',
      evidence: expect.stringContaining('exit code 1'),
    });
    expect(byId(report.checks, 'code.request-met')).toMatchObject({
      outcome: 'not_checked',
      evidence: 'no model configured to write an acceptance test',
    });
    expect(report.score).toBeLessThan(50);
  });

  it('stops or refuses hostile programs, and the check says why', async () => {
    const hostile: Record<string, [string, RegExp]> = {
      loop: ['while True:\n    pass\n', /stopped by the sandbox: .*(CPU time|wall clock)/],
      memory: [
        'blocks = []\nfor _ in range(2048):\n    blocks.append(bytearray(1024 * 1024))\n',
        /MemoryError|limit is 256 MB/,
      ],
      socket: [
        'import socket\nsocket.create_connection(("127.0.0.1", 5432), timeout=1)\n',
        /network access is disabled in the sandbox/,
      ],
      passwd: ['print(open("/etc/passwd").read())\n', /FileNotFoundError: .*\/etc\/passwd/],
      spawn: ['import subprocess\nsubprocess.run(["id"])\n', /not available in the sandbox|does not support processes/],
    };
    for (const [name, [source, why]] of Object.entries(hostile)) {
      const { report } = await validateWork({
        taskType: 'code_project',
        request: REQUEST,
        work: work({ 'main.py': source }),
        model: null,
        sandbox,
      });
      const entry = byId(report.checks, 'code.entry-runs');
      expect(entry.outcome, name).toBe('failed');
      expect(entry.evidence, name).toMatch(why);
    }
  });

  it('checks JavaScript with acorn and node:test, and says when no model wrote an acceptance test', async () => {
    const { report } = await validateWork({
      taskType: 'code_project',
      request: 'a JavaScript function that adds two numbers',
      work: work(
        {
          'add.js': 'module.exports = (a, b) => a + b;\n',
          'index.js': "const add = require('./add');\nconsole.log(add(2, 3));\n",
          'add.test.js':
            "const test = require('node:test');\nconst assert = require('node:assert');\nconst add = require('./add');\ntest('adds', () => assert.strictEqual(add(2, 3), 5));\n",
          'broken.ts': 'const x: number = ;\n',
        },
        'index.js',
      ),
      model: null,
      sandbox,
    });
    expect(byId(report.checks, 'code.parses')).toMatchObject({
      outcome: 'failed',
      evidence: expect.stringMatching(/broken\.ts:1:\d+: error TS\d+/),
    });
    expect(byId(report.checks, 'code.entry-runs')).toMatchObject({
      outcome: 'passed',
      evidence: expect.stringContaining('stdout:\n5'),
    });
    expect(byId(report.checks, 'code.tests-pass').outcome).toBe('passed');
    expect(report.score).toBe(50);
  });

  it('is not fooled by a delivered json.py, and fails a workspace the sandbox refuses, with its reason', async () => {
    const shadow = await validateWork({
      taskType: 'code_project',
      request: REQUEST,
      work: work({ 'main.py': 'print(1)\n', 'json.py': 'raise SystemExit(3)\n' }),
      model: null,
      sandbox,
    });
    expect(byId(shadow.report.checks, 'code.parses')).toMatchObject({
      outcome: 'passed',
      evidence: expect.stringContaining('json.py: ok'),
    });
    const files = Object.fromEntries(Array.from({ length: 501 }, (_, i) => [`m${i}.py`, 'print(1)\n']));
    const { report } = await validateWork({
      taskType: 'code_project',
      request: REQUEST,
      work: work({ ...files, 'main.py': 'print(1)\n' }),
      model: null,
      sandbox,
    });
    expect(byId(report.checks, 'code.entry-runs')).toMatchObject({
      outcome: 'failed',
      evidence: expect.stringMatching(/^the sandbox refused to run the project: .*500/),
    });
    expect(report.score).toBe(0);
  });

  it('marks Go as not executed: static checks only', async () => {
    const { report } = await validateWork({
      taskType: 'code_project',
      request: 'a Go program that prints hello',
      work: {
        producer: embedded,
        files: { 'main.go': 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("hi {")\n}\n' },
        entry: 'main.go',
      },
      model: scriptedModel([]),
      sandbox,
    });
    expect(byId(report.checks, 'code.parses')).toMatchObject({
      outcome: 'passed',
      evidence: expect.stringContaining('static check only; Go is not executed'),
    });
    expect(byId(report.checks, 'code.entry-runs')).toMatchObject({
      outcome: 'not_checked',
      evidence: 'main.go: Go is not executed in the sandbox (static checks only)',
    });
    expect(byId(report.checks, 'code.request-met').outcome).toBe('not_checked');
    expect(report.score).toBe(25);
  });
});
