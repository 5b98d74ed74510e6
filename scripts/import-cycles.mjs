// Finds import cycles between the files of each crate: an edge A → B when file A has a
// `use crate::…`, `use super::…` or `use self::…` that names something in file B (re-exports,
// `pub use`, are not edges: they only pass a name on). Cycles are the strongly connected
// components of more than one file (Tarjan). Prints them and exits 1 when there is any.
//
//   node scripts/import-cycles.mjs [CRATE_DIR ...]   (default: every crate of the workspace)
import fs from 'node:fs';
import path from 'node:path';

const crates = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ['core', 'scenario', 'export', 'cli', 'player', 'web', 'i18n'];

function files(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : p.endsWith('.rs') ? [p] : [];
  });
}

// The module path of a file: src/a/b.rs and src/a/b/mod.rs are ["a", "b"]; lib.rs, main.rs
// and the bins' roots are [].
function modOf(src, f) {
  const rel = path.relative(src, f).replace(/\.rs$/, '').split(path.sep);
  if (rel.length === 1 && ['lib', 'main'].includes(rel[0])) return [];
  if (rel[0] === 'bin') return null; // each bin is a crate of its own
  if (rel[rel.length - 1] === 'mod') rel.pop();
  return rel;
}

// `use` trees flattened: "a::{b, c::{d, e}}" → ["a::b", "a::c::d", "a::c::e"].
function expand(tree) {
  const i = tree.indexOf('{');
  if (i < 0) return [tree.trim()];
  const head = tree.slice(0, i);
  const inner = tree.slice(i + 1, tree.lastIndexOf('}'));
  const parts = [];
  let depth = 0;
  let cur = '';
  for (const ch of inner) {
    if (ch === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
      continue;
    }
    if (ch === '{') depth++;
    if (ch === '}') depth--;
    cur += ch;
  }
  parts.push(cur);
  return parts.filter((p) => p.trim()).flatMap((p) => expand(head + p.trim()));
}

let found = 0;
for (const crate of crates) {
  const src = path.join(crate, 'src');
  if (!fs.existsSync(src)) continue;
  const mods = new Map(); // "a::b" → file
  for (const f of files(src)) {
    const m = modOf(src, f);
    if (m) mods.set(m.join('::'), f);
  }
  const edges = new Map([...mods.values()].map((f) => [f, new Set()]));
  for (const [key, f] of mods) {
    const here = key ? key.split('::') : [];
    const text = fs.readFileSync(f, 'utf8').replace(/\/\/.*$/gm, '');
    for (const m of text.matchAll(/(^|\n)\s*(pub(\([^)]*\))?\s+)?use\s+([^;]+);/g)) {
      if (m[2] && !m[3]) continue; // `pub use`: a re-export
      for (const p of expand(m[4].replace(/\s+/g, ' '))) {
        let segs = p.split('::').map((s) => s.trim().split(' ')[0]);
        let base;
        if (segs[0] === 'crate') base = [];
        else if (segs[0] === 'self') base = here.slice();
        else if (segs[0] === 'super') {
          base = here.slice();
          while (segs[0] === 'super') {
            base.pop();
            segs = segs.slice(1);
          }
          segs = ['super', ...segs];
        } else continue;
        segs = segs.slice(1);
        // The longest module prefix names the file.
        let target = null;
        for (let n = segs.length; n >= 0 && !target; n--) {
          target = mods.get([...base, ...segs.slice(0, n)].join('::')) ?? null;
        }
        if (target && target !== f) edges.get(f).add(target);
      }
    }
  }
  // Tarjan's strongly connected components.
  let index = 0;
  const idx = new Map();
  const low = new Map();
  const stack = [];
  const on = new Set();
  const sccs = [];
  const visit = (v) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v)) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v), idx.get(w)));
    }
    if (low.get(v) === idx.get(v)) {
      const c = [];
      let w;
      do {
        w = stack.pop();
        on.delete(w);
        c.push(w);
      } while (w !== v);
      if (c.length > 1) sccs.push(c);
    }
  };
  for (const v of edges.keys()) if (!idx.has(v)) visit(v);
  for (const c of sccs) console.log(`${crate}: import cycle: ${c.sort().join(' ↔ ')}`);
  found += sccs.length;
  console.log(`${crate}: ${mods.size} files, ${[...edges.values()].reduce((a, s) => a + s.size, 0)} import edges, ${sccs.length} cycles`);
}
process.exit(found ? 1 : 0);
