// Checks docs/settle.schema.json against the format's own reader, in both directions:
//
// - every valid document of the repository (the presets and comparisons, the examples, the
//   benchmark's scenario, tests/schema/valid) passes the schema, and `settle check` (a
//   comparison: `settle compare`) accepts it with exit 0;
// - every document of tests/schema/invalid (each with one mistake) fails the schema, and the
//   CLI refuses it with exit 4 (an invalid scenario or document); the schema's complaint and
//   the CLI's JSON path must be about the same place (one path inside the other).
//
// Any disagreement fails the check (exit 1), each one said on its own line. A new invalid case
// is a file in tests/schema/invalid with exactly one mistake, its name saying which; JSON
// cannot carry a comment, and the format refuses unknown keys.
//
// What the schema cannot say, settle alone refuses: at_ms going back, run_until_ms before the
// last step, names that are not declared or not unique, one receive entity per client, SQL and
// placeholder grammar, byte sizes and sums, 1.0 for 1, duplicate keys. Such documents are not
// in tests/schema/invalid, which holds what both must refuse.
//
//   node scripts/schema-check.mjs
//
// SETTLE_BIN is the settle binary (default: $CARGO_TARGET_DIR/debug/settle, else
// target/debug/settle; build it with `cargo build -p settle-cli`). ajv is the one pinned in
// tests/e2e/package.json (scripts/setup.sh installs it).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'tests/e2e/package.json'));
const Ajv = require('ajv');

const bin = process.env.SETTLE_BIN
  || join(process.env.CARGO_TARGET_DIR || join(root, 'target'), 'debug', 'settle');
if (!existsSync(bin)) {
  console.error(`schema-check: no settle binary at ${bin} (cargo build -p settle-cli, or set SETTLE_BIN)`);
  process.exit(2);
}

// Strict about the schema's own keywords (a misspelt keyword is an error, not ignored); not
// about the types and required keys of if/then branches, which hold only together with the
// rest of the schema.
const ajv = new Ajv({
  allErrors: true,
  strict: true,
  strictTypes: false,
  strictRequired: false,
  allowUnionTypes: true,
});
const schemaPath = join(root, 'docs/settle.schema.json');
const validate = ajv.compile(JSON.parse(readFileSync(schemaPath, 'utf8')));

const jsonIn = (dir) => (existsSync(join(root, dir)) ? readdirSync(join(root, dir)) : [])
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => join(dir, f));
const jsonUnder = (dir) => {
  const out = [];
  const walk = (d) => {
    for (const f of readdirSync(join(root, d)).sort()) {
      const p = join(d, f);
      if (statSync(join(root, p)).isDirectory()) walk(p);
      else if (f.endsWith('.json')) out.push(p);
    }
  };
  walk(dir);
  return out;
};

const valid = [
  ...jsonIn('scenario/presets'),
  ...jsonIn('scenario/presets/compare'),
  ...jsonUnder('examples'),
  ...jsonIn('scenario/benches'),
  ...jsonIn('tests/schema/valid'),
];
const invalid = jsonIn('tests/schema/invalid');

/** The CLI's verdict: its exit status and first line of error. */
function cli(file, doc) {
  const compare = doc !== null && typeof doc === 'object' && !Array.isArray(doc) && 'compare' in doc;
  const r = spawnSync(bin, [compare ? 'compare' : 'check', join(root, file)], { encoding: 'utf8' });
  if (r.error) throw r.error;
  const line = (r.stderr || '').split('\n').find((l) => l.trim()) || '';
  return { status: r.status, line };
}

/** `$.script[2].at_ms` as JSON Pointer segments. */
function cliSegments(line) {
  const m = /^error: (\$[^:]*):/.exec(line);
  if (!m) return null;
  const segs = [];
  const re = /\.([^.[]+)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]/g;
  let x;
  while ((x = re.exec(m[1].slice(1))) !== null) segs.push(x[1] ?? x[2] ?? JSON.parse(x[3]));
  return segs;
}
const pointerSegments = (p) => (p === '' ? [] : p.slice(1).split('/').map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')));
const prefix = (a, b) => a.length <= b.length && a.every((s, i) => s === b[i]);

const problems = [];
const show = (errors) => errors
  .filter((e) => e.keyword !== 'if')
  .slice(0, 6)
  .map((e) => `    ${e.instancePath || '/'}: ${e.message}${e.params && Object.keys(e.params).length ? ' ' + JSON.stringify(e.params) : ''}`)
  .join('\n');

for (const file of valid) {
  const doc = JSON.parse(readFileSync(join(root, file), 'utf8'));
  if (!validate(doc)) problems.push(`${file}: valid for settle, refused by the schema:\n${show(validate.errors)}`);
  const c = cli(file, doc);
  if (c.status !== 0) problems.push(`${file}: settle exits ${c.status}, not 0: ${c.line}`);
}

for (const file of invalid) {
  let doc;
  try {
    doc = JSON.parse(readFileSync(join(root, file), 'utf8'));
  } catch (e) {
    problems.push(`${file}: not JSON (${e.message}); the invalid documents are JSON with one mistake of the format`);
    continue;
  }
  const passes = validate(doc);
  const errors = passes ? [] : validate.errors;
  const c = cli(file, doc);
  if (passes) problems.push(`${file}: the schema accepts it, settle ${c.status === 4 ? `refuses it: ${c.line}` : `exits ${c.status}`}`);
  if (c.status !== 4) problems.push(`${file}: settle exits ${c.status}, not 4 (invalid document)${c.line ? ': ' + c.line : ''}`);
  if (passes || c.status !== 4) continue;
  // Both refuse it: for the same place? One path inside the other (a missing key is said at
  // its object by both; an unknown key at its object or at the key itself).
  const at = cliSegments(c.line);
  const places = errors.filter((e) => e.keyword !== 'if').map((e) => pointerSegments(e.instancePath));
  const deepest = places.filter((p) => !places.some((q) => q.length > p.length && prefix(p, q)));
  if (at && !deepest.some((p) => prefix(p, at) || prefix(at, p))) {
    problems.push(`${file}: the two refuse it at different places: settle says ${c.line}\n  the schema:\n${show(errors)}`);
  }
}

for (const p of problems) console.log(`schema-check: ${p}`);
const n = valid.length;
const m = invalid.length;
if (problems.length > 0) {
  console.log(`schema-check: ${n} valid, ${m} invalid, ${problems.length} disagreement${problems.length === 1 ? '' : 's'} between docs/settle.schema.json and settle`);
  process.exit(1);
}
console.log(`schema-check: ${n} valid, ${m} invalid, agreement: docs/settle.schema.json and settle (${relative(root, bin) || bin}) accept and refuse the same ${n + m} documents`);
