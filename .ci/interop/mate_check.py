"""cshogi 1.1.0's DfPn next to shogi-mate on the same mate problems and node budget.

Usage: mate_check.py PROBLEMS.jsonl NODES OURS.jsonl

PROBLEMS.jsonl: one problem a line (`id`, `sfen`, `solution_moves`). OURS.jsonl: the `--json`
output of `cargo run --release -p shogi-mate --example zukou -- PROBLEMS --mode any --nodes
NODES` (one object a problem: `id`, `result`, `plies`, `nodes`, `seconds`, `moves`).

For each problem, cshogi's `DfPn(depth=1024, nodes=NODES).search` runs in this process and
its CPU time is measured with `time.process_time()`; a line it returns is replayed with
cshogi's board (every attack a legal check, every defence legal, mate at the end). Our lines
are replayed the same way (a second replay, independent of ours). One line per problem, then:
problems solved by each (with a line that replays), CPU time on the problems both solve, and
the ratio. Exits 1 if one of our answers is wrong (a line that does not replay, `nomate` on a
problem), or if we answer `nomate` where cshogi replays a mate; the speed is reported, not
asserted.
"""

import json
import sys
import time

import cshogi


def replays(sfen, moves):
    """Whether `moves` (USI) is a mating line from `sfen`, by cshogi's rules."""
    board = cshogi.Board(sfen)
    if not moves or len(moves) % 2 == 0:
        return False
    for i, usi in enumerate(moves):
        move = board.move_from_usi(usi)
        if move == 0 or not board.is_legal(move):
            return False
        board.push(move)
        if i % 2 == 0 and not board.is_check():
            return False
    return board.is_check() and board.is_game_over()


def main():
    problems_path, nodes, ours_path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    problems = [json.loads(line) for line in open(problems_path, encoding="utf-8") if line.strip()]
    ours = {}
    for line in open(ours_path, encoding="utf-8"):
        if line.strip():
            row = json.loads(line)
            ours[row["id"]] = row
    wrong = 0
    both = 0
    ours_solved = cshogi_solved = 0
    ours_cpu_common = cshogi_cpu_common = 0.0
    ours_cpu_all = cshogi_cpu_all = 0.0
    print(f"{'problem':<10} {'ref':>4} | {'cshogi':>8} {'nodes':>9} {'cpu s':>7} | {'ours':>8} {'nodes':>9} {'cpu s':>7}")
    for p in problems:
        pid, sfen = p["id"], p["sfen"]
        board = cshogi.Board(sfen)
        dfpn = cshogi.DfPn(1024, nodes)
        t0 = time.process_time()
        found = dfpn.search(board)
        cs_cpu = time.process_time() - t0
        cs_moves = [cshogi.move_to_usi(m) for m in dfpn.get_pv(board)] if found else []
        cs_ok = found and replays(sfen, cs_moves)
        cs_nodes = dfpn.searched_node
        row = ours.get(pid)
        if row is None:
            print(f"{pid}: missing from our output")
            wrong += 1
            continue
        our_ok = row["result"] == "mate" and replays(sfen, row["moves"])
        if row["result"] == "mate" and not our_ok:
            # A tsume line may end where only futile drops remain; this check runs any mode.
            print(f"{pid}: WRONG: our line does not replay: {' '.join(row['moves'])}")
            wrong += 1
        if row["result"] == "nomate":
            print(f"{pid}: WRONG: we answer nomate" + (" (cshogi replays a mate)" if cs_ok else ""))
            wrong += 1
        ours_cpu_all += row["seconds"]
        cshogi_cpu_all += cs_cpu
        ours_solved += our_ok
        cshogi_solved += cs_ok
        if our_ok and cs_ok:
            both += 1
            ours_cpu_common += row["seconds"]
            cshogi_cpu_common += cs_cpu
        cs_text = f"mate {len(cs_moves)}" if cs_ok else ("bad pv" if found else "-")
        our_text = f"mate {row['plies']}" if our_ok else row["result"]
        print(
            f"{pid:<10} {p.get('solution_moves', '?'):>4} | {cs_text:>8} {cs_nodes:>9} {cs_cpu:>7.2f}"
            f" | {our_text:>8} {row['nodes']:>9} {row['seconds']:>7.2f}"
        )
    print(f"node budget: {nodes} per problem")
    print(f"solved: cshogi {cshogi_solved}/{len(problems)}, shogi-mate {ours_solved}/{len(problems)}")
    print(f"cpu, all problems: cshogi {cshogi_cpu_all:.1f} s, shogi-mate {ours_cpu_all:.1f} s")
    ratio = cshogi_cpu_common / ours_cpu_common if ours_cpu_common > 0 else float("inf")
    print(
        f"cpu on the {both} problems both solve: cshogi {cshogi_cpu_common:.1f} s, "
        f"shogi-mate {ours_cpu_common:.1f} s (cshogi / shogi-mate = {ratio:.2f})"
    )
    if wrong:
        print(f"{wrong} wrong answers")
        sys.exit(1)


if __name__ == "__main__":
    main()
