"""Shogi for Python on the Rust crates of the shogi workspace.

Positions and moves (``Position``, ``Move``), games with every ending (``Game``, ``Outcome``),
game records in KIF, KI2, CSA and JKF (``Record``), mate search (``Position.mate_in_one``,
``Position.mate_in``, the df-pn ``Solver``), board diagrams (``Position.svg``, shown by
Jupyter), the stateless functions of the ``shogi`` command (``legal_moves``, ``adjudicate``,
``convert``, ``perft``, ``mate``, ``svg``), and training data in bulk:
``records_to_hcpe`` gives a NumPy array of exactly cshogi's ``HuffmanCodedPosAndEval`` dtype,
built on Rust threads with the GIL released.

Every error is a ``ShogiError``, a subclass of ``ValueError``, with the library's message.
"""

from __future__ import annotations

import os
from typing import Callable, Iterable, Optional, Sequence, Union

import numpy as np

from . import _native
from ._native import (
    GameError,
    Game,
    IllegalMoveError,
    MateBudgetError,
    MateResult,
    Move,
    MoveParseError,
    Outcome,
    PackError,
    Position,
    PositionError,
    Record,
    RecordError,
    SfenError,
    ShogiError,
    Solver,
    adjudicate,
    convert,
    legal_moves,
    mate,
    perft,
    svg,
)

__version__ = _native.__version__

#: cshogi's ``HuffmanCodedPos``: one HCP, 32 bytes.
HCP_DTYPE = np.dtype([("hcp", "u1", (32,))])
#: cshogi's ``HuffmanCodedPosAndEval`` (HCPE), 38 bytes: field for field the same dtype.
HCPE_DTYPE = np.dtype(
    [
        ("hcp", "u1", (32,)),
        ("eval", "<i2"),
        ("bestMove16", "<i2"),
        ("gameResult", "i1"),
        ("dummy", "u1"),
    ]
)
#: cshogi's ``PackedSfen``: one PackedSfen, 32 bytes.
PACKED_SFEN_DTYPE = np.dtype([("sfen", "u1", (32,))])
#: cshogi's ``PackedSfenValue`` (PSV, YaneuraOu's training record), 40 bytes.
PSV_DTYPE = np.dtype(
    [
        ("sfen", "u1", (32,)),
        ("score", "<i2"),
        ("move", "<u2"),
        ("gamePly", "<u2"),
        ("game_result", "i1"),
        ("padding", "u1"),
    ]
)

PathLike = Union[str, "os.PathLike[str]"]
Progress = Callable[[int, int, int], object]


def _paths(paths: Union[PathLike, Iterable[PathLike]]) -> list:
    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]
    return [os.fspath(p) for p in paths]


def _check(stats: dict, errors: str) -> None:
    if errors not in ("raise", "skip"):
        raise ShogiError(f"errors={errors!r}, expected 'raise' or 'skip'")
    if errors == "raise" and stats["failures"]:
        raise RecordError(stats["failures"][0])


def _packed(paths, fmt, dtype, threads, lenient, errors, progress, all_files, return_stats):
    raw, stats = _native._records_to_packed(
        _paths(paths), fmt, threads, lenient, all_files, progress
    )
    _check(stats, errors)
    array = raw.view(dtype)
    return (array, stats) if return_stats else array


def records_to_hcpe(
    paths: Union[PathLike, Iterable[PathLike]],
    threads: Optional[int] = None,
    *,
    lenient: bool = False,
    errors: str = "raise",
    progress: Optional[Progress] = None,
    all_files: bool = False,
    return_stats: bool = False,
):
    """Game records to HCPE entries, one per position before each move: the bytes of ``shogi
    dataset --format hcpe``, as a NumPy array of ``HCPE_DTYPE`` (cshogi's dtype).

    ``paths``: record files (always read) and folders (read recursively in path order, their
    files with a record extension: .kif .kifu .ki2 .ki2u .csa .jkf .usi .sfen, or every file
    with ``all_files``). Formats and encodings are detected; a CSA file may hold many games.
    Each game is replayed under the standard rules; each entry holds the position, the move
    played as ``bestMove16``, eval 0 and the game's result (the rules' verdict where the game
    ends on the board, else the recorded ending; 0 draw, 1 Black won, 2 White won). Games
    without a result, of the untakeable-silver variant, or with a position HCP cannot hold
    are left out (counted in the stats).

    ``threads``: Rust threads (every core by default); the GIL is released and the output is
    the same for any number. ``lenient``: keep the legal moves of a record whose move cannot
    be read or played (such a game has no result, so it gives no entry). ``errors``:
    ``"raise"`` (a ``RecordError`` naming the first bad file or game) or ``"skip"``.
    ``progress``: called now and then from the calling thread as ``progress(files_done,
    files_total, positions)``; an exception from it stops the run. ``return_stats``: return
    ``(array, stats)`` with the counts of files, games, games without result, not standard,
    unpackable, positions, and the failures.
    """
    return _packed(paths, "hcpe", HCPE_DTYPE, threads, lenient, errors, progress, all_files, return_stats)


def records_to_psv(
    paths: Union[PathLike, Iterable[PathLike]],
    threads: Optional[int] = None,
    *,
    lenient: bool = False,
    errors: str = "raise",
    progress: Optional[Progress] = None,
    all_files: bool = False,
    return_stats: bool = False,
):
    """Game records to PSV entries (``shogi dataset --format psv``), as ``PSV_DTYPE``: the
    packed position, score 0, the move played, the game ply (the move number) and the result
    for the side to move (1 win, 0 draw, -1 loss). Parameters as ``records_to_hcpe``."""
    return _packed(paths, "psv", PSV_DTYPE, threads, lenient, errors, progress, all_files, return_stats)


def read_records(
    paths: Union[PathLike, Iterable[PathLike]],
    threads: Optional[int] = None,
    *,
    lenient: bool = False,
    errors: str = "raise",
    progress: Optional[Progress] = None,
    all_files: bool = False,
    return_stats: bool = False,
):
    """The ``Record`` of every game of the files, in order (files and folders as in
    ``records_to_hcpe``), read on Rust threads with the GIL released. ``lenient``, ``errors``,
    ``progress``, ``all_files`` and ``return_stats`` as in ``records_to_hcpe``."""
    records, stats = _native._read_records(_paths(paths), threads, lenient, all_files, progress)
    _check(stats, errors)
    return (records, stats) if return_stats else records


def _entries(entries, dtype, name: str):
    """The entries as a flat array of `dtype` (any array or bytes of whole entries)."""
    if isinstance(entries, (bytes, bytearray, memoryview)):
        entries = np.frombuffer(entries, dtype=np.uint8)
    array = np.ascontiguousarray(entries)
    if array.dtype != dtype:
        raw = array.tobytes()
        if len(raw) % dtype.itemsize:
            raise PackError(
                f"{name}: {len(raw)} bytes are no whole number of {dtype.itemsize}-byte entries"
            )
        array = np.frombuffer(raw, dtype=dtype)
    return array.reshape(-1)


def decode_hcpe(entries, threads: Optional[int] = None):
    """HCPE entries (an array of ``HCPE_DTYPE``, e.g. made by cshogi, or their bytes) to
    ``(positions, moves, evals, results)``: lists of ``Position`` and ``Move`` (each move
    checked to be legal in its position), and the ``eval`` and ``gameResult`` columns."""
    array = _entries(entries, HCPE_DTYPE, "hcpe")
    positions, moves = _native._decode_packed(array.tobytes(), "hcpe", threads)
    return positions, moves, array["eval"].copy(), array["gameResult"].copy()


def decode_psv(entries, threads: Optional[int] = None):
    """PSV entries (``PSV_DTYPE``, or their bytes) to ``(positions, moves, scores, results)``;
    each position has the entry's game ply as its move number."""
    array = _entries(entries, PSV_DTYPE, "psv")
    positions, moves = _native._decode_packed(array.tobytes(), "psv", threads)
    return positions, moves, array["score"].copy(), array["game_result"].copy()


def encode_hcpe(
    positions: Sequence[Position],
    moves: Sequence[Union[Move, str, int]],
    results: Sequence[int],
    evals: Optional[Sequence[int]] = None,
):
    """Positions, best moves and results (0 draw, 1 Black won, 2 White won) to an HCPE array."""
    raw = _native._encode_packed(
        list(positions), list(moves), [int(r) for r in results], "hcpe",
        None if evals is None else [int(e) for e in evals],
    )
    return raw.view(HCPE_DTYPE)


def encode_psv(
    positions: Sequence[Position],
    moves: Sequence[Union[Move, str, int]],
    results: Sequence[int],
    scores: Optional[Sequence[int]] = None,
):
    """Positions, moves and results for the side to move (1 win, 0 draw, -1 loss) to a PSV
    array; the game ply is each position's move number."""
    raw = _native._encode_packed(
        list(positions), list(moves), [int(r) for r in results], "psv",
        None if scores is None else [int(s) for s in scores],
    )
    return raw.view(PSV_DTYPE)


__all__ = [
    "Game",
    "GameError",
    "HCPE_DTYPE",
    "HCP_DTYPE",
    "IllegalMoveError",
    "MateBudgetError",
    "MateResult",
    "Move",
    "MoveParseError",
    "Outcome",
    "PACKED_SFEN_DTYPE",
    "PSV_DTYPE",
    "PackError",
    "Position",
    "PositionError",
    "Record",
    "RecordError",
    "SfenError",
    "ShogiError",
    "Solver",
    "adjudicate",
    "convert",
    "decode_hcpe",
    "decode_psv",
    "encode_hcpe",
    "encode_psv",
    "legal_moves",
    "mate",
    "perft",
    "read_records",
    "records_to_hcpe",
    "records_to_psv",
    "svg",
]
