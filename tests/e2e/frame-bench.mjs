// Whole-frame cost of the playground in headless Chromium, from a Chromium trace (a
// measurement, not a test):
//
//   node tests/e2e/frame-bench.mjs URL [--seconds 6] [--json out.json] [--only load-1k|busy-10k]
//        [--speed 1x|100x] [--trace DIR]   (DIR: keep each run's Chromium trace, to drill into)
//        [--keep-url]   (keep the scenario link in the address while measuring: before this
//        option, every run did, and the trace's copies of it cost about 2 ms a frame)
//        [--worst N]   (also print the N costliest frames, with their parts and their index)
//        [--rank cpu]   (rank those by their thread CPU time instead of their wall time)
//        [--cpuprofile DIR]   (also a V8 CPU profile of each window, DIR/<run>.cpuprofile, and
//        the 25 functions with the most self time printed; wasm functions have names only in a
//        build that keeps them: `data-wasm-opt="0" data-keep-debug` on the rust link of index.html)
//   node tests/e2e/frame-bench.mjs URL_A URL_B … [--repeat N] [options above]
//        (an A/B comparison: N rounds, each measuring every URL in turn, then per workload
//        and URL the median of the rounds and their range. On a machine with only a few cores
//        the same build's p95 varies by half from one run to the next: compare builds only
//        this way, alternately, never one run of each)
//   node tests/e2e/frame-bench.mjs --from DIR [--only …] [--speed …]
//        (analyse the traces an earlier --trace DIR kept, without a browser)
//
// URL is a served release dist (e.g. `node tests/e2e/serve.mjs` → http://127.0.0.1:4173/docs/playground/).
//
// Workloads
//   load-1k    1,000 messages, 50 receivers taking 4 each; their 5 s locks expire and they
//              receive again every 5 s (the issue's figure), at 1× and at 100×.
//   busy-10k   10,000 messages (a pipelined sender), 50 automated workers processing 4 at a
//              time for 20–40 s each, at 1× and at 100×.
//   embed      a URL that names an embed itself (`…/view.html?embed&autoplay=1&preset=…`,
//              `--only embed`): it plays as its address says, at 1× and at 100× (`&speed=`
//              added). Compare a preset's film with the simulating viewer by giving both URLs,
//              the second with `&film=0`.
//   baseline   not the playground: a page whose animation frames move one small square on a
//              canvas (`--only baseline`). What this browser on this machine reaches with next to
//              no work per frame: the ceiling for the fps and the floor for the frame cost the
//              playground's figures are read against.
//
// Method
//   For each run the page plays for --seconds of real time while Playwright records a trace
//   (categories: toplevel, devtools.timeline, devtools.timeline.frame, blink, cc, v8). On the
//   page's renderer main thread (CrRendererMain) we take every top-level task (RunTask /
//   ThreadControllerImpl::RunTask, which contain everything the thread does: the
//   requestAnimationFrame callback and the wasm it runs, microtasks (Leptos effects), style
//   recalculation, layout, pre-paint, paint, layerize, commit, canvas flushes, timers, input).
//   Frames are delimited by the main thread's BeginMainThreadFrame markers (fallback: the
//   starts of FireAnimationFrame); a frame's cost is the summed duration of the top-level
//   tasks that start in it. This is what the old callback-timing benchmark missed: the DOM
//   updates Leptos applies and the style/layout/paint the browser does after the callback.
//   Reported: median and p95 frame cost (ms), frames per second (main frames presented per
//   second of the window), the longest task, and a breakdown of the median frame's time by
//   kind (script / style+layout / paint+commit / other), summed from the nested events.
//   The first second of each run is a warm-up and not measured.
//   The stage's painter worker (public/stage-paint.js) replays the stage's pictures and
//   rasterises the canvas on a thread of its own: reported beside the main thread as pictures
//   per second, its busy time per second, and per picture.
//   Beside the wall-clock cost, the same sums of the tasks' thread CPU time (the trace's `tdur`)
//   are reported: on a machine busy with other work, wall time includes the time the thread
//   waited for a core, CPU time does not (report wall time from an idle machine).
import { chromium } from '@playwright/test';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const args = process.argv.slice(2);
// Options that take a value: that value is not a URL.
const VALUED = new Set(['--seconds', '--json', '--only', '--speed', '--trace', '--from', '--worst', '--cpuprofile', '--repeat', '--rank']);
const urls = args.filter((a, i) => !a.startsWith('--') && !/^\d/.test(a) && !VALUED.has(args[i - 1]));
if (!urls.length) urls.push('http://127.0.0.1:4173/docs/playground/');
const opt = (name, dflt) => { const i = args.indexOf(`--${name}`); return i >= 0 ? args[i + 1] : dflt; };
const repeat = Math.max(1, Number(opt('repeat', 1)));
// Several URLs or rounds: each run is named by its URL's letter (A, B, …) and its round.
const compare = urls.length > 1 || repeat > 1;
const seconds = Number(opt('seconds', 6));
const jsonOut = opt('json', null);
const only = opt('only', null);
const speedOnly = opt('speed', null);
const traceDir = opt('trace', null);
if (traceDir) mkdirSync(traceDir, { recursive: true });
const fromDir = opt('from', null);
const profDir = opt('cpuprofile', null);
const worst = Number(opt('worst', 0));
const rankBy = opt('rank', 'wall') === 'cpu' ? 'cpu' : 'total';
const keepUrl = args.includes('--keep-url');
if (profDir) mkdirSync(profDir, { recursive: true });

// Self time by function (bottom-up) of a V8 CPU profile, the `top` largest, as printable lines.
function selfTimes(profile, top = 25) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const n = byId.get(profile.samples[i]);
    const f = n.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url ? f.url.split('/').pop() : ''}`.trim();
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  return [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)
    .map(([k, us]) => `${(us / 1000).toFixed(1).padStart(8)} ms ${((100 * us) / total).toFixed(1).padStart(5)} %  ${k}`);
}

function link(url, scenario) {
  return url + '#s=' + Buffer.from(JSON.stringify(scenario)).toString('base64url') + '&t=0';
}

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

const CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame', 'blink', 'cc', 'v8', 'blink.user_timing'];
const TOP = new Set(['RunTask', 'ThreadControllerImpl::RunTask']);
const KIND = {
  script: ['FunctionCall', 'FireAnimationFrame', 'EvaluateScript', 'v8.callFunction', 'TimerFire', 'EventDispatch', 'RunMicrotasks', 'v8.run'],
  style_layout: ['UpdateLayoutTree', 'RecalculateStyles', 'Layout', 'UpdateLayout'],
  paint: ['PrePaint', 'Paint', 'PaintImage', 'Layerize', 'UpdateLayer', 'UpdateLayerTree', 'Commit', 'CompositeLayers', 'RasterTask'],
};
const kindOf = new Map(Object.entries(KIND).flatMap(([k, names]) => names.map((n) => [n, k])));

// Top-level tasks nest (a ThreadControllerImpl::RunTask holds a RunTask): the outermost ones
// only, so that no time counts twice. `evs` sorted by start.
function outermost(evs) {
  const out = [];
  let end = -Infinity;
  for (const e of evs) {
    if (e.ts >= end) { out.push(e); end = e.ts + (e.dur ?? 0); }
  }
  return out;
}

function analyse(events, t0, t1) {
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  // The page's main thread: the CrRendererMain with the most animation frames.
  const fires = new Map();
  for (const e of events) {
    if (e.name === 'FireAnimationFrame' || e.name === 'BeginMainThreadFrame') {
      const k = `${e.pid}:${e.tid}`;
      if (names.get(k) === 'CrRendererMain') fires.set(k, (fires.get(k) ?? 0) + 1);
    }
  }
  const main = [...fires.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) throw new Error('no renderer main thread with animation frames in the trace');
  const on = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ts >= t0 && e.ts <= t1);
  let marks = on.filter((e) => e.name === 'BeginMainThreadFrame').map((e) => e.ts);
  let markName = 'BeginMainThreadFrame';
  if (marks.length < 10) { marks = on.filter((e) => e.name === 'FireAnimationFrame').map((e) => e.ts); markName = 'FireAnimationFrame'; }
  marks.sort((a, b) => a - b);
  const tops = outermost(on.filter((e) => e.ph === 'X' && TOP.has(e.name)).sort((a, b) => a.ts - b.ts));
  // A marker lies inside the task that begins the frame (ProxyMain::BeginMainFrame), a few
  // microseconds after that task's start: the frame starts where that task starts, so that the
  // task and the work nested in it count for the same frame.
  {
    let k = 0;
    marks = marks.map((m) => {
      while (k < tops.length && tops[k].ts + (tops[k].dur ?? 0) < m) k++;
      return k < tops.length && tops[k].ts <= m ? tops[k].ts : m;
    });
  }
  const nested = on.filter((e) => e.ph === 'X' && kindOf.has(e.name));
  const frames = [];
  let ti = 0;
  let ni = 0;
  nested.sort((a, b) => a.ts - b.ts);
  for (let i = 0; i + 1 < marks.length; i++) {
    const [a, b] = [marks[i], marks[i + 1]];
    let total = 0;
    let cpu = 0;
    const parts = { script: 0, style_layout: 0, paint: 0 };
    while (ti < tops.length && tops[ti].ts < a) ti++;
    for (let j = ti; j < tops.length && tops[j].ts < b; j++) {
      total += tops[j].dur ?? 0;
      cpu += tops[j].tdur ?? tops[j].dur ?? 0;
    }
    while (ni < nested.length && nested[ni].ts < a) ni++;
    // Outermost nested events of each kind only (a FunctionCall inside FireAnimationFrame is
    // not counted twice): skip an event that lies inside the previous counted one of its kind.
    const lastEnd = { script: -1, style_layout: -1, paint: -1 };
    for (let j = ni; j < nested.length && nested[j].ts < b; j++) {
      const e = nested[j];
      const k = kindOf.get(e.name);
      if (e.ts < lastEnd[k]) continue;
      parts[k] += e.dur ?? 0;
      lastEnd[k] = e.ts + (e.dur ?? 0);
    }
    frames.push({ total: total / 1000, cpu: cpu / 1000, script: parts.script / 1000, style_layout: parts.style_layout / 1000, paint: parts.paint / 1000 });
  }
  const longest = tops.reduce((m, e) => Math.max(m, (e.dur ?? 0) / 1000), 0);
  const window = (t1 - t0) / 1e6;
  // The stage's painter (public/stage-paint.js): a dedicated worker of the page's renderer that
  // replays each picture and rasterises the canvas, off the main thread. Its load is every
  // top-level task of that thread; a picture is one message from the page.
  const pid = main.split(':')[0];
  let painter = null;
  for (const [k, n] of names) {
    if (n !== 'DedicatedWorker thread' || k.split(':')[0] !== pid) continue;
    const ev = events.filter((e) => `${e.pid}:${e.tid}` === k && e.ts >= t0 && e.ts <= t1);
    const pictures = ev.filter((e) => e.name === 'HandlePostMessage').length;
    if (!pictures || (painter && painter.pictures >= pictures)) continue;
    const busy = outermost(ev.filter((x) => x.ph === 'X' && TOP.has(x.name)).sort((a, b) => a.ts - b.ts))
      .reduce((sum, e) => sum + (e.dur ?? 0), 0) / 1000;
    painter = { pictures, per_second: pictures / window, busy_ms_per_s: busy / window, ms_per_picture: busy / pictures };
  }
  return { frames, fps: marks.length / window, longest, markName, window, painter };
}

const q = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))] : NaN; };

function report(name, speed, buf, virtual, errors, tag = '') {
  const trace = JSON.parse(buf.toString());
  const events = trace.traceEvents ?? trace;
  // Trace timestamps are monotonic microseconds; use the extent of the trace's own frame
  // markers rather than t0 (different clock base).
  const ts = events.filter((e) => e.ph === 'X' && TOP.has(e.name)).map((e) => e.ts);
  const start = Math.min(...ts);
  const end = Math.max(...ts);
  const a = analyse(events, start, end);
  const med = q(a.frames.map((f) => f.total), 0.5);
  const p95 = q(a.frames.map((f) => f.total), 0.95);
  const cpuMed = q(a.frames.map((f) => f.cpu), 0.5);
  const cpuP95 = q(a.frames.map((f) => f.cpu), 0.95);
  const mid = a.frames.filter((f) => f.total === med)[0] ?? a.frames[0] ?? { script: NaN, style_layout: NaN, paint: NaN };
  const r = {
    workload: name, speed, frames: a.frames.length, median_ms: +med.toFixed(2), p95_ms: +p95.toFixed(2),
    cpu_median_ms: +cpuMed.toFixed(2), cpu_p95_ms: +cpuP95.toFixed(2),
    fps: +a.fps.toFixed(1), longest_task_ms: +a.longest.toFixed(1),
    median_frame: { script: +mid.script.toFixed(2), style_layout: +mid.style_layout.toFixed(2), paint_commit: +mid.paint.toFixed(2) },
    mean_parts: {
      script: +(a.frames.reduce((s, f) => s + f.script, 0) / a.frames.length).toFixed(2),
      style_layout: +(a.frames.reduce((s, f) => s + f.style_layout, 0) / a.frames.length).toFixed(2),
      paint_commit: +(a.frames.reduce((s, f) => s + f.paint, 0) / a.frames.length).toFixed(2),
    },
    virtual_at_end: virtual, markers: a.markName, errors, run: tag,
    painter: a.painter && {
      pictures_per_s: +a.painter.per_second.toFixed(1),
      busy_ms_per_s: +a.painter.busy_ms_per_s.toFixed(1),
      ms_per_picture: +a.painter.ms_per_picture.toFixed(2),
    },
  };
  results.push(r);
  if (worst) {
    // The costliest frames, with their parts and their place in the window: to tell the
    // publications (twice a second) from a steady cost.
    const ranked = a.frames.map((f, i) => ({ ...f, i })).sort((x, y) => y[rankBy] - x[rankBy]).slice(0, worst);
    for (const f of ranked) {
      console.log(`  frame ${String(f.i).padStart(4)}  ${f.total.toFixed(2).padStart(6)} ms  CPU ${f.cpu.toFixed(2).padStart(6)}  script ${f.script.toFixed(2)}  style+layout ${f.style_layout.toFixed(2)}  paint+commit ${f.paint.toFixed(2)}`);
    }
  }
  console.log(`${tag ? tag.padEnd(4) : ''}${name.padEnd(9)} ${speed.padEnd(5)} median ${r.median_ms.toFixed(2)} ms  p95 ${r.p95_ms.toFixed(2)} ms  (thread CPU: median ${r.cpu_median_ms.toFixed(2)}, p95 ${r.cpu_p95_ms.toFixed(2)})  ${r.fps.toFixed(1)} fps  ` +
    `longest task ${r.longest_task_ms} ms  (${r.frames} frames; mean script ${r.mean_parts.script}, style+layout ${r.mean_parts.style_layout}, paint+commit ${r.mean_parts.paint_commit}; virtual ${virtual})` +
    (r.painter ? `\n${' '.repeat(16)}painter worker: ${r.painter.pictures_per_s} pictures/s, ${r.painter.ms_per_picture} ms each, busy ${r.painter.busy_ms_per_s} ms/s` : `\n${' '.repeat(16)}painter worker: none (painted on the page)`) +
    (errors.length ? `  ERRORS: ${errors.join('; ')}` : ''));
}

const BASELINE = 'data:text/html,' + encodeURIComponent(`<!doctype html><title>baseline</title>
<canvas width="1400" height="800"></canvas><script>
const g = document.querySelector('canvas').getContext('2d');
let x = 0;
(function frame() { g.clearRect(0, 0, 1400, 800); g.fillRect(x = (x + 4) % 1380, 390, 20, 20); requestAnimationFrame(frame); })();
</script>`);

const runs = [];
for (const name of ['load-1k', 'busy-10k', 'embed', 'baseline']) {
  if (only ? only !== name : name === 'baseline' || name === 'embed') continue;
  for (const speed of name === 'baseline' ? ['1×'] : ['1×', '100×']) {
    if (!speedOnly || speedOnly === speed.replace('×', 'x')) runs.push([name, speed]);
  }
}
const results = [];
if (fromDir) {
  for (const [name, speed] of runs) {
    const file = `${fromDir}/${name}-${speed.replace('×', 'x')}.json`;
    if (existsSync(file)) report(name, speed, readFileSync(file), 'not kept', []);
  }
} else {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  for (let round = 1; round <= repeat; round++) for (const [k, url] of urls.entries()) for (const [name, speed] of runs) {
    const tag = compare ? `${String.fromCharCode(65 + k)}${round}` : '';
    const file_ = `${name}-${speed.replace('×', 'x')}${tag ? `-${tag}` : ''}`;
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    if (name === 'baseline') {
      await page.goto(BASELINE);
    } else if (name === 'embed') {
      await page.goto(`${url}&speed=${parseFloat(speed)}`);
      await page.locator('canvas.stage').waitFor();
    } else {
      await page.goto(link(url, name === 'load-1k' ? load1k() : busy10k()));
      await page.getByRole('heading', { name: 'Settle', level: 1 }).waitFor();
      // The link carries the whole scenario (0.6 MB at load-1k). While the trace records,
      // Chromium copies the document's address into events of every frame (each
      // requestAnimationFrame's ScheduleAnimation: about 1 ms each with this address, two a
      // frame), a cost that exists only under tracing. The page has read its link: the
      // address goes back to the page's own (no hashchange, so the page does not reload it).
      if (!keepUrl) await page.evaluate(() => history.replaceState(null, '', location.pathname));
      const clock = page.getByRole('group', { name: 'Clock' });
      await clock.getByLabel('Speed').selectOption({ label: speed });
      const play = clock.getByRole('button', { name: 'Play', exact: true });
      if (await play.count()) await play.click();
    }
    await page.waitForTimeout(1000); // warm-up
    const cdp = profDir ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    await browser.startTracing(page, { categories: CATEGORIES });
    await page.waitForTimeout(seconds * 1000);
    const buf = await browser.stopTracing();
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop');
      const file = `${profDir}/${file_}.cpuprofile`;
      writeFileSync(file, JSON.stringify(profile));
      console.log(`${file}: self time by function`);
      for (const line of selfTimes(profile)) console.log(line);
    }
    const virtual = name === 'baseline' ? 'none' : await page.getByTestId('clock').textContent();
    await page.close();
    if (traceDir) writeFileSync(`${traceDir}/${file_}.json`, buf);
    report(name, speed, buf, virtual, errors, tag);
  }
  await browser.close();
  if (compare) {
    // Per workload and URL: the median of the rounds, and their range.
    const mid = (xs) => q(xs, 0.5);
    const fmt = (xs) => `${mid(xs).toFixed(2)} (${Math.min(...xs).toFixed(2)}–${Math.max(...xs).toFixed(2)})`;
    console.log(`\nSummary of ${repeat} round(s): median of the rounds (range)`);
    for (const [k, url] of urls.entries()) console.log(`  ${String.fromCharCode(65 + k)}: ${url}`);
    for (const [name, speed] of runs) {
      for (const k of urls.keys()) {
        const rs = results.filter((r) => r.workload === name && r.speed === speed && r.run.startsWith(String.fromCharCode(65 + k)));
        if (!rs.length) continue;
        const painter = rs.every((r) => r.painter) ? `  painter ${fmt(rs.map((r) => r.painter.ms_per_picture))} ms a picture` : '';
        console.log(`${String.fromCharCode(65 + k)} ${name.padEnd(9)} ${speed.padEnd(5)} median ${fmt(rs.map((r) => r.median_ms))}  p95 ${fmt(rs.map((r) => r.p95_ms))}  CPU p95 ${fmt(rs.map((r) => r.cpu_p95_ms))}  fps ${fmt(rs.map((r) => r.fps))}${painter}`);
      }
    }
  }
}
if (jsonOut) writeFileSync(jsonOut, JSON.stringify(results, null, 2));
