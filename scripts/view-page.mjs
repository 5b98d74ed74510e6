// Trunk post-build hook: writes three pages from the built index.html. full.html is the
// playground with its second build (`settle-full`, which runs documents with entities: the
// first, kept small, opens such a document there). whatif.html is the What-if page
// (`settle-whatif`). view.html is the page of read-only embeds, below.
//
// view.html is made from the built index.html. It is the same page (head, stylesheet, loading shell, inline script) with the
// playground's wasm taken out and the lean viewer's put in (player/src/view.rs, built by Trunk as
// `settle-view`), so the two pages cannot drift apart. scripts/csp.mjs runs after this and
// gives both pages their policy.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { CHOSEN_LANG } from './page-lang.mjs';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('view-page.mjs: TRUNK_STAGING_DIR is not set (run it as a Trunk post_build hook)');
  process.exit(1);
}
let html = readFileSync(join(dir, 'index.html'), 'utf8');
const before = html;
// The playground's loader, its module preload and its wasm preload (Trunk's injected tags; a
// release build's HTML is minified: attributes unquoted and in another order).
html = html.replace(/<script type="?module"?>\s*import init, \* as bindings from '\.\/settle-web-[^']*';[\s\S]*?<\/script>\s*/, '');
html = html.replace(/<link(?=[^>]*\brel="?modulepreload)[^>]*\bhref="?\.\/settle-web-[^>]*>/, '');
html = html.replace(/<link(?=[^>]*\brel="?preload)[^>]*\bhref="?\.\/settle-web-[^\s">]*_bg\.wasm[^>]*>/, '');
if (html === before || /settle-web-/.test(html)) {
  console.error('view-page.mjs: the playground\'s loader tags were not found as expected in index.html');
  process.exit(1);
}
// full.html: the playground's page with its second build's loader (a no-modules script, as
// Trunk builds a `worker`), asked for at once and started when the page is parsed.
const full = `<script>(function () {
  var h = document.head, l = document.createElement('link');
  l.rel = 'preload'; l.as = 'fetch'; l.crossOrigin = 'anonymous'; l.type = 'application/wasm';
  l.href = './settle-full_bg.wasm';
  h.appendChild(l);
  var s = document.createElement('script');
  s.src = './settle-full.js';
  s.onload = function () {
    function go() { wasm_bindgen({ module_or_path: './settle-full_bg.wasm' }); }
    if (document.readyState === 'loading') addEventListener('DOMContentLoaded', go); else go();
  };
  h.appendChild(s);
})();</script>`;
// Which wasm plays the embed: an embed of a built-in preset that has a film (player/films/, copied
// into the dist) gets the film player (`settle-film`, player/src/film.rs), which links no
// simulation, and so does an embed whose link carries a film (`#f=`, the Embed button's for
// other scenarios); anything else (a share link, a comparison, `film=0` after a film failed to
// load) the viewer that simulates (`settle-view`). The loader picks one from the address, asks for
// its wasm (and the film) at once, and starts it when its no-modules script has run and the
// page is parsed. `window.settleFilm` tells the page's own script not to fetch the preset's
// document too.
// The presets' films, one directory a language (player/films/<lang>/): each is recorded in that
// language, its captions and narration in its words. Every language has the same presets.
const langs = readdirSync(join(dir, 'films')).sort();
const filmsIn = (lang) => readdirSync(join(dir, 'films', lang))
  .filter((f) => f.endsWith('.film'))
  .map((f) => f.slice(0, -'.film'.length))
  .sort();
const films = filmsIn('en');
if (films.length === 0 || langs.some((l) => filmsIn(l).join() !== films.join())) {
  console.error(`view-page.mjs: the dist's films (player/films/<lang>, copied by index.html) are missing or differ between ${langs.join(', ')}`);
  process.exit(1);
}
// Each film gzipped in place: a static host sends a file of no known type as it is, and the
// player unpacks it with the browser's DecompressionStream (player/src/builtin.rs,
// `get_unpacked`).
for (const lang of langs) {
  for (const f of films) {
    const file = join(dir, 'films', lang, `${f}.film`);
    const raw = readFileSync(file);
    if (raw[0] === 0x1f && raw[1] === 0x8b) continue;
    writeFileSync(file, gzipSync(raw, { level: 9 }));
  }
}
const loader = `(function () {
  var q = location.search, h = document.head;
  var m = !location.hash && /[?&]embed(&|=|$)/.test(q) && !/[?&](film=0|compare=)/.test(q)
    && /[?&]preset=([a-z0-9-]+)(&|$)/.exec(q);
  // The film in the reader's language (lang=, else the browser's, as player/src/language.rs
  // chooses; English for any other), asked for at once. The player fetches the one in the
  // language it installs: the same unless that language's words cannot be loaded.
  ${CHOSEN_LANG}
  var lang = chosenLang();
  var film = m && ${JSON.stringify(films)}.indexOf(m[1]) >= 0 ? m[1] : null;
  // Or a film in the link (the Embed button's, for any other scenario).
  var linked = /[?&]embed(&|=|$)/.test(q) && !/[?&]film=0(&|$)/.test(q) && /^#(.*&)?f=/.test(location.hash);
  var name = film || linked ? 'settle-film' : 'settle-view';
  window.settleFilm = !!(film || linked);
  function preload(href, type) {
    var l = document.createElement('link');
    l.rel = 'preload'; l.as = 'fetch'; l.crossOrigin = 'anonymous'; l.href = href;
    if (type) l.type = type;
    h.appendChild(l);
  }
  preload('./' + name + '_bg.wasm', 'application/wasm');
  if (film) preload('films/' + lang + '/' + film + '.film');
  var s = document.createElement('script');
  s.src = './' + name + '.js';
  s.onload = function () {
    function go() { wasm_bindgen({ module_or_path: './' + name + '_bg.wasm' }); }
    if (document.readyState === 'loading') addEventListener('DOMContentLoaded', go); else go();
  };
  h.appendChild(s);
})();`;
const viewer = `<script>${loader}</script>`;
// First in the head: an inline script after the stylesheet would wait for it before running
// (measured on slow 4G: the wasm was asked for 330 ms later). scripts/csp.mjs puts the policy
// before it, right after the charset.
const charset = /<meta charset="?utf-8"?\s*\/?>/.exec(html);
if (!charset) {
  console.error('view-page.mjs: index.html has no <meta charset="utf-8"> to put the loader after');
  process.exit(1);
}
const at = charset.index + charset[0].length;
writeFileSync(join(dir, 'full.html'), `${html.slice(0, at)}${full}${html.slice(at)}`);
// whatif.html: the What-if page (player/src/whatif/), its own wasm started the same way, its
// own stylesheet after the playground's (public/whatif.css), its own words in the shell.
const whatif = full.replaceAll('settle-full', 'settle-whatif');
let page = `${html.slice(0, at)}${whatif}${html.slice(at)}`;
page = page.replace(/<title>[^<]*<\/title>/, '<title>Settle — what if?</title>');
page = page.replace(/(<link[^>]*\bhref="?\.\/style-[^>]*>)/, '$1<link rel="stylesheet" href="public/whatif.css">');
page = page.replace(/(<div class="?boot-msg"?>)[^<]*/, '$1Loading the what-if sweeps…');
if (!page.includes('public/whatif.css') || !page.includes('what-if sweeps')) {
  console.error('view-page.mjs: the stylesheet or the loading shell was not found in index.html for whatif.html');
  process.exit(1);
}
writeFileSync(join(dir, 'whatif.html'), page);
html = `${html.slice(0, at)}${viewer}${html.slice(at)}`;
html = html.replace(/<title>[^<]*<\/title>/, '<title>Settle — an embedded lesson</title>');
writeFileSync(join(dir, 'view.html'), html);
console.log('view-page.mjs: view.html, full.html and whatif.html written');
