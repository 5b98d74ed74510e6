// Trunk post-build hook: gives each page a Content-Security-Policy.
//
// The policy allows scripts only from the page's own origin, plus each inline <script> of the
// built index.html, view.html (the embeds' page), full.html (the playground with documents of entities) and whatif.html (the What-if page; the three written by scripts/view-page.mjs) by the SHA-256 of
// its exact text (Trunk's wasm loader or the viewer's start, and the embed-height
// script), and WebAssembly compilation ('wasm-unsafe-eval', not 'unsafe-eval'). Nothing may be
// fetched, framed or posted anywhere else. The hashes are computed here, after Trunk has written
// the final HTML, so they always match what is served. A <meta> policy cannot carry
// frame-ancestors: embedding in any docs page stays possible by design.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('csp.mjs: TRUNK_STAGING_DIR is not set (run it as a Trunk post_build hook)');
  process.exit(1);
}
// `trunk serve` adds its live-reload script to the page after the hooks have run, so a policy
// made here would block it; the dev server gets none. Every release build (the dist that is
// deployed and tested) gets one.
if (process.env.TRUNK_PROFILE !== 'release') {
  console.log(`csp.mjs: ${process.env.TRUNK_PROFILE ?? 'unknown'} build, no policy (live reload needs inline script)`);
  process.exit(0);
}
for (const name of ['index.html', 'view.html', 'full.html', 'whatif.html']) {
  const file = join(dir, name);
  let html = readFileSync(file, 'utf8');
  html = html.replace(/<meta http-equiv="?Content-Security-Policy"?[^>]*>\s*/g, '');

  const hashes = [];
  for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    hashes.push(`'sha256-${createHash('sha256').update(m[1], 'utf8').digest('base64')}'`);
  }
  const policy = [
    "default-src 'none'",
    `script-src 'self' 'wasm-unsafe-eval' ${hashes.join(' ')}`.trim(),
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');

  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}" />`;
  // `<meta charset="utf-8" />`, or `<meta charset=utf-8>` in a release build's minified HTML.
  const charset = /<meta charset="?utf-8"?\s*\/?>/.exec(html);
  if (!charset) {
    console.error(`csp.mjs: ${name} has no <meta charset="utf-8"> to place the policy after`);
    process.exit(1);
  }
  const end = charset.index + charset[0].length;
  html = `${html.slice(0, end)}${meta}${html.slice(end)}`;
  writeFileSync(file, html);
  console.log(`csp.mjs: policy with ${hashes.length} inline script hash(es) written to ${name}`);
}
