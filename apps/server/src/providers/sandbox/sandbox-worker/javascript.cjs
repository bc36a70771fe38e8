// @ts-check
/**
 * JavaScript and TypeScript in the sandbox: QuickJS compiled to WebAssembly (npm
 * `quickjs-emscripten-core` with the release-sync variant). The program runs inside the QuickJS
 * interpreter and sees only what the guest runtime (./guest/*.js) builds from a handful of host
 * functions: output, exit, timers and module compilation. It has no access to the worker's
 * JavaScript, so no network, files, environment or processes.
 *
 * TypeScript types are stripped and ES modules turned into CommonJS by sucrase in the host;
 * line numbers are kept, so stack traces point at the program's own lines.
 *
 * Limits: QuickJS's own allocator limit (memoryBytes), a 1 MB interpreter stack, and an
 * interrupt handler that stops the program when the main thread sets the control flag (CPU
 * time), when the output was cut, or right after process.exit().
 */
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');
const variantModule = require('@jitl/quickjs-wasmfile-release-sync');
const { newQuickJSWASMModuleFromVariant } = require('quickjs-emscripten-core');
const { transform } = require('sucrase');

const RELEASE_SYNC = variantModule.default ?? variantModule;
/** The quickjs-emscripten version (the runtime's name in results). */
const QUICKJS_VERSION = packageVersion('quickjs-emscripten-core');

/** The version in an installed package's package.json (found above its resolved entry file). */
function packageVersion(/** @type {string} */ name) {
  for (let dir = path.dirname(require.resolve(name)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (!existsSync(file)) continue;
    const pkg = JSON.parse(readFileSync(file, 'utf8'));
    if (pkg.name === name) return String(pkg.version);
  }
  return 'unknown';
}
const GUEST = ['inspect.js', 'runtime.js', 'modules.js', 'io.js', 'assert.js', 'test.js'].map((name) => ({
  name,
  source: readFileSync(path.join(__dirname, 'guest', name), 'utf8'),
}));
const PARAMS = '(exports, require, module, __filename, __dirname, __sandbox_import_meta)';
/**
 * Module wrappers, on the module's first line so line numbers stay right; both the same length so
 * the guest can correct first-line columns in stack traces (WRAPPER_COLUMNS).
 */
const SYNC_WRAPPER = `(function ${PARAMS}       {`;
const ASYNC_WRAPPER = `(async function ${PARAMS} {`;
const WRAPPER_COLUMNS = ASYNC_WRAPPER.length;
const MODULE_SYNTAX = /^\s*(import\s*[\w*{'"(]|export\s)|\bimport\s*\(/m;

/**
 * Turns a workspace file into CommonJS the guest can wrap in a function: TypeScript types are
 * stripped, `import`/`export` become require/exports, `import.meta` an object the wrapper passes.
 * @param {string} file
 * @param {string} source
 */
function toCommonJs(file, source) {
  const ts = /\.[cm]?ts$/.test(file);
  const esm = /\.m[jt]s$/.test(file) || MODULE_SYNTAX.test(source);
  /** @type {Array<'typescript' | 'imports'>} */
  const transforms = [];
  if (ts) transforms.push('typescript');
  if (esm) transforms.push('imports');
  const code = source.replace(/\bimport\.meta\b/g, '__sandbox_import_meta');
  if (transforms.length === 0) return code;
  return transform(code, { transforms, filePath: file, disableESTransforms: true, production: true }).code;
}

/**
 * @typedef {object} JsHooks
 * @property {(fd: number, data: string) => void} write
 * @property {(wanted: number, limit: number) => void} memoryRefused
 * @property {() => number} stopRequested
 * @property {() => number} memoryLimit
 */

/**
 * Loads QuickJS and the guest runtime (a spare worker does this before its run arrives).
 * @param {JsHooks} hooks
 * @param {Int32Array} control  [0] non-zero: stop now
 */
async function prepareJavaScript(hooks, control) {
  const QuickJS = await newQuickJSWASMModuleFromVariant(RELEASE_SYNC);
  const runtime = QuickJS.newRuntime();
  runtime.setMaxStackSize(1024 * 1024);
  const ctx = runtime.newContext();
  /** @type {number | null} */
  let exitCode = null;
  let outOfMemory = false;
  /** @type {Map<number, { due: number, seq: number }>} */
  const timers = new Map();
  let seq = 0;
  let uncaught = false;
  /** Whether the program is running (the interrupt handler only stops the program, not the collection of results). */
  let running = false;
  const stopped = () => exitCode !== null || Atomics.load(control, 0) !== 0 || hooks.stopRequested() !== 0;
  runtime.setInterruptHandler(() => running && stopped());

  const host = ctx.newObject();
  /** @param {string} name @param {(...args: import('quickjs-emscripten-core').QuickJSHandle[]) => any} fn */
  const define = (name, fn) => {
    const handle = ctx.newFunction(name, fn);
    ctx.setProp(host, name, handle);
    handle.dispose();
  };
  define('write', (fd, text) => {
    if (exitCode === null) hooks.write(ctx.getNumber(fd), ctx.getString(text));
  });
  define('exit', (code) => {
    exitCode = ctx.getNumber(code) | 0;
  });
  define('now', () => ctx.newNumber(performance.now()));
  define('setTimer', (id, ms) => {
    timers.set(ctx.getNumber(id), { due: performance.now() + Math.max(0, ctx.getNumber(ms)), seq: seq++ });
  });
  define('clearTimer', (id) => {
    timers.delete(ctx.getNumber(id));
  });
  define('outOfMemory', () => {
    outOfMemory = true;
  });
  define('compile', (fileHandle, sourceHandle) => {
    const file = ctx.getString(fileHandle);
    const source = ctx.getString(sourceHandle);
    let code;
    try {
      code = toCommonJs(file, source);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { error: ctx.newError({ name: 'SyntaxError', message: `${message} in ${file}` }) };
    }
    const result = ctx.evalCode(`${SYNC_WRAPPER}${code}\n})`, file);
    if (!result.error) return result.value;
    if (/\bawait\b/.test(code)) {
      const retry = ctx.evalCode(`${ASYNC_WRAPPER}${code}\n})`, file);
      if (!retry.error) {
        result.error.dispose();
        return retry.value;
      }
      retry.error.dispose();
    }
    return { error: result.error };
  });
  ctx.setProp(ctx.global, '__host', host);
  const sandbox = ctx.newObject();
  ctx.setProp(ctx.global, '__sandbox', sandbox);
  for (const { name, source } of GUEST) ctx.unwrapResult(ctx.evalCode(source, `sandbox:${name}`)).dispose();

  /** Reports an exception the program did not catch (printed like Node, exit code 1). */
  const reportUncaught = (/** @type {import('quickjs-emscripten-core').QuickJSHandle} */ err) => {
    if (stopped()) return;
    const report = ctx.getProp(sandbox, 'reportUncaught');
    const result = ctx.callFunction(report, ctx.undefined, err);
    if (result.error) result.error.dispose();
    else result.value.dispose();
    report.dispose();
    uncaught = true;
  };
  /**
   * Calls a function of the guest's `sandbox` object with string/number arguments; with `report`,
   * an exception it throws is the program's uncaught exception.
   */
  const call = (/** @type {string} */ name, /** @type {Array<string | number>} */ args = [], report = false) => {
    const fn = ctx.getProp(sandbox, name);
    const handles = args.map((a) => (typeof a === 'string' ? ctx.newString(a) : ctx.newNumber(a)));
    const result = ctx.callFunction(fn, ctx.undefined, ...handles);
    fn.dispose();
    for (const h of handles) h.dispose();
    if (result.error) {
      if (report) reportUncaught(result.error);
      const error = ctx.dump(result.error);
      result.error.dispose();
      return { error };
    }
    const value = ctx.dump(result.value);
    result.value.dispose();
    return { value };
  };
  /** Runs queued promise jobs; an error there is an uncaught exception of the program. */
  const drainJobs = () => {
    for (;;) {
      const res = runtime.executePendingJobs(1000);
      if (res.error) {
        reportUncaught(res.error);
        res.error.dispose();
        if (stopped()) return;
        continue;
      }
      if (res.value === 0 || stopped()) return;
    }
  };

  return {
    /**
     * Runs one program to its end: the entry module, then promise jobs and timers until none is
     * left, process.exit() is called, or the main thread stops the run.
     * @param {{ files: Record<string, string>, entry: string, args: string[], stdin: string }} req
     */
    async run(req) {
      runtime.setMemoryLimit(hooks.memoryLimit());
      const booted = call('boot', [
        JSON.stringify({
          files: req.files,
          entry: req.entry,
          args: req.args,
          stdin: req.stdin,
          wrapperColumns: WRAPPER_COLUMNS,
        }),
      ]);
      if (booted.error) throw new Error(`the sandbox runtime failed: ${JSON.stringify(booted.error)}`);
      running = true;
      call('runMain', [], true);
      drainJobs();
      while (!stopped() && timers.size > 0) {
        let next = /** @type {[number, { due: number, seq: number }] | null} */ (null);
        for (const entry of timers) {
          if (!next || entry[1].due < next[1].due || (entry[1].due === next[1].due && entry[1].seq < next[1].seq))
            next = entry;
        }
        if (!next) break;
        const wait = next[1].due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 50)));
        if (performance.now() < next[1].due || !timers.has(next[0])) continue;
        timers.delete(next[0]);
        call('fireTimer', [next[0]], true);
        drainJobs();
      }
      running = false;
      if (outOfMemory) hooks.memoryRefused(0, hooks.memoryLimit());
      const final = exitCode ?? (uncaught ? 1 : Number(call('finalExitCode').value ?? 0));
      const files = call('changedFiles');
      return { exitCode: final, changedFiles: files.value ? JSON.parse(String(files.value)) : {}, skippedFiles: 0 };
    },
  };
}

module.exports = { prepareJavaScript, toCommonJs, QUICKJS_VERSION };
