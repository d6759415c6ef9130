// The inside of a JupyterLite sandbox (private; see fifteen_kit/lite_sandbox.py): one handed-in player runs in
// its own Pyodide, in its own dedicated Web Worker started by the teacher's kernel.
//
// Messages (kernel -> here, here -> kernel), in this order:
//   {boot: {indexURL, files, memoryBytes}} -> {locked: {removed: [...], memoryBytes}} or {unsafe: reason}
//       load Pyodide from the site, write the kit's Python files (a {path: text} object) into its own in-memory
//       file system, import them, then REMOVE every Web capability from this worker's global scope (the
//       boundary, see lockDown) and cap the WebAssembly memory.  No pupil code has been seen yet.
//   {request: json} -> {reply: json}
//       one line of the protocol of fifteen_kit/_sandbox_player.py (load the player's source, then one move per
//       position), answered by the same Python code as in the process sandbox.
// The kernel terminate()s this worker when an answer is late, and checks every move again with its own engine.
"use strict";

// ECMAScript's own globals: computation only, no input or output (but eval, which compiles new code, is not
// among them, and Function is replaced: see noNewCode).  Everything else on the global scope (and on
// its prototypes) is a Web capability and is deleted, except the few names in KEEP.
const ECMASCRIPT = [
  "globalThis", "Infinity", "NaN", "undefined", "isFinite", "isNaN", "parseFloat", "parseInt",
  "decodeURI", "decodeURIComponent", "encodeURI", "encodeURIComponent", "escape", "unescape",
  "AggregateError", "Array", "ArrayBuffer", "AsyncDisposableStack", "Atomics", "BigInt", "BigInt64Array",
  "BigUint64Array", "Boolean", "DataView", "Date", "DisposableStack", "Error", "EvalError", "FinalizationRegistry",
  "Float16Array", "Float32Array", "Float64Array", "Function", "Int8Array", "Int16Array", "Int32Array", "Intl",
  "Iterator", "JSON", "Map", "Math", "Number", "Object", "Promise", "Proxy", "RangeError", "ReferenceError",
  "Reflect", "RegExp", "Set", "SharedArrayBuffer", "String", "SuppressedError", "Symbol", "SyntaxError",
  "Temporal", "TypeError", "URIError", "Uint8Array", "Uint8ClampedArray", "Uint16Array", "Uint32Array",
  "WeakMap", "WeakRef", "WeakSet", "WebAssembly", "constructor", "Symbol.toStringTag",
];
// Web names Pyodide still uses once loaded, none of which reaches storage or the network: answering the kernel
// (postMessage and the message event), timers (its event loop), text coding, the console (silenced below), the
// clock and random numbers.
const KEEP = [
  "self", "postMessage", "onmessage", "onmessageerror", "onerror", "addEventListener", "removeEventListener",
  "dispatchEvent", "setTimeout", "clearTimeout", "setInterval", "clearInterval", "queueMicrotask",
  "TextEncoder", "TextDecoder", "console", "performance", "crypto", "Event", "MessageEvent", "ErrorEvent",
  "EventTarget", "DOMException", "structuredClone", "atob", "btoa",
];

function lockDown() {
  // Delete every property of the global object and of each prototype above it (up to Object.prototype) that
  // is neither ECMAScript's nor in KEEP.  An allowlist: a capability nobody listed is gone, whatever its name.
  const allowed = new Set([...ECMASCRIPT, ...KEEP]);
  const removed = [];
  const failed = [];
  for (let o = globalThis; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const key of Reflect.ownKeys(o)) {
      const name = typeof key === "symbol" ? key.description : key;
      if (allowed.has(name)) continue;
      if (Reflect.deleteProperty(o, key)) {
        removed.push(name);
        continue;
      }
      // a constant that cannot be deleted (old file system constants such as TEMPORARY = 0) is a number, no
      // capability; anything else that stays is a failure, and the worker is never sent pupil code
      const desc = Object.getOwnPropertyDescriptor(o, key);
      const plain = desc && "value" in desc && !desc.writable && (desc.value === null ||
        (typeof desc.value !== "object" && typeof desc.value !== "function"));
      if (!plain) failed.push(name);
    }
  }
  // Kept objects must not hand a capability back: performance's timing of resources, crypto's subtle keys are
  // harmless; the console would print into the teacher's browser console, so it says nothing.
  for (const key of Object.keys(console)) {
    if (typeof console[key] === "function") console[key] = () => {};
  }
  return {removed, failed};
}

function noNewCode() {
  // No new JavaScript can be compiled from text once the pupil's code may run: eval is deleted (lockDown),
  // Function and the constructors every function reaches through its prototype refuse (Pyodide still uses
  // Function.prototype and instanceof Function, so the stand-in keeps the prototype), and the timers take only
  // functions.  So the pupil's code can only call functions that exist, and the only existing code that does a
  // dynamic import() (Pyodide's loader) has run already: an import() of an address cannot be written.
  const refuse = function Function() { throw new EvalError("no new code is compiled in the sandbox"); };
  refuse.prototype = Function.prototype;
  Object.defineProperty(globalThis, "Function", {value: refuse, writable: false, configurable: false});
  for (const f of [function () {}, async function () {}, function* () {}, async function* () {}]) {
    Object.defineProperty(Object.getPrototypeOf(f), "constructor", {value: refuse, writable: false,
                                                                     configurable: false});
  }
  for (let o = globalThis; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const name of ["setTimeout", "setInterval"]) {
      if (!Object.prototype.hasOwnProperty.call(o, name)) continue;
      const timer = o[name];
      Object.defineProperty(o, name, {writable: false, configurable: false, value: function (callback, ...rest) {
        if (typeof callback !== "function") throw new TypeError("a timer takes a function in the sandbox");
        return timer.call(globalThis, callback, ...rest);
      }});
    }
  }
}

function capMemory(memoryBytes) {
  // Pyodide's heap is one WebAssembly.Memory that grows page by page (64 KiB) when Python needs more; a growth
  // past memoryBytes is refused, so Python's allocation fails with MemoryError instead of taking the browser's
  // memory.  The original grow is kept only in this closure.
  const grow = WebAssembly.Memory.prototype.grow;
  Object.defineProperty(WebAssembly.Memory.prototype, "grow", {
    configurable: false, writable: false, enumerable: false,
    value: function (pages) {
      if (this.buffer.byteLength + pages * 65536 > memoryBytes) throw new RangeError("over the memory limit");
      return grow.call(this, pages);
    },
  });
}

let pyodide = null;
let answer = null;
let post = self.postMessage.bind(self);

async function boot({indexURL, files, memoryBytes}) {
  const {loadPyodide} = await import(indexURL + "pyodide.mjs");
  pyodide = await loadPyodide({indexURL, stdout: () => {}, stderr: () => {}, fullStdLib: false});
  for (const [path, text] of Object.entries(files)) {
    pyodide.FS.mkdirTree(path.slice(0, path.lastIndexOf("/")));
    pyodide.FS.writeFile(path, text);
  }
  pyodide.runPython(`
import sys
sys.path.insert(0, "/kit")
from fifteen_kit import _sandbox_player
_sandbox_player.prepare()
`);
  answer = pyodide.globals.get("_sandbox_player").answer;
  const memory = pyodide._module.wasmMemory || pyodide._module.HEAP8.buffer;
  const {removed, failed} = lockDown();
  if (failed.length) return {unsafe: "these could not be removed from the worker: " + failed.join(", ")};
  noNewCode();
  capMemory(Math.max(memoryBytes, (memory.buffer || memory).byteLength + 64 * 2 ** 20));
  pyodide.runPython("import sys, os\nsys.stdout = sys.stderr = open(os.devnull, 'w')");
  return {locked: {removed, memoryBytes}};
}

self.onmessage = async (event) => {
  const data = event.data;
  try {
    if (data && data.boot && pyodide === null) {
      post(await boot(data.boot));
    } else if (data && typeof data.request === "string" && answer !== null) {
      post({reply: answer(data.request)});
    } else {
      post({unsafe: "the sandbox was asked out of order"});
    }
  } catch (err) {
    post({unsafe: String(err && err.message || err).slice(0, 300)});
  }
};
