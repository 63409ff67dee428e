"""The anchor for `shogi dataset`: cshogi 1.1.0's Python loop doing the same work.

Usage: dataset_speed.py CSA_DIR [ROUNDS]

Reads every file of CSA_DIR into memory first (the timed region starts after that), then for each
file: `cshogi.CSA.Parser.parse_str` (every game of the file), and for each game with a result
(`win` 1 or 2, or a draw) one HCPE entry per position before each move, as `shogi dataset
--format hcpe` writes them: `Board.to_hcp` into a preallocated `HuffmanCodedPosAndEval` array,
`bestMove16 = move16(move)`, eval 0, `gameResult`, then `Board.push`. The array is written to
/dev/null at the end of each round. Prints the best of ROUNDS (default 3) as positions per second.
"""

import os
import sys
import time

import cshogi
import cshogi.CSA
import numpy as np


def convert(texts):
    positions = 0
    chunks = []
    for text in texts:
        for game in cshogi.CSA.Parser.parse_str(text):
            if game.win is None:
                continue
            result = {cshogi.BLACK_WIN: 1, cshogi.WHITE_WIN: 2, cshogi.DRAW: 0}.get(game.win)
            if result is None:
                continue
            moves = game.moves
            entries = np.zeros(len(moves), dtype=cshogi.HuffmanCodedPosAndEval)
            board = cshogi.Board(game.sfen)
            for i, mv in enumerate(moves):
                board.to_hcp(entries[i:i + 1]["hcp"])
                entries[i]["bestMove16"] = cshogi.move16(mv)
                entries[i]["gameResult"] = result
                board.push(mv)
            positions += len(moves)
            chunks.append(entries)
    with open(os.devnull, "wb") as out:
        for entries in chunks:
            entries.tofile(out)
    return positions


def main():
    folder = sys.argv[1]
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    texts = []
    for name in sorted(os.listdir(folder)):
        with open(os.path.join(folder, name), encoding="utf-8") as f:
            texts.append(f.read())
    best = None
    for _ in range(rounds):
        start = time.perf_counter()
        positions = convert(texts)
        seconds = time.perf_counter() - start
        best = seconds if best is None else min(best, seconds)
    print(f"cshogi: {len(texts)} files, {positions} positions, {best:.3f} s, {positions / best:.0f} positions/s")


if __name__ == "__main__":
    main()
