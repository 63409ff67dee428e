// The demo page (web/) played in headless Chromium by clicks, through puppeteer-core (which
// downloads no browser: CHROMIUM, default /usr/bin/chromium).
//
// Games: (1) against the computer from the even start: a piece picked (its dots checked), a move,
// the computer's reply, undo; (2) a mate: a position imported from a file, then a pawn move
// with the promotion choice, the reply, and a gold dropped from the hand; (3) a declaration
// under the 27-point rule: the Declare button hidden at the start, shown when both kings stand
// in their zones, the counts and the result before confirming; (4) sennichite by rook moves
// from the even start, with the repetition warning; then the KIF and USI exports. The page's
// text and state are checked after each step; any console error or uncaught exception fails the
// test. Screenshots go to $SHOTS (default target/wasm/page); two are checked by their pixels.
//
// Usage: PUPPETEER=<puppeteer-core folder> [SHOGI_WASM_PKG=shogi-wasm/pkg] node page.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { inflateSync } from 'node:zlib';
import { fileURLToPath, pathToFileURL } from 'node:url';

import { serve } from '../../web/serve.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const pkgDir = resolve(process.env.SHOGI_WASM_PKG ?? join(root, 'shogi-wasm/pkg'));
const shots = resolve(process.env.SHOTS ?? join(root, 'target/wasm/page'));
const puppeteerPath = process.env.PUPPETEER;
if (!puppeteerPath) throw new Error('set PUPPETEER to the puppeteer-core folder');
const { default: puppeteer } = await import(pathToFileURL(join(puppeteerPath, 'lib/esm/puppeteer/puppeteer-core.js')).href);
mkdirSync(shots, { recursive: true });

const server = await serve(0, pkgDir);
const base = `http://127.0.0.1:${server.address().port}/web/`;
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--headless=new', '--force-device-scale-factor=1'],
});
const problems = [];
let checks = 0;
let page;

function check(condition, what) {
  checks++;
  if (!condition) throw new Error(`check failed: ${what}`);
  console.log(`ok - ${what}`);
}

const text = (id) => page.$eval(`#${id}`, (el) => el.textContent);
const visible = (id) => page.$eval(`#${id}`, (el) => !el.hidden);
const state = () => page.evaluate(() => ({
  moves: window.shogiPage.game.moves(),
  sfen: window.shogiPage.game.sfen(),
  outcome: window.shogiPage.game.outcome(),
  selected: window.shogiPage.selected,
}));

/** The page coordinates of the centre of `square` on the drawn board. */
async function squarePoint(square) {
  return page.evaluate((sq) => {
    const rect = document.querySelector('#board svg rect.board').getBoundingClientRect();
    const file = Number(sq[0]);
    const rank = 'abcdefghi'.indexOf(sq[1]) + 1;
    const flipped = window.shogiPage.flipped;
    const col = flipped ? file - 1 : 9 - file;
    const row = flipped ? 9 - rank : rank - 1;
    return { x: rect.left + ((col + 0.5) * rect.width) / 9, y: rect.top + ((row + 0.5) * rect.height) / 9 };
  }, square);
}

async function clickSquare(square) {
  const p = await squarePoint(square);
  await page.mouse.click(p.x, p.y);
}

/** Clicks the hand glyph `glyph` of the bottom (right-hand) column. */
async function clickHand(glyph) {
  const p = await page.evaluate((g) => {
    const board = document.querySelector('#board svg rect.board').getBBox();
    const el = [...document.querySelectorAll('#board svg g.hands text')]
      .find((t) => t.textContent === g && Number(t.getAttribute('x')) > board.x);
    const r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }, glyph);
  await page.mouse.click(p.x, p.y);
}

async function clickMoves(moves) {
  for (const m of moves) {
    await clickSquare(m.slice(0, 2));
    await clickSquare(m.slice(2, 4));
  }
}

async function open(query = '') {
  page = await browser.newPage();
  await page.setViewport({ width: 1100, height: 900, deviceScaleFactor: 1 });
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  await page.goto(`${base}${query}`);
  await page.waitForSelector('body[data-ready="true"]');
}

async function newGame({ start = 'startpos', opponent = 'human', impasse = '24' } = {}) {
  await page.select('#start', start);
  await page.select('#opponent', opponent);
  await page.select('#impasse', impasse);
  await page.click('#new-game');
}

async function importText(name, contents, moves = 0) {
  const file = join(shots, name);
  writeFileSync(file, contents);
  // The page reads the file asynchronously: wait until it has counted one more import (a new
  // game already has no moves and nothing selected, so that alone would not wait for the file).
  const before = await page.evaluate(() => window.shogiPage.imports);
  const input = await page.$('#import');
  await input.uploadFile(file);
  await page.waitForFunction((b, n) => window.shogiPage.imports > b && window.shogiPage.game.moves().length === n && !window.shogiPage.selected, {}, before, moves);
}

async function screenshot(name) {
  const path = join(shots, `${name}.png`);
  const clip = await page.$eval('#board svg', (el) => {
    const r = el.getBoundingClientRect();
    return { x: r.left, y: r.top, width: r.width, height: r.height };
  });
  await page.screenshot({ path, clip });
  return { path, clip, png: await import('node:fs').then((fs) => fs.readFileSync(path)) };
}

/** Reads an 8-bit RGB or RGBA, non-interlaced PNG (what Chromium writes). */
function decodePng(buf) {
  let pos = 8;
  let width = 0, height = 0, colorType = 0;
  const idat = [];
  while (pos < buf.length) {
    const len = buf.readUInt32BE(pos);
    const type = buf.toString('ascii', pos + 4, pos + 8);
    const data = buf.subarray(pos + 8, pos + 8 + len);
    if (type === 'IHDR') {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      if (data[8] !== 8 || data[12] !== 0) throw new Error('unsupported PNG');
      colorType = data[9];
    } else if (type === 'IDAT') idat.push(data);
    pos += 12 + len;
  }
  const bpp = colorType === 6 ? 4 : colorType === 2 ? 3 : 0;
  if (bpp === 0) throw new Error(`unsupported PNG colour type ${colorType}`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * bpp;
  const out = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    for (let x = 0; x < stride; x++) {
      const v = raw[y * (stride + 1) + 1 + x];
      const a = x >= bpp ? out[y * stride + x - bpp] : 0;
      const b = y > 0 ? out[(y - 1) * stride + x] : 0;
      const c = x >= bpp && y > 0 ? out[(y - 1) * stride + x - bpp] : 0;
      let p;
      switch (filter) {
        case 0: p = v; break;
        case 1: p = v + a; break;
        case 2: p = v + b; break;
        case 3: p = v + ((a + b) >> 1); break;
        case 4: {
          const pa = Math.abs(b - c), pb = Math.abs(a - c), pc = Math.abs(a + b - 2 * c);
          p = v + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
          break;
        }
        default: throw new Error(`bad PNG filter ${filter}`);
      }
      out[y * stride + x] = p & 0xff;
    }
  }
  return { width, height, pixel: (x, y) => [...out.subarray(y * stride + x * bpp, y * stride + x * bpp + 3)] };
}

/** The colour at the centre of `square` (dx, dy: an offset in cell fractions) in a shot. */
async function colorAt(shot, square, dx = 0, dy = 0) {
  const p = await squarePoint(square);
  const cell = await page.$eval('#board svg rect.board', (el) => {
    const r = el.getBoundingClientRect();
    return { w: r.width / 9, h: r.height / 9 };
  });
  const img = decodePng(shot.png);
  return img.pixel(Math.round(p.x - shot.clip.x + dx * cell.w), Math.round(p.y - shot.clip.y + dy * cell.h));
}

const BOARD = [0xf3, 0xd3, 0x9b];
const near = (c, want, tol = 40) => c.every((v, i) => Math.abs(v - want[i]) <= tol);

let failed = false;
try {
  // --- 1. against the computer -----------------------------------------------------------------
  await open('?delay=0&seed=1');
  await newGame({ opponent: 'white' });
  check((await text('status')).startsWith('Black (☗) to move'), 'a new game: Black to move');
  check((await text('clock-black')).includes('5:00 + 30s × 3'), 'the clock: 5 minutes + 3 × 30 s');
  check(!(await visible('declare')), 'no Declare button at the start');
  await clickSquare('7g');
  check((await state()).selected?.square === '7g', 'a click picks the pawn on 7g');
  const dots = await screenshot('1-dots');
  const dot = await colorAt(dots, '7f');
  check(dot[1] > dot[0] && dot[1] > dot[2] && !near(dot, BOARD, 20), `pixels: a dot on 7f (${dot})`);
  const empty = await colorAt(dots, '5e');
  check(near(empty, BOARD, 12), `pixels: no dot on 5e, the board's colour (${empty})`);
  await clickSquare('7f');
  await page.waitForFunction(() => window.shogiPage.game.moves().length === 2);
  let s = await state();
  check(s.moves[0] === '7g7f', `the move 7g7f was played, the computer replied ${s.moves[1]}`);
  check((await page.$$eval('#moves tbody tr', (r) => r.length)) === 2, 'the move list has two rows');
  check((await text('moves')).includes('▲７六歩') && (await text('moves')).includes('P-7f'), 'the move list in Japanese and Western notation');
  await page.click('#undo');
  s = await state();
  check(s.moves.length === 0 && (await text('status')).startsWith('Black'), 'undo takes back the reply and the move');
  await page.click('#export-usi');
  check((await page.$eval('#export', (e) => e.value)).includes('position startpos'), 'export as SFEN + USI');
  await screenshot('1-computer');

  // --- 2. a mate ---------------------------------------------------------------------------------
  await newGame({ opponent: 'human' });
  await importText('mate.usi', 'position sfen 4k4/9/9/4P4/9/9/9/9/4K4 b G 1\n');
  await clickMoves(['5d5c']);
  check(await visible('promotion'), 'the promotion choice is offered for 5d5c');
  await page.click('#promote-yes');
  await clickMoves(['5a4a']);
  await clickHand('金');
  check((await state()).selected?.drop === 'G', 'a click on the gold in hand picks it');
  await clickSquare('4b');
  s = await state();
  check(s.moves.join(' ') === '5d5c+ 5a4a G*4b', `the moves were played: ${s.moves.join(' ')}`);
  check(s.outcome?.text === 'win black checkmate', 'the game is won by checkmate');
  check((await text('status')) === 'Game over: Black (☗) wins (checkmate)', 'the status says so');
  const mate = await screenshot('2-mate');
  const king = await colorAt(mate, '4a', -0.4, -0.4);
  check(king[0] > 180 && king[1] < 140 && !near(king, BOARD, 20), `pixels: the mated king's square is highlighted (${king})`);
  await page.click('#export-kif');
  const kif = await page.$eval('#export', (e) => e.value);
  check(kif.includes('５三歩成') && kif.includes('詰み'), 'export as KIF, with the mate');
  await newGame({ opponent: 'human' });
  check((await state()).moves.length === 0, 'a new game before the import');
  await importText('mate.kif', kif, 3);
  s = await state();
  check(s.outcome?.text === 'win black checkmate' && s.moves.length === 3, 'the KIF imported back: the same game and verdict');

  // --- 3. a declaration (27-point rule) ------------------------------------------------------------
  await newGame({ opponent: 'human', impasse: '27' });
  check(!(await visible('declare')), 'no Declare button while the kings are at home');
  await importText('declare.usi', 'position sfen +R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b 10P 1\n');
  check(await visible('declare'), 'the Declare button shows when both kings are in their zones');
  await page.click('#declare');
  const counts = await text('declare-text');
  check(counts.includes('Black (☗): 28 points in all, 28 in the camp and hand, 10 pieces in the camp'), `the counts: ${counts}`);
  check(counts.includes('Result: Black (☗) wins (impasse)'), 'the result before confirming');
  check((await state()).outcome === null, 'nothing is decided before confirming');
  await page.click('#declare-confirm');
  check((await text('status')) === 'Game over: Black (☗) wins (impasse)', 'the declaration wins');
  await screenshot('3-declaration');

  // --- 4. sennichite -------------------------------------------------------------------------------
  await newGame({ opponent: 'human' });
  const cycle = ['2h3h', '8b7b', '3h2h', '7b8b'];
  await clickMoves([...cycle, ...cycle]);
  const warning = await text('repetition');
  check(warning.startsWith('This position has occurred 3 times') && warning.includes('Draw (repetition)'), `the repetition warning: ${warning}`);
  await clickMoves(cycle);
  s = await state();
  check(s.outcome?.text === 'draw repetition', 'the fourth occurrence draws (sennichite)');
  check((await text('status')) === 'Game over: Draw (repetition)', 'the status says so');
  await screenshot('4-repetition');
} catch (e) {
  failed = true;
  console.log(`not ok - ${e.message}`);
  if (page) await page.screenshot({ path: join(shots, 'failure.png') }).catch(() => {});
} finally {
  await browser.close();
  server.close();
}
for (const p of problems) console.log(`not ok - ${p}`);
const ok = !failed && problems.length === 0;
console.log(`page: ${checks} checks passed${ok ? '' : ', FAILED'}; screenshots in ${shots}`);
process.exit(ok ? 0 : 1);
