"""cshogi 1.1.0 reads what `shogi dataset` wrote from the shared records, position by position.

Usage: dataset_check.py SHOGI_BINARY RECORDS_DIR WORK_DIR

Records are read with `--lenient`: a record whose last move is illegal keeps its legal moves
(the expected reading lists exactly those).

For every record file of RECORDS_DIR with a sibling NAME.expected.json whose `moves` is not null
(the independent reading of the file: start SFEN and the USI moves of its main line), this runs
`shogi dataset --format sfen|hcpe|psv --out … FILE` and checks what it wrote with cshogi alone:

- sfen: one line per position before each move; cshogi's board, replayed from `start_sfen` with
  the expected moves, has the same position (board, side, hands, move number), and the move is
  the expected one;
- hcpe: `np.fromfile(dtype=cshogi.HuffmanCodedPosAndEval)`; `Board.set_hcp` of each entry is the
  replayed position, `bestMove16` is `cshogi.move16` of the expected move, eval 0, and the
  result is the one the expected `result` word gives (resign, mate, time-up, illegal: the side to
  move after the last move loses; sennichite: draw — unless our rules saw perpetual check, then
  the result must agree with the sfen file's);
- psv: `np.fromfile(dtype=cshogi.PackedSfenValue)`; `set_psfen` is the replayed position,
  `move` is `cshogi.move16_to_psv` of the move, `gamePly` is the SFEN move number, and the
  result is from the side to move.

Games that HCP and PackedSfen cannot hold (a mate problem with one king, more material than one
set) are written in sfen only. Files whose game has no result are written in sfen only (as `unknown`) and must give no hcpe or
psv entry. Prints one line per format and exits non-zero on any disagreement.
"""

import json
import os
import subprocess
import sys

import cshogi
import numpy as np


def sfen3(sfen):
    return " ".join(sfen.split()[:3])


# One set of pieces: what HCP and PackedSfen can hold (and both kings on the board).
ONE_SET = {"p": 18, "l": 4, "n": 4, "s": 4, "g": 4, "b": 2, "r": 2}


def representable(start_sfen):
    """Whether the packed formats can hold the position: both kings, at most one set."""
    board, _, hands = start_sfen.split()[:3]
    counts = {}
    kings = 0
    promoted = False
    for ch in board:
        if ch == "+":
            promoted = True
            continue
        if ch.isalpha():
            kind = ch.lower()
            if kind == "k":
                kings += 1
            else:
                counts[kind] = counts.get(kind, 0) + 1
        promoted = False
    number = ""
    for ch in hands if hands != "-" else "":
        if ch.isdigit():
            number += ch
            continue
        counts[ch.lower()] = counts.get(ch.lower(), 0) + (int(number) if number else 1)
        number = ""
    return kings == 2 and all(counts.get(k, 0) <= n for k, n in ONE_SET.items())


def replay(start_sfen, moves):
    """The boards before each move (as SFEN) and cshogi's moves."""
    board = cshogi.Board(start_sfen)
    out = []
    for usi in moves:
        mv = board.move_from_usi(usi)
        out.append((board.sfen(), mv, board.turn))
        board.push(mv)
    return out, board.turn


def run_dataset(shogi, fmt, path, out):
    proc = subprocess.run(
        [shogi, "dataset", "--format", fmt, "--threads", "1", "--lenient", "--out", out, path],
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"shogi dataset {fmt} {path}: exit {proc.returncode}: {proc.stderr}")
    return proc.stderr


def main():
    shogi, records, work = sys.argv[1], sys.argv[2], sys.argv[3]
    os.makedirs(work, exist_ok=True)
    failures = []
    counts = {"files": 0, "sfen": 0, "hcpe": 0, "psv": 0, "no_result": 0, "unpackable": 0}
    for folder, _, names in sorted(os.walk(records)):
        for name in sorted(names):
            if name.endswith(".expected.json") or name.endswith(".md"):
                continue
            path = os.path.join(folder, name)
            expected_path = path + ".expected.json"
            if not os.path.exists(expected_path):
                continue
            with open(expected_path, encoding="utf-8") as f:
                expected = json.load(f)
            if expected.get("moves") is None:
                continue
            counts["files"] += 1
            rel = os.path.relpath(path, records)
            boards, last_turn = replay(expected["start_sfen"], expected["moves"])
            base = os.path.join(work, rel.replace("/", "_"))

            # sfen: every position, with the move and the result for the side to move.
            run_dataset(shogi, "sfen", path, base + ".sfen")
            with open(base + ".sfen", encoding="utf-8") as f:
                lines = [line.rstrip("\n").split("\t") for line in f]
            if len(lines) != len(boards):
                failures.append(f"{rel}: sfen has {len(lines)} lines, expected {len(boards)}")
                continue
            results = set()
            for i, ((sfen, _mv, _turn), (our_sfen, our_move, our_result)) in enumerate(zip(boards, lines)):
                if our_sfen.split()[:3] != sfen.split()[:3]:
                    failures.append(f"{rel}: position {i}: sfen {our_sfen} != {sfen}")
                    break
                if our_move != expected["moves"][i]:
                    failures.append(f"{rel}: position {i}: move {our_move} != {expected['moves'][i]}")
                    break
                results.add((our_result, _turn))
                counts["sfen"] += 1
            # The winner the sfen file says (absolute colour), or None for a draw, or "unknown".
            winner = "unknown"
            if lines:
                first_result, first_turn = lines[0][2], boards[0][2]
                if first_result == "draw":
                    winner = None
                elif first_result == "win":
                    winner = first_turn
                elif first_result == "loss":
                    winner = 1 - first_turn
            for (r, turn) in results:
                implied = "unknown" if r == "unknown" else (None if r == "draw" else (turn if r == "win" else 1 - turn))
                if implied != winner:
                    failures.append(f"{rel}: sfen results disagree between positions")
                    break
            word = expected.get("result")
            if word in ("resign", "mate", "time-up") and winner != 1 - last_turn:
                failures.append(f"{rel}: result {word}: expected winner {1 - last_turn}, sfen says {winner}")
            if winner == "unknown":
                counts["no_result"] += 1

            # hcpe
            run_dataset(shogi, "hcpe", path, base + ".hcpe")
            hcpes = np.fromfile(base + ".hcpe", dtype=cshogi.HuffmanCodedPosAndEval)
            packable = representable(expected["start_sfen"])
            if not packable:
                counts["unpackable"] += 1
            expected_count = 0 if winner == "unknown" or not packable else len(boards)
            if len(hcpes) != expected_count:
                failures.append(f"{rel}: hcpe has {len(hcpes)} entries, expected {expected_count}")
            else:
                board = cshogi.Board()
                want_result = 0 if winner is None else (1 if winner == cshogi.BLACK else 2)
                for i, (entry, (sfen, mv, _turn)) in enumerate(zip(hcpes, boards)):
                    board.set_hcp(np.asarray(entry["hcp"]))
                    if sfen3(board.sfen()) != sfen3(sfen):
                        failures.append(f"{rel}: hcpe {i}: {board.sfen()} != {sfen}")
                        break
                    if int(entry["bestMove16"]) != cshogi.move16(mv):
                        failures.append(f"{rel}: hcpe {i}: move16 {entry['bestMove16']} != {cshogi.move16(mv)}")
                        break
                    if int(entry["eval"]) != 0 or int(entry["gameResult"]) != want_result:
                        failures.append(f"{rel}: hcpe {i}: eval {entry['eval']} result {entry['gameResult']}, expected 0 {want_result}")
                        break
                    counts["hcpe"] += 1

            # psv
            run_dataset(shogi, "psv", path, base + ".psv")
            psvs = np.fromfile(base + ".psv", dtype=cshogi.PackedSfenValue)
            if len(psvs) != expected_count:
                failures.append(f"{rel}: psv has {len(psvs)} entries, expected {expected_count}")
            else:
                board = cshogi.Board()
                for i, (entry, (sfen, mv, turn)) in enumerate(zip(psvs, boards)):
                    board.set_psfen(np.asarray(entry["sfen"]))
                    if sfen3(board.sfen()) != sfen3(sfen):
                        failures.append(f"{rel}: psv {i}: {board.sfen()} != {sfen}")
                        break
                    if int(entry["move"]) != cshogi.move16_to_psv(cshogi.move16(mv)):
                        failures.append(f"{rel}: psv {i}: move {entry['move']} != {cshogi.move16_to_psv(cshogi.move16(mv))}")
                        break
                    if int(entry["gamePly"]) != int(sfen.split()[3]):
                        failures.append(f"{rel}: psv {i}: game ply {entry['gamePly']} != {sfen.split()[3]}")
                        break
                    want = 0 if winner is None else (1 if winner == turn else -1)
                    if int(entry["game_result"]) != want or int(entry["score"]) != 0:
                        failures.append(f"{rel}: psv {i}: result {entry['game_result']} score {entry['score']}, expected {want} 0")
                        break
                    counts["psv"] += 1

    for failure in failures:
        print("MISMATCH", failure)
    print(
        f"dataset: {counts['files']} record files; cshogi agrees on {counts['sfen']} sfen lines, "
        f"{counts['hcpe']} hcpe entries, {counts['psv']} psv entries "
        f"({counts['no_result']} games without a result and {counts['unpackable']} positions with one king "
        f"or more than one set, written in sfen only); {len(failures)} mismatches"
    )
    sys.exit(1 if failures or counts["hcpe"] == 0 else 0)


if __name__ == "__main__":
    main()
