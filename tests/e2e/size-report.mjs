// The bytes a first visit to the playground fetches, by file: raw, gzip -9 and brotli q11.
//   node tests/e2e/size-report.mjs [DIST] [--budget FILE] [--json]
// A first visit fetches index.html and what it references (the wasm-bindgen JS, the wasm, the
// CSS, the icon); the dist's other files (embed.js, example.html, public/) are not counted.
// With --budget, exits 1 when the brotli total (or any file named in the budget) is larger
// than the budget file allows: the build is deterministic, so this is a test, not a timing.
// The budget file (size-budget.json at the repository root) is JSON:
//   { "first_visit_brotli_bytes": N, "files": { "<suffix, e.g. _bg.wasm>": N } }
// For where the wasm's bytes go, see size-attrib.mjs.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const dir = args.find((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1] === '--budget')) ?? 'dist';
const budgetFile = flag('--budget');

const html = readFileSync(join(dir, 'index.html'), 'utf8');
const files = new Set(['index.html']);
for (const m of html.matchAll(/\b(?:href|src)="\.?\/?([^"#?]+)"/g)) {
  if (existsSync(join(dir, m[1]))) files.add(m[1]);
}
// The loader imports the wasm by name from an inline script.
for (const m of html.matchAll(/['"]\.\/([^'"]+\.(?:wasm|js))['"]/g)) {
  if (existsSync(join(dir, m[1]))) files.add(m[1]);
}

const rows = [];
const total = { raw: 0, gzip: 0, br: 0 };
for (const f of [...files].sort()) {
  const b = readFileSync(join(dir, f));
  const gz = gzipSync(b, { level: 9 }).length;
  const br = brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  rows.push({ file: f, raw: b.length, gzip: gz, brotli: br });
  total.raw += b.length; total.gzip += gz; total.br += br;
}

if (args.includes('--json')) {
  console.log(JSON.stringify({ files: rows, total }, null, 2));
} else {
  const kb = (n) => (n / 1024).toFixed(1).padStart(7) + ' KiB';
  for (const r of rows) console.log(`${r.file.padEnd(42)} raw ${kb(r.raw)}  gzip ${kb(r.gzip)}  brotli ${kb(r.brotli)}`);
  console.log(`${'first visit, total'.padEnd(42)} raw ${kb(total.raw)}  gzip ${kb(total.gzip)}  brotli ${kb(total.br)}`);
}

if (budgetFile) {
  const budget = JSON.parse(readFileSync(budgetFile, 'utf8'));
  const over = [];
  if (total.br > budget.first_visit_brotli_bytes) {
    over.push(`first visit: ${total.br} B brotli > budget ${budget.first_visit_brotli_bytes} B`);
  }
  for (const [suffix, max] of Object.entries(budget.files ?? {})) {
    const r = rows.find((x) => x.file.endsWith(suffix));
    if (!r) over.push(`no first-visit file ends with "${suffix}" (budget ${budgetFile})`);
    else if (r.brotli > max) over.push(`${r.file}: ${r.brotli} B brotli > budget ${max} B`);
  }
  if (over.length) {
    console.error(`size budget exceeded (${budgetFile}):\n  ${over.join('\n  ')}`);
    console.error('Make it smaller, or raise the budget in the same commit and say why.');
    process.exit(1);
  }
  console.log(`within the budget of ${budgetFile}: ${total.br} of ${budget.first_visit_brotli_bytes} B brotli`);
}
