"""Reads the games of a `shogi match` or `cshogi.cli` run back, with cshogi 1.1.0 and with our
reader, and compares them.

Usage: check.py <games.csa> <shogi binary> [<match stdout>]

The CSA file holds several games separated by `/` lines. For every game: cshogi
(`cshogi.CSA.Parser.parse_file`) gives the moves and the winner; our reader
(`shogi convert --to usi`, fed that game alone) gives the moves. With the stdout of
`shogi match`, each game's line (`game <n>: … : <outcome> in <moves> moves`) must agree too:
same number of moves, and the winner of the outcome is cshogi's winner. Prints one line per
game and exits non-zero on any disagreement.
"""
import re
import subprocess
import sys

import cshogi
import cshogi.CSA


def winner_of_cshogi(win):
    if win == cshogi.BLACK_WIN:
        return "black"
    if win == cshogi.WHITE_WIN:
        return "white"
    return None


def main():
    path, shogi = sys.argv[1], sys.argv[2]
    lines = []
    if len(sys.argv) > 3:
        with open(sys.argv[3], encoding="utf-8") as f:
            lines = [l for l in f.read().splitlines() if l.startswith("game ")]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    parts = [p for p in re.split(r"^/\s*$", text, flags=re.M) if p.strip()]
    parsers = cshogi.CSA.Parser.parse_file(path)
    bad = 0
    if len(parsers) != len(parts):
        print(f"MISMATCH {path}: cshogi reads {len(parsers)} games, the file has {len(parts)}")
        return 1
    if lines and len(lines) != len(parts):
        print(f"MISMATCH {path}: {len(lines)} result lines for {len(parts)} games")
        return 1
    for i, (part, p) in enumerate(zip(parts, parsers)):
        theirs = [cshogi.move_to_usi(m) for m in p.moves]
        out = subprocess.run([shogi, "convert", "--to", "usi"], input=part.encode(),
                             capture_output=True)
        if out.returncode != 0:
            print(f"ERROR game {i + 1}: our reader: {out.stderr.decode().strip()}")
            bad += 1
            continue
        words = out.stdout.decode().split()
        ours = words[words.index("moves") + 1:] if "moves" in words else []
        what = []
        if ours != theirs:
            what.append(f"moves: ours {len(ours)}, cshogi {len(theirs)}")
        winner = winner_of_cshogi(p.win)
        if lines:
            m = re.match(r"game \d+: .*: (.*) in (\d+) moves$", lines[i])
            if not m:
                what.append(f"unreadable result line {lines[i]!r}")
            else:
                outcome, n = m.group(1), int(m.group(2))
                said = outcome.split()[1] if outcome.startswith("win ") else None
                if n != len(theirs):
                    what.append(f"match said {n} moves, cshogi reads {len(theirs)}")
                if said != winner:
                    what.append(f"match said {outcome!r}, cshogi's winner {winner}")
        if what:
            bad += 1
            print(f"MISMATCH game {i + 1}: " + "; ".join(what))
        else:
            print(f"ok game {i + 1}: {len(theirs)} moves, winner {winner}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
