// Serves the demo page locally: `node web/serve.mjs [port]` builds the package first when
// shogi-wasm/pkg/ is missing (shogi-wasm/build), then serves the repository on 127.0.0.1 and
// prints the page's address (http://127.0.0.1:8000/web/ by default). Static files only; the
// page needs no server code. The tests import `serve` to do the same on a free port.
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { spawnSync } from 'node:child_process';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
  '.css': 'text/css', '.wasm': 'application/wasm', '.json': 'application/json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.kif': 'text/plain; charset=utf-8',
};

/** Serves the repository (web/ and shogi-wasm/pkg/ only) on 127.0.0.1:`port` (0: any free
 * port); resolves to the server. */
export async function serve(port = 0, pkgDir = join(root, 'shogi-wasm/pkg')) {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    let file = null;
    if (path === '/' ) {
      res.writeHead(302, { location: '/web/' });
      return res.end();
    }
    if (path.startsWith('/web/')) file = join(root, path.endsWith('/') ? `${path}index.html` : path);
    if (path.startsWith('/shogi-wasm/pkg/')) file = join(pkgDir, path.slice('/shogi-wasm/pkg/'.length));
    try {
      if (file === null || path.includes('..')) throw new Error('not served');
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
    }
  });
  await new Promise((ok) => server.listen(port, '127.0.0.1', ok));
  return server;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!existsSync(join(root, 'shogi-wasm/pkg/index.js'))) {
    console.log('building the package first: shogi-wasm/build');
    const r = spawnSync(join(root, 'shogi-wasm/build'), { stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
  const server = await serve(Number(process.argv[2] ?? 8000));
  console.log(`the demo page: http://127.0.0.1:${server.address().port}/web/ (Ctrl-C to stop)`);
}
