#!/usr/bin/env python3
"""Reads the records written by the `interop_records` example with cshogi and compares them.

Usage: cshogi_check.py <RECORDS_DIR>   (the directory holding manifest.json)

For every file of the manifest it compares, with what our writer wrote: the start position
(SFEN without the move number, hands in any order), the moves (cshogi's move ints through
`cshogi.move_to_usi`) and the winner (`parser.win`: BLACK_WIN, WHITE_WIN, DRAW or None; a draw
and no result are both "no winner"). One line per file: `ok`, `MISMATCH <what>`, `ERROR <why>`
(cshogi failed to read a format it supports) or `unsupported <why>`; then the summary line
`cshogi: N files read, M agree, K mismatches, U unsupported (<which>)`. Exits 1 on any
mismatch or read error.

What cshogi (1.1.0) can read, and how it decides the winner:
- KIF (`cshogi.KIF.Parser.parse_file`: UTF-8 for `.kifu`, CP932 otherwise). Only the start
  positions of `手合割` handicaps: a board diagram (`手合割：その他`) raises "Cannot support
  handycap type", reported here as unsupported. The winner comes only from the
  `まで…手で{先手,後手,下手,上手}の{勝ち,入玉勝ち,反則勝ち,反則負け}` line; `千日手` and `持将棋`
  are draws, anything else (a terminal word alone, 詰み, 切れ負け, トライ...) is no result.
- KI2 (`cshogi.KI2.Parser`): exists in 1.1.0, but `parse_file` decodes CP932 only; our KI2 is
  UTF-8, so the text is decoded here and passed to `parse_str`. Same limits as KIF, and its
  `parse_move_str` loses its place after the second move of a line (it sets `pos = m.end()`
  of the rest of the line), so a line of 3 or more moves raises IndexError: such files are
  read again with one move a line, and the result says so.
- CSA (`cshogi.CSA.Parser.parse_file`, V2.2 and V3.0): the side to move loses at `%TORYO`,
  `%TIME_UP` and `%ILLEGAL_MOVE`; `%+ILLEGAL_ACTION` / `%-ILLEGAL_ACTION` lose for that side;
  `%KACHI` wins for the side to move; everything else (`%TSUMI` included) is a draw.
"""

import importlib.metadata
import json
import os
import re
import sys
from collections import Counter

import cshogi
import cshogi.CSA
import cshogi.KI2
import cshogi.KIF


def normalise_sfen(sfen):
    """Board, side to move and hand counts of an SFEN, without the move number."""
    fields = sfen.split()
    if len(fields) < 3:
        return sfen
    board, side, hand = fields[0], fields[1], fields[2]
    counts = Counter()
    if hand != "-":
        n = ""
        for c in hand:
            if c.isdigit():
                n += c
            else:
                counts[c] += int(n) if n else 1
                n = ""
    return (board, side, tuple(sorted(counts.items())))


def winner_name(win):
    if win == cshogi.BLACK_WIN:
        return "black"
    if win == cshogi.WHITE_WIN:
        return "white"
    return None  # DRAW or None: no winner


KI2_SPLIT_NOTE = (
    "read with one move a line: cshogi 1.1.0's KI2 reader fails on a line of 3 or more moves "
    "(KI2.Parser.parse_move_str sets pos = m.end() of the rest of the line instead of adding it)"
)


def one_move_a_line(text):
    """The KI2 text with every move line split at its ASCII spaces (a move such as `△同　歩`
    keeps its ideographic space)."""
    out = []
    for line in text.split("\n"):
        if line[:1] in ("▲", "△"):
            out.extend(t for t in re.split(r" +", line) if t)
        else:
            out.append(line)
    return "\n".join(out)


def read(path, entry, notes):
    """Returns (sfen, usi moves, winner, cshogi's endgame word), or raises Unsupported. Appends
    to `notes` what had to be worked around."""
    fmt = entry["format"]
    if fmt == "kif":
        try:
            p = cshogi.KIF.Parser.parse_file(path)
        except cshogi.KIF.ParserException as e:
            if "handycap" in str(e):
                raise Unsupported("board diagram: cshogi's KIF parser reads only 手合割 handicaps") from e
            raise
        return p.sfen, [cshogi.move_to_usi(m) for m in p.moves], winner_name(p.win), p.endgame
    if fmt == "ki2":
        with open(path, encoding=entry["encoding"]) as f:
            text = f.read()
        try:
            try:
                p = cshogi.KI2.Parser.parse_str(text)
            except IndexError:
                split = one_move_a_line(text)
                if split == text:
                    raise
                p = cshogi.KI2.Parser.parse_str(split)
                notes.append("read with one move a line, see below")
        except cshogi.KIF.ParserException as e:
            if "handycap" in str(e):
                raise Unsupported("board diagram: cshogi's KI2 parser reads only 手合割 handicaps") from e
            raise
        return p.sfen, [cshogi.move_to_usi(m) for m in p.moves], winner_name(p.win), p.endgame
    if fmt.startswith("csa"):
        parsers = cshogi.CSA.Parser.parse_file(path, encoding=entry["encoding"])
        p = parsers[0]
        return p.sfen, [cshogi.move_to_usi(m) for m in p.moves], winner_name(p.win), p.endgame
    raise Unsupported(f"unknown format {fmt}")


class Unsupported(Exception):
    pass


def main():
    if len(sys.argv) != 2:
        print("usage: cshogi_check.py <RECORDS_DIR>", file=sys.stderr)
        return 2
    directory = sys.argv[1]
    with open(os.path.join(directory, "manifest.json"), encoding="utf-8") as f:
        manifest = json.load(f)
    print(f"cshogi {importlib.metadata.version('cshogi')}")
    read_count = agree = worked_around = 0
    mismatches = []
    errors = []
    unsupported = Counter()
    for entry in manifest["records"]:
        name = entry["file"]
        path = os.path.join(directory, name)
        notes = []
        illegal = "illegal_move" in entry
        try:
            sfen, moves, winner, endgame = read(path, entry, notes)
        except Unsupported as e:
            unsupported[f"{entry['format']}: {e}"] += 1
            print(f"{name}: unsupported {e}")
            continue
        except Exception as e:  # cshogi raises ValueError, RuntimeError, KeyError...
            if illegal:
                # A record that keeps an illegal move: what cshogi cannot read is its limit.
                why = f"cannot read a record that keeps an illegal move ({type(e).__name__})"
                unsupported[f"{entry['format']}: {why}"] += 1
                print(f"{name}: unsupported {why}: {e}")
                continue
            errors.append(name)
            print(f"{name}: ERROR {type(e).__name__}: {e}")
            continue
        read_count += 1
        problems = []
        if normalise_sfen(sfen) != normalise_sfen(entry["start_sfen"]):
            problems.append(f"start: read {sfen}, wrote {entry['start_sfen']}")
        if illegal and len(moves) == len(entry["moves"]) + 1 and moves[:-1] == entry["moves"]:
            # cshogi plays the kept illegal move as a move (`None` when it is no move).
            notes.append(f"the illegal move read as a move ({moves[-1]})")
            moves = moves[:-1]
        if moves != entry["moves"]:
            problems.append(f"moves: read [{' '.join(moves)}], wrote [{' '.join(entry['moves'])}]")
        if winner != entry["winner"]:
            problems.append(
                f"winner: read {winner} (cshogi endgame {endgame or 'none'}), "
                f"wrote {entry['winner']} ({entry['outcome']})"
            )
        note = f" ({'; '.join(notes)})" if notes else ""
        worked_around += bool(notes)
        if problems:
            mismatches.append(name)
            print(f"{name}: MISMATCH {'; '.join(problems)}{note}")
        else:
            agree += 1
            print(f"{name}: ok{note}")
    which = ", ".join(f"{why}: {n}" for why, n in sorted(unsupported.items()))
    print(
        f"cshogi: {read_count} files read, {agree} agree, {len(mismatches)} mismatches, "
        f"{sum(unsupported.values())} unsupported ({which or 'none'})"
        + (f", {len(errors)} read errors ({', '.join(errors)})" if errors else "")
        + (f"; {worked_around} KI2 files {KI2_SPLIT_NOTE}" if worked_around else "")
    )
    return 1 if mismatches or errors else 0


if __name__ == "__main__":
    sys.exit(main())
