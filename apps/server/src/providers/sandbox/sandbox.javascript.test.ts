/**
 * JavaScript and TypeScript in the sandbox (QuickJS): console, process.argv/exit/stdout, stdin,
 * CommonJS and ES modules between workspace files, fs over the workspace, assert and node:test,
 * uncaught errors and syntax errors, TypeScript with its types stripped.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createSandbox } from './index';
import { SLOW_MACHINE_MS } from './test-timeouts';

const sandbox = createSandbox({ idleMs: 600_000 });
afterAll(() => sandbox.close());

const js = (
  files: Record<string, string>,
  entry = 'main.js',
  extra: { args?: string[]; stdin?: string; language?: 'javascript' | 'typescript' } = {},
) => sandbox.run({ language: extra.language ?? 'javascript', files, entry, args: extra.args, stdin: extra.stdin });

describe('javascript in the sandbox', { timeout: SLOW_MACHINE_MS }, () => {
  it('runs a CommonJS program with argv, stdin, console, fs and an exit code', async () => {
    const r = await js(
      {
        'main.js': [
          "const fs = require('node:fs');",
          "const { double } = require('./lib/util');",
          "const input = fs.readFileSync(0, 'utf8');",
          'console.log("args", process.argv.slice(2), double(21));',
          'console.log({ lines: input.trim().split("\\n"), nested: { a: [1, 2] } });',
          'console.error("warning: %s=%d", "x", 3);',
          "process.stdout.write('no newline');",
          "fs.writeFileSync('out.txt', fs.readFileSync('data.txt', 'utf8').toUpperCase());",
          "console.log('\\nexists', fs.existsSync('out.txt'), fs.existsSync('nope.txt'));",
          'process.exit(4);',
          "console.log('not printed');",
        ].join('\n'),
        'lib/util.js': 'module.exports = { double: (x) => 2 * x };\n',
        'data.txt': 'shout',
      },
      'main.js',
      { args: ['a', 'b c'], stdin: 'one\ntwo\n' },
    );
    expect(r.stdout).toBe(
      "args [ 'a', 'b c' ] 42\n{ lines: [ 'one', 'two' ], nested: { a: [ 1, 2 ] } }\nno newline\nexists true false\n",
    );
    expect(r.stderr).toBe('warning: x=3\n');
    expect(r.exitCode).toBe(4);
    expect(r.stopped).toBeNull();
    expect(r.changedFiles).toEqual({ 'out.txt': 'SHOUT' });
  });

  it('runs ES modules and TypeScript with imports between files, timers and top-level await', async () => {
    const r = await js(
      {
        'main.ts': [
          "import { greet, type Person } from './greet';",
          "import counter from './counter.mjs';",
          "import assert from 'node:assert/strict';",
          "const p: Person = { name: 'Ada' };",
          'await new Promise<void>((resolve) => setTimeout(resolve, 20));',
          'console.log(greet(p), counter(), counter());',
          "assert.equal(greet(p), 'Hello, Ada');",
          'console.log(import.meta.url);',
        ].join('\n'),
        'greet.ts':
          'export interface Person { name: string }\nexport const greet = (p: Person): string => "Hello, " + p.name;\n',
        'counter.mjs': 'let n = 0;\nexport default function counter() { return ++n; }\n',
      },
      'main.ts',
      { language: 'typescript' },
    );
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('Hello, Ada 1 2\nfile:///workspace/main.ts\n');
    expect(r.exitCode).toBe(0);
  });

  it('reports uncaught errors with their stack, syntax errors, and failing node:test tests', async () => {
    const [crash, syntax, tests] = await Promise.all([
      js({ 'main.js': 'function f() {\n  throw new TypeError("bad value");\n}\nconsole.log("before");\nf();\n' }),
      js({ 'main.js': 'console.log("never"\nconst = 3;\n' }),
      js(
        {
          'sum.js': 'exports.sum = (a, b) => a + b;\n',
          'sum.test.js': [
            "const test = require('node:test');",
            "const assert = require('node:assert');",
            "const { sum } = require('./sum');",
            "test('adds', () => { assert.strictEqual(sum(2, 3), 5); });",
            "test('is wrong', async () => { assert.deepStrictEqual({ v: sum(2, 2) }, { v: 5 }); });",
          ].join('\n'),
        },
        'sum.test.js',
      ),
    ]);
    expect(crash.exitCode).toBe(1);
    expect(crash.stdout).toBe('before\n');
    expect(crash.stderr).toContain('TypeError: bad value');
    expect(crash.stderr).toContain('/workspace/main.js:2');
    expect(crash.stderr).not.toContain('sandbox:');
    expect(syntax.exitCode).toBe(1);
    expect(syntax.stdout).toBe('');
    expect(syntax.stderr).toContain('SyntaxError');
    expect(tests.exitCode).toBe(1);
    expect(tests.stdout).toContain('✔ adds');
    expect(tests.stdout).toContain('✖ is wrong');
    expect(tests.stdout).toContain('ℹ pass 1');
    expect(tests.stdout).toContain('ℹ fail 1');
    expect(tests.stdout).toContain('Expected values to be strictly deep-equal');
  });
});
