// Trunk post-build hook: writes view.html, the page of read-only embeds, from the built
// index.html. It is the same page (head, stylesheet, loading shell, inline script) with the
// playground's wasm taken out and the lean viewer's put in (web/src/view.rs, built by Trunk as
// `settle-view`), so the two pages cannot drift apart. scripts/csp.mjs runs after this and
// gives both pages their policy.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

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
// The viewer: its wasm fetched at once, its no-modules script deferred, then started (module
// scripts run after deferred ones, in order).
const viewer = [
  '<link rel="preload" href="./settle-view_bg.wasm" as="fetch" type="application/wasm" crossorigin="anonymous">',
  '<script defer src="./settle-view.js"></script>',
  "<script type=\"module\">wasm_bindgen({ module_or_path: './settle-view_bg.wasm' });</script>",
].join('\n    ');
html = html.replace('</head>', `    ${viewer}\n  </head>`);
html = html.replace(/<title>[^<]*<\/title>/, '<title>Settle — an embedded lesson</title>');
writeFileSync(join(dir, 'view.html'), html);
console.log('view-page.mjs: view.html written');
