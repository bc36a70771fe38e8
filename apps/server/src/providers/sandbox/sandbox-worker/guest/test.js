// Guest code: evaluated inside QuickJS (not in Node). A `node:test` runner: test/it, describe,
// hooks, subtests (t.test), skip/todo. Tests run once the program's top level has run, print one
// line per test like Node's spec reporter and a summary, and a failure sets the exit code to 1.
((sandbox) => {
  const { process } = sandbox;
  const newSuite = (name, parent) => ({
    kind: 'suite',
    name,
    parent,
    children: [],
    before: [],
    after: [],
    beforeEach: [],
    afterEach: [],
  });
  const root = newSuite('', null);
  let current = root;
  let scheduled = false;
  const totals = { tests: 0, suites: 0, pass: 0, fail: 0, skipped: 0, todo: 0 };
  const failures = [];
  const start = () => process.uptime() * 1000;

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setTimeout(runAll, 0);
  };
  const parseArgs = (name, options, fn) => {
    if (typeof name === 'function') return { name: name.name || '<anonymous>', options: {}, fn: name };
    if (typeof options === 'function') return { name: String(name ?? '<anonymous>'), options: {}, fn: options };
    return { name: String(name ?? '<anonymous>'), options: options ?? {}, fn };
  };
  const indent = (depth) => '  '.repeat(depth);
  const errorText = (err) => (err instanceof Error ? sandbox.formatError(err) : sandbox.inspect(err));

  const callWithDone = (fn, ctx) =>
    fn.length >= 2
      ? new Promise((resolve, reject) => {
          fn(ctx, (err) => (err ? reject(err) : resolve()));
        })
      : fn(ctx);

  const makeContext = (name, depth) => {
    const ctx = {
      name,
      skipped: false,
      subtests: [],
      skip(message) {
        ctx.skipped = message ?? true;
      },
      todo() {},
      diagnostic: (msg) => process.stdout.write(`${indent(depth + 1)}ℹ ${msg}\n`),
      test: (n, o, f) => {
        const a = parseArgs(n, o, f);
        const p = runTest({ kind: 'test', ...a }, depth + 1, []);
        ctx.subtests.push(p);
        return p;
      },
      assert: sandbox.assert,
    };
    return ctx;
  };

  async function runTest(node, depth, eachHooks) {
    const t0 = start();
    totals.tests++;
    if (node.options.skip || node.options.todo) {
      const what = node.options.skip ? 'skipped' : 'todo';
      totals[what === 'skipped' ? 'skipped' : 'todo']++;
      process.stdout.write(
        `${indent(depth)}﹣ ${node.name} (0ms) # ${what.toUpperCase().replace('SKIPPED', 'SKIP')}\n`,
      );
      return;
    }
    const ctx = makeContext(node.name, depth);
    let error = null;
    try {
      for (const [hook, suiteCtx] of eachHooks.before) await hook(suiteCtx ?? ctx);
      await callWithDone(node.fn, ctx);
      await Promise.all(ctx.subtests);
    } catch (err) {
      error = err;
    }
    try {
      for (const [hook, suiteCtx] of eachHooks.after) await hook(suiteCtx ?? ctx);
    } catch (err) {
      error ??= err;
    }
    const ms = (start() - t0).toFixed(3);
    if (error && !(error instanceof sandbox.ExitSignal)) {
      totals.fail++;
      failures.push({ name: node.name, error });
      process.stdout.write(
        `${indent(depth)}✖ ${node.name} (${ms}ms)\n${errorText(error).replace(/^/gm, indent(depth + 1))}\n`,
      );
    } else if (ctx.skipped) {
      totals.skipped++;
      process.stdout.write(`${indent(depth)}﹣ ${node.name} (${ms}ms) # SKIP\n`);
    } else {
      totals.pass++;
      process.stdout.write(`${indent(depth)}✔ ${node.name} (${ms}ms)\n`);
    }
  }

  const collectEach = (suite) => {
    const chain = [];
    for (let s = suite; s; s = s.parent) chain.unshift(s);
    return {
      before: chain.flatMap((s) => s.beforeEach.map((h) => [h, null])),
      after: chain.reverse().flatMap((s) => s.afterEach.map((h) => [h, null])),
    };
  };

  async function runSuite(suite, depth) {
    const t0 = start();
    let failed = false;
    if (suite !== root) {
      totals.suites++;
      process.stdout.write(`${indent(depth)}▶ ${suite.name}\n`);
    }
    try {
      for (const hook of suite.before) await hook();
    } catch (err) {
      totals.fail++;
      failures.push({ name: `${suite.name} (before hook)`, error: err });
      process.stdout.write(`${indent(depth + 1)}✖ before hook\n${errorText(err).replace(/^/gm, indent(depth + 2))}\n`);
      return;
    }
    const each = collectEach(suite);
    const childDepth = suite === root ? depth : depth + 1;
    for (const child of suite.children) {
      const before = totals.fail;
      if (child.kind === 'suite') await runSuite(child, childDepth);
      else await runTest(child, childDepth, each);
      if (totals.fail > before) failed = true;
    }
    try {
      for (const hook of suite.after) await hook();
    } catch (err) {
      totals.fail++;
      failed = true;
      failures.push({ name: `${suite.name} (after hook)`, error: err });
    }
    if (suite !== root) {
      process.stdout.write(`${indent(depth)}${failed ? '✖' : '✔'} ${suite.name} (${(start() - t0).toFixed(3)}ms)\n`);
    }
  }

  async function runAll() {
    const t0 = start();
    await runSuite(root, 0);
    const lines = [
      `ℹ tests ${totals.tests}`,
      `ℹ suites ${totals.suites}`,
      `ℹ pass ${totals.pass}`,
      `ℹ fail ${totals.fail}`,
      `ℹ cancelled 0`,
      `ℹ skipped ${totals.skipped}`,
      `ℹ todo ${totals.todo}`,
      `ℹ duration_ms ${(start() - t0).toFixed(3)}`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    if (failures.length) {
      process.stdout.write(`\n✖ failing tests:\n\n`);
      for (const f of failures) process.stdout.write(`✖ ${f.name}\n${errorText(f.error).replace(/^/gm, '  ')}\n\n`);
      process.exitCode = 1;
    }
  }

  const test = (name, options, fn) => {
    const a = parseArgs(name, options, fn);
    current.children.push({ kind: 'test', ...a });
    schedule();
  };
  const describe = (name, options, fn) => {
    const a = parseArgs(name, options, fn);
    const suite = newSuite(a.name, current);
    current.children.push(suite);
    if (a.options.skip) return schedule();
    const prev = current;
    current = suite;
    try {
      a.fn?.(suite);
    } finally {
      current = prev;
    }
    schedule();
  };
  for (const [fn, kind] of [
    [test, 'test'],
    [describe, 'suite'],
  ]) {
    fn.skip = (n, o, f) => fn(n, { ...(typeof o === 'object' ? o : {}), skip: true }, typeof o === 'function' ? o : f);
    fn.todo = (n, o, f) =>
      kind === 'test' ? test(n, { todo: true }, typeof o === 'function' ? o : f) : describe.skip(n, o, f);
    fn.only = fn;
  }
  const hook = (kind) => (fn) => {
    current[kind].push(fn);
  };
  test.test = test;
  test.it = test;
  test.describe = describe;
  test.suite = describe;
  test.before = hook('before');
  test.after = hook('after');
  test.beforeEach = hook('beforeEach');
  test.afterEach = hook('afterEach');
  test.default = test;
  sandbox.builtins.set('test', () => test);
})(globalThis.__sandbox);
