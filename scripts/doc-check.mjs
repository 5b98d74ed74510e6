// Checks the repository's documents the way a reader uses them: every relative link (and its
// #anchor) resolves, and every command they show runs.
//
//   node scripts/doc-check.mjs [--settle PATH]   (default target/debug/settle)
//
// Documents: README.md, CONTRIBUTING.md and docs/**/*.md (not docs/book/, an mdBook whose links
// point into the hosted playground; its own test builds and drives it).
//
// Commands: each ```sh block is read line by line (a trailing `\` joins lines).
// - `settle …` and `cargo run -q -p settle-cli -- …` run, with the built `settle`, in one scratch
//   directory per document holding copies of docs/ and examples/ (and as its HOME), in the
//   document's order, and so does a plain `mkdir -p DIR…`. A line must exit 0, or the code its
//   comment names (`# exits 4`).
// - A ```json block whose info string names a file (```json file=my-scenario.json) is written
//   there first, so a walkthrough's file exists when its commands run.
// - Any other command (the test command, trunk, mdbook, npm, python, …) is not run here: the test
//   command runs those for real. Each repository path it names must exist.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
const args = process.argv.slice(2);
const settle = resolve(root, args.includes('--settle') ? args[args.indexOf('--settle') + 1] : 'target/debug/settle');
if (!existsSync(settle)) {
  console.error(`doc-check: no settle binary at ${settle} (cargo build -p settle-cli)`);
  process.exit(2);
}

function walk(dir) {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) return p === join(root, 'docs/book') ? [] : walk(p);
    return n.endsWith('.md') ? [p] : [];
  });
}
const docs = [join(root, 'README.md'), join(root, 'CONTRIBUTING.md'), ...walk(join(root, 'docs'))]
  .filter(existsSync);

const problems = [];
const fail = (doc, line, what) => problems.push(`${relative(root, doc)}:${line}: ${what}`);

/** Splits a Markdown text into prose lines and fenced blocks, keeping line numbers. */
function parse(text) {
  const lines = text.split('\n');
  const prose = [];
  const blocks = [];
  let block = null;
  lines.forEach((l, i) => {
    const fence = l.match(/^\s*(```+|~~~+)(.*)$/);
    if (block) {
      if (fence && fence[1][0] === block.fence[0] && fence[1].length >= block.fence.length && !fence[2].trim()) {
        blocks.push(block);
        block = null;
      } else block.lines.push({ text: l, n: i + 1 });
    } else if (fence) {
      block = { fence: fence[1], info: fence[2].trim(), start: i + 1, lines: [] };
    } else prose.push({ text: l, n: i + 1 });
  });
  return { prose, blocks };
}

/** GitHub's anchor for each heading of a Markdown text. */
function anchors(text) {
  const seen = new Map();
  const out = new Set();
  for (const { text: l } of parse(text).prose) {
    const h = l.match(/^#{1,6}\s+(.*?)\s*#*\s*$/);
    if (!h) continue;
    const base = h[1]
      .replace(/`/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
      .replace(/ /g, '-');
    const k = seen.get(base) ?? 0;
    seen.set(base, k + 1);
    out.add(k ? `${base}-${k}` : base);
  }
  return out;
}

let links = 0;
function checkLinks(doc, prose) {
  for (const { text, n } of prose) {
    const line = text.replace(/`[^`]*`/g, '');
    const md = [...line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]);
    const targets = [...md, ...[...line.matchAll(/\b(?:href|src)="([^"]+)"/g)].map((m) => m[1])];
    for (const t of targets) {
      // A Markdown link from the site's root resolves on no page that shows this file.
      if (t.startsWith('/') && md.includes(t)) fail(doc, n, `link to ${t}: from the root of no site`);
      if (/^[a-z][a-z0-9+.-]*:/i.test(t) || t.startsWith('/')) continue;
      links++;
      const [path, anchor] = t.split('#');
      const file = path ? resolve(dirname(doc), decodeURIComponent(path)) : doc;
      if (!existsSync(file)) {
        fail(doc, n, `link to ${t}: no such file`);
        continue;
      }
      if (anchor && file.endsWith('.md') && !anchors(readFileSync(file, 'utf8')).has(anchor)) {
        fail(doc, n, `link to ${t}: no heading with that anchor in ${relative(root, file)}`);
      }
    }
  }
}

/** The commands of a ```sh block: continuation lines joined, comments and prompts kept apart. */
function commands(block) {
  const out = [];
  let cur = null;
  for (const { text, n } of block.lines) {
    const t = text.replace(/^\$ /, '');
    if (cur) cur.text += ' ' + t.trim();
    else if (t.trim() && !t.trim().startsWith('#')) cur = { text: t.trim(), n };
    if (cur && !cur.text.endsWith('\\')) {
      out.push(cur);
      cur = null;
    } else if (cur) cur.text = cur.text.slice(0, -1).trimEnd();
  }
  return out;
}

const REPO_PATH = /(?:^|[\s="'])((?:scripts|docs|examples|tests|cli|core|scenario|player|web|export|i18n|public)\/[\w./-]*[\w/])/g;
let ran = 0;
let looked = 0;
for (const doc of docs) {
  const text = readFileSync(doc, 'utf8');
  const { prose, blocks } = parse(text);
  checkLinks(doc, prose);
  const runnable = blocks.some((b) => b.info.split(/\s+/)[0] === 'sh');
  if (!runnable) continue;
  const scratch = mkdtempSync(join(tmpdir(), 'settle-doc-'));
  cpSync(join(root, 'docs'), join(scratch, 'docs'), { recursive: true });
  cpSync(join(root, 'examples'), join(scratch, 'examples'), { recursive: true });
  try {
    for (const b of blocks) {
      const [lang, ...rest] = b.info.split(/\s+/);
      const file = rest.map((w) => w.match(/^file=(.+)$/)).find(Boolean);
      if (file) {
        writeFileSync(join(scratch, file[1]), b.lines.map((l) => l.text).join('\n') + '\n');
        continue;
      }
      if (lang !== 'sh') continue;
      for (const c of commands(b)) {
        const [cmd, comment = ''] = c.text.split(/\s+#\s+/, 2);
        // A pipeline's stage that is not a plain text tool (`| man -l -`) reads the output away.
        const line = cmd
          .replace(/^cargo run -q -p settle-cli --(?=\s)/, 'settle')
          .split(/\s\|\s/)
          .map((stage, i) => (i && !/^(head|tail|grep|wc|cat|sort|jq)\b/.test(stage.trim()) ? 'cat > /dev/null' : stage))
          .join(' | ');
        if (/^settle(\s|$)/.test(line) || /^mkdir -p( [~\w./-]+)+$/.test(line)) {
          ran++;
          const want = Number(comment.match(/\bexits? (\d+)/)?.[1] ?? 0);
          const r = spawnSync('bash', ['-o', 'pipefail', '-c', line], {
            cwd: scratch,
            // HOME too: a command that installs into ~ installs into the scratch directory.
            env: { ...process.env, HOME: scratch, PATH: `${dirname(settle)}:${process.env.PATH}` },
            encoding: 'utf8',
            input: '',
            timeout: 60_000,
          });
          if (r.status !== want) {
            fail(doc, c.n, `\`${line}\` exited ${r.status ?? r.signal} (want ${want}): ${(r.stderr || '').trim().split('\n')[0]}`);
          }
        } else {
          looked++;
          // `cd DIR && …`: the rest's paths are DIR's.
          const dir = cmd.match(/^cd (\S+) &&/)?.[1] ?? '.';
          for (const m of cmd.matchAll(REPO_PATH)) {
            const p = m[1];
            const found = [root, join(root, dir), scratch].some((d) => existsSync(join(d, p)));
            if (!found && !/^(dist|target)\//.test(p)) {
              fail(doc, c.n, `\`${cmd}\` names ${p}, which does not exist`);
            }
          }
        }
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (problems.length) {
  console.error(problems.join('\n'));
  console.error(`doc-check: ${problems.length} problem(s) in ${docs.length} documents`);
  process.exit(1);
}
console.log(`doc-check: ${docs.length} documents, ${links} relative links resolve, ${ran} settle commands ran, ${looked} other commands name only existing paths`);
