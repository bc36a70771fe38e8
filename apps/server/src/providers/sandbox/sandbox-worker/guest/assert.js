// Guest code: evaluated inside QuickJS (not in Node). The `assert` module (and `assert/strict`)
// with Node's functions and messages close to Node's.
((sandbox) => {
  const { inspect } = sandbox;

  class AssertionError extends Error {
    constructor(options) {
      super(options.message);
      this.name = 'AssertionError';
      this.code = 'ERR_ASSERTION';
      this.actual = options.actual;
      this.expected = options.expected;
      this.operator = options.operator;
      this.generatedMessage = !options.userMessage;
    }
  }

  /** Node's loose (==) equality, which assert.equal and assert.deepEqual are defined by. */
  // biome-ignore lint/suspicious/noDoubleEquals: the loose comparison is the point
  const looseEqual = (a, b) => a == b;
  const isPrimitive = (v) => typeof v !== 'object' || v === null;
  const isDeepEqual = (a, b, strict, memo = []) => {
    if (strict ? Object.is(a, b) : a === b || (looseEqual(a, b) && isPrimitive(a))) return true;
    if (isPrimitive(a) || isPrimitive(b)) return !strict && isPrimitive(a) && isPrimitive(b) && looseEqual(a, b);
    if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    if (memo.some(([x, y]) => x === a && y === b)) return true;
    memo.push([a, b]);
    if (a instanceof Date || b instanceof Date)
      return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
    if (a instanceof RegExp || b instanceof RegExp) return String(a) === String(b);
    if (a instanceof Error && b instanceof Error && (a.message !== b.message || a.name !== b.name)) return false;
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (a instanceof Map || b instanceof Map) {
      if (!(a instanceof Map && b instanceof Map) || a.size !== b.size) return false;
      for (const [k, v] of a) if (!b.has(k) || !isDeepEqual(v, b.get(k), strict, memo)) return false;
      return true;
    }
    if (a instanceof Set || b instanceof Set) {
      if (!(a instanceof Set && b instanceof Set) || a.size !== b.size) return false;
      outer: for (const v of a) {
        if (b.has(v)) continue;
        if (typeof v === 'object' && v !== null) {
          for (const w of b) if (isDeepEqual(v, w, strict, memo)) continue outer;
        }
        return false;
      }
      return true;
    }
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    if (keysA.length !== keysB.length) return false;
    for (const k of keysA) {
      if (!Object.hasOwn(b, k)) return false;
      if (!isDeepEqual(a[k], b[k], strict, memo)) return false;
    }
    return true;
  };
  sandbox.isDeepEqual = (a, b, strict) => isDeepEqual(a, b, strict);

  const fail = (actual, expected, operator, message, generated) => {
    if (message instanceof Error) throw message;
    throw new AssertionError({
      message: message ?? generated,
      userMessage: message !== undefined,
      actual,
      expected,
      operator,
    });
  };
  const show = (v) => inspect(v, { depth: 4 });
  const diff = (actual, expected, title) =>
    `${title}:\n+ actual - expected\n\n${show(actual).replace(/^/gm, '+ ')}\n${show(expected).replace(/^/gm, '- ')}\n`;

  function ok(value, message) {
    if (!value)
      fail(value, true, '==', message, `The expression evaluated to a falsy value:\n\n  assert.ok(${show(value)})\n`);
  }
  const assert = (value, message) => ok(value, message);
  Object.assign(assert, {
    AssertionError,
    ok,
    fail: (message = 'Failed') =>
      fail(undefined, undefined, 'fail', message instanceof Error ? message : String(message)),
    equal: (a, b, m) =>
      looseEqual(a, b) || (Number.isNaN(a) && Number.isNaN(b)) || fail(a, b, '==', m, `${show(a)} == ${show(b)}`),
    notEqual: (a, b, m) => !looseEqual(a, b) || fail(a, b, '!=', m, `${show(a)} != ${show(b)}`),
    strictEqual: (a, b, m) =>
      Object.is(a, b) ||
      fail(a, b, 'strictEqual', m, `Expected values to be strictly equal:\n\n${show(a)} !== ${show(b)}\n`),
    notStrictEqual: (a, b, m) =>
      !Object.is(a, b) || fail(a, b, 'notStrictEqual', m, `Expected "actual" to be strictly unequal to: ${show(b)}`),
    deepEqual: (a, b, m) =>
      isDeepEqual(a, b, false) || fail(a, b, 'deepEqual', m, diff(a, b, 'Expected values to be loosely deep-equal')),
    deepStrictEqual: (a, b, m) =>
      isDeepEqual(a, b, true) ||
      fail(a, b, 'deepStrictEqual', m, diff(a, b, 'Expected values to be strictly deep-equal')),
    notDeepEqual: (a, b, m) =>
      !isDeepEqual(a, b, false) ||
      fail(a, b, 'notDeepEqual', m, `Expected "actual" not to be loosely deep-equal to: ${show(b)}`),
    notDeepStrictEqual: (a, b, m) =>
      !isDeepEqual(a, b, true) ||
      fail(a, b, 'notDeepStrictEqual', m, `Expected "actual" not to be strictly deep-equal to: ${show(b)}`),
    match: (s, re, m) =>
      re.test(s) ||
      fail(s, re, 'match', m, `The input did not match the regular expression ${re}. Input:\n\n${show(s)}\n`),
    doesNotMatch: (s, re, m) =>
      !re.test(s) ||
      fail(
        s,
        re,
        'doesNotMatch',
        m,
        `The input was expected to not match the regular expression ${re}. Input:\n\n${show(s)}\n`,
      ),
    ifError: (v) => {
      if (v !== null && v !== undefined)
        throw v instanceof Error ? v : new AssertionError({ message: `ifError got unwanted exception: ${show(v)}` });
    },
  });

  /** Whether a thrown error matches `expected` (a class, a RegExp, an object of properties or a validator). */
  const matches = (err, expected) => {
    if (expected === undefined) return true;
    if (expected instanceof RegExp)
      return (
        expected.test(err instanceof Error ? `${err.name}: ${err.message}` : String(err)) ||
        expected.test(String(err?.message))
      );
    if (typeof expected === 'function') {
      if (expected.prototype !== undefined && err instanceof expected) return true;
      if (expected === Error || Object.prototype.isPrototypeOf.call(Error, expected)) return false;
      return expected.call({}, err) === true;
    }
    if (typeof expected === 'object' && expected !== null) {
      return Object.keys(expected).every((k) =>
        expected[k] instanceof RegExp && typeof err?.[k] === 'string'
          ? expected[k].test(err[k])
          : isDeepEqual(err?.[k], expected[k], true),
      );
    }
    return false;
  };
  const checkThrown = (err, expected, message, op) => {
    if (!matches(err, expected)) {
      if (
        typeof expected === 'function' &&
        (expected === Error || Object.prototype.isPrototypeOf.call(Error, expected))
      )
        throw err;
      fail(
        err,
        expected,
        op,
        typeof expected === 'string' ? expected : message,
        `The error is expected to match ${show(expected)}. Actual: ${show(err)}`,
      );
    }
  };
  assert.throws = (fn, expected, message) => {
    if (typeof expected === 'string') [message, expected] = [expected, undefined];
    try {
      fn();
    } catch (err) {
      checkThrown(err, expected, message, 'throws');
      return;
    }
    fail(undefined, expected, 'throws', message, `Missing expected exception${message ? `: ${message}` : '.'}`);
  };
  assert.doesNotThrow = (fn, message) => {
    try {
      fn();
    } catch (err) {
      fail(
        err,
        undefined,
        'doesNotThrow',
        typeof message === 'string' ? message : undefined,
        `Got unwanted exception.\nActual message: "${err?.message}"`,
      );
    }
  };
  assert.rejects = async (promiseOrFn, expected, message) => {
    if (typeof expected === 'string') [message, expected] = [expected, undefined];
    try {
      await (typeof promiseOrFn === 'function' ? promiseOrFn() : promiseOrFn);
    } catch (err) {
      checkThrown(err, expected, message, 'rejects');
      return;
    }
    fail(undefined, expected, 'rejects', message, `Missing expected rejection${message ? `: ${message}` : '.'}`);
  };
  assert.doesNotReject = async (promiseOrFn, message) => {
    try {
      await (typeof promiseOrFn === 'function' ? promiseOrFn() : promiseOrFn);
    } catch (err) {
      fail(err, undefined, 'doesNotReject', message, `Got unwanted rejection.\nActual message: "${err?.message}"`);
    }
  };

  const strict = (value, message) => ok(value, message);
  Object.assign(strict, assert, {
    equal: assert.strictEqual,
    notEqual: assert.notStrictEqual,
    deepEqual: assert.deepStrictEqual,
    notDeepEqual: assert.notDeepStrictEqual,
  });
  assert.strict = strict;
  strict.strict = strict;
  sandbox.assert = assert;
  sandbox.builtins.set('assert', () => assert);
  sandbox.builtins.set('assert/strict', () => strict);
})(globalThis.__sandbox);
