"""Time cshogi 1.1.0's packed-position calls from Python, per call.

Measures Board.to_hcp / set_hcp / to_psfen / set_psfen and Board.sfen (SFEN writing) on the positions of
shogi-movegen/benches/packed.rs. Each number includes the Python-to-C++ boundary (argument
checks, the numpy buffer protocol) on top of the C++ work, which is why it is far above the
pure C++ cost; an empty-ish call (Board.turn) is timed as a baseline of that boundary.

Usage: ${CARGO_TARGET_DIR:-target}/interop/venv/bin/python .ci/interop/packed_speed.py
"""
import timeit

import cshogi
import numpy as np

POSITIONS = [
    ("startpos", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
    ("midgame", "l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b BGSs3p 91"),
    ("max593", "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1"),
    ("drops", "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1"),
]


def per_call(fn, n=200_000):
    best = min(timeit.repeat(fn, number=n, repeat=5))
    return best / n * 1e9


def main():
    board = cshogi.Board()
    print(f"baseline Board.turn: {per_call(lambda: board.turn):.0f} ns/call")
    for name, sfen in POSITIONS:
        board = cshogi.Board(sfen)
        hcp = np.zeros(1, dtype=cshogi.HuffmanCodedPos)
        psfen = np.zeros(1, dtype=cshogi.PackedSfen)
        board.to_hcp(hcp)
        board.to_psfen(psfen)
        other = cshogi.Board()
        rows = [
            ("to_hcp", lambda: board.to_hcp(hcp)),
            ("set_hcp", lambda: other.set_hcp(hcp)),
            ("to_psfen", lambda: board.to_psfen(psfen)),
            ("set_psfen", lambda: other.set_psfen(psfen)),
            ("sfen", lambda: board.sfen()),
        ]
        print(name + ": " + ", ".join(f"{op} {per_call(fn):.0f} ns" for op, fn in rows))


if __name__ == "__main__":
    main()
