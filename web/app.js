// The demo game page: shogi for two players on one device or against a simple computer, built
// on the shogi-wasm package (served from ../shogi-wasm/pkg/, built by shogi-wasm/build). The
// rules, verdicts, notation, records, diagrams and the clock all come from the package; this
// file only draws and reacts to clicks.
//
// URL parameters (for tests): `delay` (ms before the computer moves, default 400), `seed` (the
// computer's random choices).
import * as shogi from '../shogi-wasm/pkg/index.js';

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const COMPUTER_DELAY = Number(params.get('delay') ?? 400);
const FILES = 'abcdefghi';
const HAND_GLYPHS = { 飛: 'R', 角: 'B', 金: 'G', 銀: 'S', 桂: 'N', 香: 'L', 歩: 'P' };
const COLOR_NAMES = { black: 'Black (☗)', white: 'White (☖)' };

/** A small seeded generator (mulberry32) for the computer's choices. */
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
const random = rng(Number(params.get('seed') ?? Date.now()));

const state = {
  game: null,
  clock: null,
  computer: 'white', // 'human', 'white' or 'black'
  flipped: false,
  selected: null, // { square } or { drop: 'P' }
  promotion: null, // { from, to } waiting for the choice
  turnStart: 0,
  timer: 0,
  computerTimer: 0,
  imports: 0, // files read so far (tests wait for it to grow)
  rules: {},
};

// --- setup --------------------------------------------------------------------------------------
function fillStarts() {
  const select = $('start');
  const even = document.createElement('option');
  even.value = 'startpos';
  even.textContent = 'Even game (平手)';
  select.append(even);
  for (const s of shogi.setups()) {
    if (s.english === 'Even') continue;
    const option = document.createElement('option');
    option.value = s.english;
    option.textContent = s.japanese === '-' ? s.english : `${s.english} (${s.japanese})`;
    select.append(option);
  }
  select.addEventListener('change', () => {
    // The untakeable-silver variant is played without an impasse rule.
    if (select.value.startsWith('Untakeable')) $('impasse').value = 'none';
  });
}

/** The rules the form asks for (the options of `new Game`). */
function formRules() {
  const moveLimit = Math.max(0, Math.floor(Number($('move-limit').value) || 0));
  return {
    impasse: $('impasse').value,
    moveLimit,
    limitCount: $('at-limit').value === 'count',
    handicapCredit: $('start').value !== 'startpos' && !$('start').value.startsWith('Untakeable'),
  };
}

function formClock(first) {
  const main = Math.max(0, Number($('main-time').value) || 0) * 60_000;
  const byoyomi = Math.max(0, Number($('byoyomi').value) || 0) * 1000;
  const periods = Math.max(0, Math.floor(Number($('periods').value) || 0));
  return new shogi.Clock({ main, byoyomi, periods }, undefined, first);
}

function newGame(game) {
  clearTimeout(state.computerTimer);
  state.game?.free();
  state.clock?.free();
  state.rules = formRules();
  state.game = game ?? new shogi.Game({ start: $('start').value, ...state.rules });
  state.computer = $('opponent').value;
  state.clock = formClock(state.game.sideToMove());
  state.selected = null;
  state.promotion = null;
  state.flipped = state.computer === 'black';
  state.turnStart = performance.now();
  $('export').value = '';
  $('declare-panel').hidden = true;
  render();
  maybeComputer();
}

// --- drawing ------------------------------------------------------------------------------------
function render() {
  const { game } = state;
  const options = { flip: state.flipped };
  if (state.selected?.square) options.dots = state.selected.square;
  if (state.selected?.drop) options.drops = state.selected.drop;
  $('board').innerHTML = game.svg(options);
  $('promotion').hidden = state.promotion === null;
  renderMoves();
  renderStatus();
  renderClock();
}

function renderMoves() {
  const western = state.game.westernMoves();
  const japanese = state.game.japaneseMoves();
  const body = $('moves').querySelector('tbody');
  body.replaceChildren(
    ...western.map((w, i) => {
      const row = document.createElement('tr');
      for (const text of [String(i + 1), w, japanese[i]]) {
        const cell = document.createElement('td');
        cell.textContent = text;
        row.append(cell);
      }
      return row;
    }),
  );
  body.lastElementChild?.scrollIntoView({ block: 'nearest' });
}

function describe(outcome) {
  if (outcome.result === 'draw') return `Draw (${outcome.reason})`;
  if (outcome.result === 'unfinished') return 'Game stopped';
  return `${COLOR_NAMES[outcome.winner]} wins (${outcome.reason})`;
}

function renderStatus() {
  const { game } = state;
  const outcome = game.outcome();
  const pos = game.position();
  if (outcome) {
    $('status').textContent = `Game over: ${describe(outcome)}`;
  } else {
    const side = game.sideToMove();
    const who = state.computer === side ? ' (computer)' : '';
    $('status').textContent = `${COLOR_NAMES[side]}${who} to move${pos.isCheck() ? ': check!' : ''}`;
  }
  const rep = game.repetitionPreview();
  $('repetition').textContent = rep.occurrences < 2 ? '' :
    `This position has occurred ${rep.occurrences} times` +
    (rep.nextEndsGame && rep.ifRepeated ? `; repeating the cycle ends the game: ${describe(rep.ifRepeated)}` : '');
  const limit = game.moveLimitPreview();
  $('limit').textContent = limit === null ? '' :
    `Move limit ${limit.limit}: ${limit.movesLeft} moves left (${limit.atLimit === 'count' ? '24-point count' : 'draw'} at the limit)`;
  // The Declare button: only when both kings stand in their zones under a rule that has a
  // declaration, and a person is to move.
  const preview = game.declarationPreview();
  const kings = preview.points.kingInCamp;
  const declarable = ['24', '27', '24-declaration'].includes(preview.rule);
  $('declare').hidden = outcome !== null || !declarable || !(kings.black && kings.white) ||
    state.computer === game.sideToMove();
  if ($('declare').hidden) $('declare-panel').hidden = true;
  pos.free();
}

function formatMs(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function renderClock() {
  const { clock, game } = state;
  const running = game.isOver() ? null : clock.sideToMove();
  const elapsed = performance.now() - state.turnStart;
  for (const color of ['black', 'white']) {
    const el = $(`clock-${color}`);
    const spent = color === running ? elapsed : 0;
    const main = clock.mainLeft(color);
    const periods = clock.periodsLeft(color);
    const byoyomi = Number($('byoyomi').value) * 1000;
    let text;
    if (spent <= main && main > 0) {
      text = formatMs(main - spent) + (periods > 0 ? ` + ${byoyomi / 1000}s × ${periods}` : '');
    } else {
      text = `byo-yomi ${formatMs(clock.timeLeft(color) - spent)} (${periods} left)`;
    }
    el.textContent = `${color === 'black' ? '☗' : '☖'} ${text}`;
    el.classList.toggle('running', color === running);
    el.classList.toggle('flagged', clock.flag()?.color === color);
  }
  // Place the clocks next to their players: the top player's above the board.
  const top = state.flipped ? 'black' : 'white';
  $('board').before($(`clock-${top}`));
  $('board').after($(`clock-${top === 'black' ? 'white' : 'black'}`));
}

function tick() {
  const { game, clock } = state;
  if (!game || game.isOver()) return;
  const flag = clock.flagAfter(performance.now() - state.turnStart);
  if (flag) {
    clock.recordMove(performance.now() - state.turnStart);
    game.loseOnTime(flag.color);
    render();
    return;
  }
  renderClock();
}

// --- moves --------------------------------------------------------------------------------------
function play(mv) {
  const { game, clock } = state;
  const now = performance.now();
  const flag = clock.recordMove(now - state.turnStart);
  state.turnStart = now;
  state.selected = null;
  state.promotion = null;
  if (flag) {
    game.loseOnTime(flag.color);
  } else {
    game.play(mv);
  }
  render();
  maybeComputer();
}

function isHumanTurn() {
  const { game } = state;
  return !game.isOver() && state.computer !== game.sideToMove();
}

/** The side owning the piece on `square`, or null. */
function ownerAt(square) {
  const pos = state.game.position();
  const piece = pos.pieceAt(square);
  pos.free();
  if (piece === undefined) return null;
  return piece === piece.toUpperCase() ? 'black' : 'white';
}

function onSquare(square) {
  const { game } = state;
  if (!isHumanTurn() || state.promotion) return;
  const side = game.sideToMove();
  const sel = state.selected;
  if (sel?.drop) {
    if (game.legalDrops(sel.drop).includes(square)) return play(`${sel.drop}*${square}`);
  } else if (sel?.square) {
    const from = sel.square;
    const choice = from !== square ? game.promotionChoice(from, square) : undefined;
    if (choice === 'optional') {
      state.promotion = { from, to: square };
      return render();
    }
    if (choice === 'forced') return play(`${from}${square}+`);
    if (choice === 'never') return play(`${from}${square}`);
  }
  state.selected = ownerAt(square) === side && sel?.square !== square ? { square } : null;
  render();
}

function onHand(kind, owner) {
  if (!isHumanTurn() || state.promotion) return;
  const same = state.selected?.drop === kind;
  state.selected = owner === state.game.sideToMove() && !same ? { drop: kind } : null;
  render();
}

function onBoardClick(event) {
  const svg = $('board').querySelector('svg');
  if (!svg) return;
  const board = svg.querySelector('rect.board');
  const point = svg.createSVGPoint();
  point.x = event.clientX;
  point.y = event.clientY;
  const p = point.matrixTransform(svg.getScreenCTM().inverse());
  const x = Number(board.getAttribute('x'));
  const y = Number(board.getAttribute('y'));
  const w = Number(board.getAttribute('width'));
  const h = Number(board.getAttribute('height'));
  if (p.x >= x && p.x < x + w && p.y >= y && p.y < y + h) {
    const col = Math.floor(((p.x - x) / w) * 9);
    const row = Math.floor(((p.y - y) / h) * 9);
    const file = state.flipped ? col + 1 : 9 - col;
    const rank = state.flipped ? 9 - row : row + 1;
    return onSquare(`${file}${FILES[rank - 1]}`);
  }
  // A hand piece: its glyph in one of the hand columns (left: the top player's).
  const glyph = event.target.closest?.('g.hands text');
  const kind = glyph && HAND_GLYPHS[glyph.textContent.trim()];
  if (kind) {
    const top = state.flipped ? 'black' : 'white';
    const owner = Number(glyph.getAttribute('x')) < x ? top : top === 'black' ? 'white' : 'black';
    onHand(kind, owner);
  }
}

// --- the computer -------------------------------------------------------------------------------
function maybeComputer() {
  clearTimeout(state.computerTimer);
  const { game } = state;
  if (game.isOver() || state.computer !== game.sideToMove()) return;
  state.computerTimer = setTimeout(computerMove, COMPUTER_DELAY);
}

function computerMove() {
  const { game } = state;
  if (game.isOver() || state.computer !== game.sideToMove()) return;
  const pos = game.position();
  const moves = pos.legalMoves();
  // A mate in one first when there is one (the full package has `mateInOne`; the rules-only
  // package does not, and the computer then plays as before).
  const mate = pos.mateInOne?.();
  const captures = moves.filter((m) => !m.includes('*') && pos.pieceAt(m.slice(2, 4)) !== undefined);
  pos.free();
  if (mate !== undefined) {
    play(mate);
    return;
  }
  const pool = captures.length > 0 ? captures : moves;
  if (pool.length > 0) play(pool[Math.floor(random() * pool.length)]);
}

// --- buttons ------------------------------------------------------------------------------------
function undo() {
  const { game } = state;
  clearTimeout(state.computerTimer);
  // A resignation, a declaration or a flag first, then the last move.
  game.undoEnding();
  if (game.moves().length > 0) game.undo();
  // Against the computer, take back its reply too, so that the person is to move again.
  while (state.computer !== 'human' && state.computer === game.sideToMove() && game.moves().length > 0) {
    game.undo();
  }
  state.selected = null;
  state.promotion = null;
  state.turnStart = performance.now();
  render();
  maybeComputer();
}

function showDeclaration() {
  const p = state.game.declarationPreview();
  const count = (c) => `${COLOR_NAMES[c]}: ${p.points.total[c]} points in all, ${p.points.declaration[c]} ` +
    `in the camp and hand, ${p.points.piecesInCamp[c]} pieces in the camp` +
    (p.credit[c] > 0 ? ` (+${p.credit[c]} handicap credit)` : '');
  const result = p.verdict ? `Result: ${describe(p.verdict)}` : `Not allowed now: ${p.refusal}`;
  $('declare-text').textContent = `${count('black')}. ${count('white')}. ${result}.`;
  $('declare-confirm').disabled = p.verdict === null;
  $('declare-panel').hidden = false;
}

function exportKif() {
  const rec = shogi.Record.fromGame(state.game);
  const kif = rec.write('kif');
  rec.free();
  $('export').value = kif;
  download('game.kif', kif);
}

function exportUsi() {
  const text = `${state.game.startSfen()}\n${state.game.usiCommand()}\n`;
  $('export').value = text;
  download('game.usi', text);
}

function download(name, text) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

async function importFile(file) {
  const bytes = new Uint8Array(await file.arrayBuffer());
  try {
    const rec = shogi.Record.read(bytes, { lenient: true });
    const game = rec.toGame(formRules());
    const stopped = rec.error();
    rec.free();
    $('opponent').value = 'human';
    newGame(game);
    if (stopped) $('export').value = `Read up to the move that failed: ${stopped}`;
  } catch (e) {
    $('export').value = `Cannot read ${file.name}: ${e.message}`;
  }
  state.imports++;
}

// --- wiring -------------------------------------------------------------------------------------
fillStarts();
$('setup').addEventListener('submit', (e) => {
  e.preventDefault();
  newGame();
});
$('board').addEventListener('click', onBoardClick);
$('promote-yes').addEventListener('click', () => {
  const { from, to } = state.promotion;
  play(`${from}${to}+`);
});
$('promote-no').addEventListener('click', () => {
  const { from, to } = state.promotion;
  play(`${from}${to}`);
});
$('undo').addEventListener('click', undo);
$('flip').addEventListener('click', () => {
  state.flipped = !state.flipped;
  render();
});
$('resign').addEventListener('click', () => {
  if (!isHumanTurn()) return;
  state.game.resign(state.game.sideToMove());
  render();
});
$('declare').addEventListener('click', showDeclaration);
$('declare-cancel').addEventListener('click', () => {
  $('declare-panel').hidden = true;
});
$('declare-confirm').addEventListener('click', () => {
  state.game.declare();
  $('declare-panel').hidden = true;
  render();
});
$('export-kif').addEventListener('click', exportKif);
$('export-usi').addEventListener('click', exportUsi);
$('import').addEventListener('change', (e) => {
  const file = e.target.files?.[0];
  if (file) importFile(file);
});
state.timer = setInterval(tick, 200);
newGame();

// For tests and the console: the page's state, read-only.
window.shogiPage = {
  get game() { return state.game; },
  get clock() { return state.clock; },
  get selected() { return state.selected; },
  get flipped() { return state.flipped; },
  get imports() { return state.imports; },
};
document.body.dataset.ready = 'true';
