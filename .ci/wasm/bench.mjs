// Speed of the shogi-wasm package against shogiops 0.18.0 (lishogi's rules) and tsshogi 2.2.0
// (ShogiHome's records), measured in one Node run and printed as ratios (theirs / ours: how
// many times faster the package is). Every call into the package pays the crossing into
// WebAssembly and back (strings in, strings or objects out).
//
// Usage: node bench.mjs <package dir> <node_modules with shogiops and tsshogi>
//
// - perft, every leaf played: shogiops' `debug.perft` plays each move of the last ply; ours is
//   `Position.perft(depth, true)` (and, for information, the bulk-counting `perft`).
// - legal moves per call: shogiops' `allMoveDests()` (board moves only, as a Map of square
//   sets) against our `legalMoves()` (every move, drops included, as USI strings) and
//   `moveDests()` (the same shape as allMoveDests plus drops), over positions of random games.
// - reading 1,000 KIF records: tsshogi's `importKIF` against our `Record.read` (then `free`),
//   on KIF files of seeded random games written by the package.
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';

const [pkgDir, modules] = process.argv.slice(2);
if (!pkgDir || !modules) {
  console.error('usage: node bench.mjs <package dir> <node_modules>');
  process.exit(2);
}
const lib = await import(pathToFileURL(resolve(pkgDir, 'node.js')).href);
const shogiops = await import(pathToFileURL(join(modules, 'shogiops/dist/index.js')).href);
const { parseSfen } = await import(pathToFileURL(join(modules, 'shogiops/dist/sfen.js')).href);
const { perft: opsPerft } = await import(pathToFileURL(join(modules, 'shogiops/dist/debug.js')).href);
const tsshogi = await import(pathToFileURL(join(modules, 'tsshogi/dist/esm/index.mjs')).href);

/** Median milliseconds of `runs` timings of `fn`, after one warm-up call. */
function time(fn, runs = 5) {
  fn();
  const times = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const results = [];
function report(name, theirs, ours, unit) {
  const ratio = theirs / ours;
  results.push({ name, theirs, ours, ratio });
  console.log(`${name}: theirs ${theirs.toFixed(2)} ${unit}, ours ${ours.toFixed(2)} ${unit}, ratio ${ratio.toFixed(1)}x`);
}

console.log(`shogi-wasm ${lib.version()} (${lib.features().join(', ') || 'rules only'}), Node ${process.version}`);

// --- perft --------------------------------------------------------------------------------------
const START = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';
const MIDDLE = 'l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1';
for (const [name, sfen, depth] of [['startpos', START, 3], ['middlegame', MIDDLE, 2]]) {
  const ops = parseSfen('standard', sfen).unwrap();
  const ours = new lib.Position(sfen);
  const expected = ours.perft(depth, true);
  if (opsPerft(ops, depth) !== expected) throw new Error(`perft ${name}: shogiops disagrees`);
  const theirs = time(() => opsPerft(ops, depth), 3);
  const played = time(() => ours.perft(depth, true));
  report(`perft ${name} depth ${depth} (${expected} leaves, every leaf played)`, theirs, played, 'ms');
  const bulk = time(() => ours.perft(depth));
  console.log(`  (ours with bulk counting: ${bulk.toFixed(2)} ms, ${(theirs / bulk).toFixed(1)}x)`);
  ours.free();
}

// --- legal moves per call -------------------------------------------------------------------------
const random = rng(7);
const sfens = [];
while (sfens.length < 300) {
  const game = new lib.Game();
  for (let i = 0; i < 150 && sfens.length < 300; i++) {
    const moves = game.legalMoves();
    if (moves.length === 0) break;
    game.play(moves[Math.floor(random() * moves.length)]);
    sfens.push(game.sfen());
  }
  game.free();
}
const opsPositions = sfens.map((s) => parseSfen('standard', s).unwrap());
const ourPositions = sfens.map((s) => new lib.Position(s));
let checksum = 0;
for (let i = 0; i < sfens.length; i++) {
  const theirs = [...opsPositions[i].allMoveDests().values()].reduce((n, set) => n + set.size(), 0);
  const dests = Object.entries(ourPositions[i].moveDests()).filter(([k]) => !k.endsWith('*'));
  const mine = dests.reduce((n, [, tos]) => n + tos.length, 0);
  if (theirs !== mine) throw new Error(`move destinations differ in ${sfens[i]}: ${theirs} vs ${mine}`);
}
const REPEAT = 20;
const calls = sfens.length * REPEAT;
const opsDests = time(() => {
  for (let r = 0; r < REPEAT; r++) for (const p of opsPositions) checksum += p.allMoveDests().size;
});
const ourMoves = time(() => {
  for (let r = 0; r < REPEAT; r++) for (const p of ourPositions) checksum += p.legalMoves().length;
});
const ourDests = time(() => {
  for (let r = 0; r < REPEAT; r++) for (const p of ourPositions) checksum += Object.keys(p.moveDests()).length;
});
report(`legal moves: allMoveDests vs legalMoves (${sfens.length} positions)`, (opsDests * 1000) / calls, (ourMoves * 1000) / calls, 'us/call');
report('legal moves: allMoveDests vs moveDests (same shape, with drops)', (opsDests * 1000) / calls, (ourDests * 1000) / calls, 'us/call');
for (const p of ourPositions) p.free();

// --- reading 1,000 KIF records --------------------------------------------------------------------
const kifs = [];
for (let g = 0; g < 1000; g++) {
  const game = new lib.Game();
  const plies = 60 + Math.floor(random() * 100);
  for (let i = 0; i < plies && !game.isOver(); i++) {
    const moves = game.legalMoves();
    game.play(moves[Math.floor(random() * moves.length)]);
  }
  const rec = lib.Record.fromGame(game);
  kifs.push(rec.write('kif'));
  rec.free();
  game.free();
}
let plies = 0;
for (const k of kifs) {
  const r = tsshogi.importKIF(k);
  if (r instanceof Error) throw new Error(`tsshogi cannot read a record: ${r.message}`);
  const rec = lib.Record.read(k);
  plies += rec.moves().length;
  rec.free();
}
const tsKif = time(() => {
  for (const k of kifs) checksum += tsshogi.importKIF(k).moves.length;
}, 1);
const ourKif = time(() => {
  for (const k of kifs) {
    const rec = lib.Record.read(k);
    checksum += 1;
    rec.free();
  }
}, 1);
report(`read 1,000 KIF records (${plies} moves)`, tsKif, ourKif, 'ms');

console.log('');
console.log('ratios (theirs / ours, higher is faster for shogi-wasm):');
for (const r of results) console.log(`  ${r.ratio.toFixed(1)}x  ${r.name}`);
console.log(`(checksum ${checksum})`);
const slower = results.filter((r) => r.ratio < 1);
if (slower.length > 0) {
  console.log(`slower than the other library in ${slower.length} measurement(s)`);
}
