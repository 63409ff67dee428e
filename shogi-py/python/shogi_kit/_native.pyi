"""Type stubs of the native module of shogi_kit (re-exported by ``shogi_kit``).

Colours are the strings ``"black"`` (sente, moves first in even games) and ``"white"``.
Every error is a ``ShogiError`` (a ``ValueError``) with the library's message.
"""

from os import PathLike
from typing import Any, Callable, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

__version__: str

MoveLike = Union["Move", str, int]
"""A move argument: a ``Move``, a USI string (``"7g7f"``, ``"P*5e"``) or a move16 code."""

class ShogiError(ValueError):
    """The base class of every error of shogi_kit (a ValueError)."""

class SfenError(ShogiError):
    """The text is no SFEN."""

class PositionError(ShogiError):
    """The SFEN or packed bytes are read, but they are no valid position."""

class MoveParseError(ShogiError):
    """The text is no USI move, or the number no move16 code."""

class IllegalMoveError(ShogiError):
    """The move is not legal in the position."""

class PackError(ShogiError):
    """A position or move cannot be written or read in a packed training format (HCP,
    PackedSfen, HCPE, PSV)."""

class RecordError(ShogiError):
    """A game record cannot be read, or a file cannot be opened."""

class GameError(ShogiError):
    """The game cannot do this now: it is over, there is nothing to undo, a declaration cannot
    be judged."""

class MateBudgetError(ShogiError):
    """A mate search spent its node budget before it could decide (no answer: neither a mate
    nor no mate)."""

class Move:
    """A move, exactly what a USI move carries: ``7g7f``, ``8h2b+``, ``P*5e``.

    Immutable, hashable, compared by value; the objects are shared, so listing legal moves
    allocates no move objects.
    """

    @staticmethod
    def from_usi(usi: str) -> Move:
        """Reads a USI move. Raises ``MoveParseError``."""
    @staticmethod
    def from_move16(code: int) -> Move:
        """Reads a move16 code (cshogi's ``move16``, HCPE's ``bestMove16``) without a position.
        Raises ``MoveParseError``."""
    @property
    def usi(self) -> str:
        """The USI text."""
    @property
    def move16(self) -> int:
        """The 16-bit code of cshogi's ``move16``."""
    @property
    def to_square(self) -> str:
        """The destination square (``"7f"``)."""
    @property
    def from_square(self) -> Optional[str]:
        """The origin square, ``None`` for a drop."""
    @property
    def is_drop(self) -> bool:
        """Whether the move is a drop from the hand."""
    @property
    def is_promotion(self) -> bool:
        """Whether the moving piece promotes."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Position:
    """A valid position of standard shogi (with or without a handicap) or of the
    untakeable-silver variant. Mutable (``play``); compare with ``==`` (board, hands, side to
    move: the repetition identity, ignoring the move number); not hashable (use ``zobrist()``).
    Picklable."""

    @staticmethod
    def from_sfen(sfen: str, waive_soft_faults: bool = False) -> Position:
        """Reads an SFEN. Silvers marked ``S!`` make a position of the untakeable-silver
        variant. With ``waive_soft_faults``, more material than one set and a mate problem's
        single king are accepted. Raises ``SfenError`` or ``PositionError``."""
    @staticmethod
    def startpos() -> Position:
        """The start position of an even game (平手), Black to move."""
    @staticmethod
    def handicap(name: str) -> Position:
        """The start of a handicap game by its Japanese (``"角落ち"``) or English
        (``"Bishop"``) name; White (the giver) moves first."""
    @staticmethod
    def handicap_names() -> list[str]:
        """The English names of every handicap."""
    @staticmethod
    def untakeable_silver(setup: Optional[str] = None) -> Position:
        """A start of the untakeable-silver variant: ``"six-piece"`` (default),
        ``"nine-piece"`` or ``"eighteen-piece"``."""
    @staticmethod
    def from_hcp(data: Union[npt.NDArray[Any], bytes, bytearray]) -> Position:
        """Decodes an HCP (32 bytes: a ``uint8`` array, ``bytes``, or a cshogi
        ``HuffmanCodedPos`` entry) into a position of standard shogi, move number 1. Raises
        ``PackError``."""
    @staticmethod
    def from_packed_sfen(data: Union[npt.NDArray[Any], bytes, bytearray]) -> Position:
        """Decodes a PackedSfen (32 bytes) into a position, move number 1. Raises
        ``PackError``."""
    def sfen(self) -> str:
        """The SFEN (protected silvers marked ``S!``)."""
    @property
    def side_to_move(self) -> str:
        """``"black"`` or ``"white"``."""
    @property
    def move_number(self) -> int:
        """The move number of the move about to be played, as in SFEN."""
    @property
    def variant(self) -> str:
        """``"standard"`` or ``"untakeable-silver"``."""
    def legal_moves(self) -> list[Move]:
        """The legal moves as ``Move`` objects."""
    def legal_moves_array(self) -> npt.NDArray[np.uint16]:
        """The legal moves as move16 codes (cshogi's ``move16``)."""
    def legal_move_count(self) -> int:
        """The number of legal moves."""
    def is_legal(self, move: MoveLike) -> bool:
        """Whether ``move`` is legal here (a malformed move raises ``MoveParseError``)."""
    def play(self, move: MoveLike) -> None:
        """Plays ``move``. An illegal move raises ``IllegalMoveError`` and leaves the position
        unchanged."""
    def move_from_move16(self, code: int) -> Move:
        """The move of a move16 code in this position, checked to be legal."""
    def is_check(self) -> bool:
        """Whether the side to move is in check."""
    def is_checkmate(self) -> bool:
        """Whether the side to move is in check and has no legal move."""
    def has_legal_move(self) -> bool:
        """Whether the side to move has a legal move."""
    def zobrist(self) -> int:
        """The 64-bit Zobrist key of board, hands and side to move."""
    def to_hcp(self) -> npt.NDArray[np.uint8]:
        """The HCP (cshogi's HuffmanCodedPos) as 32 ``uint8``. Raises ``PackError`` for a
        position HCP cannot hold (one king, more than one set, protected silvers)."""
    def to_hcp_bytes(self) -> bytes:
        """The HCP as 32 ``bytes``."""
    def to_packed_sfen(self) -> npt.NDArray[np.uint8]:
        """The PackedSfen (YaneuraOu's) as 32 ``uint8``."""
    def perft(self, depth: int) -> int:
        """The leaf count of the legal move tree ``depth`` plies deep (GIL released)."""
    def mate_in_one(self) -> Optional[Move]:
        """A move that mates at once (一手詰, itte-zume), or ``None``. Exact: the move gives
        check and leaves no legal reply; a pawn drop that would mate is illegal, so it is never
        the answer. Either side may attack, also in check."""
    def mating_moves(self) -> list[Move]:
        """Every move that mates at once, in the generator's order (empty if none)."""
    def mate_in(self, plies: int, nodes: int = 1_000_000) -> Optional[list[Move]]:
        """A shortest forced mate of at most ``plies`` plies (1 to 31; an even number searches
        one ply less), searched exhaustively within ``nodes`` positions: the moves (the
        attacker's first, the mating move last), or ``None`` when there is no mate within
        ``plies``. Raises ``MateBudgetError`` when the budget runs out first ("no mate" and
        "not decided" are never merged), ``ShogiError`` for more than 31 plies. GIL
        released."""
    def svg(
        self, flip: bool = False, western: bool = False, last_move: Optional[MoveLike] = None
    ) -> str:
        """The SVG diagram: the document ``shogi svg [--flip] [--western] [--last MOVE] <sfen>``
        writes for this position (the king in check highlighted)."""
    def _repr_svg_(self) -> str:
        """The SVG diagram (``svg()``), shown by Jupyter and IPython."""
    def copy(self) -> Position:
        """An independent copy."""

class Outcome:
    """How a game ended. ``str()`` is the text of ``shogi adjudicate``: ``win black
    checkmate``, ``draw repetition``, ``unfinished``."""

    @staticmethod
    def from_str(text: str) -> Outcome:
        """Reads the text of ``str(outcome)``."""
    @property
    def winner(self) -> Optional[str]:
        """``"black"``, ``"white"``, or ``None`` for a draw or an unfinished game."""
    @property
    def reason(self) -> str:
        """``checkmate``, ``resignation``, ``repetition``, ``impasse``, ... (``""`` if
        unfinished)."""
    @property
    def is_draw(self) -> bool:
        """Whether the game was drawn."""
    @property
    def is_decided(self) -> bool:
        """Whether the game has a result (a win or a draw)."""
    @property
    def result_code(self) -> Optional[int]:
        """cshogi's result code: 0 draw, 1 Black won, 2 White won; ``None`` if unfinished."""

class Game:
    """A game: start position, moves, and the verdicts of the rules (mate, repetition and
    perpetual check, impasse, move limit) and recorded endings."""

    def __init__(
        self,
        start: Optional[Position] = None,
        *,
        impasse: Optional[str] = None,
        move_limit: Optional[int] = None,
        limit_count: bool = False,
        handicap_credit: bool = False,
    ) -> None:
        """A game from ``start`` (the even start by default). ``impasse``: ``"none"``
        (default), ``"24"``, ``"24-declaration"``, ``"27"`` or ``"try"``; ``move_limit``: the
        game ends after that many moves, a draw unless ``limit_count`` (then the 24-point
        count decides when both kings are in their camps); ``handicap_credit``: the giver is
        credited with the missing points."""
    @staticmethod
    def preset(
        name: str,
        *,
        handicap: Optional[str] = None,
        setup: Optional[str] = None,
        move_limit: Optional[int] = None,
    ) -> Game:
        """A new game of a preset: ``"standard-jsa24"``, ``"standard-csa27"``,
        ``"handicap-jsa24"``/``"handicap-csa27"`` (with ``handicap``) or
        ``"untakeable-silver"`` (with ``setup`` and ``move_limit``)."""
    @property
    def position(self) -> Position:
        """The position now (a copy)."""
    @property
    def initial_position(self) -> Position:
        """The start position (a copy)."""
    @property
    def moves(self) -> list[Move]:
        """The moves played."""
    @property
    def outcome(self) -> Optional[Outcome]:
        """The outcome, ``None`` while the game goes on."""
    @property
    def is_over(self) -> bool:
        """Whether the game has ended."""
    @property
    def repetitions(self) -> int:
        """How many times the current position occurred before."""
    def points(self) -> dict[str, tuple[Any, Any]]:
        """Impasse points as ``(black, white)`` pairs: ``total``, ``declaration``,
        ``pieces_in_camp``, ``king_in_camp``."""
    def play(self, move: MoveLike) -> Optional[Outcome]:
        """Plays ``move``; returns the outcome if the game ended with it. Raises
        ``IllegalMoveError`` (illegal) or ``GameError`` (already over); the game is then
        unchanged."""
    def play_or_forfeit(self, move: MoveLike) -> Optional[Outcome]:
        """Plays ``move``; an illegal move loses the game instead of raising."""
    def undo(self) -> Move:
        """Takes the last move back and returns it."""
    def declare(self) -> Outcome:
        """The side to move declares under the impasse rule; the verdict ends the game."""
    def judge_declaration(self) -> Outcome:
        """The verdict a declaration would get now, without ending the game."""
    def resign(self, color: str) -> Outcome:
        """``color`` resigns."""
    def lose_on_time(self, color: str) -> Outcome:
        """``color`` loses on time."""
    def abandon(self, color: str) -> Outcome:
        """``color`` abandons the game."""
    def agree_draw(self) -> Outcome:
        """The players agree to a draw."""
    def interrupt(self) -> Outcome:
        """The game is stopped without a result (中断)."""
    def copy(self) -> Game:
        """An independent copy."""

class Record:
    """A game record: start, headers, moves (with comments and times) and recorded ending.
    Picklable (as JKF)."""

    def __init__(self, start: Optional[Position] = None) -> None:
        """An empty record from ``start`` (the even start by default)."""
    @staticmethod
    def read(data: Union[str, bytes], lenient: bool = False) -> Record:
        """Reads KIF, KI2, CSA (first game), JKF or a USI ``position`` line, from ``str`` or
        from ``bytes`` in UTF-8, Shift_JIS or EUC-JP (detected). With ``lenient``, the moves
        before one that cannot be read or played are kept and ``lenient_error`` says why.
        Raises ``RecordError``."""
    @staticmethod
    def read_all(data: Union[str, bytes], lenient: bool = False) -> list[Record]:
        """Every game of a file (CSA files may hold several). Raises ``RecordError`` naming the
        game; with ``lenient``, keeps the legal part of a bad game."""
    @staticmethod
    def from_game(game: Game) -> Record:
        """The record of a game: start, moves and, if over, its outcome."""
    @property
    def lenient_error(self) -> Optional[str]:
        """Why a lenient read stopped early, or ``None``."""
    @property
    def start(self) -> Position:
        """The start position."""
    @property
    def moves(self) -> list[Move]:
        """The moves of the main line."""
    @property
    def headers(self) -> list[tuple[str, str]]:
        """``(key, value)`` pairs; known keys: ``Black``, ``White``, ``Event``, ``Site``,
        ``StartTime``, ``EndTime``, ``TimeControl``, ``Opening``; others as written."""
    def add_header(self, key: str, value: str) -> None:
        """Adds a header."""
    def player(self, color: str) -> Optional[str]:
        """The player of ``color``, if named."""
    @property
    def outcome(self) -> Optional[Outcome]:
        """The recorded outcome (``%TORYO``, ``投了``, ``千日手``, ...), or ``None``."""
    @property
    def winner(self) -> Optional[str]:
        """The recorded winner, or ``None``."""
    @property
    def handicap(self) -> Optional[str]:
        """The English name of the start's handicap (``"Even"`` for the even start)."""
    def push(self, move: MoveLike) -> None:
        """Appends a legal move."""
    def final_position(self) -> Position:
        """The position after the last move."""
    def to_game(
        self,
        *,
        impasse: Optional[str] = None,
        move_limit: Optional[int] = None,
        limit_count: bool = False,
        handicap_credit: bool = False,
    ) -> Game:
        """The game replayed under a rule set (see ``Game``)."""
    def to_kif(self) -> str:
        """KIF text (UTF-8)."""
    def to_ki2(self) -> str:
        """KI2 text."""
    def to_csa(self) -> str:
        """CSA text."""
    def to_jkf(self) -> str:
        """JKF (JSON Kifu Format) text."""
    def to_usi(self) -> str:
        """The USI ``position`` command."""
    def japanese_moves(self) -> list[str]:
        """The moves in Japanese notation (``▲７六歩``)."""
    def western_moves(self) -> list[str]:
        """The moves in Western notation (``P-7f``)."""
    def __len__(self) -> int:
        """The number of moves."""

def legal_moves(sfen: str) -> list[str]:
    """The legal moves, USI, sorted by byte order: the output line of ``shogi legal``
    (``"startpos"`` accepted, soft faults waived). Raises where the command prints
    ``error:``."""

def adjudicate(
    line: str,
    impasse: Optional[str] = None,
    move_limit: Optional[int] = None,
    limit_count: bool = False,
    handicap_credit: bool = False,
) -> str:
    """The output line of ``shogi adjudicate`` for one input line (a USI position command,
    optionally followed by ``declare``): ``ongoing``, ``win black <reason>``, ``draw
    <reason>`` or ``illegal <index> <kind>``. ``impasse`` defaults to ``"27"`` here (the
    command's default is ``none``). Raises where the command prints ``error:``."""

def convert(text: Union[str, bytes], to: str, lenient: bool = False) -> str:
    """The standard output of ``shogi convert --to TO``: ``usi``, ``sfen``, ``kif``, ``ki2``,
    ``csa``, ``jkf``, ``western`` or ``japanese``. Raises where the command fails."""

def perft(sfen: str, depth: int, threads: int = 1, hash_mb: int = 0) -> int:
    """The total of ``shogi perft DEPTH SFEN`` (``"startpos"`` accepted); the GIL is
    released."""

Progress = Callable[[int, int, int], object]
PathArg = Union[str, PathLike[str]]

def mate(
    line: str,
    mode: str = "any",
    nodes: Optional[int] = None,
    time_ms: Optional[int] = None,
    hash_mb: int = 16,
) -> str:
    """The line ``shogi mate [--mode M] [--nodes N] [--time-ms MS] [--hash MB]`` prints for the
    input line ``line`` (an SFEN, ``"startpos"`` or a USI position command whose side to move
    after the moves attacks): ``mate <plies> <usi moves…>``, ``nomate`` or ``unknown
    <reason>``. Mate problems (one king) and other faults of composed problems are accepted.
    Where the command prints ``error: <message>``, raises ``ShogiError`` with the message. A
    fresh table of ``hash_mb`` MB each call (the command's default is 256; an answer cut by
    ``nodes`` may depend on it). GIL released."""

def svg(
    sfen: Optional[str] = None,
    flip: bool = False,
    western: bool = False,
    last: Optional[str] = None,
    dots: Optional[str] = None,
    arrows: Sequence[str] = (),
    highlights: Sequence[str] = (),
) -> str:
    """The SVG document ``shogi svg`` writes for ``sfen`` (any SFEN that reads, valid or not;
    ``"startpos"`` by default) and its flags: ``flip``, ``western``, ``last`` (a USI move),
    ``dots`` (a square), ``arrows`` (USI moves), ``highlights`` (``"SQUARE:COLOR"``). Where the
    command prints ``error: <message>``, raises ``ShogiError`` (``SfenError`` for an unreadable
    SFEN) with the message."""

class MateResult:
    """The answer of ``Solver.solve``: a mate, a proof of no mate, or why the search stopped.
    ``str(result)`` is the line ``shogi mate`` prints: ``mate <plies> <usi moves…>``,
    ``nomate`` or ``unknown <reason>``. Compared by value."""

    @property
    def kind(self) -> str:
        """``"mate"``, ``"nomate"`` or ``"unknown"``."""
    @property
    def is_mate(self) -> bool:
        """Whether the side to move mates."""
    @property
    def is_nomate(self) -> bool:
        """Whether it is proved that the side to move has no forced mate."""
    @property
    def moves(self) -> list[Move]:
        """The mating line (empty unless a mate)."""
    @property
    def usi(self) -> list[str]:
        """The mating line as USI strings (empty unless a mate)."""
    @property
    def plies(self) -> Optional[int]:
        """The length of the mate in plies, ``None`` unless a mate."""
    @property
    def exact(self) -> bool:
        """Whether the length is proved to be the problem's (``mode="tsume"``, not cut by a
        limit); ``False`` otherwise. With ``mode="any"`` the defender's moves of the line are one
        defence, not always the longest: the best defence may last longer than the line."""
    @property
    def reason(self) -> Optional[str]:
        """For ``unknown``: ``"nodes"``, ``"time"``, ``"stopped"``, ``"memory"``,
        ``"max-plies"`` (no mate forced within ``max_plies`` against every defence; a longer
        one may exist) or
        ``"unverified"``; otherwise ``None``."""

class Solver:
    """A df-pn mate solver with a transposition table of ``hash_mb`` megabytes, kept between
    calls until ``clear()``. One search at a time per solver."""

    def __init__(self, hash_mb: int = 16) -> None: ...
    def solve(
        self,
        position: Position,
        nodes: Optional[int] = None,
        time_ms: Optional[int] = None,
        max_plies: Optional[int] = None,
        mode: str = "any",
    ) -> MateResult:
        """Searches for a forced mate by the side to move (GIL released). No limit by
        default: give ``nodes`` or ``time_ms`` for an answer in bounded time. ``mode``:
        ``"any"`` (the first mate proved; the line's defence is one defence, not always the
        longest) or ``"tsume"`` (the
        composer's answer: shortest mate against the longest defence, futile interpositions
        not counted, length proved exact). Every mate is replayed before it is returned."""
    def clear(self) -> None:
        """Empties the table."""
    def stats(self) -> tuple[int, float, int]:
        """What the last ``solve`` did: ``(nodes, elapsed_ms, table_permille)``."""

def _records_to_packed(
    paths: list[str],
    format: str,
    threads: Optional[int] = None,
    lenient: bool = False,
    all_files: bool = False,
    progress: Optional[Progress] = None,
) -> tuple[npt.NDArray[np.uint8], dict[str, Any]]: ...
def _read_records(
    paths: list[str],
    threads: Optional[int] = None,
    lenient: bool = False,
    all_files: bool = False,
    progress: Optional[Progress] = None,
) -> tuple[list[Record], dict[str, Any]]: ...
def _decode_packed(
    data: bytes, format: str, threads: Optional[int] = None
) -> tuple[list[Position], list[Move]]: ...
def _encode_packed(
    positions: list[Position],
    moves: list[MoveLike],
    results: list[int],
    format: str,
    evals: Optional[list[int]] = None,
) -> npt.NDArray[np.uint8]: ...
