// Runs the package tests (suite.mjs, through browser.html) in headless Chromium, driven by
// puppeteer-core (npm; it downloads no browser: it starts the one at CHROMIUM, default
// /usr/bin/chromium). Serves the package (SHOGI_WASM_PKG, default shogi-wasm/pkg), this folder
// and the corpus (SHOGI_WASM_CORPUS) on 127.0.0.1, opens the page with the garbage collector
// exposed, and prints one line per test, then `test result: ok. N passed; M failed` as cargo
// does (so that .ci/run counts these tests too). Fails on a failed test or on any console
// error or uncaught exception of the page.
//
// Usage: PUPPETEER=<path to puppeteer-core> node browser.mjs
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const pkgDir = resolve(process.env.SHOGI_WASM_PKG ?? resolve(here, '../pkg'));
const corpusFile = process.env.SHOGI_WASM_CORPUS;
const puppeteerPath = process.env.PUPPETEER;
if (!corpusFile || !puppeteerPath) {
  throw new Error('set SHOGI_WASM_CORPUS (corpus.mjs) and PUPPETEER (the puppeteer-core folder)');
}
const { default: puppeteer } = await import(pathToFileURL(join(puppeteerPath, 'lib/esm/puppeteer/puppeteer-core.js')).href);

const types = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm',
  '.html': 'text/html; charset=utf-8', '.json': 'application/json', '.ts': 'text/plain' };
const roots = { '/pkg/': pkgDir, '/tests/': here };
const server = createServer(async (req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  let file;
  if (path === '/corpus.json') file = corpusFile;
  for (const [prefix, dir] of Object.entries(roots)) {
    if (path.startsWith(prefix)) {
      const rel = normalize(path.slice(prefix.length));
      if (!rel.startsWith('..')) file = join(dir, rel);
    }
  }
  try {
    if (!file) throw new Error('not found');
    const body = await readFile(file);
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end('not found');
  }
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const url = `http://127.0.0.1:${server.address().port}/tests/browser.html`;

const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--headless=new', '--js-flags=--expose-gc'],
});
const problems = [];
let failed = 0;
let passed = 0;
try {
  const page = await browser.newPage();
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  console.log(`browser: ${await browser.version()}, ${url}`);
  await page.goto(url);
  await page.waitForFunction('window.__done === true', { timeout: 600_000, polling: 500 });
  const results = await page.evaluate('window.__results');
  for (const r of results) {
    if (r.ok) {
      passed++;
      console.log(`ok - ${r.name} (${Math.round(r.ms)} ms)`);
    } else {
      failed++;
      console.log(`not ok - ${r.name}\n  ${r.error.replace(/\n/g, '\n  ')}`);
    }
  }
} finally {
  await browser.close();
  server.close();
}
for (const p of problems) console.log(p);
if (problems.length > 0) failed++;
console.log(`test result: ${failed === 0 ? 'ok' : 'FAILED'}. ${passed} passed; ${failed} failed (headless Chromium)`);
process.exit(failed === 0 ? 0 : 1);
