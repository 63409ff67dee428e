// Makes the corpus of the package tests: inputs, and the answers of the Rust side for them, as
// the `shogi` command gives them in this run.
//
// Usage: node corpus.mjs <shogi binary> <package dir> <out.json>
//
// Inputs: every SFEN of shogi-movegen's perft tables, every start of `shogi setups`, positions
// of seeded random games (played with the package; only the answers matter, and they come from
// the binary), bad SFENs, the adjudication cases of shogi-cli's tests with random games and
// illegal tails, and records of the random games in every format. Answers: `shogi legal`,
// `shogi perft`, `shogi adjudicate` under several flag sets, `shogi convert` to every target,
// `shogi svg` with several options. The test suite (suite.mjs) compares the package with them.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [shogi, pkgDir, outFile] = process.argv.slice(2);
if (!shogi || !pkgDir || !outFile) {
  console.error('usage: node corpus.mjs <shogi binary> <package dir> <out.json>');
  process.exit(2);
}
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const lib = await import(resolve(pkgDir, 'node.js'));

/** Runs the binary; returns stdout (throws on a non-zero exit unless `allowFail`). */
function run(args, input = '', allowFail = false) {
  const r = spawnSync(shogi, args, { input, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (r.status !== 0 && !allowFail) {
    throw new Error(`shogi ${args.join(' ')}: exit ${r.status}: ${r.stderr}`);
  }
  return { stdout: r.stdout, stderr: r.stderr, status: r.status };
}

/** A small seeded generator (mulberry32), so that the corpus is the same every run. */
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

// --- positions ------------------------------------------------------------------------------
const positions = [];
for (const file of ['reference.perft', 'handicaps.perft']) {
  const text = readFileSync(join(root, 'shogi-movegen/tests/data', file), 'utf8');
  for (const line of text.split('\n')) {
    if (line.startsWith('sfen ')) positions.push(line.slice(5).trim());
  }
}
const setups = run(['setups']).stdout.trim().split('\n').map((l) => l.split('\t'));
for (const [, , sfen] of setups) positions.push(sfen);

// Random games from every start, with the positions along the way.
const random = rng(20260301);
const games = [];
const starts = ['startpos', ...setups.map(([, , sfen]) => sfen)];
for (let g = 0; g < 40; g++) {
  const start = starts[g % starts.length];
  const game = new lib.Game({ start });
  const plies = 20 + Math.floor(random() * 140);
  for (let i = 0; i < plies && !game.isOver(); i++) {
    const moves = game.legalMoves();
    if (moves.length === 0) break;
    // Prefer captures now and then, so that hands fill up and drops appear.
    const pos = game.position();
    const captures = moves.filter((m) => !m.includes('*') && pos.pieceAt(m.slice(2, 4)) !== undefined);
    pos.free();
    const pool = captures.length > 0 && random() < 0.5 ? captures : moves;
    game.play(pool[Math.floor(random() * pool.length)]);
    if (i % 7 === 3) positions.push(game.sfen());
  }
  games.push({ start, moves: game.moves() });
  game.free();
}
positions.push('startpos', '', 'lnsgkgsnl/1r5b1/ppppppppp b - 1', '4k4/9/9/9/9/9/9/9/k3K4 b - 1',
  '4k4/9/9/9/9/9/9/9/3S!K4 b - 1', 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1');

const legalOut = run(['legal'], positions.join('\n') + '\n').stdout.split('\n');
const legal = positions.map((sfen, i) => {
  const line = legalOut[i];
  return line.startsWith('error: ') ? { sfen, error: line.slice(7) } : { sfen, moves: line };
});

// --- perft: the first 60 valid positions at depth 2, a few at 3 -------------------------------
const perft = [];
for (const { sfen, moves } of legal) {
  if (moves === undefined || sfen === '' || perft.length >= 60) continue;
  const depth = perft.length % 10 === 0 ? 3 : 2;
  const out = run(['perft', String(depth), sfen, '--threads', '1', '--hash', '0']).stdout.trim().split('\n');
  perft.push({ sfen, depth, nodes: Number(out[out.length - 1]) });
}

// --- adjudicate ---------------------------------------------------------------------------------
const S0 = 'position sfen 9/9/6S1k/9/9/9/9/R8/4K4 b - 1 moves';
const C = '3c2b 1c2d 2b3c 2d1c';
const Q = '9h8h 1c1d 8h9h 1d1c';
const row1 = 'position sfen +R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b 10P 1';
const row2 = 'position sfen +R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b 9P 1';
const lines = [
  'position startpos', 'position startpos moves 7g7f 3c3d', 'startpos moves 7g7f',
  'position sfen 7lk/9/7GP/9/9/9/9/9/8K b - 1 moves 1c1b',
  'position sfen +R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200',
  'position startpos moves 7g7f 3c3d 2h2d', 'position startpos moves 7f7e',
  'position startpos moves 7g7f 7g7f', 'position startpos moves 7g7f 2g2f',
  'position startpos moves 7i7f', 'position startpos moves 7g7f 3c3d 5i4i',
  'position startpos moves 7g7f+', 'position startpos moves P*5e',
  'position sfen 7lk/9/8S/9/9/9/9/7L1/8K b P 1 moves P*1b',
  'position sfen 7lk/9/7GP/9/9/9/9/9/8K b P 1 moves P*1e',
  'position sfen 7lk/9/7GP/9/9/9/9/9/8K b P 1 moves P*1c',
  'position sfen 4k4/9/9/9/9/9/9/9/4K4 b P 1 moves P*1a',
  'position sfen 4k4/9/9/9/9/9/9/3r5/4K4 b - 1 moves 5i6i',
  'position sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1 moves G*5b',
  'position sfen 4k4/9/9/9/9/9/9/9/4K4 b 3R 1',
  `${S0} ${C} ${C} ${C}`, `${S0} ${Q} ${C} ${C}`, `${S0} ${C} ${C} ${C} 3c2b`,
  '', 'declare', 'position', 'position startpos moves 7g7x', 'position sfen 9/9/9 b - 1',
  'position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 banana', 'position sfen 4k4/9/9/9/9/9/9/9/k3K4 b - 1',
  'position sfen 4k4/9/9/9/9/9/9/9/3S!K4 b - 1',
  `${row1} declare`, `${row2} declare`, row1, `${row1} moves 2a3a declare`, 'position startpos declare',
  'position sfen 7lk/9/7GP/9/9/9/9/9/8K b - 1 moves 1c1b declare',
  'position sfen 9/4K4/9/9/9/9/9/9/k8 b - 1 moves 5b5a',
  'position startpos moves 7g7f 3c3d 2g2f 8c8d',
];
for (const { start, moves } of games) {
  // Standard shogi only: `shogi adjudicate` plays standard games.
  if (start.includes('!')) continue;
  const head = start === 'startpos' ? 'position startpos' : `position sfen ${start}`;
  lines.push(`${head} moves ${moves.join(' ')}`);
  lines.push(`${head} moves ${moves.slice(0, Math.floor(moves.length / 2)).join(' ')} declare`);
  lines.push(`${head} moves ${moves.join(' ')} 5e5d`);
  lines.push(`${head} moves ${moves.join(' ')} P*5e`);
}
const flagSets = [
  {}, { impasse: '24' }, { impasse: '27' }, { impasse: '24-declaration' }, { impasse: 'try' },
  { moveLimit: 30 }, { moveLimit: 30, limitCount: true, impasse: '24' },
  { impasse: '24', handicapCredit: true }, { moveLimit: 3 },
];
const flagArgs = (f) => [
  ...(f.impasse ? ['--impasse', f.impasse] : []),
  ...(f.moveLimit ? ['--move-limit', String(f.moveLimit)] : []),
  ...(f.limitCount ? ['--limit-count'] : []),
  ...(f.handicapCredit ? ['--handicap-credit'] : []),
];
const adjudicate = flagSets.map((flags) => {
  const out = run(['adjudicate', ...flagArgs(flags)], lines.join('\n') + '\n').stdout.split('\n');
  return { flags, results: lines.map((line, i) => ({ line, out: out[i] })) };
});

// --- records: the random games in every format, and what `shogi convert` makes of them --------
const tmp = join(dirname(resolve(outFile)), 'corpus-tmp');
mkdirSync(tmp, { recursive: true });
const targets = ['usi', 'sfen', 'kif', 'ki2', 'csa', 'jkf', 'western', 'japanese'];
const records = [];
const convertFile = (path, to, lenient = false) => {
  const r = run(['convert', '--to', to, ...(lenient ? ['--lenient'] : []), path], '', true);
  return r.status === 0 ? { text: r.stdout } : { error: r.stderr.trim().replace(/^error: /, '') };
};
for (const [i, { start, moves }] of games.slice(0, 12).entries()) {
  const usi = `position ${start === 'startpos' ? 'startpos' : `sfen ${start}`} moves ${moves.join(' ')}\n`;
  const usiPath = join(tmp, `game${i}.usi`);
  writeFileSync(usiPath, usi);
  for (const format of ['usi', 'kif', 'ki2', 'csa', 'jkf']) {
    const source = format === 'usi' ? { text: usi } : convertFile(usiPath, format);
    if (source.error) throw new Error(`shogi convert --to ${format} game${i}: ${source.error}`);
    const path = join(tmp, `game${i}.${format}`);
    writeFileSync(path, source.text);
    const expected = {};
    for (const to of targets) expected[to] = convertFile(path, to);
    records.push({ name: `game${i}.${format}`, format, text: source.text, moves, expected });
  }
}
// Bytes in Shift_JIS and EUC-JP, and records that fail (in full, and leniently).
const sjis = Buffer.from(execFileSync('iconv', ['-f', 'UTF-8', '-t', 'SHIFT_JIS'], { input: records[1].text }));
writeFileSync(join(tmp, 'sjis.kif'), sjis);
const bad = [
  { name: 'illegal.kif', text: '手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 ８八飛(82)\n' },
  { name: 'garbage.txt', text: 'hello, world\n' },
  { name: 'badmove.csa', text: 'V2.2\nPI\n+\n+7776FU\n-1234XX\n' },
];
const failing = bad.map(({ name, text }) => {
  const path = join(tmp, name);
  writeFileSync(path, text);
  return { name, text, strict: convertFile(path, 'usi'), lenient: convertFile(path, 'usi', true) };
});
const sjisExpected = {};
for (const to of targets) sjisExpected[to] = convertFile(join(tmp, 'sjis.kif'), to);

// --- svg ----------------------------------------------------------------------------------------
const svgCases = [
  { sfen: 'startpos', options: {} },
  { sfen: 'startpos', options: { flip: true, western: true } },
  { sfen: 'startpos', options: { dots: '7g', last: '7g7f', arrow: ['2g2f', 'P*5e'], highlight: ['5e:red', '1a:#00ff0080'] } },
  { sfen: positions[40] ?? 'startpos', options: { western: true } },
  { sfen: '4k4/9/4P4/9/9/9/9/9/9 b G 1', options: { arrow: 'G*5b' } },
  { sfen: 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LN1GKGSNL b - 1', options: { dots: '5e' } },
  { sfen: 'startpos', options: { highlight: '5e' } },
  { sfen: 'nonsense', options: {} },
];
const svgArgs = (o) => [
  ...(o.flip ? ['--flip'] : []), ...(o.western ? ['--western'] : []),
  ...(o.last ? ['--last', o.last] : []), ...(o.dots ? ['--dots', o.dots] : []),
  ...[o.arrow ?? []].flat().flatMap((a) => ['--arrow', a]),
  ...[o.highlight ?? []].flat().flatMap((h) => ['--highlight', h]),
];
const svg = svgCases.map(({ sfen, options }) => {
  const r = run(['svg', ...svgArgs(options), sfen], '', true);
  return {
    sfen, options,
    ...(r.status === 0 ? { svg: r.stdout } : { error: r.stderr.trim().replace(/^error: /, '') }),
  };
});

// --- mate ---------------------------------------------------------------------------------------
// `shogi mate` in both modes, with a node limit and the package's default table size.
const mateLines = [
  '8k/9/7G1/9/9/9/9/9/K8 b G 1',
  '8k/9/6G2/9/9/9/9/9/K8 b 2S 1',
  '3sks3/9/4+P4/9/9/9/9/9/9 b 2G 1',
  '8k/R8/9/9/9/9/9/9/9 b - 1',
  'kn7/9/1G7/9/9/9/9/9/8K b P 1',
  '9/9/6n2/8n/6+pl1/7Sn/4+pp1k1/7N1/7s+R b R2B4g2s3l15p 1',
  '8k/9/9/9/9/9/1g7/9/K8 w g 1',
  '8k/8S!/9/9/9/9/9/9/K6R1 b G 1',
  'startpos',
  'position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G2S 1 moves 5i5h 5a4a',
  'position startpos moves 7g7f 7g7f',
  'not an sfen',
  '',
  ...positions.slice(0, 40),
];
const mate = ['any', 'tsume'].map((mode) => {
  const out = run(['mate', '--mode', mode, '--nodes', '50000', '--hash', '16'], mateLines.join('\n') + '\n')
    .stdout.split('\n');
  return {
    mode,
    results: mateLines.map((line, i) => (out[i].startsWith('error: ')
      ? { line, error: out[i].slice('error: '.length) }
      : { line, out: out[i] })),
  };
});

const corpus = {
  legal, perft, adjudicate, records, failing, mate,
  sjis: { bytes: Array.from(sjis), expected: sjisExpected },
  svg, setups: setups.map(([english, japanese, sfen]) => ({ english, japanese, sfen })),
};
writeFileSync(outFile, JSON.stringify(corpus));
console.log(`corpus: ${legal.length} positions, ${perft.length} perft counts, ` +
  `${lines.length} games x ${flagSets.length} flag sets, ${records.length} records x ${targets.length} targets, ` +
  `${svg.length} diagrams, ${mateLines.length} mate lines x 2 modes -> ${outFile}`);
