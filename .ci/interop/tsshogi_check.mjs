// Reads the records written by the `interop_records` example with tsshogi and compares them.
//
// Usage: node tsshogi_check.mjs <RECORDS_DIR>   (the directory holding manifest.json)
// with tsshogi installed under `target/interop/node` (see `run`), or TSSHOGI_MODULE set to the
// path of tsshogi's ESM entry point (dist/esm/index.mjs).
//
// For every file of the manifest it compares, with what our writer wrote: the start position
// (`record.initialPosition.sfen`, without the move number, hands in any order), the moves
// (`move.usi` of every node of the main line) and the winner. One line per file: `ok`,
// `MISMATCH <what>`, `ERROR <why>` (tsshogi returned an Error for a format it supports) or
// `unsupported <why>`; then the summary line
// `tsshogi: N files read, M agree, K mismatches, U unsupported (<which>)`. Exits 1 on any
// mismatch or read error.
//
// Reading: KIF with `importKIF`, KI2 with `importKI2`, CSA (V2.2 and V3.0) with `importCSA`;
// Shift_JIS files are decoded with Node's `TextDecoder("shift_jis")` (tsshogi 2.2.0 has no
// decoder of its own). `detectRecordFormat` is also asked, and a wrong guess is noted.
//
// tsshogi's records have no winner: it is derived from the last node's special move and the
// colour to move there (`node.nextColor`; tsshogi does not advance the position for a
// special move):
//   RESIGN, MATE, TIMEOUT, FOUL_LOSE, LOSE_BY_DEFAULT   the side to move loses
//   FOUL_WIN, ENTERING_OF_KING, WIN_BY_DEFAULT          the side to move wins
//   TRY                                                 the side to move loses: tsshogi's
//                                                       "トライ成立", the previous mover's
//                                                       king reached the try square
//   IMPASS, DRAW, REPETITION_DRAW, MAX_MOVES            draw (no winner)
//   INTERRUPT, NO_MATE, an unknown word, no special     no result (no winner)
// (tsshogi's KIF reader knows no `トライ` and no `最大手数`: they become unknown words.)
//
// A known tsshogi 2.2.0 bug: `importCSA` reads `%+ILLEGAL_ACTION` (Black's foul, White wins)
// with Black to move as FOUL_WIN, and `%-ILLEGAL_ACTION` with White to move likewise, so the
// winner comes out reversed (fixed upstream in "Fix ILLEGAL_ACTION bug", 8bc0304, tsshogi
// 2.3.2). A CSA file whose winner is read exactly reversed at such a line is reported as
// `unsupported` with that reason, not as a mismatch.

import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const here = new URL(".", import.meta.url).pathname;
const modulePath =
  process.env.TSSHOGI_MODULE ??
  resolve(here, "../../target/interop/node/node_modules/tsshogi/dist/esm/index.mjs");
const ts = await import(pathToFileURL(modulePath).href);
const { Color, Move, SpecialMoveType, RecordFormatType } = ts;

const LOSES = new Set([
  SpecialMoveType.RESIGN,
  SpecialMoveType.MATE,
  SpecialMoveType.TIMEOUT,
  SpecialMoveType.FOUL_LOSE,
  SpecialMoveType.LOSE_BY_DEFAULT,
  SpecialMoveType.TRY,
]);
const WINS = new Set([
  SpecialMoveType.FOUL_WIN,
  SpecialMoveType.ENTERING_OF_KING,
  SpecialMoveType.WIN_BY_DEFAULT,
]);

const ILLEGAL_ACTION_BUG =
  "tsshogi 2.2.0 reads %+ILLEGAL_ACTION/%-ILLEGAL_ACTION with the winner reversed (fixed in 2.3.2)";

const other = (c) => (c === Color.BLACK ? Color.WHITE : Color.BLACK);

/** "black", "white" or null, and a description of the ending. */
function winnerOf(last) {
  if (!last || last.move instanceof Move) {
    return [null, "no special move"];
  }
  const sm = last.move;
  if (!sm.type || sm.type === "any" || sm.type === SpecialMoveType.START) {
    return [null, `unknown special move ${JSON.stringify(sm.name ?? "")}`];
  }
  const mover = last.nextColor;
  if (LOSES.has(sm.type)) {
    return [other(mover), `${sm.type}, ${mover} to move`];
  }
  if (WINS.has(sm.type)) {
    return [mover, `${sm.type}, ${mover} to move`];
  }
  return [null, sm.type];
}

function normaliseSfen(sfen) {
  const [board, side, hand] = sfen.split(/\s+/);
  const counts = {};
  if (hand && hand !== "-") {
    for (const [, n, p] of hand.matchAll(/(\d*)([A-Za-z])/g)) {
      counts[p] = (counts[p] ?? 0) + (n ? Number(n) : 1);
    }
  }
  const hands = Object.keys(counts)
    .sort()
    .map((p) => `${counts[p]}${p}`)
    .join("");
  return `${board} ${side} ${hands || "-"}`;
}

const IMPORT = {
  kif: [ts.importKIF, RecordFormatType.KIF],
  ki2: [ts.importKI2, RecordFormatType.KI2],
  "csa-2.2": [ts.importCSA, RecordFormatType.CSA],
  "csa-3.0": [ts.importCSA, RecordFormatType.CSA],
};

function main() {
  const dir = process.argv[2];
  if (!dir) {
    console.error("usage: node tsshogi_check.mjs <RECORDS_DIR>");
    return 2;
  }
  const version = JSON.parse(readFileSync(resolve(modulePath, "../../../package.json"), "utf8")).version;
  console.log(`tsshogi ${version}`);
  const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
  let read = 0;
  let agree = 0;
  const mismatches = [];
  const errors = [];
  const unsupported = {};
  for (const entry of manifest.records) {
    const name = entry.file;
    const entryImport = IMPORT[entry.format];
    if (!entryImport) {
      const why = `no tsshogi reader for ${entry.format}`;
      unsupported[why] = (unsupported[why] ?? 0) + 1;
      console.log(`${name}: unsupported ${why}`);
      continue;
    }
    const [importer, formatType] = entryImport;
    const bytes = readFileSync(join(dir, name));
    const text = new TextDecoder(entry.encoding === "shift_jis" ? "shift_jis" : "utf-8").decode(bytes);
    const notes = [];
    const detected = ts.detectRecordFormat(text);
    if (detected !== formatType) {
      notes.push(`detectRecordFormat says ${RecordFormatType[detected]}`);
    }
    let record;
    try {
      record = importer(text);
    } catch (e) {
      record = e instanceof Error ? e : new Error(String(e));
    }
    const illegal = "illegal_move" in entry;
    if (record instanceof Error && illegal) {
      // A record that keeps an illegal move: what tsshogi cannot read is its limit.
      const why = "cannot read a record that keeps an illegal move";
      unsupported[why] = (unsupported[why] ?? 0) + 1;
      console.log(`${name}: unsupported ${why}: ${record.message}`);
      continue;
    }
    if (record instanceof Error) {
      errors.push(name);
      console.log(`${name}: ERROR ${record.message}`);
      continue;
    }
    read += 1;
    const nodes = record.moves;
    let moves = nodes.filter((n) => n.move instanceof Move).map((n) => n.move.usi);
    if (
      illegal &&
      moves.length === entry.moves.length + 1 &&
      moves.slice(0, -1).join(" ") === entry.moves.join(" ")
    ) {
      // tsshogi plays the kept illegal move as a move (it appends moves unvalidated).
      notes.push(`the illegal move read as a move (${moves[moves.length - 1]})`);
      moves = moves.slice(0, -1);
    }
    const last = nodes.length > 1 ? nodes[nodes.length - 1] : undefined;
    const [winner, ending] = winnerOf(last);
    const problems = [];
    const sfen = record.initialPosition.sfen;
    if (normaliseSfen(sfen) !== normaliseSfen(entry.start_sfen)) {
      problems.push(`start: read ${sfen}, wrote ${entry.start_sfen}`);
    }
    if (moves.join(" ") !== entry.moves.join(" ")) {
      problems.push(`moves: read [${moves.join(" ")}], wrote [${entry.moves.join(" ")}]`);
    }
    const illegalAction = /^%[-+]ILLEGAL_ACTION\b/m.test(text);
    if (
      problems.length === 0 &&
      entry.format.startsWith("csa") &&
      illegalAction &&
      entry.winner !== null &&
      winner === other(entry.winner)
    ) {
      const why = ILLEGAL_ACTION_BUG;
      unsupported[why] = (unsupported[why] ?? 0) + 1;
      console.log(`${name}: unsupported ${why} (read ${winner}, wrote ${entry.winner})`);
      continue;
    }
    if (winner !== entry.winner) {
      problems.push(`winner: read ${winner} (${ending}), wrote ${entry.winner} (${entry.outcome})`);
    }
    const note = notes.length ? ` (${notes.join("; ")})` : "";
    if (problems.length) {
      mismatches.push(name);
      console.log(`${name}: MISMATCH ${problems.join("; ")}${note}`);
    } else {
      agree += 1;
      console.log(`${name}: ok${note}`);
    }
  }
  const which = Object.entries(unsupported)
    .map(([why, n]) => `${why}: ${n}`)
    .join(", ");
  const nUnsupported = Object.values(unsupported).reduce((a, b) => a + b, 0);
  console.log(
    `tsshogi: ${read} files read, ${agree} agree, ${mismatches.length} mismatches, ` +
      `${nUnsupported} unsupported (${which || "none"})` +
      (errors.length ? `, ${errors.length} read errors (${errors.join(", ")})` : ""),
  );
  return mismatches.length || errors.length ? 1 : 0;
}

process.exitCode = main();
