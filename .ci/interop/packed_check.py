"""Bit-exactness check of shogi_movegen::packed against cshogi 1.1.0.

Reads the files of the `packed_interop` example of shogi-movegen (see its doc comment):
positions.tsv (sfen, hcp hex, psfen hex, usi move, cshogi move16, psv move16), positions.hcpe
and positions.psv. For every position:
- cshogi's to_hcp / to_psfen of the SFEN equal our bytes;
- cshogi's set_hcp / set_psfen of our bytes give the same board, hands and side to move
  (cshogi sets the move number to 1 after set_hcp/set_psfen, as neither format stores it, so
  the SFENs are compared without their move number field);
- cshogi.move16 of the move equals ours, move16_to_psv equals our PSV move, move16_from_psv
  maps it back, and Board.move_from_move16 / move_from_psv of our bits is the same move;
- np.fromfile with cshogi.HuffmanCodedPosAndEval / cshogi.PackedSfenValue reads the same
  positions, moves, evals, game plies and results.
Prints `packed: N positions agree` and exits non-zero on any mismatch.
"""
import sys
from pathlib import Path

import cshogi
import numpy as np


def board_part(sfen):
    """The SFEN without its move number: board, side, hands."""
    return " ".join(sfen.split()[:3])


def main():
    d = Path(sys.argv[1] if len(sys.argv) > 1 else "target/interop/packed")
    lines = (d / "positions.tsv").read_text().splitlines()
    hcpe = np.fromfile(d / "positions.hcpe", dtype=cshogi.HuffmanCodedPosAndEval)
    psv = np.fromfile(d / "positions.psv", dtype=cshogi.PackedSfenValue)
    bad = 0

    def fail(i, what):
        nonlocal bad
        bad += 1
        if bad <= 20:
            print(f"packed: line {i + 1}: {what}", file=sys.stderr)

    if len(hcpe) != len(lines) or len(psv) != len(lines):
        print(f"packed: {len(lines)} lines, {len(hcpe)} hcpe and {len(psv)} psv records",
              file=sys.stderr)
        return 1
    hcp = np.zeros(1, dtype=cshogi.HuffmanCodedPos)
    ps = np.zeros(1, dtype=cshogi.PackedSfen)
    other = cshogi.Board()
    counts = {"promoted": 0, "white": 0, "hands": 0}
    for i, line in enumerate(lines):
        sfen, hcp_hex, ps_hex, usi, m16, p16 = line.split("\t")
        m16, p16 = int(m16), int(p16)
        board = cshogi.Board(sfen)
        if board_part(board.sfen()) != board_part(sfen):
            fail(i, f"cshogi reads {sfen!r} as {board.sfen()!r}")
            continue
        board.to_hcp(hcp)
        if hcp.tobytes().hex() != hcp_hex:
            fail(i, f"hcp of {sfen}: cshogi {hcp.tobytes().hex()}, ours {hcp_hex}")
        board.to_psfen(ps)
        if ps.tobytes().hex() != ps_hex:
            fail(i, f"psfen of {sfen}: cshogi {ps.tobytes().hex()}, ours {ps_hex}")
        ours_hcp = np.frombuffer(bytes.fromhex(hcp_hex), dtype=np.uint8)
        other.set_hcp(ours_hcp)
        if board_part(other.sfen()) != board_part(sfen) or other.move_number != 1:
            fail(i, f"set_hcp of our bytes: {other.sfen()}, expected {sfen}")
        ours_ps = np.frombuffer(bytes.fromhex(ps_hex), dtype=np.uint8)
        other.set_psfen(ours_ps)
        if board_part(other.sfen()) != board_part(sfen):
            fail(i, f"set_psfen of our bytes: {other.sfen()}, expected {sfen}")
        move = board.move_from_usi(usi)
        if move == 0 or not board.is_legal(move):
            fail(i, f"cshogi does not accept {usi} in {sfen}")
            continue
        if cshogi.move16(move) != m16:
            fail(i, f"move16 of {usi}: cshogi {cshogi.move16(move)}, ours {m16}")
        if cshogi.move16_to_psv(cshogi.move16(move)) != p16:
            fail(i, f"psv move16 of {usi}: cshogi {cshogi.move16_to_psv(m16)}, ours {p16}")
        if cshogi.move16_from_psv(p16) != m16:
            fail(i, f"move16_from_psv({p16}) = {cshogi.move16_from_psv(p16)}, ours {m16}")
        if board.move_from_move16(m16) != move:
            fail(i, f"move_from_move16({m16}) is not {usi}")
        if board.move_from_psv(p16) != move:
            fail(i, f"move_from_psv({p16}) is not {usi}")
        # The records.
        rec = hcpe[i]
        if rec["hcp"].tobytes().hex() != hcp_hex:
            fail(i, "hcpe record: hcp bytes differ")
        other.set_hcp(rec["hcp"])
        if board_part(other.sfen()) != board_part(sfen):
            fail(i, f"hcpe record: position {other.sfen()}, expected {sfen}")
        expected_eval = i * 37 % 2001 - 1000
        if int(rec["eval"]) != expected_eval:
            fail(i, f"hcpe record: eval {rec['eval']}, expected {expected_eval}")
        if int(rec["bestMove16"]) & 0xFFFF != m16:
            fail(i, f"hcpe record: best move {rec['bestMove16']}, expected {m16}")
        if other.move_from_move16(int(rec["bestMove16"]) & 0xFFFF) != move:
            fail(i, "hcpe record: best move is not the move")
        if int(rec["gameResult"]) != i % 3:
            fail(i, f"hcpe record: result {rec['gameResult']}, expected {i % 3}")
        if int(rec["dummy"]) != 0:
            fail(i, "hcpe record: padding is not 0")
        rec = psv[i]
        other.set_psfen(rec["sfen"])
        if board_part(other.sfen()) != board_part(sfen):
            fail(i, f"psv record: position {other.sfen()}, expected {sfen}")
        if int(rec["score"]) != expected_eval:
            fail(i, f"psv record: score {rec['score']}, expected {expected_eval}")
        if int(rec["move"]) != p16 or other.move_from_psv(int(rec["move"])) != move:
            fail(i, f"psv record: move {rec['move']}, expected {p16}")
        if int(rec["gamePly"]) != int(sfen.split()[3]):
            fail(i, f"psv record: game ply {rec['gamePly']}, expected {sfen.split()[3]}")
        if int(rec["game_result"]) != i % 3 - 1:
            fail(i, f"psv record: result {rec['game_result']}, expected {i % 3 - 1}")
        if int(rec["padding"]) != 0:
            fail(i, "psv record: padding is not 0")
        fields = sfen.split()
        counts["promoted"] += "+" in fields[0]
        counts["white"] += fields[1] == "w"
        counts["hands"] += fields[2] != "-"
    if bad:
        print(f"packed: {bad} mismatches in {len(lines)} positions", file=sys.stderr)
        return 1
    print(f"packed: {len(lines)} positions agree (HCP, PackedSfen, move16, PSV move16, "
          f"HCPE and PSV records; {counts['white']} White to move, {counts['promoted']} with "
          f"promoted pieces, {counts['hands']} with pieces in hand)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
