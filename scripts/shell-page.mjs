// Trunk post-build hook (after scripts/view-page.mjs, before scripts/csp.mjs): the playground's
// first screen, shown by index.html before its wasm arrives.
//
// web/shell/<lang>.html is the page the playground builds when it opens on a first visit (its
// header, the lesson list, the welcome lesson's title, the stage's frame and the timeline), as
// tests/e2e/tests/shell.spec.ts recorded it from the app itself in each language and holds it
// equal. Each goes into index.html as a <template>; the inline script below shows the one of
// the reader's language in place of the loading message, fits the stage as web/src/ui/fit.rs
// does, and keeps what the person does on it (clicks, choices in a menu, shortcut keys) until
// the app has replaced it (web/src/start.rs, `mount`, removes #boot): then it does the same on
// the app's controls, in order, once each, and carries the focus and the lesson list's scroll
// over.
// Only index.html gets it, and only a first visit's address (no fragment, nothing in the query
// but lang= and theme=) shows it: any other opens another page than the welcome lesson, running.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHOSEN_LANG } from './page-lang.mjs';

const dir = process.env.TRUNK_STAGING_DIR;
if (!dir) {
  console.error('shell-page.mjs: TRUNK_STAGING_DIR is not set (run it as a Trunk post_build hook)');
  process.exit(1);
}
const shells = join(dirname(fileURLToPath(import.meta.url)), '..', 'web', 'shell');
const langs = readdirSync(shells).filter((f) => f.endsWith('.html')).map((f) => f.slice(0, -5)).sort();
if (langs.join() !== ['cs', 'en', 'ru', 'zh-Hans'].join()) {
  console.error(`shell-page.mjs: web/shell/ holds ${langs.join(', ') || 'nothing'}, not one first screen for each language`);
  process.exit(1);
}
const templates = langs
  .map((l) => {
    const html = readFileSync(join(shells, `${l}.html`), 'utf8').trim().replaceAll(' style="', ' data-style="');
    return `<template id="shell-${l}">${html}</template>`;
  })
  .join('');

const script = `(function () {
  var d = document, q = location.search;
  if (typeof WebAssembly !== 'object' || location.hash
    || q.replace(/^\\?/, '').split('&').some(function (kv) { return kv && !/^(lang|theme)=/.test(kv); })) return;
  ${CHOSEN_LANG}
  var lang = chosenLang(), shell = d.getElementById('shell-' + lang), boot = d.getElementById('boot');
  if (!shell || !boot) return;
  var theme = /[?&]theme=(light|dark)(&|$)/.exec(q);
  if (theme) d.documentElement.setAttribute('data-theme', theme[1]);
  d.documentElement.lang = lang;
  var loading = [].slice.call(boot.childNodes);
  boot.className = 'shell';
  boot.removeAttribute('aria-hidden');
  boot.replaceChildren(shell.content.cloneNode(true));
  // If the app cannot start (its wasm not fetched or not compiled), a page that looks ready
  // must not stay: the loading message comes back and says so.
  function failed(e) {
    // Not a notice without an error (the browser's \"ResizeObserver loop completed\").
    if (!boot.isConnected || boot.className !== 'shell' || (e.type === 'error' && !e.error)) return;
    boot.className = 'boot';
    boot.replaceChildren.apply(boot, loading);
    var msg = boot.querySelector('.boot-msg');
    var why = e && (e.reason || e.error || e.message);
    if (msg) msg.textContent = 'Settle could not start in this browser' + (why ? ': ' + why : '.');
  }
  addEventListener('error', failed);
  addEventListener('unhandledrejection', failed);
  // The app sizes some text boxes through the CSS object model: so does this (the page's policy
  // refuses style attributes, which the templates therefore carry as data-style).
  boot.querySelectorAll('[data-style]').forEach(function (e) {
    e.style.cssText = e.getAttribute('data-style');
    e.removeAttribute('data-style');
  });
  // The stage's size, as web/src/ui/fit.rs measures it (the same numbers, so the stage does
  // not move when the app comes; shell.spec.ts holds the two equal).
  function px(s, p) { return parseFloat(s.getPropertyValue(p)) || 0; }
  function fit() {
    var b = boot.querySelector('.stage-box'), area = b && b.parentElement;
    if (!area) return;
    var s = getComputedStyle(area), t = b.closest('.stage-area');
    t = t && t.querySelector('.timeline');
    var w = area.clientWidth - px(s, 'padding-left') - px(s, 'padding-right');
    var top = b.getBoundingClientRect().top + scrollY;
    var under = t ? t.offsetHeight + px(getComputedStyle(t), 'margin-top') : 0;
    var h = innerHeight - top - under - px(s, 'padding-bottom');
    if (w <= 0 || innerHeight <= 0) return;
    h = Math.max(Math.min(w * 9 / 16, Math.max(h, 300)), 0);
    w = Math.max(Math.min(w, h * 2.4), 0);
    b.style.setProperty('--fit-w', Math.floor(w) + 'px');
    b.style.setProperty('--fit-h', Math.floor(h) + 'px');
    b.classList.add('fitted');
  }
  var ro = new ResizeObserver(fit);
  ro.observe(d.body);
  addEventListener('resize', fit);
  // A click on a control, or a choice in a menu, waits for the app: the n-th control of the
  // first screen is the app's n-th too.
  var controls = 'a[href],button,summary,[role=button],select,input,textarea', early = [];
  function nth(c) { return [].indexOf.call(boot.querySelectorAll(controls), c); }
  boot.addEventListener('click', function (e) {
    var c = e.target.closest && e.target.closest(controls);
    if (!c || !boot.contains(c) || c.matches('select,input,textarea')) return;
    e.preventDefault();
    early.push([nth(c)]);
  });
  boot.addEventListener('change', function (e) {
    if (e.target.matches && e.target.matches('select,input,textarea')) early.push([nth(e.target), e.target.value]);
  });
  // A key pressed outside the controls (the clock's shortcuts: Space, the arrows, E, R, …) is
  // pressed again on the app, which decides (player/src/page.rs, \`shortcut\`); Space and the
  // arrows do not scroll the page meanwhile, as they do not on the app.
  function key(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || (e.target.closest && e.target.closest(controls))) return;
    if (/^( |Arrow(Left|Right))$/.test(e.key)) e.preventDefault();
    early.push([-1, e.key]);
  }
  addEventListener('keydown', key);
  // Where the person was: the control with the focus, and how far the lesson list is scrolled.
  var focused = -1, scrolled = 0, list = boot.querySelector('.lessons-body');
  boot.addEventListener('focusin', function (e) { focused = nth(e.target); });
  if (list) list.addEventListener('scroll', function () { scrolled = list.scrollTop; });
  new MutationObserver(function (_, seen) {
    if (boot.isConnected) return;
    seen.disconnect();
    ro.disconnect();
    removeEventListener('error', failed);
    removeEventListener('unhandledrejection', failed);
    removeEventListener('resize', fit);
    removeEventListener('keydown', key);
    var now = d.body.querySelectorAll(controls), l = d.querySelector('.lessons-body');
    if (l) l.scrollTop = scrolled;
    if (now[focused]) now[focused].focus();
    early.forEach(function (a) {
      if (a[0] < 0) return d.body.dispatchEvent(new KeyboardEvent('keydown', { key: a[1], bubbles: true, cancelable: true }));
      var c = now[a[0]];
      if (!c) return;
      if (a.length === 1) return c.click();
      c.value = a[1];
      c.dispatchEvent(new Event('input', { bubbles: true }));
      c.dispatchEvent(new Event('change', { bubbles: true }));
    });
  }).observe(d.body, { childList: true });
})();`;

const file = join(dir, 'index.html');
let html = readFileSync(file, 'utf8');
// After the loading message it replaces (#boot), before anything else of the body.
const boot = /<div[^>]*\bid="?boot"?[^>]*>[\s\S]*?<\/div>\s*<\/div>/.exec(html);
if (!boot) {
  console.error('shell-page.mjs: index.html has no loading shell (<div id="boot">) as expected');
  process.exit(1);
}
const at = boot.index + boot[0].length;
html = `${html.slice(0, at)}${templates}<script>${script}</script>${html.slice(at)}`;
writeFileSync(file, html);
console.log(`shell-page.mjs: the first screen in ${langs.join(', ')} put into index.html`);
