//! Positions and games whose variant is chosen at run time.

use core::fmt;

use shogi_movegen::{IllegalMove, MoveList, Position, PositionError, Rules, Standard};
use shogi_rules::impasse::Points;
use shogi_rules::{DeclareError, Game, GameOver, Outcome, PlayError, RuleSet};
use shogi_types::{Bitboard, ByColor, Color, Hand, Move, Piece, PieceKind, Setup, Square};

use crate::UntakeableSilver;

/// A variant of shogi: which [`Rules`] a position is played under.
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

/// Runs `$body` with `$p` bound to the position or game inside `$value`, whatever its variant.
macro_rules! dispatch {
    ($any:ident, $value:expr, $p:ident => $body:expr) => {
        match $value {
            $any::Standard($p) => $body,
            $any::UntakeableSilver($p) => $body,
        }
    };
}

/// A position of any variant, chosen at run time: a [`Position<Standard>`] or a
/// [`Position<UntakeableSilver>`].
///
/// The common read-only accessors and `play` are forwarded to the position inside; match on
/// the enum for anything else. Build one from a typed position with `From`, from a setup with
/// [`AnyPosition::from_setup`], or from a [`Preset`](crate::presets::Preset).
///
/// ```
/// use shogi_types::{Move, Setup};
/// use shogi_variants::{AnyPosition, SilverSetup, Variant};
///
/// // The application picks the variant at run time.
/// let choice = Variant::UntakeableSilver;
/// let mut pos = match choice {
///     Variant::Standard => AnyPosition::from_setup(Variant::Standard, Setup::standard())?,
///     _ => AnyPosition::from(SilverSetup::SixPiece.position()),
/// };
/// assert_eq!(pos.variant(), Variant::UntakeableSilver);
/// assert_eq!(pos.legal_moves().len(), 20);
/// pos.play("3i3h".parse::<Move>()?)?;
/// assert_eq!(pos.protected().count(), 2);
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
    /// The standard start position.
    fn default() -> AnyPosition {
        AnyPosition::Standard(Position::default())
    }
}

impl From<Position<Standard>> for AnyPosition {
    fn from(pos: Position<Standard>) -> AnyPosition {
        AnyPosition::Standard(pos)
    }
}

impl From<Position<UntakeableSilver>> for AnyPosition {
    fn from(pos: Position<UntakeableSilver>) -> AnyPosition {
        AnyPosition::UntakeableSilver(pos)
    }
}

impl AnyPosition {
    /// Validates `setup` as a start position of `variant` (with the protection the variant
    /// gives a start setup: every Black silver in the untakeable-silver variant).
    ///
    /// # Errors
    /// Every fault of the setup ([`AnyPositionError::faults`]).
    pub fn from_setup(variant: Variant, setup: Setup) -> Result<AnyPosition, AnyPositionError> {
        match variant {
            Variant::Standard => Position::from_setup(setup)
                .map(AnyPosition::Standard)
                .map_err(AnyPositionError::Standard),
            Variant::UntakeableSilver => Position::from_setup(setup)
                .map(AnyPosition::UntakeableSilver)
                .map_err(AnyPositionError::UntakeableSilver),
        }
    }

    /// Validates `setup` as a position of `variant` with the protected squares `protected`
    /// (ignored by variants without protection).
    ///
    /// # Errors
    /// Every fault of the setup, including
    /// [`Fault::BadProtection`](shogi_movegen::Fault::BadProtection).
    pub fn from_setup_with_protected(
        variant: Variant,
        setup: Setup,
        protected: Bitboard,
    ) -> Result<AnyPosition, AnyPositionError> {
        match variant {
            Variant::Standard => Position::from_setup_with_protected(setup, protected)
                .map(AnyPosition::Standard)
                .map_err(AnyPositionError::Standard),
            Variant::UntakeableSilver => Position::from_setup_with_protected(setup, protected)
                .map(AnyPosition::UntakeableSilver)
                .map_err(AnyPositionError::UntakeableSilver),
        }
    }

    /// The variant of the position.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        match self {
            AnyPosition::Standard(_) => Variant::Standard,
            AnyPosition::UntakeableSilver(_) => Variant::UntakeableSilver,
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

    /// The unchecked setup ([`Position::to_setup`]); protection is not part of it.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        dispatch!(AnyPosition, self, p => p.to_setup())
    }

    /// The side to move.
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        dispatch!(AnyPosition, self, p => p.side_to_move())
    }

    /// The piece on `sq`, if any.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        dispatch!(AnyPosition, self, p => p.piece_at(sq))
    }

    /// The squares of `color`'s pieces of `kind`.
    #[must_use]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        dispatch!(AnyPosition, self, p => p.pieces(color, kind))
    }

    /// The pieces in `color`'s hand.
    #[must_use]
    pub fn hand(&self, color: Color) -> Hand {
        dispatch!(AnyPosition, self, p => p.hand(color))
    }

    /// The protected squares (empty in standard shogi).
    #[must_use]
    pub fn protected(&self) -> Bitboard {
        dispatch!(AnyPosition, self, p => p.protected())
    }

    /// Whether the side to move is in check.
    #[must_use]
    pub fn is_check(&self) -> bool {
        dispatch!(AnyPosition, self, p => p.is_check())
    }

    /// The pieces giving check to the side to move.
    #[must_use]
    pub fn checkers(&self) -> Bitboard {
        dispatch!(AnyPosition, self, p => p.checkers())
    }

    /// The Zobrist key ([`Position::zobrist`]).
    #[must_use]
    pub fn zobrist(&self) -> u64 {
        dispatch!(AnyPosition, self, p => p.zobrist())
    }

    /// All legal moves.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        dispatch!(AnyPosition, self, p => p.legal_moves())
    }

    /// Calls `f` for every legal move.
    pub fn for_each_legal_move(&self, f: impl FnMut(Move)) {
        dispatch!(AnyPosition, self, p => p.for_each_legal_move(f))
    }

    /// Whether `m` is legal.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        dispatch!(AnyPosition, self, p => p.is_legal(m))
    }

    /// Plays `m` if it is legal.
    ///
    /// # Errors
    /// [`IllegalMove`] naming the broken rule; the position is unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        dispatch!(AnyPosition, self, p => p.play(m))
    }

    /// The number of leaves of the legal move tree `depth` plies deep ([`Position::perft`]).
    #[must_use]
    pub fn perft(&self, depth: u32) -> u64 {
        dispatch!(AnyPosition, self, p => p.perft(depth))
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

impl AnyPositionError {
    /// The faults found.
    #[must_use]
    pub fn faults(&self) -> shogi_movegen::Faults {
        dispatch!(AnyPositionError, self, e => e.faults())
    }

    /// Waives every soft fault ([`PositionError::ignore_soft`]).
    ///
    /// # Errors
    /// Returns `self` if hard faults remain.
    pub fn ignore_soft(self) -> Result<AnyPosition, AnyPositionError> {
        match self {
            AnyPositionError::Standard(e) => e
                .ignore_soft()
                .map(AnyPosition::Standard)
                .map_err(AnyPositionError::Standard),
            AnyPositionError::UntakeableSilver(e) => e
                .ignore_soft()
                .map(AnyPosition::UntakeableSilver)
                .map_err(AnyPositionError::UntakeableSilver),
        }
    }
}

impl AnyPositionError {
    /// Waives every fault a composed problem may show
    /// ([`PositionError::ignore_composed`](shogi_movegen::PositionError::ignore_composed)).
    ///
    /// # Errors
    /// Returns `self` if other faults remain.
    pub fn ignore_composed(self) -> Result<AnyPosition, AnyPositionError> {
        match self {
            AnyPositionError::Standard(e) => e
                .ignore_composed()
                .map(AnyPosition::Standard)
                .map_err(AnyPositionError::Standard),
            AnyPositionError::UntakeableSilver(e) => e
                .ignore_composed()
                .map(AnyPosition::UntakeableSilver)
                .map_err(AnyPositionError::UntakeableSilver),
        }
    }
}

impl fmt::Display for AnyPositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        dispatch!(AnyPositionError, self, e => fmt::Display::fmt(e, f))
    }
}

impl std::error::Error for AnyPositionError {}

/// A game of any variant, chosen at run time: a [`Game<Standard>`] or a
/// [`Game<UntakeableSilver>`], adjudicated by `shogi-rules`.
///
/// The methods of [`Game`] are forwarded to the game inside; match on the enum for anything
/// else.
///
/// ```
/// use shogi_rules::{Outcome, WinReason};
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
/// assert_eq!(game.resign(Color::White)?, Outcome::Win {
///     winner: Color::Black,
///     reason: WinReason::Resignation,
/// });
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

impl From<Game<Standard>> for AnyGame {
    fn from(game: Game<Standard>) -> AnyGame {
        AnyGame::Standard(game)
    }
}

impl From<Game<UntakeableSilver>> for AnyGame {
    fn from(game: Game<UntakeableSilver>) -> AnyGame {
        AnyGame::UntakeableSilver(game)
    }
}

/// A game of `R` from `start` under `rules`.
fn game_of<R: Rules>(start: Position<R>, rules: RuleSet) -> Game<R> {
    Game::with_rules(start, rules)
}

impl AnyGame {
    /// A game from `start` under `rules`, in the variant of `start`.
    #[must_use]
    pub fn with_rules(start: AnyPosition, rules: RuleSet) -> AnyGame {
        match start {
            AnyPosition::Standard(p) => AnyGame::Standard(game_of(p, rules)),
            AnyPosition::UntakeableSilver(p) => AnyGame::UntakeableSilver(game_of(p, rules)),
        }
    }

    /// The variant of the game.
    #[must_use]
    pub const fn variant(&self) -> Variant {
        match self {
            AnyGame::Standard(_) => Variant::Standard,
            AnyGame::UntakeableSilver(_) => Variant::UntakeableSilver,
        }
    }

    /// The rule set ([`Game::rules`]).
    #[must_use]
    pub fn rules(&self) -> RuleSet {
        dispatch!(AnyGame, self, g => g.rules())
    }

    /// The start position ([`Game::start`]).
    #[must_use]
    pub fn start(&self) -> AnyPosition {
        dispatch!(AnyGame, self, g => AnyPosition::from(*g.start()))
    }

    /// The current position ([`Game::position`]).
    #[must_use]
    pub fn position(&self) -> AnyPosition {
        dispatch!(AnyGame, self, g => AnyPosition::from(*g.position()))
    }

    /// The position after `ply` moves, if the game has that many ([`Game::position_at`]).
    #[must_use]
    pub fn position_at(&self, ply: usize) -> Option<AnyPosition> {
        dispatch!(AnyGame, self, g => g.position_at(ply).map(AnyPosition::from))
    }

    /// The moves played ([`Game::moves`]).
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        dispatch!(AnyGame, self, g => g.moves())
    }

    /// The outcome, if the game is over ([`Game::outcome`]).
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        dispatch!(AnyGame, self, g => g.outcome())
    }

    /// Whether the game is over ([`Game::is_over`]).
    #[must_use]
    pub fn is_over(&self) -> bool {
        dispatch!(AnyGame, self, g => g.is_over())
    }

    /// How often the current position has occurred ([`Game::repetitions`]).
    #[must_use]
    pub fn repetitions(&self) -> u32 {
        dispatch!(AnyGame, self, g => g.repetitions())
    }

    /// The handicap credit in force ([`Game::handicap_credit`]).
    #[must_use]
    pub fn handicap_credit(&self) -> ByColor<u32> {
        dispatch!(AnyGame, self, g => g.handicap_credit())
    }

    /// The impasse counts of the current position ([`Game::points`]).
    #[must_use]
    pub fn points(&self) -> Points {
        dispatch!(AnyGame, self, g => g.points())
    }

    /// Plays `m` and judges the game ([`Game::play`]).
    ///
    /// # Errors
    /// [`PlayError`] if the move is illegal or the game is over; the game is unchanged.
    pub fn play(&mut self, m: Move) -> Result<Option<Outcome>, PlayError> {
        dispatch!(AnyGame, self, g => g.play(m))
    }

    /// Plays `m`, or records the loss of the mover if it is illegal ([`Game::play_or_forfeit`]).
    ///
    /// # Errors
    /// [`GameOver`] if the game is already over.
    pub fn play_or_forfeit(&mut self, m: Move) -> Result<Option<Outcome>, GameOver> {
        dispatch!(AnyGame, self, g => g.play_or_forfeit(m))
    }

    /// Takes back the last move ([`Game::undo`]).
    pub fn undo(&mut self) -> Option<Move> {
        dispatch!(AnyGame, self, g => g.undo())
    }

    /// Judges and records an impasse declaration of the side to move ([`Game::declare`]).
    ///
    /// # Errors
    /// [`DeclareError`] if the rule set allows no declaration now or the game is over.
    pub fn declare(&mut self) -> Result<Outcome, DeclareError> {
        dispatch!(AnyGame, self, g => g.declare())
    }

    /// Records an outcome that no rule computes ([`Game::set_outcome`]).
    ///
    /// # Errors
    /// [`GameOver`] if the game is already over.
    pub fn set_outcome(&mut self, outcome: Outcome) -> Result<(), GameOver> {
        dispatch!(AnyGame, self, g => g.set_outcome(outcome))
    }

    /// Records the resignation of `color` ([`Game::resign`]).
    ///
    /// # Errors
    /// [`GameOver`] if the game is already over.
    pub fn resign(&mut self, color: Color) -> Result<Outcome, GameOver> {
        dispatch!(AnyGame, self, g => g.resign(color))
    }
}
