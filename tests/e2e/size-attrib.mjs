// Where the wasm's bytes go, by crate and by module (a measurement, not a test):
//   node tests/e2e/size-attrib.mjs [FILE.wasm] [--modules N] [--top N] [--json]
//   node tests/e2e/size-attrib.mjs FILE.wasm --forbid REGEX
//        (a check: exits 1, naming them, when a function whose path or raw (mangled) name
//        matches REGEX is in the wasm; the test command keeps libm's trigonometry out this way)
// FILE is a wasm that still has its `name` section, i.e. before wasm-opt strips it; by default
// target/wasm32-unknown-unknown/release/settle-web.wasm, which
//   cargo build -p settle-web --release --target wasm32-unknown-unknown
//   (the embeds' wasm: -p settle-player --bin settle-view / settle-film)
// writes (the same code Trunk then passes through wasm-bindgen and wasm-opt, so absolute sizes
// are larger than the dist's, and shares are what to compare).
//
// Each function body in the code section is charged to the crate of its (demangled) name:
// `settle_core::queue::Queue::send` to settle_core; `<A as B>::f` to A's crate when A is a
// path, else B's; generic instances to the crate whose code they are (so `leptos` gets the
// view code it instantiates for us, which is the point). The data section (string literals,
// tables) is one more row.
import { readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const file = args.find((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1].startsWith('--') && args[i - 1] !== '--json'))
  ?? 'target/wasm32-unknown-unknown/release/settle-web.wasm';
const buf = readFileSync(file);

let pos = 8;
const u32 = () => {
  let r = 0, shift = 0, b;
  do { b = buf[pos++]; r |= (b & 0x7f) << shift; shift += 7; } while (b & 0x80);
  return r >>> 0;
};
const str = () => { const n = u32(); const s = buf.toString('utf8', pos, pos + n); pos += n; return s; };

let imported = 0;
const bodies = [];
const names = new Map();
const sections = {};
while (pos < buf.length) {
  const id = buf[pos++];
  const size = u32();
  const end = pos + size;
  let label = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'datacount'][id] ?? `id${id}`;
  if (id === 2) {
    const n = u32();
    for (let i = 0; i < n; i++) {
      str(); str();
      const kind = buf[pos++];
      if (kind === 0) { u32(); imported++; }
      else if (kind === 1) { pos++; const f = u32(); u32(); if (f & 1) u32(); }
      else if (kind === 2) { const f = u32(); u32(); if (f & 1) u32(); }
      else if (kind === 3) { pos += 2; }
      else if (kind === 4) { pos++; u32(); }
    }
  } else if (id === 10) {
    const n = u32();
    for (let i = 0; i < n; i++) { const len = u32(); bodies.push(len + 1); pos += len; }
  } else if (id === 0) {
    const name = str();
    label = `custom:${name}`;
    if (name === 'name') {
      while (pos < end) {
        const sub = buf[pos++];
        const len = u32();
        const subEnd = pos + len;
        if (sub === 1) {
          const n = u32();
          for (let i = 0; i < n; i++) { const idx = u32(); names.set(idx, str()); }
        }
        pos = subEnd;
      }
    }
  }
  sections[label] = (sections[label] ?? 0) + size;
  pos = end;
}

// Rust's legacy mangling (`_ZN` + length-prefixed segments + `E`) to a `a::b::c` path.
function demangleLegacy(name) {
  let i = 3;
  const segs = [];
  while (i < name.length && name[i] !== 'E') {
    const m = /^\d+/.exec(name.slice(i));
    if (!m) break;
    i += m[0].length;
    segs.push(name.slice(i, i + Number(m[0])));
    i += Number(m[0]);
  }
  if (segs.length && /^h[0-9a-f]{16}$/.test(segs[segs.length - 1])) segs.pop();
  const codes = { SP: '@', BP: '*', RF: '&', LT: '<', GT: '>', LP: '(', RP: ')', C: ',' };
  return segs.map((s) => s.replace(/^_\$/, '$').replace(/\.\./g, '::')
    .replace(/\$([A-Z]{1,2}|u[0-9a-f]+)\$/g, (_, c) => codes[c] ?? String.fromCharCode(parseInt(c.slice(1), 16))))
    .join('::');
}

// Rust's v0 mangling (`_R`): the crate and the first module, enough to attribute.
function demangleV0(name) {
  const m = /C(?:s[0-9A-Za-z]*_)?(\d+)/.exec(name);
  if (!m) return name;
  let i = m.index + m[0].length;
  const crate = name.slice(i, i + Number(m[1]));
  i += Number(m[1]);
  const next = /^N?[a-zA-Z]?(\d+)/.exec(name.slice(i));
  const mod = next ? name.slice(i + next[0].length, i + next[0].length + Number(next[1])) : '';
  return mod ? `${crate}::${mod}::_` : `${crate}::_`;
}

// Crate and module of a Rust name (or a wasm-bindgen / libc helper).
function path(raw) {
  let n = raw.startsWith('_ZN') ? demangleLegacy(raw) : raw.startsWith('_R') ? demangleV0(raw) : raw;
  n = n.replace(/::h[0-9a-f]{16}$/, '');
  // `<A as B>::f`: A's path if A is a path (not a reference, tuple, slice or closure), else B's.
  while (n.startsWith('<')) {
    let depth = 0, i = 0;
    for (; i < n.length; i++) {
      if (n[i] === '<') depth++;
      else if (n[i] === '>') { depth--; if (depth === 0) break; }
    }
    const inner = n.slice(1, i);
    let d = 0, asAt = -1;
    for (let j = 0; j < inner.length; j++) {
      if (inner[j] === '<') d++;
      else if (inner[j] === '>') d--;
      else if (d === 0 && inner.startsWith(' as ', j)) { asAt = j; break; }
    }
    const self = asAt >= 0 ? inner.slice(0, asAt) : inner;
    const trait = asAt >= 0 ? inner.slice(asAt + 4) : '';
    const selfPath = self.replace(/^(&mut |&|\*const |\*mut |dyn )+/, '');
    // A generic parameter or a primitive (`T`, `F`, `str`, `f64`) says nothing: use the trait.
    const isPath = /^[A-Za-z_]/.test(selfPath) && (selfPath.includes('::') || !trait);
    n = isPath ? selfPath : (trait || selfPath.replace(/^[^A-Za-z_]+/, ''));
  }
  const segs = n.split('<')[0].split('::').filter(Boolean);
  return segs;
}

const byCrate = new Map();
const byModule = new Map();
const fns = [];
let total = 0;
// wasm-bindgen's type descriptors: run by the wasm-bindgen CLI at build time, then removed.
let described = 0;
bodies.forEach((size, i) => {
  const name = names.get(i + imported) ?? `func[${i + imported}]`;
  const segs = path(name);
  // Their helpers too: the `WasmDescribe` impls and closures' `describe_invoke`, reachable only
  // from the descriptors (otherwise they would be charged to js_sys, web_sys, ... as code).
  const full = name.startsWith('_ZN') ? demangleLegacy(name) : name;
  if (name.startsWith('__wbindgen_describe') || /as wasm_bindgen::describe::WasmDescribe(Vector)?>::describe|>::describe_invoke$|^wasm_bindgen::describe::/.test(full.replace(/::h[0-9a-f]{16}$/, ''))) {
    described += size;
    return;
  }
  let crate = segs.length > 1 ? segs[0] : (name.startsWith('__wbg') || name.startsWith('__wbindgen') ? 'wasm-bindgen glue' : (segs[0] ?? '?'));
  if (/^(memcpy|memset|memmove|memcmp|__rust|rust_|dlmalloc|__rdl|__rg|_start)/.test(name)) crate = 'std/alloc runtime';
  const module = segs.length > 2 ? segs.slice(0, 2).join('::') : crate;
  byCrate.set(crate, (byCrate.get(crate) ?? 0) + size);
  byModule.set(module, (byModule.get(module) ?? 0) + size);
  fns.push([size, segs.join('::') || name, name]);
  total += size;
});
const data = sections.data ?? 0;

const kib = (b) => (b / 1024).toFixed(1).padStart(8);
const pct = (b) => (100 * b / (total + data)).toFixed(1).padStart(5);
const table = (rows, head, limit) => {
  console.log(`\n${head.padEnd(44)}      KiB      %`);
  for (const [k, v] of rows.slice(0, limit)) console.log(`${k.slice(0, 44).padEnd(44)} ${kib(v)} ${pct(v)}`);
  const rest = rows.slice(limit).reduce((a, [, v]) => a + v, 0);
  if (rest) console.log(`${`(${rows.length - limit} more)`.padEnd(44)} ${kib(rest)} ${pct(rest)}`);
};

const forbid = args.indexOf('--forbid');
if (forbid >= 0) {
  const re = new RegExp(args[forbid + 1]);
  const found = fns.filter(([, n, raw]) => re.test(n) || re.test(raw)).map(([s, , raw]) => `${raw} (${s} B)`);
  if (found.length) {
    console.error(`size-attrib.mjs: ${file} has ${found.length} function(s) matching /${re.source}/:\n  ${found.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`size-attrib.mjs: ${file}: no function matches /${re.source}/`);
  process.exit(0);
}

if (args.includes('--json')) {
  console.log(JSON.stringify({ file, functions: bodies.length, code: total, data, crates: Object.fromEntries(byCrate) }, null, 1));
} else {
  console.log(`${file}: ${bodies.length} functions, code ${kib(total).trim()} KiB, data ${kib(data).trim()} KiB (raw, before wasm-bindgen and wasm-opt; ${kib(described).trim()} KiB of wasm-bindgen descriptors left out, the CLI removes them)`);
  table([...byCrate].sort((a, b) => b[1] - a[1]).concat([['(data section)', data]]).sort((a, b) => b[1] - a[1]), 'crate', 30);
  table([...byModule].sort((a, b) => b[1] - a[1]), 'module', opt('--modules', 25));
  table(fns.sort((a, b) => b[0] - a[0]).map(([s, n]) => [n, s]), 'largest functions', opt('--top', 15));
}
