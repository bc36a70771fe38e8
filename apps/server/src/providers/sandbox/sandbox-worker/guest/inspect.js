// Guest code: evaluated inside QuickJS (not in Node). `util.inspect` and `util.format` close to
// Node's output, used by console.* and the assert module.
((sandbox) => {
  const MAX_ITEMS = 100;
  const LINE = 72;
  const identifier = /^[A-Za-z_$][\w$]*$/;

  const quote = (s) => {
    const q = s.includes("'") && !s.includes('"') ? '"' : "'";
    const body = s.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\t/g, '\\t');
    return q + (q === "'" ? body.replace(/'/g, "\\'") : body) + q;
  };

  const constructorName = (value) => {
    const proto = Object.getPrototypeOf(value);
    if (proto === null) return null;
    const ctor = proto.constructor;
    return typeof ctor === 'function' && ctor.name ? ctor.name : '';
  };

  const formatKey = (key) => {
    if (typeof key === 'symbol') return `[${key.toString()}]`;
    return identifier.test(key) ? key : quote(key);
  };

  const wrapEntries = (prefix, open, entries, close, indent) => {
    if (entries.length === 0) return `${prefix}${open}${close}`;
    const oneLine = `${prefix}${open} ${entries.join(', ')} ${close}`;
    if (oneLine.length <= LINE && !entries.some((e) => e.includes('\n'))) return oneLine;
    const pad = '  '.repeat(indent + 1);
    return `${prefix}${open}\n${pad}${entries.join(`,\n${pad}`)}\n${'  '.repeat(indent)}${close}`;
  };

  /** Frames shown per stack trace, like Node's default Error.stackTraceLimit. */
  const STACK_FRAMES = 10;
  /** A frame's first-line column without the module wrapper the host puts on that line. */
  const fixColumn = (line) =>
    line.replace(/(\/workspace\/[^:()]+):1:(\d+)/, (m, file, col) => {
      const n = Number(col) - (sandbox.wrapperColumns || 0);
      return n > 0 ? `${file}:1:${n}` : m;
    });
  /** The error's name, message and stack, without the sandbox runtime's own frames. */
  const formatError = (err) => {
    const head = `${err.name || 'Error'}: ${err.message}`;
    const frames = (typeof err.stack === 'string' ? err.stack : '')
      .split('\n')
      .filter((line) => line.trim() && !/\((sandbox:|native\))/.test(line))
      .map(fixColumn);
    const more = frames.length - STACK_FRAMES;
    const stack = [...frames.slice(0, STACK_FRAMES), ...(more > 0 ? [`    ... ${more} more frames`] : [])].join('\n');
    if (stack.startsWith(head)) return stack.trimEnd();
    return stack ? `${head}\n${stack.trimEnd()}` : head;
  };

  function inspect(value, options = {}) {
    const depthLimit = options.depth === undefined ? 2 : options.depth === null ? Infinity : options.depth;
    const seen = [];
    const fmt = (v, depth, indent) => {
      switch (typeof v) {
        case 'string':
          return depth === 0 && options.top ? v : quote(v);
        case 'number':
          return Object.is(v, -0) ? '-0' : String(v);
        case 'bigint':
          return `${v}n`;
        case 'symbol':
          return v.toString();
        case 'undefined':
          return 'undefined';
        case 'boolean':
          return String(v);
        case 'function': {
          const src = Function.prototype.toString.call(v);
          if (src.startsWith('class')) return `[class ${v.name || '(anonymous)'}]`;
          return v.name ? `[Function: ${v.name}]` : '[Function (anonymous)]';
        }
      }
      if (v === null) return 'null';
      if (v instanceof Error) return depth === 0 ? formatError(v) : `[${formatError(v).split('\n')[0]}]`;
      if (v instanceof Date) return Number.isNaN(v.getTime()) ? 'Invalid Date' : v.toISOString();
      if (v instanceof RegExp) return v.toString();
      if (v instanceof Promise) return 'Promise { <unknown> }';
      if (v instanceof WeakMap) return 'WeakMap { <items unknown> }';
      if (v instanceof WeakSet) return 'WeakSet { <items unknown> }';
      if (seen.includes(v)) return '[Circular]';
      if (depth > depthLimit) return Array.isArray(v) ? '[Array]' : `[${constructorName(v) || 'Object'}]`;
      seen.push(v);
      try {
        if (Array.isArray(v) || ArrayBuffer.isView(v)) {
          const items = [];
          const n = Math.min(v.length, MAX_ITEMS);
          for (let i = 0; i < n; i++) items.push(i in v ? fmt(v[i], depth + 1, indent + 1) : '<empty item>');
          if (v.length > MAX_ITEMS) items.push(`... ${v.length - MAX_ITEMS} more items`);
          const name = constructorName(v);
          const prefix = Array.isArray(v) && name === 'Array' ? '' : `${name}(${v.length}) `;
          return wrapEntries(prefix, '[', items, ']', indent);
        }
        if (v instanceof Map) {
          const items = [...v]
            .slice(0, MAX_ITEMS)
            .map(([k, x]) => `${fmt(k, depth + 1, indent + 1)} => ${fmt(x, depth + 1, indent + 1)}`);
          return wrapEntries(`Map(${v.size}) `, '{', items, '}', indent);
        }
        if (v instanceof Set) {
          const items = [...v].slice(0, MAX_ITEMS).map((x) => fmt(x, depth + 1, indent + 1));
          return wrapEntries(`Set(${v.size}) `, '{', items, '}', indent);
        }
        const name = constructorName(v);
        const keys = [
          ...Object.keys(v),
          ...Object.getOwnPropertySymbols(v).filter((s) => Object.prototype.propertyIsEnumerable.call(v, s)),
        ];
        const items = keys.map((k) => {
          const d = Object.getOwnPropertyDescriptor(v, k);
          const shown =
            d && (d.get || d.set)
              ? d.get && d.set
                ? '[Getter/Setter]'
                : d.get
                  ? '[Getter]'
                  : '[Setter]'
              : fmt(v[k], depth + 1, indent + 1);
          return `${formatKey(k)}: ${shown}`;
        });
        const prefix = name === null ? '[Object: null prototype] ' : name && name !== 'Object' ? `${name} ` : '';
        return wrapEntries(prefix, '{', items, '}', indent);
      } finally {
        seen.pop();
      }
    };
    return fmt(value, 0, 0);
  }

  /** util.format: printf-like %s %d %i %f %j %o %O %c %%, then the other arguments inspected. */
  function format(...args) {
    const show = (a) => (typeof a === 'string' ? a : inspect(a));
    if (typeof args[0] !== 'string') return args.map(show).join(' ');
    let i = 1;
    const first = args[0].replace(/%([sdifjoOc%])/g, (m, c) => {
      if (c === '%') return '%';
      if (i >= args.length) return m;
      const a = args[i++];
      switch (c) {
        case 's':
          return typeof a === 'string'
            ? a
            : typeof a === 'bigint'
              ? `${a}n`
              : typeof a === 'object' && a !== null
                ? inspect(a, { depth: 1 })
                : String(a);
        case 'd':
          return typeof a === 'bigint' ? `${a}n` : typeof a === 'object' ? 'NaN' : String(Number(a));
        case 'i':
          return typeof a === 'bigint' ? `${a}n` : String(Number.parseInt(a, 10));
        case 'f':
          return String(Number.parseFloat(a));
        case 'j':
          try {
            return JSON.stringify(a);
          } catch {
            return '[Circular]';
          }
        case 'c':
          return '';
        default:
          return inspect(a, { depth: c === 'O' ? 2 : 4 });
      }
    });
    return [first, ...args.slice(i).map(show)].join(' ');
  }

  sandbox.inspect = (value, options) => inspect(value, options ?? {});
  sandbox.format = format;
  sandbox.formatError = formatError;
})(globalThis.__sandbox);
