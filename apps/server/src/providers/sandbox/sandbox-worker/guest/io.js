// Guest code: evaluated inside QuickJS (not in Node). Standard input as Node offers it
// (process.stdin events, readline), plus url, os, util, timers, perf_hooks and a small crypto.
((sandbox) => {
  const { builtins, EventEmitter, process } = sandbox;

  // ---- process.stdin: the whole input as one 'data' event, then 'end' -------------------------
  const stdin = new EventEmitter();
  let flowing = false;
  const flow = () => {
    if (flowing) return;
    flowing = true;
    setTimeout(() => {
      const text = sandbox.takeStdin();
      if (text) stdin.emit('data', text);
      stdin.emit('end');
      stdin.emit('close');
    }, 0);
  };
  stdin._listenerAdded = (event) => {
    if (event === 'data' || event === 'end' || event === 'readable') flow();
  };
  stdin.setEncoding = () => stdin;
  stdin.resume = () => {
    flow();
    return stdin;
  };
  stdin.pause = () => stdin;
  stdin.read = () => sandbox.takeStdin() || null;
  stdin.isTTY = false;
  stdin.fd = 0;
  stdin[Symbol.asyncIterator] = async function* lines() {
    const text = sandbox.takeStdin();
    if (text) yield text;
  };
  process.stdin = stdin;

  // ---- readline ------------------------------------------------------------------------------
  const splitLines = (text) => {
    const lines = text.split(/\r?\n/);
    if (lines[lines.length - 1] === '') lines.pop();
    return lines;
  };
  class Interface extends EventEmitter {
    constructor(options = {}) {
      super();
      this.closed = false;
      this.output = options.output;
      this.pending = null;
      this.scheduled = false;
    }
    lines() {
      if (!this.pending) this.pending = splitLines(sandbox.takeStdin());
      return this.pending;
    }
    _listenerAdded(event) {
      if (event === 'line' && !this.scheduled) {
        this.scheduled = true;
        setTimeout(() => {
          const lines = this.lines();
          while (lines.length && !this.closed) this.emit('line', lines.shift());
          this.close();
        }, 0);
      }
    }
    question(query, options, cb) {
      const done = typeof options === 'function' ? options : cb;
      sandbox.process.stdout.write(String(query));
      const line = this.lines().shift();
      setTimeout(() => (line === undefined ? this.close() : done?.(line)), 0);
    }
    prompt() {}
    setPrompt() {}
    write() {}
    pause() {
      return this;
    }
    resume() {
      return this;
    }
    close() {
      if (this.closed) return;
      this.closed = true;
      this.emit('close');
    }
    async *[Symbol.asyncIterator]() {
      const lines = this.lines();
      while (lines.length && !this.closed) yield lines.shift();
      this.close();
    }
  }
  const readline = {
    Interface,
    createInterface: (input, output) =>
      new Interface(typeof input === 'object' && input && 'input' in input ? input : { input, output }),
  };
  class PromisesInterface extends Interface {
    question(query) {
      sandbox.process.stdout.write(String(query));
      const line = this.lines().shift();
      return line === undefined ? new Promise(() => this.close()) : Promise.resolve(line);
    }
  }
  const readlinePromises = { Interface: PromisesInterface, createInterface: (o) => new PromisesInterface(o) };
  readline.promises = readlinePromises;
  builtins.set('readline', () => readline);
  builtins.set('readline/promises', () => readlinePromises);

  // ---- url -----------------------------------------------------------------------------------
  sandbox.fileURLToPath = (u) => {
    const href = typeof u === 'string' ? u : u?.href;
    if (typeof href !== 'string' || !href.startsWith('file://')) throw new TypeError('The URL must be of scheme file');
    return decodeURIComponent(href.slice('file://'.length));
  };
  const pathToFileURL = (p) => {
    const href = `file://${encodeURI(sandbox.path.resolve(p))}`;
    return { href, pathname: sandbox.path.resolve(p), protocol: 'file:', toString: () => href };
  };
  builtins.set('url', () => ({ fileURLToPath: sandbox.fileURLToPath, pathToFileURL }));

  // ---- os ------------------------------------------------------------------------------------
  const os = {
    EOL: '\n',
    platform: () => 'linux',
    type: () => 'Linux',
    arch: () => 'wasm32',
    release: () => 'sandbox',
    hostname: () => 'sandbox',
    homedir: () => '/workspace',
    tmpdir: () => '/tmp',
    cpus: () => [{ model: 'sandbox', speed: 0 }],
    totalmem: () => 256 * 1024 * 1024,
    freemem: () => 0,
    userInfo: () => ({ username: 'sandbox', uid: 1000, gid: 1000, shell: null, homedir: '/workspace' }),
    uptime: () => process.uptime(),
  };
  builtins.set('os', () => os);

  // ---- TextEncoder / TextDecoder (UTF-8 only) ------------------------------------------------
  if (typeof globalThis.TextEncoder !== 'function') {
    globalThis.TextEncoder = class TextEncoder {
      get encoding() {
        return 'utf-8';
      }
      encode(input = '') {
        const bin = unescape(encodeURIComponent(String(input)));
        const out = new Uint8Array(bin.length);
        for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
        return out;
      }
    };
    globalThis.TextDecoder = class TextDecoder {
      get encoding() {
        return 'utf-8';
      }
      decode(input) {
        if (input === undefined) return '';
        const bytes = ArrayBuffer.isView(input)
          ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
          : new Uint8Array(input);
        let bin = '';
        for (let i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
        try {
          return decodeURIComponent(escape(bin));
        } catch {
          return bin;
        }
      }
    };
  }

  // ---- util, timers, perf_hooks, crypto -------------------------------------------------------
  const util = {
    format: sandbox.format,
    inspect: sandbox.inspect,
    promisify:
      (fn) =>
      (...args) =>
        new Promise((resolve, reject) => fn(...args, (err, value) => (err ? reject(err) : resolve(value)))),
    inherits: (ctor, superCtor) => Object.setPrototypeOf(ctor.prototype, superCtor.prototype),
    isDeepStrictEqual: (a, b) => sandbox.isDeepEqual(a, b, true),
    types: {
      isPromise: (v) => v instanceof Promise,
      isDate: (v) => v instanceof Date,
      isRegExp: (v) => v instanceof RegExp,
    },
    TextEncoder: globalThis.TextEncoder,
    TextDecoder: globalThis.TextDecoder,
  };
  builtins.set('util', () => util);
  const sleep = (ms, value) => new Promise((resolve) => setTimeout(() => resolve(value), ms));
  builtins.set('timers', () => ({
    setTimeout,
    setInterval,
    setImmediate,
    clearTimeout,
    clearInterval,
    clearImmediate,
  }));
  builtins.set('timers/promises', () => ({ setTimeout: sleep, setImmediate: (value) => sleep(0, value) }));
  globalThis.performance = { now: () => process.uptime() * 1000, timeOrigin: Date.now() - process.uptime() * 1000 };
  builtins.set('perf_hooks', () => ({ performance: globalThis.performance }));
  const randomUUID = () =>
    'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
      const r = (Math.random() * 16) | 0;
      return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
    });
  const getRandomValues = (view) => {
    for (let i = 0; i < view.length; i++) view[i] = Math.floor(Math.random() * 2 ** (8 * view.BYTES_PER_ELEMENT));
    return view;
  };
  const randomInt = (min, max) => {
    const [lo, hi] = max === undefined ? [0, min] : [min, max];
    return lo + Math.floor(Math.random() * (hi - lo));
  };
  globalThis.crypto = { randomUUID, getRandomValues };
  builtins.set('crypto', () => ({ randomUUID, getRandomValues, randomInt, webcrypto: globalThis.crypto }));
})(globalThis.__sandbox);
