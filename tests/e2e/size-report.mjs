// Prints the size of the release dist's wasm, JS and CSS: raw, gzip -9 and brotli q11.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = process.argv[2] ?? 'dist';
const rows = [];
const total = { raw: 0, gzip: 0, br: 0 };
for (const f of readdirSync(dir).sort()) {
  if (!/\.(wasm|js|css)$/.test(f)) continue;
  const b = readFileSync(join(dir, f));
  const gz = gzipSync(b, { level: 9 }).length;
  const br = brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  rows.push([f, b.length, gz, br]);
  total.raw += b.length; total.gzip += gz; total.br += br;
}
const kb = (n) => (n / 1024).toFixed(1).padStart(7) + ' KiB';
for (const [f, raw, gz, br] of rows) console.log(`${f.padEnd(42)} raw ${kb(raw)}  gzip ${kb(gz)}  brotli ${kb(br)}`);
console.log(`${'total'.padEnd(42)} raw ${kb(total.raw)}  gzip ${kb(total.gzip)}  brotli ${kb(total.br)}`);
