"""Mate search: `Position.mate_in_one`, `mating_moves` and `mate_in` against brute force (every
legal move played, then `is_checkmate`), the solver on hand-made and 将棋図巧 problems with
every line replayed by our own `Position`, cshogi's 1-ply mate on the same positions, and
`mate()` against the `shogi mate` command."""

import json
import random
import subprocess
import threading
from pathlib import Path

import pytest

import shogi_kit as sk
from conftest import shogi_binary

ZUKOU = Path(__file__).resolve().parents[3] / "shared" / "tsume" / "zukou.jsonl"

#: White's king in the corner, a gold on 2c and a gold in hand: G*1b and G*2b mate.
GOLD_DROP = "8k/9/7G1/9/9/9/9/9/K8 b G 1"
#: A mate in three: S*2b, K-1b, S*1c (the README's example).
MATE_IN_THREE = "8k/9/6G2/9/9/9/9/9/K8 b 2S 1"
#: P*9b would mate, but a pawn-drop mate is illegal (打ち歩詰め): no mate in one.
PAWN_DROP_MATE = "kn7/9/1G7/9/9/9/9/9/8K b P 1"
#: A lone rook against a bare king: no mate at any length.
LONE_ROOK = "8k/R8/9/9/9/9/9/9/9 b - 1"
#: A problem the solver needs many nodes for (from shogi-mate's tests).
HARD = "9/9/6n2/8n/6+pl1/7Sn/4+pp1k1/7N1/7s+R b R2B4g2s3l15p 1"
#: 頭金 after a sacrifice, mate in three in tsume mode (shogi-mate's README).
TSUME_THREE = "3sks3/9/4+P4/9/9/9/9/9/9 b 2G 1"

HAND_MADE = [GOLD_DROP, MATE_IN_THREE, PAWN_DROP_MATE, LONE_ROOK, TSUME_THREE, HARD,
             # White attacks: the same gold-drop mate, rotated.
             "8k/9/9/9/9/9/1g7/9/K8 w g 1"]


def brute_mating_moves(pos):
    """The moves that mate at once, by playing every legal move."""
    out = set()
    for m in pos.legal_moves():
        after = pos.copy()
        after.play(m)
        if after.is_checkmate():
            out.add(m.usi)
    return out


def aggressive_positions(games=40, seed=7):
    """Positions of random games in which each side checks whenever it can (70 % of the
    time): king hunts, so mates in one come up far more often than in uniform random games."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        pos = sk.Position.startpos()
        for _ in range(rng.randrange(40, 160)):
            moves = sorted(pos.legal_moves(), key=lambda m: m.usi)
            if not moves:
                break
            out.append(pos.copy())
            checks = []
            for m in moves:
                after = pos.copy()
                after.play(m)
                if after.is_check():
                    checks.append(m)
            pool = checks if checks and rng.random() < 0.7 else moves
            pos.play(rng.choice(pool))
        out.append(pos)
    return out


@pytest.fixture(scope="module")
def hunt_positions():
    return aggressive_positions()


def test_mate_in_one_equals_brute_force(positions, hunt_positions):
    found = 0
    problems = [sk.Position.from_sfen(s, waive_soft_faults=True) for s in HAND_MADE]
    for pos in problems + positions[::3] + hunt_positions:
        truth = brute_mating_moves(pos)
        ours = [m.usi for m in pos.mating_moves()]
        assert len(ours) == len(set(ours)), pos
        assert set(ours) == truth, pos
        first = pos.mate_in_one()
        if truth:
            found += 1
            assert first is not None and first.usi in truth, pos
            line = pos.mate_in(1)
            assert line is not None and len(line) == 1 and line[0].usi in truth, pos
        else:
            assert first is None, pos
            assert pos.mate_in(1) is None
    # The test means something only if mates came up.
    assert found >= 30, found


def test_hand_made_mates_in_one():
    pos = sk.Position.from_sfen(GOLD_DROP, waive_soft_faults=True)
    assert sorted(m.usi for m in pos.mating_moves()) == ["G*1b", "G*2b"]
    pos = sk.Position.from_sfen(PAWN_DROP_MATE)
    assert pos.mate_in_one() is None
    assert not pos.is_legal("P*9b")
    assert sk.Position.startpos().mate_in_one() is None


def test_mate_in_three_is_forced(hunt_positions):
    pos = sk.Position.from_sfen(MATE_IN_THREE, waive_soft_faults=True)
    line = pos.mate_in(3)
    assert line is not None and len(line) == 3
    # Independent check of "forced": after the first move, every defence allows a mate in one
    # (found by brute force), and the line itself ends in checkmate.
    after = pos.copy()
    after.play(line[0])
    assert after.is_check()
    for reply in after.legal_moves():
        p = after.copy()
        p.play(reply)
        assert brute_mating_moves(p), reply
    p = pos.copy()
    for m in line:
        p.play(m)
    assert p.is_checkmate()
    assert pos.mate_in(1) is None
    assert pos.mate_in(2) is None  # even: one ply less
    with pytest.raises(sk.MateBudgetError):
        pos.mate_in(3, nodes=10)
    with pytest.raises(sk.ShogiError, match="at most 31"):
        pos.mate_in(33)


def test_mate_in_three_lines_replay(hunt_positions):
    decided = 0
    for pos in hunt_positions[::4]:
        try:
            line = pos.mate_in(3, nodes=20_000)
        except sk.MateBudgetError:
            continue
        decided += 1
        if line is None:
            assert not brute_mating_moves(pos)
            continue
        assert len(line) in (1, 3)
        p = pos.copy()
        for i, m in enumerate(line):
            p.play(m)
            if i % 2 == 0:
                assert p.is_check()
        assert p.is_checkmate()
    assert decided > 50


def replay(pos, usi):
    """Plays the line with our own rules: every attacking move checks; returns the end."""
    p = pos.copy()
    for i, m in enumerate(usi):
        assert p.is_legal(m), (i, m)
        p.play(m)
        if i % 2 == 0:
            assert p.is_check(), (i, m)
    return p


def test_solver_answers_are_never_merged():
    solver = sk.Solver(hash_mb=16)
    pos = sk.Position.from_sfen(TSUME_THREE, waive_soft_faults=True)
    result = solver.solve(pos, nodes=100_000, mode="tsume")
    assert result.kind == "mate" and result.is_mate and not result.is_nomate
    assert result.usi == ["G*5b", "4a5b", "G*4b"]
    assert [m.usi for m in result.moves] == result.usi
    assert result.plies == 3 and result.exact and result.reason is None
    assert str(result) == "mate 3 G*5b 4a5b G*4b"
    assert repr(result) == "MateResult('mate 3 G*5b 4a5b G*4b')"
    assert replay(pos, result.usi).is_checkmate()

    result = solver.solve(sk.Position.from_sfen(LONE_ROOK, waive_soft_faults=True))
    assert (result.kind, str(result), result.moves, result.plies) == ("nomate", "nomate", [], None)
    assert result.is_nomate and not result.is_mate

    solver.clear()
    hard = sk.Position.from_sfen(HARD, waive_soft_faults=True)
    result = solver.solve(hard, nodes=200)
    assert (result.kind, result.reason, str(result)) == ("unknown", "nodes", "unknown nodes")
    nodes, elapsed_ms, permille = solver.stats()
    assert 0 < nodes <= 201 and elapsed_ms >= 0 and 0 <= permille <= 1000
    result = solver.solve(hard, max_plies=3, nodes=1_000_000)
    assert result.kind in ("unknown", "mate")
    if result.kind == "unknown":
        assert result.reason == "max-plies"
    with pytest.raises(sk.ShogiError, match="mode"):
        solver.solve(hard, mode="fast")
    # The mate in one of any position is what the solver finds at one ply.
    pos = sk.Position.from_sfen(GOLD_DROP, waive_soft_faults=True)
    result = solver.solve(pos, mode="tsume", nodes=10_000)
    assert result.plies == 1 and result.usi[0] in {"G*1b", "G*2b"}


def test_solver_releases_the_gil():
    solver = sk.Solver(hash_mb=16)
    hard = sk.Position.from_sfen(HARD, waive_soft_faults=True)
    results = []
    worker = threading.Thread(target=lambda: results.append(solver.solve(hard, time_ms=400)))
    ticks = 0
    worker.start()
    while worker.is_alive():
        ticks += 1
    worker.join()
    assert results and results[0].kind in ("mate", "nomate", "unknown")
    # With the GIL held for the search, this loop would barely run.
    assert ticks > 10_000, ticks


def zukou(ids):
    if not ZUKOU.is_file():
        pytest.skip(f"{ZUKOU} is missing (the shared problem set is not part of the clone)")
    problems = [json.loads(line) for line in ZUKOU.read_text(encoding="utf-8").splitlines() if line.strip()]
    return [p for p in problems if p["id"] in ids]


@pytest.mark.parametrize("mode", ["any", "tsume"])
def test_zukou_problems_are_solved_and_replayed(mode):
    problems = zukou({"zukou-002", "zukou-005"})
    assert len(problems) == 2
    solver = sk.Solver(hash_mb=32)
    for p in problems:
        solver.clear()
        pos = sk.Position.from_sfen(p["sfen"], waive_soft_faults=True)
        result = solver.solve(pos, nodes=2_000_000, mode=mode)
        assert result.kind == "mate", (p["id"], str(result))
        end = replay(pos, result.usi)
        assert end.is_checkmate(), p["id"]
        # The reference line mates too; the solver's is never longer in tsume mode.
        assert replay(pos, p["solution_usi"]).is_checkmate()
        if mode == "tsume":
            assert result.plies <= p["solution_moves"], (p["id"], result.plies)
        assert str(result) == f"mate {result.plies} " + " ".join(result.usi)


def test_cshogi_one_ply_mates_agree(positions, hunt_positions):
    """cshogi's `mate_move_in_1ply` (only meaningful when not in check) against ours: every
    mate cshogi finds is one of ours (and brute force's); a mate cshogi misses is counted, not
    failed, since its 1-ply routine is not claimed to be complete."""
    cshogi = pytest.importorskip("cshogi")
    checked = both = cshogi_missed = 0
    missed = []
    for pos in positions[::3] + hunt_positions:
        if pos.is_check() or pos.variant != "standard":
            continue
        board = cshogi.Board(pos.sfen())
        theirs = board.mate_move_in_1ply()
        ours = {m.usi for m in pos.mating_moves()}
        checked += 1
        if theirs:
            usi = cshogi.move_to_usi(theirs)
            assert usi in ours, (pos.sfen(), usi, ours)
            both += 1
        elif ours:
            cshogi_missed += 1
            missed.append((pos.sfen(), sorted(ours)))
    print(f"cshogi 1-ply mate: {checked} positions not in check, {both} mates found by both, "
          f"{cshogi_missed} found only here (confirmed by brute force): {missed[:5]}")
    assert checked > 1000 and both >= 20


def run_cli(args, stdin):
    shogi = shogi_binary()
    if shogi is None:
        pytest.skip("no shogi binary (set SHOGI_BIN)")
    return subprocess.run([shogi, *args], input=stdin, capture_output=True, timeout=300)


MATE_LINES = [
    GOLD_DROP,
    MATE_IN_THREE,
    TSUME_THREE,
    LONE_ROOK,
    PAWN_DROP_MATE,
    HARD,
    "startpos",
    "position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G2S 1 moves 5i5h 5a4a",
    "position startpos moves 7g7f 3c3d 8h2b+",
    "position startpos moves 7g7f 7g7f",
    "not an sfen",
    "",
    "8k/8S!/9/9/9/9/9/9/K6R1 b G 1",
]


@pytest.mark.parametrize("mode", ["any", "tsume"])
def test_mate_matches_shogi_mate(mode):
    args = ["mate", "--mode", mode, "--nodes", "50000", "--hash", "16"]
    out = run_cli(args, "\n".join(MATE_LINES).encode() + b"\n")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.decode().splitlines()
    assert len(lines) == len(MATE_LINES)
    for text, line in zip(MATE_LINES, lines):
        if line.startswith("error: "):
            with pytest.raises(sk.ShogiError) as info:
                sk.mate(text, mode=mode, nodes=50_000)
            assert str(info.value) == line[len("error: "):], text
        else:
            assert sk.mate(text, mode=mode, nodes=50_000, hash_mb=16) == line, text
    # The solver's answer prints as the command's line.
    pos = sk.Position.from_sfen(TSUME_THREE, waive_soft_faults=True)
    assert str(sk.Solver().solve(pos, nodes=50_000, mode=mode)) == lines[2]
