use core::fmt;

use shogi_types::Move;

use crate::{Position, VariantHooks};

/// One thing that can be wrong with a [`Setup`](shogi_types::Setup).
///
/// Soft faults ([`Fault::is_soft`]) describe positions the move generator can live with; they
/// can be waived with [`PositionError::ignore`]. All others are hard.
///
/// A hand cannot hold a king or a promoted kind: [`Hand`](shogi_types::Hand) cannot represent
/// them, so readers reject such text and no fault is needed for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Fault {
    /// White has no king, or neither side has one.
    MissingKing,
    /// Black has no king while White has one: a mate problem (詰将棋, tsume shogi), where the
    /// attacker plays without a king. Soft: waive it explicitly to play such a problem.
    #[doc(alias = "tsume")]
    MissingAttackerKing,
    /// A side has more than one king.
    TooManyKings,
    /// A side has two unpromoted pawns on one file (二歩, nifu).
    #[doc(alias = "nifu")]
    TwoPawns,
    /// A piece stands where it could never move again (行き所のない駒): a pawn or lance on the
    /// far rank, a knight on the far two ranks.
    StuckPiece,
    /// The side that is not to move is in check.
    OpponentInCheck,
    /// Board and hands together hold more of some kind than one set has (18 pawns, 4 lances,
    /// knights, silvers and golds, 2 bishops and rooks). Soft: the generator is exact anyway.
    TooMuchMaterial,
    /// A square marked protected ([`Setup::protected`](shogi_types::Setup::protected), `!` in
    /// SFEN) is empty or holds a piece the rules do not protect; under [`Standard`](crate::Standard)
    /// every mark is this fault.
    BadProtection,
    /// Board and hands together hold more than 255 pieces of one kind, more than a hand can
    /// count (a capture could then lose a piece). Hard, unlike [`Fault::TooMuchMaterial`].
    MaterialOverflow,
}

impl Fault {
    /// All faults, in the order they are reported.
    pub const ALL: [Fault; 9] = [
        Fault::MissingKing,
        Fault::MissingAttackerKing,
        Fault::TooManyKings,
        Fault::TwoPawns,
        Fault::StuckPiece,
        Fault::OpponentInCheck,
        Fault::TooMuchMaterial,
        Fault::BadProtection,
        Fault::MaterialOverflow,
    ];

    /// Whether the fault can be waived with [`PositionError::ignore`].
    #[must_use]
    pub const fn is_soft(self) -> bool {
        matches!(self, Fault::MissingAttackerKing | Fault::TooMuchMaterial)
    }

    /// Whether a composed problem (詰将棋, tsume shogi) may show the fault, so that
    /// [`PositionError::ignore_problem_faults`] waives it: the soft faults, plus
    /// [`Fault::TwoPawns`] and [`Fault::StuckPiece`] (problems such as 九歩詰め line up pawns
    /// that no game could). The generator stays exact on such positions: a stuck piece has no
    /// move, and a pawn drop is refused on any file that holds an unpromoted pawn of the mover.
    #[must_use]
    pub const fn allowed_in_problems(self) -> bool {
        self.is_soft() || matches!(self, Fault::TwoPawns | Fault::StuckPiece)
    }

    const fn bit(self) -> u16 {
        1 << self as u16
    }

    const fn message(self) -> &'static str {
        match self {
            Fault::MissingKing => "white has no king",
            Fault::MissingAttackerKing => {
                "black has no king (a mate problem; waive Fault::MissingAttackerKing to allow it)"
            }
            Fault::TooManyKings => "a side has more than one king",
            Fault::TwoPawns => "a side has two unpromoted pawns on one file (nifu)",
            Fault::StuckPiece => "a pawn, lance or knight stands where it can never move",
            Fault::OpponentInCheck => "the side not to move is in check",
            Fault::TooMuchMaterial => {
                "more pieces of a kind than one set holds (waive Fault::TooMuchMaterial to allow it)"
            }
            Fault::BadProtection => "a piece is marked protected that these rules cannot protect",
            Fault::MaterialOverflow => "more than 255 pieces of one kind on the board and in hands",
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

/// A set of [`Fault`]s.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Faults(u16);

impl Faults {
    /// No fault.
    pub const NONE: Faults = Faults(0);

    /// Whether the set is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `fault` is in the set.
    #[must_use]
    pub const fn contains(self, fault: Fault) -> bool {
        self.0 & fault.bit() != 0
    }

    /// The set with `fault` added.
    #[must_use]
    pub const fn with(self, fault: Fault) -> Faults {
        Faults(self.0 | fault.bit())
    }

    /// The set with `fault` removed.
    #[must_use]
    pub const fn without(self, fault: Fault) -> Faults {
        Faults(self.0 & !fault.bit())
    }

    /// The faults in the set, in the order of [`Fault::ALL`].
    pub fn iter(self) -> impl Iterator<Item = Fault> {
        Fault::ALL.into_iter().filter(move |f| self.contains(*f))
    }
}

impl fmt::Debug for Faults {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// The error of [`Position::from_setup`]: every fault found, and the position built anyway so
/// that soft faults can be waived.
///
/// ```
/// use shogi_movegen::{Fault, Position};
/// use shogi_types::{Color, Hand, Piece, PieceKind, Setup, Square};
///
/// // A mate problem: only White has a king; Black holds 16 pawns.
/// let mut setup = Setup::empty();
/// setup.set_piece(Square::SQ_5A, Some(Piece::new(Color::White, PieceKind::King)));
/// setup.hands.black = Hand::EMPTY.with_count(PieceKind::Pawn, 16).unwrap();
/// let err = Position::<shogi_movegen::Standard>::from_setup(setup).unwrap_err();
/// assert!(err.faults().contains(Fault::MissingAttackerKing));
/// let pos = err.ignore(Fault::MissingAttackerKing)?;
/// assert_eq!(pos.perft(1), 72);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct PositionError<R: VariantHooks> {
    pub(crate) position: Stored<R>,
    pub(crate) faults: Faults,
}

/// With `alloc`, the position is boxed so that `Result<Position, PositionError>` stays small.
#[cfg(feature = "alloc")]
pub(crate) type Stored<R> = alloc::boxed::Box<Position<R>>;
#[cfg(not(feature = "alloc"))]
pub(crate) type Stored<R> = Position<R>;

impl<R: VariantHooks> PositionError<R> {
    #[allow(clippy::useless_conversion)] // a conversion only with `alloc`
    pub(crate) fn new(position: Position<R>, faults: Faults) -> PositionError<R> {
        PositionError {
            position: position.into(),
            faults,
        }
    }
}

impl<R: VariantHooks> PositionError<R> {
    /// The faults that remain.
    #[must_use]
    pub fn faults(&self) -> Faults {
        self.faults
    }

    /// Waives `fault` if it is soft, and returns the position if no fault remains.
    ///
    /// Waiving a hard fault does nothing.
    ///
    /// # Errors
    /// Returns `self` (without the waived fault) if other faults remain.
    pub fn ignore(mut self, fault: Fault) -> Result<Position<R>, PositionError<R>> {
        if fault.is_soft() {
            self.faults = self.faults.without(fault);
        }
        if self.faults.is_empty() {
            Ok(self.into_position_unchecked())
        } else {
            Err(self)
        }
    }

    /// Waives every soft fault (extra material, the attacker's missing king) and returns the
    /// position if no hard fault remains.
    ///
    /// # Errors
    /// Returns `self` if hard faults remain.
    pub fn ignore_soft(self) -> Result<Position<R>, PositionError<R>> {
        self.ignore(Fault::TooMuchMaterial)
            .or_else(|e| e.ignore(Fault::MissingAttackerKing))
    }

    /// Waives every fault that a composed problem may show ([`Fault::allowed_in_problems`]: the soft
    /// faults, two unpromoted pawns on a file, a piece that can never move) and returns the
    /// position if no other fault remains. Record readers use it for the start positions of
    /// problems; play from such a position follows the rules as usual.
    ///
    /// ```
    /// use shogi_movegen::{Fault, Position, Standard};
    /// use shogi_types::{Color, Piece, PieceKind, Setup, Square};
    ///
    /// // 九歩詰め: White's king on 1a behind nine pawns on file 2.
    /// let mut setup = Setup::empty();
    /// setup.board[Square::SQ_1A.index()] = Some(Piece::new(Color::White, PieceKind::King));
    /// for sq in Square::ALL.into_iter().filter(|sq| sq.file().get() == 2) {
    ///     setup.board[sq.index()] = Some(Piece::new(Color::White, PieceKind::Pawn));
    /// }
    /// let err = Position::<Standard>::from_setup(setup).unwrap_err();
    /// assert!(err.faults().contains(Fault::TwoPawns) && err.faults().contains(Fault::StuckPiece));
    /// assert!(err.clone().ignore_soft().is_err());
    /// let pos = err.ignore_problem_faults()?;
    /// assert_eq!(pos.perft(1), 0); // Black has nothing to move or drop
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// Returns `self` if other faults remain.
    pub fn ignore_problem_faults(mut self) -> Result<Position<R>, PositionError<R>> {
        for fault in Fault::ALL {
            if fault.allowed_in_problems() {
                self.faults = self.faults.without(fault);
            }
        }
        if self.faults.is_empty() {
            Ok(self.into_position_unchecked())
        } else {
            Err(self)
        }
    }
}

impl<R: VariantHooks> PositionError<R> {
    /// The position built from the setup despite its faults, for inspection only.
    pub(crate) fn into_position_unchecked(self) -> Position<R> {
        #[cfg(feature = "alloc")]
        {
            *self.position
        }
        #[cfg(not(feature = "alloc"))]
        {
            self.position
        }
    }
}

impl<R: VariantHooks> fmt::Debug for PositionError<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PositionError")
            .field("faults", &self.faults)
            .finish_non_exhaustive()
    }
}

impl<R: VariantHooks> fmt::Display for PositionError<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid position: ")?;
        // An empty board (or one with no king at all) says so once, not as two faults of
        // which one suggests a mate problem.
        let no_kings = self.faults.contains(Fault::MissingKing)
            && self.position.king(shogi_types::Color::Black).is_none();
        let mut first = true;
        if no_kings {
            f.write_str("neither side has a king")?;
            first = false;
        }
        for fault in self.faults.iter() {
            if no_kings && matches!(fault, Fault::MissingKing | Fault::MissingAttackerKing) {
                continue;
            }
            if !first {
                f.write_str("; ")?;
            }
            first = false;
            write!(f, "{fault}")?;
        }
        Ok(())
    }
}

impl<R: VariantHooks> core::error::Error for PositionError<R> {}

/// The error of reading a [`Position`] from SFEN text (its [`FromStr`](core::str::FromStr)):
/// the text is no SFEN, or the SFEN is no valid position. `Display` shows the inner error's
/// message alone.
///
/// ```
/// use shogi_movegen::{ParsePositionError, Position};
///
/// let pos: Position = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1".parse()?;
/// assert_eq!(pos.legal_moves().len(), 30);
///
/// let err = "9/9 b - 1".parse::<Position>().unwrap_err();
/// assert!(matches!(err, ParsePositionError::Sfen(_)), "{err}");
/// let err = "9/9/9/9/9/9/9/9/9 b - 1".parse::<Position>().unwrap_err();
/// assert_eq!(err.to_string(), "invalid position: neither side has a king");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ParsePositionError<R: VariantHooks> {
    /// The text cannot be read as SFEN.
    Sfen(shogi_types::sfen::ParseSfenError),
    /// The SFEN is read but is no valid position; the error keeps the position, so that soft
    /// faults can be waived ([`PositionError::ignore`]).
    Position(PositionError<R>),
}

impl<R: VariantHooks> fmt::Debug for ParsePositionError<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePositionError::Sfen(e) => f.debug_tuple("Sfen").field(e).finish(),
            ParsePositionError::Position(e) => f.debug_tuple("Position").field(e).finish(),
        }
    }
}

impl<R: VariantHooks> fmt::Display for ParsePositionError<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePositionError::Sfen(e) => fmt::Display::fmt(e, f),
            ParsePositionError::Position(e) => fmt::Display::fmt(e, f),
        }
    }
}

impl<R: VariantHooks> core::error::Error for ParsePositionError<R> {}

impl<R: VariantHooks> From<shogi_types::sfen::ParseSfenError> for ParsePositionError<R> {
    fn from(e: shogi_types::sfen::ParseSfenError) -> ParsePositionError<R> {
        ParsePositionError::Sfen(e)
    }
}

impl<R: VariantHooks> From<PositionError<R>> for ParsePositionError<R> {
    fn from(e: PositionError<R>) -> ParsePositionError<R> {
        ParsePositionError::Position(e)
    }
}

/// Why a move is illegal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum IllegalMoveKind {
    /// The origin square is empty.
    NoSuchPiece,
    /// The piece on the origin square belongs to the opponent.
    NotYourPiece,
    /// The piece cannot move from the origin to the destination (wrong pattern or blocked).
    CannotReach,
    /// The destination holds a piece of the mover.
    CaptureOwnPiece,
    /// The destination holds a piece that the variant protects from capture.
    CaptureProtected,
    /// The move promotes a piece that cannot promote, or outside the promotion zone.
    BadPromotion,
    /// The move leaves a pawn, lance or knight where it could never move again (it must promote),
    /// or drops one there.
    StuckPiece,
    /// The dropped kind is not in the mover's hand (or cannot be held in hand).
    NotInHand,
    /// The drop square is occupied.
    Occupied,
    /// A pawn drop on a file that already holds an unpromoted pawn of the mover (二歩, nifu).
    #[doc(alias = "nifu")]
    TwoPawns,
    /// A pawn drop that checkmates (打ち歩詰め, uchifuzume).
    #[doc(alias = "uchifuzume")]
    DropPawnMate,
    /// The move leaves the mover's king in check (including moving a pinned piece off its line,
    /// moving the king into check, or ignoring a check).
    LeavesKingInCheck,
}

impl IllegalMoveKind {
    const fn message(self) -> &'static str {
        match self {
            IllegalMoveKind::NoSuchPiece => "no piece on the origin square",
            IllegalMoveKind::NotYourPiece => {
                "the piece on the origin square belongs to the opponent"
            }
            IllegalMoveKind::CannotReach => "the piece cannot reach the destination",
            IllegalMoveKind::CaptureOwnPiece => "the destination holds the mover's own piece",
            IllegalMoveKind::CaptureProtected => "the destination holds a protected piece",
            IllegalMoveKind::BadPromotion => "the piece cannot promote with this move",
            IllegalMoveKind::StuckPiece => "the piece could never move again and must promote",
            IllegalMoveKind::NotInHand => "the piece is not in hand",
            IllegalMoveKind::Occupied => "the drop square is occupied",
            IllegalMoveKind::TwoPawns => "a second unpromoted pawn on the file (nifu)",
            IllegalMoveKind::DropPawnMate => "a pawn drop that checkmates (uchifuzume)",
            IllegalMoveKind::LeavesKingInCheck => "the move leaves the king in check",
        }
    }
}

impl fmt::Display for IllegalMoveKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

/// The error of [`Position::play`]: the move and why it is illegal. The position is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("illegal move {mv}: {kind}")]
pub struct IllegalMove {
    /// The rejected move.
    pub mv: Move,
    /// Why it is illegal.
    pub kind: IllegalMoveKind,
}
