// The bytes a first visit fetches, by file: raw, gzip -9 and brotli q11, for each page: the
// playground (index.html) and the lean viewer of embeds (view.html, when the dist has it).
//   node tests/e2e/size-report.mjs [DIST] [--budget FILE] [--json]
// A first visit fetches the page and what it references (the wasm-bindgen JS, the wasm, the
// CSS, the icon, the painter's script); the dist's other files (embed.js, example.html,
// public/, the other page's wasm) are not counted. view.html is two visits: a preset's embed
// (the film player and the preset's film) and anything else ("view.html (simulated)");
// full.html is the playground's second build, which a document with entities opens.
// With --budget, exits 1 when a page's brotli total (or any file named in the budget) is larger
// than the budget file allows: the build is deterministic, so this is a test, not a timing.
// The budget file (size-budget.json at the repository root) is JSON:
//   { "first_visit_brotli_bytes": N, "files": { "<suffix, e.g. _bg.wasm>": N },
//     "pages": { "view.html": { "first_visit_brotli_bytes": N, "files": { … } } } }
// (the top level is index.html's). For where the wasm's bytes go, see size-attrib.mjs.
// A language other than English adds what the playground fetches when it is chosen: its
// compiled messages under compiled/<lang>/ (each file compressed on its own, as served), checked
// against
// "language_brotli_bytes", and what a preset's embed in it fetches (the stage's words and
// the film recorded in that language, player/films/<lang>/) is reported.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const flag = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const dir = args.find((a, i) => !a.startsWith('--') && !(i > 0 && args[i - 1] === '--budget')) ?? 'dist';
const budgetFile = flag('--budget');

/** The files a first visit to `page` fetches, with their sizes, and the totals; `name` is how
 * the report calls the visit, `extra` what the page's loader fetches besides what it names. */
function visit(page, name = page, extra = []) {
  const html = readFileSync(join(dir, page), 'utf8');
  const files = new Set([page, ...extra]);
  // Quoted or not (a release build's HTML is minified: `href=./style-….css`).
  for (const m of html.matchAll(/\b(?:href|src)=(?:"\.?\/?([^"#?]+)"|\.?\/?([^\s"'>#?]+))/g)) {
    const f = m[1] ?? m[2];
    if (existsSync(join(dir, f))) files.add(f);
  }
  // The loader names the wasm in an inline script.
  for (const m of html.matchAll(/['"]\.\/([^'"]+\.(?:wasm|js))['"]/g)) {
    if (existsSync(join(dir, m[1]))) files.add(m[1]);
  }
  // A page whose stylesheet or wasm was not found would pass any budget: say so instead.
  for (const kind of ['.css', '.wasm', '.js']) {
    if (![...files].some((f) => f.endsWith(kind))) {
      console.error(`size-report.mjs: ${page} references no ${kind} file this script could find`);
      process.exit(1);
    }
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
  return { page: name, files: rows, total };
}

// view.html's loader (scripts/view-page.mjs) picks its wasm from the address: a preset's embed
// with a film gets the film player and the film (measured with poison-message's, the README's
// example), anything else the viewer that simulates.
const viewVisits = () => {
  const html = readFileSync(join(dir, 'view.html'), 'utf8');
  const film = 'films/en/poison-message.film';
  for (const f of ['settle-film.js', 'settle-film_bg.wasm', 'settle-view.js', 'settle-view_bg.wasm', film]) {
    const named = f.startsWith('films/') ? 'films/' : f.replace(/(_bg)?\.(js|wasm)$/, '');
    if (!existsSync(join(dir, f)) || !html.includes(named)) {
      console.error(`size-report.mjs: view.html's loader or the dist lacks ${f}`);
      process.exit(1);
    }
  }
  return [
    visit('view.html', 'view.html', ['settle-film.js', 'settle-film_bg.wasm', film]),
    visit('view.html', 'view.html (simulated)', ['settle-view.js', 'settle-view_bg.wasm']),
  ];
};
// full.html, the playground's second build, which a document with entities opens.
const fullVisit = () => {
  for (const f of ['settle-full.js', 'settle-full_bg.wasm']) {
    if (!existsSync(join(dir, f)) || !readFileSync(join(dir, 'full.html'), 'utf8').includes(f)) {
      console.error(`size-report.mjs: full.html's loader or the dist lacks ${f}`);
      process.exit(1);
    }
  }
  return [visit('full.html', 'full.html', ['settle-full.js', 'settle-full_bg.wasm'])];
};
const pages = [
  ...(existsSync(join(dir, 'index.html')) ? [visit('index.html')] : []),
  ...(existsSync(join(dir, 'view.html')) ? viewVisits() : []),
  ...(existsSync(join(dir, 'full.html')) ? fullVisit() : []),
];

// What the playground fetches in another language (language.rs and the page's parts).
const PARTS = ['page', 'play', 'narrate', 'lessons', 'format'];
const languages = existsSync(join(dir, 'compiled'))
  ? readdirSync(join(dir, 'compiled')).filter((l) => l !== 'en').sort().map((lang) => {
    const files = PARTS.map((p) => {
      const b = readFileSync(join(dir, 'compiled', lang, `${p}.txt`));
      const br = brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
      return { file: `compiled/${lang}/${p}.txt`, raw: b.length, brotli: br };
    });
    // An embed of a preset in the language: the stage's words and the film recorded in it
    // (for the English film of the first visit).
    const embed = [`compiled/${lang}/play.txt`, `films/${lang}/poison-message.film`].map((f) => {
      const b = readFileSync(join(dir, f));
      return { file: f, brotli: brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length };
    });
    return { lang, files, brotli: files.reduce((n, f) => n + f.brotli, 0), embed };
  })
  : [];

if (args.includes('--json')) {
  console.log(JSON.stringify({ pages, languages }, null, 2));
} else {
  const kb = (n) => (n / 1024).toFixed(1).padStart(7) + ' KiB';
  for (const { page, files: rows, total } of pages) {
    console.log(`${page}:`);
    for (const r of rows) console.log(`  ${r.file.padEnd(40)} raw ${kb(r.raw)}  gzip ${kb(r.gzip)}  brotli ${kb(r.brotli)}`);
    console.log(`  ${'first visit, total'.padEnd(40)} raw ${kb(total.raw)}  gzip ${kb(total.gzip)}  brotli ${kb(total.br)}`);
  }
  for (const { lang, files, brotli, embed } of languages) {
    const raw = files.reduce((n, f) => n + f.raw, 0);
    console.log(`the playground in ${lang} also fetches: raw ${kb(raw)}  brotli ${kb(brotli)} (${files.map((f) => f.file).join(', ')})`);
    console.log(`a preset's embed in ${lang} fetches, instead of the English film: brotli ${kb(embed.reduce((n, f) => n + f.brotli, 0))} (${embed.map((f) => f.file).join(', ')})`);
  }
}

if (budgetFile) {
  const budget = JSON.parse(readFileSync(budgetFile, 'utf8'));
  const over = [];
  const said = [];
  for (const { page, files: rows, total } of pages) {
    const b = page === 'index.html' ? budget : budget.pages?.[page];
    if (!b) {
      over.push(`${page}: no budget for it in ${budgetFile} ("pages": { "${page}": … })`);
      continue;
    }
    if (total.br > b.first_visit_brotli_bytes) {
      over.push(`${page}, first visit: ${total.br} B brotli > budget ${b.first_visit_brotli_bytes} B`);
    }
    for (const [suffix, max] of Object.entries(b.files ?? {})) {
      const r = rows.find((x) => x.file.endsWith(suffix));
      if (!r) over.push(`${page}: no first-visit file ends with "${suffix}" (budget ${budgetFile})`);
      else if (r.brotli > max) over.push(`${page}: ${r.file}: ${r.brotli} B brotli > budget ${max} B`);
    }
    said.push(`${page} ${total.br} of ${b.first_visit_brotli_bytes} B brotli`);
  }
  for (const { lang, brotli } of languages) {
    const max = budget.language_brotli_bytes;
    if (max === undefined) over.push(`${lang}: no "language_brotli_bytes" in ${budgetFile}`);
    else if (brotli > max) over.push(`the playground in ${lang}: ${brotli} B brotli of messages > budget ${max} B`);
    else said.push(`${lang} ${brotli} of ${max} B brotli`);
  }
  for (const page of Object.keys(budget.pages ?? {})) {
    // (keys are the visits' names)
    if (!pages.some((p) => p.page === page)) over.push(`${page} has a budget but the dist has no ${page}`);
  }
  if (over.length) {
    console.error(`size budget exceeded (${budgetFile}):\n  ${over.join('\n  ')}`);
    console.error('Make it smaller, or raise the budget in the same commit and say why.');
    process.exit(1);
  }
  console.log(`within the budget of ${budgetFile}: ${said.join('; ')}`);
}
