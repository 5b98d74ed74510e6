import { chromium } from '@playwright/test';
const url = process.argv[2]; const speed = process.argv[3] ?? '100×'; const which = process.argv[4] ?? 'load';
function load1k() {
  const script = [];
  for (let i = 0; i < 1000; i++) script.push({ at_ms: 0, do: 'send', by: 'S1', id: `m${i}` });
  for (let r = 1; r <= 50; r++) script.push({ at_ms: 0, do: 'receive', by: `R${r}`, max: 4 });
  for (let k = 1; k <= 150; k++) for (let r = 1; r <= 50; r++) script.push({ at_ms: k * 5000, do: 'receive', by: `R${r}`, max: 4 });
  return { settle: 1, title: 'Load', seed: 1, queue: { lock_duration_ms: 5000, max_delivery_count: 1000 }, script };
}
function busy10k() {
  const actors = [{ kind: 'sender', name: 'Firehose', mode: 'pipelined', count: 10000, rtt_ms: 70, store_ms: 10 }];
  for (let r = 1; r <= 50; r++) actors.push({ kind: 'receiver', name: `W${r}`, concurrency: 4, processing_ms: [20000, 40000] });
  return { settle: 1, title: 'Busy', seed: 1, queue: { lock_duration_ms: 60000, max_delivery_count: 10 }, script: [], actors };
}
const sc = which === 'load' ? load1k() : busy10k();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, bypassCSP: !!process.env.CSS });
await page.goto(url + '#s=' + Buffer.from(JSON.stringify(sc)).toString('base64url') + '&t=0');
await page.getByRole('heading', { name: 'Settle', level: 1 }).waitFor();
if (process.env.CSS) await page.addStyleTag({ content: process.env.CSS });
const clock = page.getByRole('group', { name: 'Clock' });
await clock.getByLabel('Speed').selectOption({ label: speed });
const play = clock.getByRole('button', { name: 'Play', exact: true });
if (await play.count()) await play.click();
await page.waitForTimeout(1000);
await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'cc', 'v8', 'disabled-by-default-devtools.timeline.frame'] });
await page.waitForTimeout(4000);
const buf = await browser.stopTracing();
if (process.env.SHOT) await page.screenshot({ path: process.env.SHOT });
await browser.close();
const ev = JSON.parse(buf.toString()).traceEvents;
const names = new Map();
for (const e of ev) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
const byThread = new Map();
for (const e of ev) if (e.ph === 'X') { const k = `${e.pid}:${e.tid}`; if (!byThread.has(k)) byThread.set(k, []); byThread.get(k).push(e); }
for (const [k, es] of byThread) {
  const tn = names.get(k); if (!tn || !/CrRendererMain|Compositor|Raster/.test(tn)) continue;
  es.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // self time
  const self = new Map(); const stack = [];
  for (const e of es) {
    while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) stack.pop();
    if (stack.length) { const p = stack[stack.length - 1]; self.set(p.name, (self.get(p.name) ?? 0) - (e.tdur ?? e.dur)); }
    self.set(e.name, (self.get(e.name) ?? 0) + (e.tdur ?? e.dur)); stack.push(e);
  }
  const tot = [...self.values()].reduce((a, b) => a + b, 0);
  if (tot < 50000) continue;
  console.log(`== ${tn} ${k} total self ${(tot / 1000).toFixed(0)} ms over 4 s`);
  for (const [n, d] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 18)) console.log(`  ${(d / 1000).toFixed(1).padStart(8)} ms  ${n}`);
}
