// @ts-check
/**
 * Memory accounting inside the guest realm (see realm.cjs), one budget per run:
 *   WebAssembly heap + buffers made by the guest (typed arrays, array buffers) ≤ the memory limit.
 * The heap grows through Memory.prototype.grow (Emscripten's emscripten_resize_heap): past the
 * budget it fails, so malloc returns NULL and Python raises MemoryError. Buffers live outside the
 * heap — Pyodide's in-memory files (MEMFS) are typed arrays, and a program can reach buffer
 * constructors through the FFI — so the realm's typed-array and ArrayBuffer constructors are
 * replaced by counting ones (views of an existing buffer are free). The file system credits the
 * storage it drops when a file grows or shrinks (python.cjs), so the count follows live files.
 * Counting starts when the run does (boot allocations are not the program's).
 */

/** Guest-side installer; returns the accounting object the host keeps (never on the global). */
const GUEST_MEMORY = `(function installMemory(h) {
  'use strict';
  const PAGE = 65536;
  let counting = false;
  let heapBytes = 0;
  let external = 0;
  const refuse = (wanted, what) => {
    h.memoryRefused(wanted);
    throw new RangeError(what + ': the sandbox memory limit is reached');
  };
  const charge = (bytes, what) => {
    const n = Number(bytes);
    if (!counting || !(n > 0)) return;
    const total = heapBytes + external + n;
    if (!(total <= h.memoryLimit())) refuse(total, what);
    external += n;
  };

  const grow = WebAssembly.Memory.prototype.grow;
  const limitedGrow = function grow_(delta) {
    const wanted = this.buffer.byteLength + Number(delta) * PAGE;
    if (wanted + (counting ? external : 0) > h.memoryLimit()) refuse(wanted + external, 'WebAssembly.Memory.grow()');
    const result = Reflect.apply(grow, this, [delta]);
    heapBytes = Math.max(heapBytes, this.buffer.byteLength);
    return result;
  };
  Object.defineProperty(WebAssembly.Memory.prototype, 'grow', { value: limitedGrow, writable: false, configurable: false });
  const NativeMemory = WebAssembly.Memory;
  // Memories the guest makes itself start and stay within the limit too.
  const LimitedMemory = function Memory(desc) {
    if (!new.target) throw new TypeError("Constructor WebAssembly.Memory requires 'new'");
    const pages = Math.floor(h.memoryLimit() / PAGE);
    const d = Object.assign({}, desc);
    if (Number(d.initial) > pages) refuse(Number(d.initial) * PAGE, 'WebAssembly.Memory()');
    if (d.maximum === undefined || Number(d.maximum) > pages) d.maximum = Math.max(pages, Number(d.initial) || 0);
    charge(Number(d.initial) * PAGE, 'WebAssembly.Memory()');
    return Reflect.construct(NativeMemory, [d], new.target);
  };
  LimitedMemory.prototype = NativeMemory.prototype;
  Object.defineProperty(NativeMemory.prototype, 'constructor', { value: LimitedMemory, writable: false, configurable: false });
  Object.defineProperty(WebAssembly, 'Memory', { value: LimitedMemory, writable: false, configurable: false });

  const isBuffer = (v) => v instanceof NativeArrayBuffer || (typeof NativeShared === 'function' && v instanceof NativeShared);
  const NativeArrayBuffer = ArrayBuffer;
  const NativeShared = globalThis.SharedArrayBuffer;
  const replace = (name, Native, Limited) => {
    Limited.prototype = Native.prototype;
    Object.setPrototypeOf(Limited, Object.getPrototypeOf(Native));
    for (const key of Reflect.ownKeys(Native)) {
      if (key !== 'prototype' && key !== 'length' && key !== 'name') {
        Object.defineProperty(Limited, key, Object.getOwnPropertyDescriptor(Native, key));
      }
    }
    Object.defineProperty(Limited, 'name', { value: name });
    Object.defineProperty(Native.prototype, 'constructor', { value: Limited, writable: false, configurable: false });
    Object.defineProperty(globalThis, name, { value: Limited, writable: false, configurable: false, enumerable: false });
  };
  for (const Native of [NativeArrayBuffer, NativeShared]) {
    if (typeof Native !== 'function') continue;
    const Limited = function (length, options) {
      if (!new.target) throw new TypeError('Constructor ' + Native.name + " requires 'new'");
      const max = options && typeof options === 'object' ? Number(options.maxByteLength) || 0 : 0;
      charge(Math.max(Number(length) || 0, max), Native.name + '()');
      return Reflect.construct(Native, [length, options], new.target === Limited ? Native : new.target);
    };
    replace(Native.name, Native, Limited);
    for (const method of ['transfer', 'transferToFixedLength']) {
      const original = Native.prototype[method];
      if (typeof original !== 'function') continue;
      Object.defineProperty(Native.prototype, method, {
        value: function (newLength) {
          charge(newLength === undefined ? this.byteLength : Number(newLength), Native.name + '.' + method + '()');
          return Reflect.apply(original, this, [newLength]);
        },
        writable: false,
        configurable: false,
      });
    }
  }
  const typed = ['Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array',
    'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array', 'Float16Array'];
  for (const name of typed) {
    const Native = globalThis[name];
    if (typeof Native !== 'function') continue;
    const Limited = function (...args) {
      if (!new.target) throw new TypeError('Constructor ' + name + " requires 'new'");
      const first = args[0];
      if (!isBuffer(first)) {
        const count = typeof first === 'object' && first !== null
          ? Number(first.length) || 0
          : Number(first) || 0;
        charge(count * Native.BYTES_PER_ELEMENT, name + '()');
      }
      return Reflect.construct(Native, args, new.target === Limited ? Native : new.target);
    };
    replace(name, Native, Limited);
  }

  return Object.freeze({
    startCounting(bytes) {
      heapBytes = Number(bytes) || 0;
      external = 0;
      counting = true;
    },
    credit(bytes) {
      if (counting && bytes > 0) external = Math.max(0, external - Number(bytes));
    },
  });
})`;

module.exports = { GUEST_MEMORY };
