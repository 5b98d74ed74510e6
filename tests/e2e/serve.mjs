// Serves the release dist under a sub-path on loopback, as a docs host would:
// http://127.0.0.1:$PORT/$BASE/ -> ../../dist/, and, when it has been built, the test book
// (`mdbook build docs/book`) beside it on the same origin: /docs/book/ -> ../../target/book/.
// No dependencies, no requests leave the machine.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = resolve(process.env.SETTLE_DIST ?? join(here, '../../dist'));
const port = Number(process.env.PORT ?? 4173);
const base = process.env.SETTLE_BASE ?? '/docs/playground/';
const bookRoot = resolve(process.env.SETTLE_BOOK ?? join(here, '../../target/book'));
const mounts = [[base, root], ['/docs/book/', bookRoot]];
const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.wasm': 'application/wasm', '.css': 'text/css', '.svg': 'image/svg+xml', '.json': 'application/json',
  '.png': 'image/png', '.ico': 'image/x-icon', '.txt': 'text/plain; charset=utf-8',
};

// Brotli for clients that accept it, as a static host with precompressed files would serve them
// (startup measurements need the real transfer size). Compressed once per file and version.
const compressed = new Map();
function brotli(path, mtime, body) {
  const key = `${path}@${mtime}`;
  if (!compressed.has(key)) {
    compressed.set(key, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
  return compressed.get(key);
}
const compressible = new Set(['.html', '.js', '.mjs', '.wasm', '.css', '.svg', '.json', '.txt']);

createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x');
  const mount = mounts.find(([b]) => url.pathname.startsWith(b));
  if (!mount) {
    res.writeHead(404).end('not under ' + base);
    return;
  }
  const [mbase, mroot] = mount;
  let rel = decodeURIComponent(url.pathname.slice(mbase.length)) || 'index.html';
  const file = normalize(join(mroot, rel));
  if (!file.startsWith(mroot)) { res.writeHead(403).end(); return; }
  try {
    const s = await stat(file);
    const path = s.isDirectory() ? join(file, 'index.html') : file;
    const body = await readFile(path);
    const headers = { 'content-type': types[extname(path)] ?? 'application/octet-stream', 'cache-control': 'no-store', vary: 'accept-encoding' };
    if (compressible.has(extname(path)) && /\bbr\b/.test(req.headers['accept-encoding'] ?? '')) {
      const s2 = await stat(path);
      res.writeHead(200, { ...headers, 'content-encoding': 'br' });
      res.end(brotli(path, s2.mtimeMs, body));
    } else {
      res.writeHead(200, headers);
      res.end(body);
    }
  } catch {
    res.writeHead(404).end('not found');
  }
}).listen(port, '127.0.0.1', () => console.log(`serving ${root} at http://127.0.0.1:${port}${base}`));
