//! Positions and games whose variant is chosen at run time.
//!
//! [`AnyPosition`] and [`AnyGame`] offer every method of [`Position`] and [`Game`]. Each
//! method is one line that hands the typed position or game inside to the method of the same
//! name, through the private `dispatch!` macro: the one place that lists the variants, in
//! `match`es without a wildcard arm. A variant added to [`Variant`] and to the enums therefore
//! fails to compile there until it is handled, rather than falling through an `_ =>` arm at
//! run time.
//!
//! Code generic over [`Position<R>`] reaches an [`AnyPosition`] through
//! [`VisitPosition`] (from `shogi-movegen`, which knows nothing of the variants), and code
//! generic over [`Game<R>`] reaches an [`AnyGame`] through [`VisitGame`].

use core::fmt;
use core::num::NonZeroU32;
use core::str::FromStr;

#[cfg(feature = "packed")]
use shogi_movegen::packed::{Hcp, PackError, PackedSfen};
use shogi_movegen::{
    Faults, IllegalMove, MoveList, PerftOptions, Position, PositionError, PositionVisitor,
    PromotionChoice, Standard, VariantHooks, VisitPosition,
};
use shogi_rules::impasse::Points;
use shogi_rules::{
    DeclarationPreview, DeclareError, DrawOfferError, Game, GameOver, MoveLimitPreview, Outcome,
    PlayError, RepetitionPreview, RuleSet, UndoError,
};
use shogi_types::sfen::ParseSfenError;
use shogi_types::{Bitboard, ByColor, Color, Hand, Move, Piece, PieceKind, Setup, Square};

use crate::UntakeableSilver;

/// The one list of variants.
///
/// - `dispatch!(Variant: v, R => body)` runs `body` with the type `R` set to the [`VariantHooks`] of
///   the variant `v`.
/// - `dispatch!(Enum: value, x => body)` runs `body` with `x` bound to the position, game or
///   error of whatever variant `value` (an `AnyPosition`, `AnyGame` or `AnyPositionError`, or
///   a reference to one) holds.
///
/// Neither `match` has a wildcard arm: a new variant fails to compile here until it is added.
macro_rules! dispatch {
    (Variant: $variant:expr, $rules:ident => $body:expr) => {
        match $variant {
            Variant::Standard => {
                type $rules = Standard;
                $body
            }
            Variant::UntakeableSilver => {
                type $rules = UntakeableSilver;
                $body
            }
        }
    };
    ($any:ident: $value:expr, $x:ident => $body:expr) => {
        match $value {
            $any::Standard($x) => $body,
            $any::UntakeableSilver($x) => $body,
        }
    };
}

/// A variant of shogi: which [`VariantHooks`] a position is played under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[non_exhaustive]
pub enum Variant {
    /// Standard shogi (本将棋, hon shōgi), with or without a handicap: [`Standard`].
    #[default]
    Standard,
    /// The untakeable-silver variant: [`UntakeableSilver`].
    UntakeableSilver,
}

impl Variant {
    /// Every variant.
    pub const ALL: [Variant; 2] = [Variant::Standard, Variant::UntakeableSilver];

    /// The variant whose positions `setup` can be, by its protection marks
    /// ([`Setup::protected`], `S!` in SFEN): the untakeable-silver variant if it marks any
    /// piece (it is the only variant with protected pieces), standard shogi otherwise.
    ///
    /// A handicap start is a position of standard shogi: its missing pieces need no variant.
    ///
    /// ```
    /// use shogi_types::Setup;
    /// use shogi_variants::Variant;
    ///
    /// let marked: Setup = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS!1K1S!N1 b - 1".parse()?;
    /// assert_eq!(Variant::for_setup(&marked), Variant::UntakeableSilver);
    /// assert_eq!(Variant::for_setup(&Setup::start()), Variant::Standard);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn for_setup(setup: &Setup) -> Variant {
        if setup.protected.is_nonempty() {
            Variant::UntakeableSilver
        } else {
            Variant::Standard
        }
    }

    /// A short name: `"standard"` or `"untakeable-silver"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::UntakeableSilver => "untakeable-silver",
        }
    }
}

impl fmt::Display for Variant {
    /// Writes [`Variant::name`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

mod sealed {
    /// Keeps [`BuiltinVariant`](super::BuiltinVariant) to the rules of this crate's variants.
    pub trait Sealed {}
    impl Sealed for shogi_movegen::Standard {}
    impl Sealed for crate::UntakeableSilver {}
}

/// The [`VariantHooks`] of one of the [`Variant`]s: [`Standard`] and [`UntakeableSilver`]. Their
/// positions, games and errors convert into [`AnyPosition`], [`AnyGame`] and
/// [`AnyPositionError`] (with `From`).
///
/// Sealed: only this crate implements it, once for each variant.
pub trait BuiltinVariant: VariantHooks + sealed::Sealed {
    /// The variant these rules define.
    const VARIANT: Variant;

    /// Wraps a position of these rules.
    fn into_any_position(pos: Position<Self>) -> AnyPosition;

    /// Wraps a game of these rules.
    fn into_any_game(game: Game<Self>) -> AnyGame;

    /// Wraps a setup error of these rules.
    fn into_any_error(err: PositionError<Self>) -> AnyPositionError;
}

impl BuiltinVariant for Standard {
    const VARIANT: Variant = Variant::Standard;

    fn into_any_position(pos: Position<Standard>) -> AnyPosition {
        AnyPosition::Standard(pos)
    }

    fn into_any_game(game: Game<Standard>) -> AnyGame {
        AnyGame::Standard(game)
    }

    fn into_any_error(err: PositionError<Standard>) -> AnyPositionError {
        AnyPositionError::Standard(err)
    }
}

impl BuiltinVariant for UntakeableSilver {
    const VARIANT: Variant = Variant::UntakeableSilver;

    fn into_any_position(pos: Position<UntakeableSilver>) -> AnyPosition {
        AnyPosition::UntakeableSilver(pos)
    }

    fn into_any_game(game: Game<UntakeableSilver>) -> AnyGame {
        AnyGame::UntakeableSilver(game)
    }

    fn into_any_error(err: PositionError<UntakeableSilver>) -> AnyPositionError {
        AnyPositionError::UntakeableSilver(err)
    }
}

/// The variant of a position of `R`.
const fn position_variant<R: BuiltinVariant>(_: &Position<R>) -> Variant {
    R::VARIANT
}

/// The variant of a game of `R`.
const fn game_variant<R: BuiltinVariant>(_: &Game<R>) -> Variant {
    R::VARIANT
}

/// The variant of a setup error of `R`.
const fn error_variant<R: BuiltinVariant>(_: &PositionError<R>) -> Variant {
    R::VARIANT
}

/// A position of any variant, chosen at run time: a [`Position<Standard>`] or a
/// [`Position<UntakeableSilver>`].
///
/// Every method of [`Position`] is here too, with the same name and meaning, forwarded to
/// the position inside; methods that return a position return an `AnyPosition` of the same
/// variant. Functions generic over `Position<R>` that accept a [`VisitPosition`] (such as the
/// move notation writers and readers of the crates above this one) accept an `AnyPosition` as
/// well. Build one from a typed
/// position with `From`, from a setup with [`AnyPosition::from_setup`], or from a
/// [`Preset`](crate::presets::Preset).
///
/// ```
/// use shogi_types::{Move, Square};
/// use shogi_variants::{AnyPosition, SilverSetup, Variant};
///
/// // The application picks the variant at run time.
/// let choice = Variant::ALL.into_iter().find(|v| v.name() == "untakeable-silver");
/// let choice = choice.ok_or("no such variant")?;
/// let mut pos = AnyPosition::from_setup(choice, SilverSetup::SixPiece.setup())?;
/// assert_eq!(pos.variant(), Variant::UntakeableSilver);
/// assert_eq!(pos.legal_moves().len(), 20);
/// assert_eq!(pos.legal_moves_from(Square::SQ_3I).len(), 3);
/// pos.play("3i3h".parse::<Move>()?)?;
/// assert_eq!(pos.protected().count(), 2);
/// assert_eq!(pos.move_number().get(), 2);
/// assert_eq!(pos.to_string(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/6S!2/1NS!1K2N1 w - 2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AnyPosition {
    /// A position of standard shogi.
    Standard(Position<Standard>),
    /// A position of the untakeable-silver variant.
    UntakeableSilver(Position<UntakeableSilver>),
}

impl Default for AnyPosition {
    /// The standard start position of standard shogi.
    fn default() -> AnyPosition {
        AnyPosition::Standard(Position::default())
    }
}

impl fmt::Display for AnyPosition {
    /// The SFEN of the position, its protected pieces marked `!` (as [`Position`]'s).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_sfen(f)
    }
}

impl FromStr for AnyPosition {
    type Err = ParseAnyPositionError;

    /// Reads an SFEN as a position of the variant its marks call for
    /// ([`AnyPosition::from_sfen`]).
    ///
    /// # Errors
    /// As [`AnyPosition::from_sfen`].
    fn from_str(sfen: &str) -> Result<AnyPosition, ParseAnyPositionError> {
        AnyPosition::from_sfen(sfen)
    }
}

impl<R: BuiltinVariant> From<Position<R>> for AnyPosition {
    fn from(pos: Position<R>) -> AnyPosition {
        R::into_any_position(pos)
    }
}

impl VisitPosition for AnyPosition {
    /// Calls `visitor` with the typed position inside.
    #[inline]
    fn visit<V: PositionVisitor>(&self, visitor: V) -> V::Output {
        dispatch!(AnyPosition: self, p => visitor.visit(p))
    }
}

impl AnyPosition {
    /// The standard start position (平手, hirate) under the rules of `variant`
    /// ([`Position::start`]).
    #[must_use]
    pub fn start(variant: Variant) -> AnyPosition {
        dispatch!(Variant: variant, R => AnyPosition::from(Position::<R>::start()))
    }

    /// Validates `setup` as a position of `variant`, as [`Position::from_setup`]: the pieces
    /// the setup marks protected are protected (a mark on a piece the variant cannot protect,
    /// or any mark in standard shogi, is [`Fault::BadProtection`](shogi_movegen::Fault::BadProtection)).
    ///
    /// # Errors
    /// Every fault of the setup ([`AnyPositionError::faults`]).
    pub fn from_setup(variant: Variant, setup: Setup) -> Result<AnyPosition, AnyPositionError> {
        dispatch!(Variant: variant, R => Position::<R>::from_setup(setup)
            .map(AnyPosition::from)
            .map_err(AnyPositionError::from))
    }

    /// Validates `setup` as a position of the variant its protection marks call for
    /// ([`Variant::for_setup`]): the untakeable-silver variant if the setup marks any piece,
    /// standard shogi otherwise.
    ///
    /// # Errors
    /// Every fault of the setup in that variant ([`AnyPositionError::faults`]); soft faults
    /// can be waived ([`AnyPositionError::ignore_soft`]).
    pub fn from_marked_setup(setup: Setup) -> Result<AnyPosition, AnyPositionError> {
        AnyPosition::from_setup(Variant::for_setup(&setup), setup)
    }

    /// Reads an SFEN and validates it as a position of the variant its marks call for
    /// ([`AnyPosition::from_marked_setup`]): an SFEN with pieces marked `!` (`S!`) is a
    /// position of the untakeable-silver variant, any other one of standard shogi.
    /// [`FromStr`] does the same.
    ///
    /// ```
    /// use shogi_variants::{AnyPosition, ParseAnyPositionError, Variant};
    ///
    /// let pos = AnyPosition::from_sfen("8k/9/8S!/9/9/9/9/9/K6R1 b - 1")?;
    /// assert_eq!(pos.variant(), Variant::UntakeableSilver);
    /// assert_eq!(pos.protected().count(), 1);
    /// let pos: AnyPosition = "8k/9/8S/9/9/9/9/9/K6R1 b - 1".parse()?;
    /// assert_eq!(pos.variant(), Variant::Standard);
    ///
    /// // Text that is no SFEN, and an SFEN that is no valid position, fail apart.
    /// assert!(matches!(AnyPosition::from_sfen("8k/9 b"), Err(ParseAnyPositionError::Sfen(_))));
    /// let err = AnyPosition::from_sfen("9/9/9/9/9/9/9/9/9 b - 1").unwrap_err();
    /// assert!(matches!(err, ParseAnyPositionError::Position(_)), "{err}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`ParseAnyPositionError::Sfen`] if the text is no SFEN,
    /// [`ParseAnyPositionError::Position`] with every fault of the position otherwise (soft
    /// faults can be waived from it).
    pub fn from_sfen(sfen: &str) -> Result<AnyPosition, ParseAnyPositionError> {
        let setup: Setup = sfen.parse()?;
        Ok(AnyPosition::from_marked_setup(setup)?)
    }

    /// The variant of the position.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        dispatch!(AnyPosition: self, p => position_variant(p))
    }

    /// The same board, hands, side to move and move number as a position of standard shogi:
    /// a standard position is returned as it is, and a position of the untakeable-silver
    /// variant loses its protection marks.
    ///
    /// The rules differ, so the legal moves can differ: in standard shogi a silver that was
    /// protected can be captured, by the king too, so a check by it can be answered by taking
    /// it, and a pawn drop that mated in the variant may not mate (and so be legal) in
    /// standard shogi. The conversion is meant for what standard shogi tools can read (formats
    /// without marks, engines, diagrams) and for analysis under standard rules; a position
    /// with no protected piece left (every marked silver promoted) has the same legal moves
    /// under both rules.
    ///
    /// ```
    /// use shogi_types::Move;
    /// use shogi_variants::AnyPosition;
    ///
    /// // The silver on 1b checks White's king on 1a, which may not take it: mate.
    /// let variant = AnyPosition::from_sfen("8k/8S!/9/9/9/9/9/9/K6R1 w - 2")?;
    /// assert_eq!(variant.legal_moves().len(), 0);
    /// // In standard shogi the king takes the silver.
    /// let standard = variant.to_standard()?;
    /// assert_eq!(standard.to_string(), "8k/8S/9/9/9/9/9/9/K6R1 w - 2");
    /// assert_eq!(standard.legal_moves().as_slice(), ["1a1b".parse::<Move>()?]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// A [`PositionError`] only if the board is no valid position of standard shogi apart
    /// from the faults that the variant position already carried (those that
    /// [`PositionError::ignore_problem_faults`] waives, such as the missing attacker king of a
    /// mate problem, are waived again).
    pub fn to_standard(&self) -> Result<Position<Standard>, PositionError<Standard>> {
        match self {
            AnyPosition::Standard(p) => Ok(*p),
            AnyPosition::UntakeableSilver(p) => {
                let mut setup = p.to_setup();
                setup.protected = Bitboard::EMPTY;
                // Only faults of the board and hands can have been waived on `p`, and they are
                // the same without the marks.
                Position::from_setup(setup).or_else(PositionError::ignore_problem_faults)
            }
        }
    }

    /// The position, if it is one of standard shogi.
    #[must_use]
    pub const fn as_standard(&self) -> Option<&Position<Standard>> {
        match self {
            AnyPosition::Standard(p) => Some(p),
            AnyPosition::UntakeableSilver(_) => None,
        }
    }

    /// The position, if it is one of the untakeable-silver variant.
    #[must_use]
    pub const fn as_untakeable_silver(&self) -> Option<&Position<UntakeableSilver>> {
        match self {
            AnyPosition::UntakeableSilver(p) => Some(p),
            AnyPosition::Standard(_) => None,
        }
    }

    /// The unchecked setup ([`Position::to_setup`]), its protected pieces marked.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        dispatch!(AnyPosition: self, p => p.to_setup())
    }

    /// Writes the SFEN of the position, its protected pieces marked `!`, without allocating
    /// ([`Position::write_sfen`]); [`Display`](fmt::Display) writes the same text.
    ///
    /// # Errors
    /// Only those of `out`.
    pub fn write_sfen<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        dispatch!(AnyPosition: self, p => p.write_sfen(out))
    }

    /// The side to move ([`Position::side_to_move`]).
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        dispatch!(AnyPosition: self, p => p.side_to_move())
    }

    /// The move number of the move about to be played, as in SFEN ([`Position::move_number`]).
    #[must_use]
    pub fn move_number(&self) -> NonZeroU32 {
        dispatch!(AnyPosition: self, p => p.move_number())
    }

    /// Sets the move number of the move about to be played ([`Position::set_move_number`]).
    pub fn set_move_number(&mut self, move_number: NonZeroU32) {
        dispatch!(AnyPosition: self, p => p.set_move_number(move_number))
    }

    /// The position with its move number set to `move_number`
    /// ([`Position::with_move_number`]).
    #[must_use]
    pub fn with_move_number(mut self, move_number: NonZeroU32) -> AnyPosition {
        self.set_move_number(move_number);
        self
    }

    #[cfg(feature = "packed")]
    #[cfg_attr(docsrs, doc(cfg(feature = "packed")))]
    /// Encodes the position as an HCP, Apery's and cshogi's HuffmanCodedPos
    /// ([`Position::to_hcp`]; the move number is not stored).
    ///
    /// HCP has no code for a protected piece: a position of the untakeable-silver variant
    /// fails with [`PackError::Protected`] while any silver is protected. (One whose marked
    /// silvers have all promoted plays as standard shogi and is written; it reads back as a
    /// standard position, see [`AnyPosition::to_standard`].)
    ///
    /// ```
    /// use shogi_movegen::packed::PackError;
    /// use shogi_movegen::Position;
    /// use shogi_types::Square;
    /// use shogi_variants::{AnyPosition, SilverSetup};
    ///
    /// let standard = AnyPosition::default();
    /// let hcp = standard.to_hcp()?;
    /// assert_eq!(Position::from_hcp(&hcp)?, Position::default());
    ///
    /// let silver = AnyPosition::from(SilverSetup::SixPiece.position());
    /// assert_eq!(silver.to_hcp(), Err(PackError::Protected { square: Square::SQ_3I }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`PackError::Protected`] for protected pieces, and as [`Position::to_hcp`] a missing
    /// king or more than one set of a kind.
    pub fn to_hcp(&self) -> Result<Hcp, PackError> {
        dispatch!(AnyPosition: self, p => p.to_hcp())
    }

    #[cfg(feature = "packed")]
    #[cfg_attr(docsrs, doc(cfg(feature = "packed")))]
    /// Encodes the position as YaneuraOu's PackedSfen ([`Position::to_packed_sfen`]; the move
    /// number is not stored). Protected pieces cannot be written, as in [`AnyPosition::to_hcp`].
    ///
    /// # Errors
    /// As [`AnyPosition::to_hcp`].
    pub fn to_packed_sfen(&self) -> Result<PackedSfen, PackError> {
        dispatch!(AnyPosition: self, p => p.to_packed_sfen())
    }

    /// The piece on `sq`, if any ([`Position::piece_at`]).
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        dispatch!(AnyPosition: self, p => p.piece_at(sq))
    }

    /// The squares of `color`'s pieces of `kind` ([`Position::pieces`]).
    #[must_use]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        dispatch!(AnyPosition: self, p => p.pieces(color, kind))
    }

    /// The squares of all pieces of `kind`, of both colours ([`Position::pieces_of_kind`]).
    #[must_use]
    pub fn pieces_of_kind(&self, kind: PieceKind) -> Bitboard {
        dispatch!(AnyPosition: self, p => p.pieces_of_kind(kind))
    }

    /// The squares of all of `color`'s pieces ([`Position::pieces_of_color`]).
    #[must_use]
    pub fn pieces_of_color(&self, color: Color) -> Bitboard {
        dispatch!(AnyPosition: self, p => p.pieces_of_color(color))
    }

    /// The occupied squares ([`Position::occupied`]).
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        dispatch!(AnyPosition: self, p => p.occupied())
    }

    /// The square of `color`'s king, if it has one ([`Position::king`]).
    #[must_use]
    pub fn king(&self, color: Color) -> Option<Square> {
        dispatch!(AnyPosition: self, p => p.king(color))
    }

    /// The pieces giving check to the side to move ([`Position::checkers`]).
    #[must_use]
    pub fn checkers(&self) -> Bitboard {
        dispatch!(AnyPosition: self, p => p.checkers())
    }

    /// Whether the side to move is in check ([`Position::is_check`]).
    #[must_use]
    pub fn is_check(&self) -> bool {
        dispatch!(AnyPosition: self, p => p.is_check())
    }

    /// The side to move's pieces pinned to its king ([`Position::pinned`]).
    #[must_use]
    pub fn pinned(&self) -> Bitboard {
        dispatch!(AnyPosition: self, p => p.pinned())
    }

    /// The pieces in `color`'s hand ([`Position::hand`]).
    #[must_use]
    pub fn hand(&self, color: Color) -> Hand {
        dispatch!(AnyPosition: self, p => p.hand(color))
    }

    /// Both hands ([`Position::hands`]).
    #[must_use]
    pub fn hands(&self) -> ByColor<Hand> {
        dispatch!(AnyPosition: self, p => p.hands())
    }

    /// The squares of pieces that no move may capture (empty in standard shogi;
    /// [`Position::protected`]).
    #[must_use]
    pub fn protected(&self) -> Bitboard {
        dispatch!(AnyPosition: self, p => p.protected())
    }

    /// The Zobrist key ([`Position::zobrist`]).
    #[doc(alias = "hash")]
    #[must_use]
    pub fn zobrist(&self) -> u64 {
        dispatch!(AnyPosition: self, p => p.zobrist())
    }

    /// The pieces of `color` that attack `sq`, with `occupied` as the occupancy for sliders
    /// ([`Position::attackers_to`]).
    #[must_use]
    pub fn attackers_to(&self, sq: Square, color: Color, occupied: Bitboard) -> Bitboard {
        dispatch!(AnyPosition: self, p => p.attackers_to(sq, color, occupied))
    }

    /// Whether a piece of `color` attacks `sq`, with `occupied` as the occupancy for sliders
    /// ([`Position::is_attacked_by`]).
    #[must_use]
    pub fn is_attacked_by(&self, sq: Square, color: Color, occupied: Bitboard) -> bool {
        dispatch!(AnyPosition: self, p => p.is_attacked_by(sq, color, occupied))
    }

    /// All legal moves ([`Position::legal_moves`]).
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        dispatch!(AnyPosition: self, p => p.legal_moves())
    }

    /// Clears `list` and fills it with every legal move ([`Position::legal_moves_into`]), so a
    /// search can reuse one list.
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        dispatch!(AnyPosition: self, p => p.legal_moves_into(list))
    }

    /// The legal moves that give check ([`Position::checking_moves`]).
    #[must_use]
    pub fn checking_moves(&self) -> MoveList {
        dispatch!(AnyPosition: self, p => p.checking_moves())
    }

    /// Clears `list` and fills it with the legal moves that give check
    /// ([`Position::checking_moves_into`]).
    pub fn checking_moves_into(&self, list: &mut MoveList) {
        dispatch!(AnyPosition: self, p => p.checking_moves_into(list))
    }

    /// Whether the legal move `m` gives check ([`Position::gives_check`]).
    #[must_use]
    pub fn gives_check(&self, m: Move) -> bool {
        dispatch!(AnyPosition: self, p => p.gives_check(m))
    }

    /// Whether the side to move has a legal move ([`Position::has_legal_move`]), without
    /// listing them.
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        dispatch!(AnyPosition: self, p => p.has_legal_move())
    }

    /// Calls `f` for every legal move, without building a list
    /// ([`Position::for_each_legal_move`]).
    pub fn for_each_legal_move(&self, f: impl FnMut(Move)) {
        dispatch!(AnyPosition: self, p => p.for_each_legal_move(f))
    }

    /// The number of legal moves, counted without building them
    /// ([`Position::count_legal_moves`]).
    #[must_use]
    pub fn count_legal_moves(&self) -> u64 {
        dispatch!(AnyPosition: self, p => p.count_legal_moves())
    }

    /// The legal moves of the piece on `from` ([`Position::legal_moves_from`]).
    #[must_use]
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        dispatch!(AnyPosition: self, p => p.legal_moves_from(from))
    }

    /// The squares where the side to move may legally drop a piece of `kind`
    /// ([`Position::legal_drops`]).
    #[must_use]
    pub fn legal_drops(&self, kind: PieceKind) -> Bitboard {
        dispatch!(AnyPosition: self, p => p.legal_drops(kind))
    }

    /// Whether the board move from `from` to `to` may, must or cannot promote; `None` if no
    /// legal move goes there ([`Position::promotion_choice`]).
    #[must_use]
    pub fn promotion_choice(&self, from: Square, to: Square) -> Option<PromotionChoice> {
        dispatch!(AnyPosition: self, p => p.promotion_choice(from, to))
    }

    /// The legal captures ([`Position::legal_captures`]).
    #[must_use]
    pub fn legal_captures(&self) -> MoveList {
        dispatch!(AnyPosition: self, p => p.legal_captures())
    }

    /// The legal drops ([`Position::legal_drop_moves`]).
    #[must_use]
    pub fn legal_drop_moves(&self) -> MoveList {
        dispatch!(AnyPosition: self, p => p.legal_drop_moves())
    }

    /// Whether `m` is legal ([`Position::is_legal`]).
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        dispatch!(AnyPosition: self, p => p.is_legal(m))
    }

    /// Plays `m` if it is legal ([`Position::play`]).
    ///
    /// # Errors
    /// [`IllegalMove`] naming the broken rule; the position is unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        dispatch!(AnyPosition: self, p => p.play(m))
    }

    /// Plays `m` without checking that it is legal, for moves the generator produced
    /// ([`Position::play_unchecked`]: the check is `debug_assert!`ed).
    pub fn play_unchecked(&mut self, m: Move) {
        dispatch!(AnyPosition: self, p => p.play_unchecked(m))
    }

    /// The number of leaves of the legal move tree `depth` plies deep ([`Position::perft`]).
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        dispatch!(AnyPosition: self, p => p.perft(depth))
    }

    /// Perft without bulk counting ([`Position::perft_unbulked`]).
    #[must_use]
    pub fn perft_unbulked(&self, depth: u32) -> u64 {
        dispatch!(AnyPosition: self, p => p.perft_unbulked(depth))
    }

    /// Perft split by first move ([`Position::perft_divide`]).
    #[must_use]
    pub fn perft_divide(&self, depth: u32) -> Vec<(Move, u64)> {
        dispatch!(AnyPosition: self, p => p.perft_divide(depth))
    }

    /// Perft on several threads with a shared transposition table; the same count
    /// ([`Position::perft_with`]).
    #[must_use]
    pub fn perft_with(&self, depth: u32, options: PerftOptions) -> u64 {
        dispatch!(AnyPosition: self, p => p.perft_with(depth, options))
    }

    /// Perft split by first move on several threads with a shared transposition table; the
    /// same counts ([`Position::perft_divide_with`]).
    #[must_use]
    pub fn perft_divide_with(&self, depth: u32, options: PerftOptions) -> Vec<(Move, u64)> {
        dispatch!(AnyPosition: self, p => p.perft_divide_with(depth, options))
    }
}

/// The error of [`AnyPosition::from_setup`]: the [`PositionError`] of the chosen variant,
/// which keeps the position built so that soft faults can be waived.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum AnyPositionError {
    /// The setup is no valid position of standard shogi.
    Standard(PositionError<Standard>),
    /// The setup is no valid position of the untakeable-silver variant.
    UntakeableSilver(PositionError<UntakeableSilver>),
}

impl<R: BuiltinVariant> From<PositionError<R>> for AnyPositionError {
    fn from(err: PositionError<R>) -> AnyPositionError {
        R::into_any_error(err)
    }
}

impl AnyPositionError {
    /// The variant whose position the setup failed to be.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        dispatch!(AnyPositionError: self, e => error_variant(e))
    }

    /// The faults found ([`PositionError::faults`]).
    #[must_use]
    pub fn faults(&self) -> Faults {
        dispatch!(AnyPositionError: self, e => e.faults())
    }

    /// Waives `fault` if it is soft, and returns the position if no fault remains
    /// ([`PositionError::ignore`]).
    ///
    /// # Errors
    /// Returns `self` (without the waived fault) if other faults remain.
    pub fn ignore(self, fault: shogi_movegen::Fault) -> Result<AnyPosition, AnyPositionError> {
        dispatch!(AnyPositionError: self, e => e
            .ignore(fault)
            .map(AnyPosition::from)
            .map_err(AnyPositionError::from))
    }

    /// Waives every soft fault ([`PositionError::ignore_soft`]).
    ///
    /// # Errors
    /// Returns `self` if hard faults remain.
    pub fn ignore_soft(self) -> Result<AnyPosition, AnyPositionError> {
        dispatch!(AnyPositionError: self, e => e
            .ignore_soft()
            .map(AnyPosition::from)
            .map_err(AnyPositionError::from))
    }

    /// Waives every fault a composed problem may show ([`PositionError::ignore_problem_faults`]).
    ///
    /// # Errors
    /// Returns `self` if other faults remain.
    pub fn ignore_problem_faults(self) -> Result<AnyPosition, AnyPositionError> {
        dispatch!(AnyPositionError: self, e => e
            .ignore_problem_faults()
            .map(AnyPosition::from)
            .map_err(AnyPositionError::from))
    }
}

impl fmt::Display for AnyPositionError {
    /// The message of the variant's [`PositionError`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        dispatch!(AnyPositionError: self, e => fmt::Display::fmt(e, f))
    }
}

impl std::error::Error for AnyPositionError {}

/// The error of [`AnyPosition::from_sfen`] (and of [`AnyPosition`]'s `FromStr`): the text is
/// no SFEN, or the SFEN is no valid position of the variant its marks call for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseAnyPositionError {
    /// The text is no SFEN.
    #[error(transparent)]
    Sfen(#[from] ParseSfenError),
    /// The SFEN is no valid position; soft faults can be waived from the error.
    #[error(transparent)]
    Position(#[from] AnyPositionError),
}

/// A game of any variant, chosen at run time: a [`Game<Standard>`] or a
/// [`Game<UntakeableSilver>`], adjudicated by `shogi-rules`.
///
/// Every method of [`Game`] is here too, with the same name and meaning, forwarded to the
/// game inside; positions come back as [`AnyPosition`]s. Code generic over `Game<R>` reaches
/// the game inside through [`VisitGame`].
///
/// ```
/// use shogi_rules::{DrawReason, Outcome, WinReason};
/// use shogi_types::{Color, Move};
/// use shogi_variants::presets::Preset;
/// use shogi_variants::{AnyGame, SilverSetup};
///
/// let mut game: AnyGame = Preset::UntakeableSilver {
///     setup: SilverSetup::EighteenPiece,
///     move_limit: None,
/// }
/// .game();
/// game.play("3i3h".parse::<Move>()?)?;
/// assert_eq!(game.moves().len(), 1);
/// assert_eq!(game.keys().len(), 2);
/// assert_eq!(game.checks(), [false, false]);
///
/// let mut timed_out = game.clone();
/// assert_eq!(timed_out.lose_on_time(Color::White)?, Outcome::Win {
///     winner: Color::Black,
///     reason: WinReason::TimeForfeit,
/// });
/// assert_eq!(game.agree_draw()?, Outcome::Draw { reason: DrawReason::Agreement });
/// assert!(game.resign(Color::White).is_err()); // already over
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum AnyGame {
    /// A game of standard shogi.
    Standard(Game<Standard>),
    /// A game of the untakeable-silver variant.
    UntakeableSilver(Game<UntakeableSilver>),
}

impl Default for AnyGame {
    /// A game of standard shogi from the standard start position under [`RuleSet::none`]
    /// ([`Game::default`]).
    fn default() -> AnyGame {
        AnyGame::Standard(Game::default())
    }
}

impl<R: BuiltinVariant> From<Game<R>> for AnyGame {
    fn from(game: Game<R>) -> AnyGame {
        R::into_any_game(game)
    }
}

/// An operation on a game of any variant, run by [`VisitGame::visit`]: the [`Game`]
/// counterpart of [`PositionVisitor`].
///
/// The rules are a [`BuiltinVariant`], so the visitor may turn what it sees back into an
/// [`AnyPosition`] or [`AnyGame`].
///
/// ```
/// use shogi_rules::Game;
/// use shogi_variants::presets::Preset;
/// use shogi_variants::{AnyPosition, GameVisitor, BuiltinVariant, VisitGame};
///
/// /// The start position and the number of moves of a game, typed or not.
/// struct StartAndLength;
///
/// impl GameVisitor for StartAndLength {
///     type Output = (AnyPosition, usize);
///     fn visit<R: BuiltinVariant>(self, game: &Game<R>) -> (AnyPosition, usize) {
///         (AnyPosition::from(*game.initial_position()), game.moves().len())
///     }
/// }
///
/// fn start_and_length<G: VisitGame + ?Sized>(game: &G) -> (AnyPosition, usize) {
///     game.visit(StartAndLength)
/// }
///
/// let typed: Game = Game::default();
/// assert_eq!(start_and_length(&typed), (AnyPosition::default(), 0));
/// let any = Preset::StandardJsa24.game();
/// assert_eq!(start_and_length(&any), (AnyPosition::default(), 0));
/// ```
pub trait GameVisitor {
    /// What the operation returns.
    type Output;

    /// Runs the operation on `game`.
    fn visit<R: BuiltinVariant>(self, game: &Game<R>) -> Self::Output;
}

/// A game, typed ([`Game<R>`] of a [`BuiltinVariant`]) or chosen at run time ([`AnyGame`]),
/// that can hand its typed game to a [`GameVisitor`]. See [`GameVisitor`] for an example.
pub trait VisitGame {
    /// Calls `visitor` with the typed game and returns what it returns.
    fn visit<V: GameVisitor>(&self, visitor: V) -> V::Output;
}

impl<R: BuiltinVariant> VisitGame for Game<R> {
    /// Calls `visitor` with `self`.
    #[inline]
    fn visit<V: GameVisitor>(&self, visitor: V) -> V::Output {
        visitor.visit(self)
    }
}

impl VisitGame for AnyGame {
    /// Calls `visitor` with the typed game inside.
    #[inline]
    fn visit<V: GameVisitor>(&self, visitor: V) -> V::Output {
        dispatch!(AnyGame: self, g => visitor.visit(g))
    }
}

impl<T: VisitGame + ?Sized> VisitGame for &T {
    /// Visits the game behind the reference.
    #[inline]
    fn visit<V: GameVisitor>(&self, visitor: V) -> V::Output {
        (**self).visit(visitor)
    }
}

impl AnyGame {
    /// A game from `start` under [`RuleSet::none`] (repetition and mate only), in the
    /// variant of `start` ([`Game::new`]).
    #[must_use]
    pub fn new(start: AnyPosition) -> AnyGame {
        dispatch!(AnyPosition: start, p => AnyGame::from(Game::new(p)))
    }

    /// A game from `start` under `rules`, in the variant of `start` ([`Game::with_rules`]).
    #[must_use]
    pub fn with_rules(start: AnyPosition, rules: RuleSet) -> AnyGame {
        dispatch!(AnyPosition: start, p => AnyGame::from(Game::with_rules(p, rules)))
    }

    /// The variant of the game.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        dispatch!(AnyGame: self, g => game_variant(g))
    }

    /// The game, if it is one of standard shogi.
    #[must_use]
    pub const fn as_standard(&self) -> Option<&Game<Standard>> {
        match self {
            AnyGame::Standard(g) => Some(g),
            AnyGame::UntakeableSilver(_) => None,
        }
    }

    /// The game, if it is one of the untakeable-silver variant.
    #[must_use]
    pub const fn as_untakeable_silver(&self) -> Option<&Game<UntakeableSilver>> {
        match self {
            AnyGame::UntakeableSilver(g) => Some(g),
            AnyGame::Standard(_) => None,
        }
    }

    /// The rule set ([`Game::rules`]).
    #[must_use]
    pub fn rules(&self) -> RuleSet {
        dispatch!(AnyGame: self, g => g.rules())
    }

    /// The start position ([`Game::initial_position`]).
    #[must_use]
    pub fn initial_position(&self) -> AnyPosition {
        dispatch!(AnyGame: self, g => AnyPosition::from(*g.initial_position()))
    }

    /// The current position ([`Game::position`]).
    #[must_use]
    pub fn position(&self) -> AnyPosition {
        dispatch!(AnyGame: self, g => AnyPosition::from(*g.position()))
    }

    /// The moves played, in order ([`Game::moves`]).
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        dispatch!(AnyGame: self, g => g.moves())
    }

    /// The Zobrist key of the position after each number of moves ([`Game::keys`]).
    #[must_use]
    pub fn keys(&self) -> &[u64] {
        dispatch!(AnyGame: self, g => g.keys())
    }

    /// Whether the side to move was in check after each number of moves ([`Game::checks`]).
    #[must_use]
    pub fn checks(&self) -> &[bool] {
        dispatch!(AnyGame: self, g => g.checks())
    }

    /// The outcome, if the game is over ([`Game::outcome`]).
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        dispatch!(AnyGame: self, g => g.outcome())
    }

    /// Whether the game is over ([`Game::is_over`]).
    #[must_use]
    pub fn is_over(&self) -> bool {
        dispatch!(AnyGame: self, g => g.is_over())
    }

    /// How often the current position has occurred ([`Game::repetitions`]).
    #[doc(alias = "sennichite")]
    #[must_use]
    pub fn repetitions(&self) -> u32 {
        dispatch!(AnyGame: self, g => g.repetitions())
    }

    /// What a declaration would give now ([`Game::declaration_preview`]).
    #[must_use]
    pub fn declaration_preview(&self) -> DeclarationPreview {
        dispatch!(AnyGame: self, g => g.declaration_preview())
    }

    /// What the move limit would give now ([`Game::move_limit_preview`]).
    #[must_use]
    pub fn move_limit_preview(&self) -> Option<MoveLimitPreview> {
        dispatch!(AnyGame: self, g => g.move_limit_preview())
    }

    /// How close the position is to a repetition ([`Game::repetition_preview`]).
    #[must_use]
    pub fn repetition_preview(&self) -> RepetitionPreview {
        dispatch!(AnyGame: self, g => g.repetition_preview())
    }

    /// `color` offers a draw ([`Game::offer_draw`]).
    ///
    /// # Errors
    /// As [`Game::offer_draw`].
    pub fn offer_draw(&mut self, color: Color) -> Result<(), DrawOfferError> {
        dispatch!(AnyGame: self, g => g.offer_draw(color))
    }

    /// The player whose draw offer waits ([`Game::draw_offer`]).
    #[must_use]
    pub fn draw_offer(&self) -> Option<Color> {
        dispatch!(AnyGame: self, g => g.draw_offer())
    }

    /// How many more draw offers `color` may make ([`Game::draw_offers_left`]).
    #[must_use]
    pub fn draw_offers_left(&self, color: Color) -> u32 {
        dispatch!(AnyGame: self, g => g.draw_offers_left(color))
    }

    /// `color` accepts the waiting offer ([`Game::accept_draw`]).
    ///
    /// # Errors
    /// As [`Game::accept_draw`].
    pub fn accept_draw(&mut self, color: Color) -> Result<Outcome, DrawOfferError> {
        dispatch!(AnyGame: self, g => g.accept_draw(color))
    }

    /// `color` declines the waiting offer ([`Game::decline_draw`]).
    ///
    /// # Errors
    /// As [`Game::decline_draw`].
    pub fn decline_draw(&mut self, color: Color) -> Result<(), DrawOfferError> {
        dispatch!(AnyGame: self, g => g.decline_draw(color))
    }

    /// The handicap credit in force ([`Game::handicap_credit`]).
    #[must_use]
    pub fn handicap_credit(&self) -> ByColor<u32> {
        dispatch!(AnyGame: self, g => g.handicap_credit())
    }

    /// The impasse counts of the current position ([`Game::points`]).
    #[must_use]
    pub fn points(&self) -> Points {
        dispatch!(AnyGame: self, g => g.points())
    }

    /// The position after `ply` moves, if the game has that many ([`Game::position_at`]).
    #[must_use]
    pub fn position_at(&self, ply: usize) -> Option<AnyPosition> {
        dispatch!(AnyGame: self, g => g.position_at(ply).map(AnyPosition::from))
    }

    /// Plays `m` and judges the game ([`Game::play`]).
    ///
    /// # Errors
    /// [`PlayError`] if the move is illegal or the game is over; the game is unchanged.
    pub fn play(&mut self, m: Move) -> Result<Option<Outcome>, PlayError> {
        dispatch!(AnyGame: self, g => g.play(m))
    }

    /// Plays `m`, or records the loss of the mover if it is illegal ([`Game::play_or_forfeit`]).
    ///
    /// # Errors
    /// [`GameOver`] if the game is already over; the game is unchanged.
    pub fn play_or_forfeit(&mut self, m: Move) -> Result<Option<Outcome>, GameOver> {
        dispatch!(AnyGame: self, g => g.play_or_forfeit(m))
    }

    /// Takes back the last move, and the outcome it computed ([`Game::undo`]).
    ///
    /// # Errors
    /// [`UndoError::EndingRecorded`] if an ending was recorded or declared after the last
    /// move (take it back first with [`AnyGame::undo_ending`]), [`UndoError::NoMoves`] if no
    /// move has been played; the game is unchanged.
    ///
    /// # Examples
    /// ```
    /// use shogi_rules::UndoError;
    /// use shogi_types::{Color, Move};
    /// use shogi_variants::{AnyGame, Preset, SilverSetup};
    ///
    /// let mut game: AnyGame =
    ///     Preset::UntakeableSilver { setup: SilverSetup::SixPiece, move_limit: None }.game();
    /// game.play("3i3h".parse::<Move>()?)?;
    /// let resigned = game.resign(Color::White)?;
    /// assert_eq!(game.recorded_ending(), Some(resigned));
    /// assert_eq!(game.undo(), Err(UndoError::EndingRecorded(resigned)));
    /// assert_eq!(game.undo_ending(), Some(resigned));
    /// assert_eq!(game.undo(), Ok("3i3h".parse::<Move>()?));
    /// assert_eq!(game.undo(), Err(UndoError::NoMoves));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn undo(&mut self) -> Result<Move, UndoError> {
        dispatch!(AnyGame: self, g => g.undo())
    }

    /// Takes back the ending recorded or declared after the last move and returns it,
    /// keeping the moves; `None`, changing nothing, if there is none ([`Game::undo_ending`]).
    pub fn undo_ending(&mut self) -> Option<Outcome> {
        dispatch!(AnyGame: self, g => g.undo_ending())
    }

    /// The outcome if it was recorded or declared after the last move rather than computed
    /// by it ([`Game::recorded_ending`]).
    #[must_use]
    pub fn recorded_ending(&self) -> Option<Outcome> {
        dispatch!(AnyGame: self, g => g.recorded_ending())
    }

    /// Judges and records an impasse declaration of the side to move ([`Game::declare`]).
    ///
    /// # Errors
    /// [`DeclareError`] if the rule set allows no declaration now or the game is over; the
    /// game is unchanged.
    #[doc(alias = "nyugyoku")]
    pub fn declare(&mut self) -> Result<Outcome, DeclareError> {
        dispatch!(AnyGame: self, g => g.declare())
    }

    /// The verdict [`AnyGame::declare`] would record now, without recording it
    /// ([`Game::judge_declaration`]).
    ///
    /// # Errors
    /// As [`AnyGame::declare`].
    pub fn judge_declaration(&self) -> Result<Outcome, DeclareError> {
        dispatch!(AnyGame: self, g => g.judge_declaration())
    }

    /// Records an outcome that no rule computes ([`Game::set_outcome`]).
    ///
    /// # Errors
    /// [`GameOver`] if the game is already over; the game is unchanged.
    pub fn set_outcome(&mut self, outcome: Outcome) -> Result<(), GameOver> {
        dispatch!(AnyGame: self, g => g.set_outcome(outcome))
    }

    /// Records the resignation (投了) of `color` ([`Game::resign`]).
    ///
    /// # Errors
    /// [`GameOver`] if the game is already over; the game is unchanged.
    #[doc(alias = "toryo")]
    pub fn resign(&mut self, color: Color) -> Result<Outcome, GameOver> {
        dispatch!(AnyGame: self, g => g.resign(color))
    }

    /// Records that `color` ran out of time (時間切れ) ([`Game::lose_on_time`]).
    ///
    /// # Errors
    /// [`GameOver`] if the game is already over; the game is unchanged.
    pub fn lose_on_time(&mut self, color: Color) -> Result<Outcome, GameOver> {
        dispatch!(AnyGame: self, g => g.lose_on_time(color))
    }

    /// Records that `color` abandoned the game ([`Game::abandon`]).
    ///
    /// # Errors
    /// [`GameOver`] if the game is already over; the game is unchanged.
    pub fn abandon(&mut self, color: Color) -> Result<Outcome, GameOver> {
        dispatch!(AnyGame: self, g => g.abandon(color))
    }

    /// Records a draw by agreement ([`Game::agree_draw`]).
    ///
    /// # Errors
    /// [`GameOver`] if the game is already over; the game is unchanged.
    pub fn agree_draw(&mut self) -> Result<Outcome, GameOver> {
        dispatch!(AnyGame: self, g => g.agree_draw())
    }

    /// Records that the game was stopped without a result (中断) ([`Game::interrupt`]).
    ///
    /// # Errors
    /// [`GameOver`] if the game is already over; the game is unchanged.
    #[doc(alias = "chudan")]
    pub fn interrupt(&mut self) -> Result<Outcome, GameOver> {
        dispatch!(AnyGame: self, g => g.interrupt())
    }
}
