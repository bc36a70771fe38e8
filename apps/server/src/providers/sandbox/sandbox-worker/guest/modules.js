// Guest code: evaluated inside QuickJS (not in Node). Built-in modules over the in-memory
// workspace: path, fs (sync, callback and promise forms), events, readline, url, os, util, and
// modules that exist in Node but not here (network, processes), which fail with a reason.
((sandbox) => {
  const { builtins, state } = sandbox;
  const CWD = '/workspace';

  // ---- path (POSIX) --------------------------------------------------------------------------
  const normalizeParts = (p) => {
    const out = [];
    for (const part of p.split('/')) {
      if (part === '' || part === '.') continue;
      if (part === '..') out.pop();
      else out.push(part);
    }
    return out;
  };
  const path = {
    sep: '/',
    delimiter: ':',
    resolve: (...parts) => {
      let p = '';
      for (let i = parts.length - 1; i >= 0 && !p.startsWith('/'); i--) p = parts[i] + (p ? `/${p}` : '');
      if (!p.startsWith('/')) p = `${CWD}/${p}`;
      return `/${normalizeParts(p).join('/')}`;
    },
    normalize: (p) => {
      const abs = p.startsWith('/');
      const parts = [];
      for (const part of p.split('/')) {
        if (part === '' || part === '.') continue;
        if (part === '..' && parts.length && parts[parts.length - 1] !== '..') parts.pop();
        else if (part !== '..' || !abs) parts.push(part);
      }
      const joined = parts.join('/');
      return (abs ? '/' : '') + (joined || (abs ? '' : '.')) + (p.endsWith('/') && joined ? '/' : '');
    },
    join: (...parts) => path.normalize(parts.filter((x) => x !== '').join('/') || '.'),
    isAbsolute: (p) => p.startsWith('/'),
    dirname: (p) => {
      const i = p.replace(/\/+$/, '').lastIndexOf('/');
      return i < 0 ? '.' : i === 0 ? '/' : p.slice(0, i);
    },
    basename: (p, ext) => {
      const b = p.replace(/\/+$/, '').split('/').pop() ?? '';
      return ext && b.endsWith(ext) && b !== ext ? b.slice(0, -ext.length) : b;
    },
    extname: (p) => {
      const b = path.basename(p);
      const i = b.lastIndexOf('.');
      return i <= 0 ? '' : b.slice(i);
    },
    relative: (from, to) => {
      const a = normalizeParts(path.resolve(from));
      const b = normalizeParts(path.resolve(to));
      let i = 0;
      while (i < a.length && i < b.length && a[i] === b[i]) i++;
      return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
    },
    parse: (p) => {
      const base = path.basename(p);
      const ext = path.extname(p);
      return {
        root: p.startsWith('/') ? '/' : '',
        dir: path.dirname(p),
        base,
        ext,
        name: ext ? base.slice(0, -ext.length) : base,
      };
    },
    format: (o) => (o.dir ? `${o.dir}/` : (o.root ?? '')) + (o.base ?? `${o.name ?? ''}${o.ext ?? ''}`),
  };
  path.posix = path;
  sandbox.path = path;
  builtins.set('path', () => path);
  builtins.set('path/posix', () => path);

  // ---- fs ------------------------------------------------------------------------------------
  const fsError = (code, syscall, p, text) => {
    const err = new Error(`${code}: ${text}, ${syscall} '${p}'`);
    err.code = code;
    err.errno = { ENOENT: -2, EACCES: -13, EISDIR: -21, ENOTDIR: -20, EEXIST: -17 }[code] ?? -1;
    err.syscall = syscall;
    err.path = p;
    return err;
  };
  const toPath = (p) => {
    if (p && typeof p === 'object' && typeof p.href === 'string') p = sandbox.fileURLToPath(p.href);
    return path.resolve(String(p));
  };
  const isStdin = (p) => p === 0 || p === '/dev/stdin';
  const writable = (full, syscall, p) => {
    if (!full.startsWith(`${CWD}/`) && !full.startsWith('/tmp/')) {
      throw fsError(
        'EACCES',
        syscall,
        p,
        'permission denied (the sandbox can write only inside its workspace and /tmp)',
      );
    }
  };
  const addDirs = (full) => {
    for (let d = path.dirname(full); d !== '/' && !state.dirs.has(d); d = path.dirname(d)) state.dirs.add(d);
  };
  const readFileSync = (p) => {
    if (isStdin(p)) return sandbox.takeStdin();
    const full = toPath(p);
    if (state.files.has(full)) return state.files.get(full);
    if (state.dirs.has(full)) throw fsError('EISDIR', 'read', p, 'illegal operation on a directory');
    throw fsError('ENOENT', 'open', p, 'no such file or directory');
  };
  const writeFileSync = (p, data, options) => {
    if (p === 1 || p === 2 || p === '/dev/stdout' || p === '/dev/stderr') {
      sandbox.process[p === 2 || p === '/dev/stderr' ? 'stderr' : 'stdout'].write(String(data));
      return;
    }
    const full = toPath(p);
    writable(full, 'open', p);
    if (state.dirs.has(full)) throw fsError('EISDIR', 'open', p, 'illegal operation on a directory');
    if (!state.dirs.has(path.dirname(full))) throw fsError('ENOENT', 'open', p, 'no such file or directory');
    const flag = options && typeof options === 'object' ? options.flag : undefined;
    const text = ArrayBuffer.isView(data) ? new TextDecoder().decode(data) : String(data);
    state.files.set(full, flag === 'a' && state.files.has(full) ? state.files.get(full) + text : text);
  };
  const listDir = (full) => {
    const names = new Set();
    const prefix = full === '/' ? '/' : `${full}/`;
    for (const f of [...state.files.keys(), ...state.dirs]) {
      if (f.startsWith(prefix) && f !== full) names.add(f.slice(prefix.length).split('/')[0]);
    }
    return [...names].sort();
  };
  const makeStat = (full) => {
    const isFile = state.files.has(full);
    const mtime = new Date();
    return {
      isFile: () => isFile,
      isDirectory: () => !isFile,
      isSymbolicLink: () => false,
      size: isFile ? new TextEncoder().encode(state.files.get(full)).length : 4096,
      mtime,
      ctime: mtime,
      birthtime: mtime,
      mtimeMs: mtime.getTime(),
      mode: isFile ? 0o100644 : 0o40755,
    };
  };
  const fs = {
    readFileSync,
    writeFileSync,
    appendFileSync: (p, data) => writeFileSync(p, data, { flag: 'a' }),
    existsSync: (p) => {
      const full = toPath(p);
      return state.files.has(full) || state.dirs.has(full);
    },
    readdirSync: (p, options) => {
      const full = toPath(p);
      if (!state.dirs.has(full)) throw fsError('ENOENT', 'scandir', p, 'no such file or directory');
      const names = listDir(full);
      if (!options?.withFileTypes) return names;
      return names.map((name) => {
        const child = `${full === '/' ? '' : full}/${name}`;
        const file = state.files.has(child);
        return { name, isFile: () => file, isDirectory: () => !file, isSymbolicLink: () => false };
      });
    },
    mkdirSync: (p, options) => {
      const full = toPath(p);
      writable(`${full}/`, 'mkdir', p);
      if (state.files.has(full) || (state.dirs.has(full) && !options?.recursive))
        throw fsError('EEXIST', 'mkdir', p, 'file already exists');
      if (!options?.recursive && !state.dirs.has(path.dirname(full)))
        throw fsError('ENOENT', 'mkdir', p, 'no such file or directory');
      addDirs(`${full}/x`);
    },
    statSync: (p) => {
      const full = toPath(p);
      if (!state.files.has(full) && !state.dirs.has(full))
        throw fsError('ENOENT', 'stat', p, 'no such file or directory');
      return makeStat(full);
    },
    unlinkSync: (p) => {
      const full = toPath(p);
      writable(full, 'unlink', p);
      if (!state.files.delete(full)) throw fsError('ENOENT', 'unlink', p, 'no such file or directory');
    },
    rmSync: (p, options) => {
      const full = toPath(p);
      writable(full, 'rm', p);
      const existed = state.files.delete(full) || state.dirs.has(full);
      if (state.dirs.has(full)) {
        for (const f of [...state.files.keys()]) if (f.startsWith(`${full}/`)) state.files.delete(f);
        for (const d of [...state.dirs]) if (d === full || d.startsWith(`${full}/`)) state.dirs.delete(d);
      }
      if (!existed && !options?.force) throw fsError('ENOENT', 'rm', p, 'no such file or directory');
    },
    renameSync: (a, b) => {
      const from = toPath(a);
      const to = toPath(b);
      writable(from, 'rename', a);
      writable(to, 'rename', b);
      if (!state.files.has(from)) throw fsError('ENOENT', 'rename', a, 'no such file or directory');
      state.files.set(to, state.files.get(from));
      state.files.delete(from);
      addDirs(to);
    },
    copyFileSync: (a, b) => writeFileSync(b, readFileSync(a)),
    constants: { F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1 },
    accessSync: (p) => {
      if (!fs.existsSync(p)) throw fsError('ENOENT', 'access', p, 'no such file or directory');
    },
  };
  fs.lstatSync = fs.statSync;
  fs.rmdirSync = fs.rmSync;
  const callbackForm =
    (fn) =>
    (...args) => {
      const cb = typeof args[args.length - 1] === 'function' ? args.pop() : null;
      let result;
      let error = null;
      try {
        result = fn(...args);
      } catch (e) {
        error = e;
      }
      if (cb) setTimeout(() => cb(error, result), 0);
    };
  const promises = {};
  for (const name of [
    'readFile',
    'writeFile',
    'appendFile',
    'readdir',
    'mkdir',
    'stat',
    'lstat',
    'unlink',
    'rm',
    'rename',
    'copyFile',
    'access',
  ]) {
    const sync = fs[`${name}Sync`];
    fs[name] = callbackForm(sync);
    promises[name] = (...args) =>
      new Promise((resolve, reject) => {
        try {
          resolve(sync(...args));
        } catch (e) {
          reject(e);
        }
      });
  }
  fs.exists = (p, cb) => setTimeout(() => cb(fs.existsSync(p)), 0);
  fs.promises = promises;
  builtins.set('fs', () => fs);
  builtins.set('fs/promises', () => promises);

  // ---- events --------------------------------------------------------------------------------
  class EventEmitter {
    constructor() {
      this._events = new Map();
    }
    on(event, fn) {
      if (!this._events.has(event)) this._events.set(event, []);
      this._events.get(event).push(fn);
      this._listenerAdded?.(event);
      return this;
    }
    prependListener(event, fn) {
      this.on(event, fn);
      this._events.get(event).unshift(this._events.get(event).pop());
      return this;
    }
    once(event, fn) {
      const wrapper = (...args) => {
        this.off(event, wrapper);
        fn.apply(this, args);
      };
      wrapper.listener = fn;
      return this.on(event, wrapper);
    }
    off(event, fn) {
      const list = this._events.get(event);
      if (list)
        this._events.set(
          event,
          list.filter((f) => f !== fn && f.listener !== fn),
        );
      return this;
    }
    removeAllListeners(event) {
      if (event === undefined) this._events.clear();
      else this._events.delete(event);
      return this;
    }
    emit(event, ...args) {
      const list = this._events.get(event);
      if (!list || list.length === 0) {
        if (event === 'error')
          throw args[0] instanceof Error ? args[0] : new Error(`Unhandled error. (${sandbox.inspect(args[0])})`);
        return false;
      }
      for (const fn of [...list]) fn.apply(this, args);
      return true;
    }
    listenerCount(event) {
      return this._events.get(event)?.length ?? 0;
    }
    listeners(event) {
      return [...(this._events.get(event) ?? [])];
    }
    eventNames() {
      return [...this._events.keys()];
    }
    setMaxListeners() {
      return this;
    }
  }
  EventEmitter.prototype.addListener = EventEmitter.prototype.on;
  EventEmitter.prototype.removeListener = EventEmitter.prototype.off;
  EventEmitter.EventEmitter = EventEmitter;
  EventEmitter.once = (emitter, event) => new Promise((resolve) => emitter.once(event, (...args) => resolve(args)));
  sandbox.EventEmitter = EventEmitter;
  builtins.set('events', () => EventEmitter);

  // ---- modules that do not exist here --------------------------------------------------------
  const refuse = (name, reason) => () => {
    const err = new Error(`Cannot use module '${name}': ${reason}`);
    err.code = 'ERR_SANDBOX_UNAVAILABLE';
    throw err;
  };
  for (const name of ['net', 'http', 'https', 'http2', 'dns', 'dns/promises', 'tls', 'dgram', 'undici']) {
    builtins.set(name, refuse(name, 'network access is disabled in the sandbox'));
  }
  for (const name of ['child_process', 'cluster', 'worker_threads']) {
    builtins.set(name, refuse(name, 'the sandbox cannot start processes or threads'));
  }
  for (const name of [
    'vm',
    'v8',
    'inspector',
    'repl',
    'zlib',
    'stream',
    'stream/promises',
    'buffer',
    'async_hooks',
    'tty',
  ]) {
    builtins.set(name, refuse(name, 'this module is not available in the sandbox (see the runtime notes)'));
  }
})(globalThis.__sandbox);
