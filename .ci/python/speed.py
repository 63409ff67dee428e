"""Speed of shogi_kit against cshogi 1.1.0, called from the same Python. Reported, not asserted.

Usage: speed.py [RECORDS_DIR] [ROUNDS]

1. Per call, best of 5 repeats (timeit, in thread CPU time), on the middlegame position of the Rust benches: both
   sides doing the same work, each in its natural call, with the ratio cshogi / shogi_kit
   (above 1: shogi_kit is faster). The empty call floor is measured too (a method that returns
   a constant), and each of our times is also given as a multiple of it.
   - from_sfen: `Position.from_sfen(s)` (a new validated position) vs `Board.set_sfen(s)` (into an
     existing board; `cshogi.Board(s)` is slower still);
   - legal_moves: `pos.legal_moves()` (a list of Move objects) and `pos.legal_moves_array()`
     (NumPy move16 codes) vs `list(board.legal_moves)` (a list of int moves);
   - play: a 100-move game replayed from the start, per move: `pos.play(move)` vs
     `board.push(move)` (cshogi's push checks nothing, ours checks legality), and
     `pos.play(usi)` vs `board.push_usi(usi)` (both read the text and check legality);
   - to_hcp/from_hcp: `pos.to_hcp()` (a new array) and `Position.from_hcp(a)` vs
     `board.to_hcp(a)` (into an array) and `board.set_hcp(a)`;
   - sfen: `pos.sfen()` vs `board.sfen()`.
2. Bulk, CSA files (in the page cache) -> HCPE: `records_to_hcpe(files, threads=1|2)` vs
   cshogi's Python loop (as .ci/interop/dataset_speed.py: parse_str, to_hcp per position, push),
   best of ROUNDS (default 3). The corpus, as .ci/interop/dataset makes it: every record of
   RECORDS_DIR (read by shogi_kit) that gives HCPE entries, written as CSA, in files of 3 copies of
   the list, 40 files; without RECORDS_DIR, 600 seeded random games instead.
"""

import os
import sys
import time
import timeit

import cshogi
import cshogi.CSA
import numpy as np

import shogi_kit as sk

MID = "l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b BGSs3p 91"


def per_call(fn, n):
    """Nanoseconds per call: the best of 5 repeats, timed in CPU time of this thread, so that
    the time the process waits for a core on a shared machine is not counted."""
    return min(timeit.repeat(fn, number=n, repeat=5, timer=time.thread_time)) / n * 1e9


def row(name, ours, theirs, floor):
    print(f"  {name:<28} shogi_kit {ours:8.0f} ns ({ours / floor:5.1f}x floor)   "
          f"cshogi {theirs:8.0f} ns   ratio {theirs / ours:5.2f}")


def per_call_table(n):
    pos = sk.Position.from_sfen(MID)
    board = cshogi.Board(MID)
    floor_ours = per_call(lambda: pos.move_number, n)
    floor_cs = per_call(lambda: board.turn, n)
    floor = min(floor_ours, floor_cs)
    print(f"per call ({n} calls x 5 repeats, best), middlegame position:")
    print(f"  empty call floor: shogi_kit Position.move_number {floor_ours:.0f} ns, "
          f"cshogi Board.turn {floor_cs:.0f} ns")
    row("from_sfen", per_call(lambda: sk.Position.from_sfen(MID), n),
        per_call(lambda: board.set_sfen(MID), n), floor)
    board.set_sfen(MID)
    theirs = per_call(lambda: list(board.legal_moves), n)
    row("legal_moves (Move list)", per_call(lambda: pos.legal_moves(), n), theirs, floor)
    row("legal_moves (move16 array)", per_call(lambda: pos.legal_moves_array(), n), theirs, floor)
    # play: a 100-move game replayed from its start, per move (the loop and the reset are
    # the same on both sides and included).
    game = random_game_moves(100)
    start = sk.Position.startpos()
    cs_moves = []
    b = cshogi.Board()
    for m in game:
        cs_moves.append(b.move_from_usi(m.usi))
        b.push(cs_moves[-1])
    usi = [m.usi for m in game]

    def ours_play():
        p = start.copy()
        for m in game:
            p.play(m)

    def ours_play_usi():
        p = start.copy()
        for m in usi:
            p.play(m)

    def cs_push():
        b.reset()
        for m in cs_moves:
            b.push(m)

    def cs_push_usi():
        b.reset()
        for m in usi:
            b.push_usi(m)

    k = max(1, n // 100)
    row("play(Move) vs push(int)", per_call(ours_play, k) / len(game), per_call(cs_push, k) / len(game), floor)
    row("play(str) vs push_usi(str)", per_call(ours_play_usi, k) / len(game),
        per_call(cs_push_usi, k) / len(game), floor)
    hcp = np.zeros(1, dtype=cshogi.HuffmanCodedPos)
    board.to_hcp(hcp)
    ours_hcp = pos.to_hcp()
    row("to_hcp", per_call(lambda: pos.to_hcp(), n), per_call(lambda: board.to_hcp(hcp), n), floor)
    other = cshogi.Board()
    row("from_hcp", per_call(lambda: sk.Position.from_hcp(ours_hcp), n),
        per_call(lambda: other.set_hcp(hcp), n), floor)
    row("sfen", per_call(lambda: pos.sfen(), n), per_call(lambda: board.sfen(), n), floor)
    row("is_check", per_call(lambda: pos.is_check(), n), per_call(lambda: board.is_check(), n), floor)


def random_game_moves(plies):
    """The moves of a seeded random game of `plies` moves (fewer if it ends)."""
    import random

    rng = random.Random(1)
    pos = sk.Position.startpos()
    moves = []
    for _ in range(plies):
        legal = sorted(pos.legal_moves(), key=lambda m: m.usi)
        if not legal:
            break
        moves.append(rng.choice(legal))
        pos.play(moves[-1])
    return moves


def cshogi_loop(texts):
    positions = 0
    chunks = []
    for text in texts:
        for game in cshogi.CSA.Parser.parse_str(text):
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
    return positions


def best(fn, rounds):
    """The best wall time of `rounds` runs, the process CPU time (every thread) of that run,
    and the result."""
    runs = []
    out = None
    for _ in range(rounds):
        wall, cpu = time.perf_counter(), time.process_time()
        out = fn()
        runs.append((time.perf_counter() - wall, time.process_time() - cpu))
    wall, cpu = min(runs)
    return wall, cpu, out


def random_games(count):
    import random

    out = []
    for seed in range(count):
        rng = random.Random(seed)
        game = sk.Game()
        for _ in range(rng.randrange(40, 160)):
            moves = sorted(game.position.legal_moves(), key=lambda m: m.usi)
            if not moves or game.play(rng.choice(moves)) is not None:
                break
        if not game.is_over:
            game.resign(game.position.side_to_move)
        out.append(sk.Record.from_game(game))
    return out


def make_corpus(records_dir, folder):
    """Writes the corpus's CSA files into `folder`; returns their paths and the number of
    distinct games."""
    if records_dir:
        records = [
            r for r in sk.read_records(records_dir, lenient=True, errors="skip")
            if r.outcome is not None and r.outcome.is_decided and r.start.variant == "standard"
            and len(r) > 0
        ]
        games = [r.to_csa() for r in records]
        bodies = ["/\n".join(games * 3)] * 40
    else:
        games = [r.to_csa() for r in random_games(600)]
        bodies = ["/\n".join(games[i::40]) for i in range(40)]
    os.makedirs(folder, exist_ok=True)
    paths = []
    for i, body in enumerate(bodies):
        path = os.path.join(folder, f"{i:03}.csa")
        with open(path, "w", encoding="utf-8") as f:
            f.write(body)
        paths.append(path)
    return paths, len(games)


def bulk(records_dir, rounds):
    import tempfile

    folder = tempfile.mkdtemp(prefix="shogi-py-speed-")
    paths, games = make_corpus(records_dir, folder)
    print(f"corpus: {games} distinct games, {len(paths)} CSA files in {folder}")
    texts = []
    for p in paths:
        with open(p, encoding="utf-8") as f:
            texts.append(f.read())
    t_cs, cpu_cs, n_cs = best(lambda: cshogi_loop(texts), rounds)
    print(f"bulk, {len(paths)} CSA files (page cache) -> HCPE, best of {rounds} (wall; CPU time of all threads):")
    print(f"  cshogi Python loop: {n_cs} positions, {t_cs:.3f} s (cpu {cpu_cs:.3f} s), "
          f"{n_cs / t_cs:,.0f} positions/s")
    one = None
    for threads in (1, 2):
        t, cpu, arr = best(lambda: sk.records_to_hcpe(paths, threads=threads), rounds)
        rate = len(arr) / t
        one = one or rate
        print(f"  shogi_kit threads={threads}: {len(arr)} positions, {t:.3f} s (cpu {cpu:.3f} s), "
              f"{rate:,.0f} positions/s, ratio vs cshogi {rate / (n_cs / t_cs):.2f} "
              f"(per CPU second {len(arr) / cpu / (n_cs / cpu_cs):.2f})"
              + ("" if threads == 1 else f", vs 1 thread {rate / one:.2f}"))
    print("  (ratios are of positions per second: cshogi's loop keeps every move of a game with a "
          "result, shogi_kit drops the moves after the rules ended the game, as shogi dataset)")


def main():
    n = int(os.environ.get("SPEED_CALLS", "20000"))
    per_call_table(n)
    records_dir = sys.argv[1] if len(sys.argv) > 1 and sys.argv[1] else None
    bulk(records_dir, int(sys.argv[2]) if len(sys.argv) > 2 else 3)


if __name__ == "__main__":
    main()
