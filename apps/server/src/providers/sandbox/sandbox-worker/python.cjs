// @ts-check
/**
 * Python in the sandbox: Pyodide (CPython compiled to WebAssembly, npm `pyodide`) loaded from
 * node_modules into the guest realm of realm.cjs. Nothing is fetched: the loader reads exactly
 * three files of the package (the wasm binary, the standard library zip and the lock file) through
 * an allow-list; every other path, and every URL, is refused.
 *
 * `prepare()` boots the interpreter and runs driver.py (restrictions, pre-imported modules), so
 * a spare worker is ready before a run arrives; `run()` writes the workspace to /workspace in
 * Pyodide's in-memory file system, runs the entry and reports the files it created or changed.
 */
const { readFileSync } = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const { createGuestRealm } = require('./realm.cjs');

const PYODIDE_DIR = path.dirname(require.resolve('pyodide/package.json'));
/** The Pyodide package version (also the runtime's name in results). */
const PYODIDE_VERSION = JSON.parse(readFileSync(path.join(PYODIDE_DIR, 'package.json'), 'utf8')).version;
/** Virtual directory the guest loader sees the package at. */
const INDEX_URL = '/pyodide/';
const ASSETS = new Set(['pyodide.asm.wasm', 'python_stdlib.zip']);
const DRIVER = readFileSync(path.join(__dirname, 'driver.py'), 'utf8');

/**
 * @typedef {object} RunHooks
 * @property {(fd: number, bytes: Uint8Array | string) => void} write
 * @property {(wanted: number, limit: number) => void} memoryRefused
 * @property {() => number} stopRequested
 * @property {() => number} memoryLimit
 */

/**
 * Boots Pyodide in a fresh guest realm.
 * @param {RunHooks} hooks
 * @param {{ makeSnapshot?: boolean, snapshot?: Uint8Array }} [options]  `makeSnapshot`: boot so that
 *   `snapshot()` can save the booted interpreter; `snapshot`: boot from such a saved heap instead
 *   of initialising Python (much faster; the driver's state is in it)
 */
async function preparePython(hooks, options = {}) {
  /** @type {Map<string, Uint8Array>} */
  const cache = new Map();
  const { context, memory } = createGuestRealm({
    readAsset(name) {
      const base = name.startsWith(INDEX_URL) ? name.slice(INDEX_URL.length) : name;
      if (base === 'snapshot' && options.snapshot) return options.snapshot;
      if (!ASSETS.has(base)) throw new Error(`no such file: ${name}`);
      let bytes = cache.get(base);
      if (!bytes) {
        bytes = readFileSync(path.join(PYODIDE_DIR, base));
        cache.set(base, bytes);
      }
      return bytes;
    },
    write: (fd, bytes) => hooks.write(fd, bytes),
    memoryRefused: (wanted, limit) => hooks.memoryRefused(wanted, limit),
    stopRequested: () => hooks.stopRequested(),
    memoryLimit: () => hooks.memoryLimit(),
  });
  // The Emscripten module is an ES module; the guest realm runs classic scripts only, so it is
  // evaluated as one (its Node-only branches, with `import()`, never run in shell mode).
  const asm = readFileSync(path.join(PYODIDE_DIR, 'pyodide.asm.mjs'), 'utf8')
    .replaceAll('import.meta.url', JSON.stringify(`file://${INDEX_URL}pyodide.asm.mjs`))
    .replace(/export\s+default\s+_createPyodideModule\s*;?\s*$/, '');
  vm.runInContext(asm, context, { filename: 'pyodide.asm.js' });
  vm.runInContext(readFileSync(path.join(PYODIDE_DIR, 'pyodide.js'), 'utf8'), context, { filename: 'pyodide.js' });
  const lock = readFileSync(path.join(PYODIDE_DIR, 'pyodide-lock.json'), 'utf8');
  cache.clear();
  /** @type {(lock: string, indexURL: string, makeSnapshot: boolean, fromSnapshot: boolean) => Promise<any>} */
  const boot = vm.runInContext(
    `(async (lock, indexURL, makeSnapshot, fromSnapshot) => {
      'use strict';
      const py = await loadPyodide({
        indexURL,
        _makeSnapshot: makeSnapshot,
        _loadSnapshot: fromSnapshot ? new Uint8Array(readbuffer(indexURL + 'snapshot')) : undefined,
        createPyodideModule: _createPyodideModule,
        lockFileContents: JSON.parse(lock),
        jsglobals: Object.create(null),
        env: {},
        args: [],
        fullStdLib: false,
        checkAPIVersion: true,
      });
      return py;
    })`,
    context,
    { filename: 'sandbox-boot.js' },
  );
  /** @type {(py: any, memory: any) => void} */
  const connect = vm.runInContext(
    `((py, memory) => {
      'use strict';
      // In-memory files grow by replacing their storage: the dropped array is credited back, and
      // past the memory limit a write fails like a full disk (OSError ENOSPC in Python).
      const MEMFS = py.FS.filesystems.MEMFS;
      const counted = (original) =>
        function (node, ...args) {
          const file = node && node.node ? node.node : node;
          const before = file && file.contents;
          let result;
          try {
            result = original.call(this, node, ...args);
          } catch (error) {
            if (error instanceof RangeError) throw new py.FS.ErrnoError(py.ERRNO_CODES.ENOSPC);
            throw error;
          }
          if (before && file.contents !== before) memory.credit(before.length);
          return result;
        };
      for (const name of ['expandFileStorage', 'resizeFileStorage']) {
        if (typeof MEMFS[name] === 'function') MEMFS[name] = counted(MEMFS[name]);
      }
      // Nodes take their stream functions from ops_table (copies of stream_ops): patch both.
      const fileStream = MEMFS.ops_table && MEMFS.ops_table.file && MEMFS.ops_table.file.stream;
      for (const ops of [MEMFS.stream_ops, fileStream]) {
        if (ops && typeof ops.write === 'function') ops.write = counted(ops.write);
      }
      py.setStdout({ write: (bytes) => { sandboxWrite(1, bytes); return bytes.length; }, isatty: false });
      py.setStderr({ write: (bytes) => { sandboxWrite(2, bytes); return bytes.length; }, isatty: false });
      py.setInterruptBuffer(sandboxSignals);
      for (const name of ['pyodide_js', 'js']) {
        try { py.unregisterJsModule(name); } catch {}
      }
    })`,
    context,
    { filename: 'sandbox-connect.js' },
  );
  const py = await boot(lock, INDEX_URL, Boolean(options.makeSnapshot), Boolean(options.snapshot));
  if (!options.snapshot) py.runPython(DRIVER, { filename: '<sandbox-driver>' });
  // Output, interrupts and the removal of the JavaScript modules come after a snapshot could be
  // taken: a snapshot may not hold references to JavaScript objects.
  let connected = false;
  const ensureConnected = () => {
    if (!connected) connect(py, memory);
    connected = true;
  };
  return {
    /** The booted interpreter's heap (after the driver ran), to boot later workers from. */
    snapshot() {
      /** @type {Uint8Array} */
      const bytes = py.makeMemorySnapshot();
      ensureConnected();
      const copy = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
      copy.set(bytes);
      return copy;
    },
    /**
     * Runs one program. Resolves with its exit code and the workspace files it created or changed.
     * @param {{ files: Record<string, string>, entry: string, args: string[], stdin: string,
     *   maxChangedBytes: number }} req
     * @returns {{ exitCode: number, changedFiles: Record<string, string>, skippedFiles: number }}
     */
    run(req) {
      ensureConnected();
      memory.startCounting(py._module.HEAP8.length);
      const run = py.globals.get('_sandbox_run');
      const result = run(JSON.stringify(req));
      const parsed = JSON.parse(String(result));
      return {
        exitCode: Number(parsed.exitCode),
        changedFiles: parsed.changedFiles ?? {},
        skippedFiles: Number(parsed.skippedFiles ?? 0),
      };
    },
  };
}

module.exports = { preparePython, PYODIDE_VERSION };
