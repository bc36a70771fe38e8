// @ts-check
/**
 * The guest realm Pyodide runs in: a `vm` context holding only JavaScript's built-ins and a few
 * shims made inside it, with code generation from strings disabled and no dynamic `import()`.
 *
 * Why: Python code in Pyodide can reach any JavaScript object through its FFI (`pyodide.ffi.to_js`,
 * `import js`...), and from any object its realm's `Function` constructor. In the worker's own
 * realm that means `process`, `require` and so the host: files, sockets, child processes. In this
 * realm there is nothing to reach: no `process`, no `fetch`, no `require`, no `import()`, and
 * `Function('...')`/`eval` throw. Pyodide runs here in its "shell" mode (the d8/SpiderMonkey
 * shell environment), reading its own files through {@link GuestHost.readAsset}.
 *
 * Rules for the host functions below (they run in the worker's realm): they take only strings,
 * numbers and genuine typed arrays, return only primitives, and never let a host object (an
 * error, a promise, a buffer) into the guest. Each is wrapped in a guest function that turns a
 * host exception into a guest `Error` carrying only the message, so the host function itself is
 * held in a closure Python cannot read.
 */
const { randomFillSync } = require('node:crypto');
const vm = require('node:vm');
const { GUEST_MEMORY } = require('./realm-memory.cjs');

/**
 * @typedef {object} GuestMemory  the guest's memory accounting (a guest object; never give it to the program)
 * @property {(heapBytes: number) => void} startCounting  the run begins: count from the heap's current size
 * @property {(bytes: number) => void} credit  storage dropped by the guest's file system
 */

/**
 * @typedef {object} GuestHost
 * @property {(name: string) => Uint8Array} readAsset  bytes of an allowed runtime file (by path)
 * @property {(fd: number, bytes: Uint8Array | string) => void} write  program output (1 stdout, 2 stderr)
 * @property {(wanted: number, limit: number) => void} memoryRefused  the heap or a buffer could not grow
 * @property {() => number} stopRequested  2 when the run must stop (read by Python's signal check)
 * @property {() => number} memoryLimit  bytes the WebAssembly heap may grow to (read at each growth)
 */

const decoder = new TextDecoder();

/**
 * Creates the guest realm and installs its shims.
 * @param {GuestHost} host
 * @returns {{ context: vm.Context, memory: GuestMemory }}
 */
function createGuestRealm(host) {
  const context = vm.createContext(Object.create(null), {
    name: 'sandbox-guest',
    codeGeneration: { strings: false, wasm: true },
  });
  /** Host functions handed to the guest's installer; kept in its closure only. */
  const h = Object.freeze({
    assetSize(/** @type {unknown} */ name) {
      return host.readAsset(String(name)).byteLength;
    },
    assetFill(/** @type {unknown} */ name, /** @type {unknown} */ target) {
      if (!ArrayBuffer.isView(target)) throw new TypeError('bad target');
      const bytes = host.readAsset(String(name));
      new Uint8Array(target.buffer, target.byteOffset, target.byteLength).set(bytes);
    },
    decode(/** @type {unknown} */ view) {
      if (!ArrayBuffer.isView(view)) return '';
      return decoder.decode(new Uint8Array(view.buffer, view.byteOffset, view.byteLength));
    },
    write(/** @type {unknown} */ fd, /** @type {unknown} */ data) {
      if (typeof data === 'string') host.write(Number(fd), data);
      else if (ArrayBuffer.isView(data)) {
        host.write(Number(fd), new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice());
      }
    },
    now: () => performance.now(),
    randomFill(/** @type {unknown} */ view) {
      if (!ArrayBuffer.isView(view)) throw new TypeError('bad target');
      const tmp = new Uint8Array(view.byteLength);
      randomFillSync(tmp);
      new Uint8Array(view.buffer, view.byteOffset, view.byteLength).set(tmp);
    },
    randomBase64(/** @type {unknown} */ n) {
      const tmp = new Uint8Array(Math.max(0, Math.min(65536, Number(n) | 0)));
      randomFillSync(tmp);
      return Buffer.from(tmp).toString('base64');
    },
    memoryLimit: () => host.memoryLimit(),
    memoryRefused: (/** @type {unknown} */ wanted) => host.memoryRefused(Number(wanted), host.memoryLimit()),
    stopRequested: () => host.stopRequested(),
  });
  const install = vm.runInContext(GUEST_SHIMS, context, { filename: 'sandbox-guest-shims.js' });
  install(h);
  const installMemory = vm.runInContext(GUEST_MEMORY, context, { filename: 'sandbox-guest-memory.js' });
  /** @type {GuestMemory} */
  const memory = installMemory(h);
  return { context, memory };
}

/**
 * Guest-side shims (runs inside the context). `read`/`load` make Pyodide pick its shell mode;
 * `os.system` answers only Emscripten's shell-mode request for random bytes.
 */
const GUEST_SHIMS = String.raw`(function install(h) {
  'use strict';
  const wrap = (f) => function (...args) {
    try {
      return f(...args);
    } catch (e) {
      let message = 'host error';
      try { message = String(e && e.message); } catch {}
      throw new Error(message);
    }
  };
  const define = (name, value) =>
    Object.defineProperty(globalThis, name, { value, writable: true, configurable: true, enumerable: false });
  const readBytes = (name) => {
    const u = new Uint8Array(h.assetSize(name));
    h.assetFill(name, u);
    return u;
  };
  define('readbuffer', wrap((name) => readBytes(String(name)).buffer));
  define('read', wrap((name, mode) => {
    const u = readBytes(String(name));
    return mode === 'binary' ? u : h.decode(u);
  }));
  define('load', wrap(() => { throw new Error('load() is not available'); }));
  define('scriptArgs', []);
  define('os', Object.freeze({
    system: wrap((cmd, args) => {
      const m = /^head -c([0-9]+) \/dev\/urandom/.exec(String(args && args[1]));
      if (!m) throw new Error('child processes are not available in the sandbox');
      return h.randomBase64(Number(m[1]));
    }),
  }));
  const show = (v) => {
    try { return typeof v === 'string' ? v : String(v); } catch { return Object.prototype.toString.call(v); }
  };
  const out = wrap((...a) => h.write(1, a.map(show).join(' ') + '\n'));
  const err = wrap((...a) => h.write(2, a.map(show).join(' ') + '\n'));
  define('sandboxWrite', wrap((fd, bytes) => h.write(fd, bytes)));
  define('print', out);
  define('printErr', err);
  define('console', Object.freeze({ log: out, info: out, debug: () => {}, warn: err, error: err, trace: err }));
  define('performance', Object.freeze({ now: wrap(() => h.now()), timeOrigin: Date.now() }));
  define('crypto', Object.freeze({ getRandomValues: wrap((view) => { h.randomFill(view); return view; }) }));
  class TextDecoder {
    get encoding() { return 'utf-8'; }
    decode(input) {
      if (input === undefined) return '';
      const view = ArrayBuffer.isView(input) ? input : new Uint8Array(input);
      return h.decode(view);
    }
  }
  class TextEncoder {
    get encoding() { return 'utf-8'; }
    encode(input = '') {
      const bin = unescape(encodeURIComponent(String(input)));
      const u = new Uint8Array(bin.length);
      for (let i = 0; i < bin.length; i++) u[i] = bin.charCodeAt(i);
      return u;
    }
    encodeInto(input, dest) {
      const u = this.encode(input);
      const n = Math.min(u.length, dest.length);
      dest.set(u.subarray(0, n));
      return { read: String(input).length, written: n };
    }
  }
  define('TextDecoder', TextDecoder);
  define('TextEncoder', TextEncoder);
  // Timers: the guest never waits for real time; callbacks run after the current job, in order.
  const timers = new Map();
  let nextTimer = 1;
  define('setTimeout', (fn, ms, ...args) => {
    const id = nextTimer++;
    timers.set(id, true);
    Promise.resolve().then(() => { if (timers.delete(id) && typeof fn === 'function') fn(...args); });
    return id;
  });
  define('clearTimeout', (id) => { timers.delete(id); });
  define('queueMicrotask', (fn) => { Promise.resolve().then(fn); });
  // The interrupt "buffer" Python polls: index 0 reads 2 (SIGINT) once the host asks the run to stop.
  define('sandboxSignals', Object.freeze(Object.defineProperty({}, 0, {
    get: wrap(() => h.stopRequested()),
    set: () => {},
  })));
  // Stack traces are formatted by V8's default; nothing may hook them to read other frames.
  Object.defineProperty(Error, 'prepareStackTrace', { value: undefined, writable: false, configurable: false });
})`;

module.exports = { createGuestRealm };
