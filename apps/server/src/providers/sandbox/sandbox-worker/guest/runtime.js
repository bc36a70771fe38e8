// Guest code: evaluated inside QuickJS (not in Node). A small Node-like runtime: console, process,
// timers, standard input, and CommonJS modules over the in-memory workspace (ES modules and
// TypeScript arrive already converted to CommonJS by the host). `__host` holds the few host
// functions (write, exit, timers, compile); both globals are removed before the program runs.
((sandbox, host) => {
  const CWD = '/workspace';
  const state = { files: new Map(), original: new Map(), dirs: new Set([CWD, '/tmp']), stdin: '', stdinTaken: false };
  sandbox.state = state;

  // ---- process -------------------------------------------------------------------------------
  class ExitSignal extends Error {}
  let exiting = false;
  const write = (fd, text) => {
    if (!exiting) host.write(fd, String(text));
    return true;
  };
  const stream = (fd) => ({
    write: (chunk, encoding, cb) => {
      write(fd, chunk);
      const done = typeof encoding === 'function' ? encoding : cb;
      if (typeof done === 'function') setTimeout(done, 0);
      return true;
    },
    end: (chunk) => {
      if (chunk !== undefined) write(fd, chunk);
    },
    on: () => {},
    once: () => {},
    isTTY: false,
    columns: 80,
  });
  const start = host.now();
  const hrtime = (prev) => {
    const ms = host.now() - start;
    const t = [Math.floor(ms / 1000), Math.floor((ms % 1000) * 1e6)];
    if (!prev) return t;
    let s = t[0] - prev[0];
    let ns = t[1] - prev[1];
    if (ns < 0) {
      s -= 1;
      ns += 1e9;
    }
    return [s, ns];
  };
  hrtime.bigint = () => BigInt(Math.floor((host.now() - start) * 1e6));
  const processListeners = new Map();
  const process = {
    argv: ['node', CWD],
    argv0: 'node',
    execArgv: [],
    env: {},
    exitCode: undefined,
    platform: 'linux',
    arch: 'wasm32',
    pid: 1,
    ppid: 0,
    title: 'node',
    version: 'v20.0.0',
    versions: { node: '20.0.0', quickjs: 'quickjs-emscripten' },
    release: { name: 'node' },
    stdout: stream(1),
    stderr: stream(2),
    cwd: () => CWD,
    chdir: () => {
      throw new Error('process.chdir() is not supported in the sandbox');
    },
    exit(code) {
      const n = code === undefined ? process.exitCode : code;
      const exitCode = Number(n ?? 0) | 0;
      for (const fn of processListeners.get('exit') ?? []) {
        try {
          fn(exitCode);
        } catch {}
      }
      exiting = true;
      host.exit(exitCode);
      throw new ExitSignal(`process.exit(${exitCode})`);
    },
    hrtime,
    uptime: () => (host.now() - start) / 1000,
    memoryUsage: () => ({ rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 }),
    nextTick: (fn, ...args) => Promise.resolve().then(() => fn(...args)),
    on(event, fn) {
      if (!processListeners.has(event)) processListeners.set(event, []);
      processListeners.get(event).push(fn);
      return process;
    },
    off(event, fn) {
      processListeners.set(
        event,
        (processListeners.get(event) ?? []).filter((f) => f !== fn),
      );
      return process;
    },
    emitWarning: (w) => write(2, `Warning: ${w instanceof Error ? w.message : w}\n`),
  };
  process.once = process.on;
  process.addListener = process.on;
  process.removeListener = process.off;
  sandbox.process = process;
  sandbox.ExitSignal = ExitSignal;
  sandbox.exitListeners = () => processListeners.get('exit') ?? [];
  globalThis.process = process;

  // ---- console -------------------------------------------------------------------------------
  let groupIndent = '';
  const log =
    (fd) =>
    (...args) => {
      const text = sandbox.format(...args);
      write(fd, `${groupIndent ? text.replace(/^/gm, groupIndent) : text}\n`);
    };
  const counts = new Map();
  const timersByLabel = new Map();
  globalThis.console = {
    log: log(1),
    info: log(1),
    debug: log(1),
    error: log(2),
    warn: log(2),
    trace: (...args) => log(2)(`Trace: ${sandbox.format(...args)}\n${new Error().stack ?? ''}`),
    dir: (obj, opts) => write(1, `${sandbox.inspect(obj, opts)}\n`),
    table: (data) => log(1)(data),
    assert: (cond, ...args) => {
      if (!cond) log(2)(args.length ? `Assertion failed: ${sandbox.format(...args)}` : 'Assertion failed');
    },
    count: (label = 'default') => {
      counts.set(label, (counts.get(label) ?? 0) + 1);
      log(1)(`${label}: ${counts.get(label)}`);
    },
    countReset: (label = 'default') => counts.delete(label),
    group: (...args) => {
      if (args.length) log(1)(...args);
      groupIndent += '  ';
    },
    groupEnd: () => {
      groupIndent = groupIndent.slice(2);
    },
    time: (label = 'default') => timersByLabel.set(label, host.now()),
    timeEnd: (label = 'default') => {
      log(1)(`${label}: ${(host.now() - (timersByLabel.get(label) ?? host.now())).toFixed(3)}ms`);
      timersByLabel.delete(label);
    },
    timeLog: (label = 'default') =>
      log(1)(`${label}: ${(host.now() - (timersByLabel.get(label) ?? host.now())).toFixed(3)}ms`),
  };
  globalThis.console.groupCollapsed = globalThis.console.group;

  // ---- timers --------------------------------------------------------------------------------
  const timers = new Map();
  let nextTimer = 1;
  const addTimer = (fn, ms, args, repeat) => {
    if (typeof fn !== 'function') throw new TypeError('The "callback" argument must be of type function');
    const id = nextTimer++;
    const delay = Math.max(0, Number(ms) || 0);
    timers.set(id, { fn, args, repeat, delay });
    host.setTimer(id, delay);
    return {
      id,
      ref() {
        return this;
      },
      unref() {
        return this;
      },
      hasRef: () => true,
      [Symbol.toPrimitive]: () => id,
    };
  };
  const clear = (t) => {
    const id = typeof t === 'object' && t !== null ? t.id : Number(t);
    if (timers.delete(id)) host.clearTimer(id);
  };
  globalThis.setTimeout = (fn, ms, ...args) => addTimer(fn, ms, args, false);
  globalThis.setInterval = (fn, ms, ...args) => addTimer(fn, ms, args, true);
  globalThis.setImmediate = (fn, ...args) => addTimer(fn, 0, args, false);
  globalThis.clearTimeout = clear;
  globalThis.clearInterval = clear;
  globalThis.clearImmediate = clear;
  globalThis.queueMicrotask = (fn) => {
    Promise.resolve().then(fn);
  };
  sandbox.fireTimer = (id) => {
    const t = timers.get(id);
    if (!t) return;
    if (t.repeat) host.setTimer(id, Math.max(1, t.delay));
    else timers.delete(id);
    t.fn(...t.args);
  };
  globalThis.structuredClone = (v) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
  const noNetwork = () => Promise.reject(new TypeError('fetch failed: network access is disabled in the sandbox'));
  globalThis.fetch = noNetwork;
  globalThis.global = globalThis;

  // ---- standard input ------------------------------------------------------------------------
  /** The whole of standard input, once (later reads get ''). */
  sandbox.takeStdin = () => {
    if (state.stdinTaken) return '';
    state.stdinTaken = true;
    return state.stdin;
  };

  // ---- modules -------------------------------------------------------------------------------
  const builtins = new Map();
  sandbox.builtins = builtins;
  const cache = new Map();
  const EXTENSIONS = ['', '.js', '.ts', '.mjs', '.cjs', '.mts', '.cts', '.json'];

  const resolveFile = (request, fromDir) => {
    const base = sandbox.path.resolve(fromDir, request);
    for (const ext of EXTENSIONS) if (state.files.has(base + ext)) return base + ext;
    for (const index of ['/index.js', '/index.ts', '/index.mjs', '/index.cjs']) {
      if (state.files.has(base + index)) return base + index;
    }
    return null;
  };

  const notFound = (request, from, hint) => {
    const err = new Error(`Cannot find module '${request}'${from ? ` from '${from}'` : ''}${hint ? `\n${hint}` : ''}`);
    err.code = 'MODULE_NOT_FOUND';
    return err;
  };

  const load = (filename) => {
    if (cache.has(filename)) return cache.get(filename).exports;
    const module = { id: filename, filename, exports: {}, loaded: false, children: [], paths: [] };
    if (filename === sandbox.entry && !sandbox.mainModule) {
      module.id = '.';
      sandbox.mainModule = module;
    }
    cache.set(filename, module);
    const source = state.files.get(filename);
    if (filename.endsWith('.json')) {
      try {
        module.exports = JSON.parse(source);
      } catch (e) {
        cache.delete(filename);
        throw new SyntaxError(`${filename}: ${e.message}`);
      }
      module.loaded = true;
      return module.exports;
    }
    const dirname = sandbox.path.dirname(filename);
    const require = makeRequire(dirname, module);
    const meta = { url: `file://${filename}`, filename, dirname, resolve: (s) => `file://${require.resolve(s)}` };
    let fn;
    try {
      fn = host.compile(filename, source);
    } catch (e) {
      cache.delete(filename);
      throw e;
    }
    try {
      const result = fn.call(module.exports, module.exports, require, module, filename, dirname, meta);
      if (result && typeof result.then === 'function') module.pending = result;
    } catch (e) {
      cache.delete(filename);
      throw e;
    }
    module.loaded = true;
    return module.exports;
  };

  const makeRequire = (dirname, parent) => {
    const require = (request) => {
      if (typeof request !== 'string' || request === '')
        throw new TypeError('The "id" argument must be a non-empty string');
      const name = request.startsWith('node:') ? request.slice(5) : request;
      if (builtins.has(name)) return builtins.get(name)();
      if (request.startsWith('./') || request.startsWith('../') || request.startsWith('/')) {
        const file = resolveFile(request, dirname);
        if (!file) throw notFound(request, parent?.filename);
        return load(file);
      }
      if (request.startsWith('node:'))
        throw notFound(request, parent?.filename, 'No such built-in module in the sandbox.');
      throw notFound(
        request,
        parent?.filename,
        'Third-party packages are not installed in the sandbox: use the built-in modules or write the code yourself.',
      );
    };
    require.resolve = (request) => {
      const name = request.startsWith('node:') ? request.slice(5) : request;
      if (builtins.has(name)) return request;
      const file = resolveFile(request, dirname);
      if (!file) throw notFound(request, parent?.filename);
      return file;
    };
    require.cache = {};
    Object.defineProperty(require, 'main', { get: () => sandbox.mainModule, enumerable: true });
    return require;
  };
  sandbox.require = makeRequire(CWD, null);
  globalThis.require = sandbox.require;

  // ---- running the program -------------------------------------------------------------------
  sandbox.boot = (json) => {
    const req = JSON.parse(json);
    for (const [rel, content] of Object.entries(req.files)) {
      const full = sandbox.path.resolve(CWD, rel);
      state.files.set(full, content);
      state.original.set(full, content);
      for (let d = sandbox.path.dirname(full); d !== '/' && !state.dirs.has(d); d = sandbox.path.dirname(d))
        state.dirs.add(d);
    }
    state.stdin = req.stdin ?? '';
    sandbox.wrapperColumns = Number(req.wrapperColumns) || 0;
    const entry = sandbox.path.resolve(CWD, req.entry);
    process.argv = ['/usr/local/bin/node', entry, ...(req.args ?? [])];
    sandbox.entry = entry;
    delete globalThis.__sandbox;
    delete globalThis.__host;
  };

  /** Prints an uncaught error the way Node does (its stack on stderr). */
  sandbox.reportUncaught = (err) => {
    if (err instanceof ExitSignal) return;
    if (err && err.name === 'InternalError' && /out of memory/.test(err.message)) host.outOfMemory();
    const text = err instanceof Error ? sandbox.formatError(err) : `Uncaught ${sandbox.inspect(err)}`;
    const wasExiting = exiting;
    exiting = false;
    write(2, `${text}\n`);
    exiting = wasExiting;
  };

  /** Loads the entry module; an async (top-level await) entry settles through the event loop. */
  sandbox.runMain = () => {
    try {
      load(sandbox.entry);
      const main = cache.get(sandbox.entry);
      if (main?.pending) {
        main.pending.then(undefined, (err) => {
          sandbox.reportUncaught(err);
          sandbox.failed = true;
        });
      }
      return true;
    } catch (err) {
      sandbox.reportUncaught(err);
      sandbox.failed = true;
      return false;
    }
  };

  sandbox.finalExitCode = () => {
    if (sandbox.failed) return 1;
    return Number(process.exitCode ?? 0) | 0;
  };

  sandbox.changedFiles = () => {
    const changed = {};
    for (const [full, content] of state.files) {
      if (!full.startsWith(`${CWD}/`)) continue;
      if (state.original.get(full) === content) continue;
      changed[full.slice(CWD.length + 1)] = content;
    }
    return JSON.stringify(changed);
  };
})(globalThis.__sandbox, globalThis.__host);
