//! Resolving parsed move notation against a position, shared by [`western`](crate::western)
//! and [`japanese`](crate::japanese).

use alloc::vec::Vec;
use shogi_movegen::{IllegalMove, IllegalMoveKind, Position, VariantHooks};
use shogi_types::{Color, Move, PieceKind, Square};

/// The error returned when move notation was read but does not name exactly one legal move of
/// the position.
///
/// Reading the text ([`western::parse`](crate::western::parse),
/// [`japanese::parse`](crate::japanese::parse)) never looks at a position; this error comes
/// from the second step, `resolve`.
///
/// ```
/// use shogi_movegen::Position;
/// use shogi_notation::{ResolveError, western};
///
/// let pos: Position = Position::start();
/// // The pawn on 7g cannot reach 7e in one move.
/// let err = western::parse("P-7e")?.resolve(&pos).unwrap_err();
/// assert_eq!(err, ResolveError::NoMatchingMove);
/// assert_eq!(err.to_string(), "no legal move matches the notation");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ResolveError {
    /// No legal move of the position fits the notation.
    #[error("no legal move matches the notation")]
    NoMatchingMove,
    /// Several legal moves fit the notation.
    #[error("ambiguous notation: {} legal moves match", candidates.len())]
    Ambiguous {
        /// The legal moves that fit, in the order the generator produced them.
        candidates: Vec<Move>,
    },
    /// The notation is marked for the side that is not to move (`△` when Black is to move).
    #[error("the move is marked for {}, but {} is to move", color_name(*mark), color_name(!*mark))]
    WrongSide {
        /// The colour of the mark.
        mark: Color,
    },
    /// The notation says `同` (same square as the previous move), but no previous move was given.
    #[error("'同' needs the previous move, and none was given")]
    NoPreviousMove,
    /// Strict reading ([`WesternMove::resolve_strict`](crate::western::WesternMove::resolve_strict)):
    /// the move could promote but the text has no suffix (`=` is required to decline), or it
    /// could not promote but the text declines with `=`.
    #[error("strict notation: {}", if *required { "a move that could promote needs '+' or '='" } else { "'=' on a move that cannot promote" })]
    PromotionSuffix {
        /// `true` if the suffix is missing, `false` if `=` was written where no promotion was
        /// possible.
        required: bool,
    },
}

/// The colour as a lowercase word for messages.
const fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// The result of filtering the legal moves: exactly one, none, or several.
pub(crate) fn single(candidates: Vec<Move>) -> Result<Move, ResolveError> {
    match candidates.as_slice() {
        [] => Err(ResolveError::NoMatchingMove),
        [m] => Ok(*m),
        _ => Err(ResolveError::Ambiguous { candidates }),
    }
}

/// Checks that `m` is legal in `pos`; otherwise returns why not.
pub(crate) fn check_legal<R: VariantHooks>(pos: &Position<R>, m: Move) -> Result<(), IllegalMove> {
    if pos.is_legal(m) {
        return Ok(());
    }
    let mut copy = *pos;
    copy.play(m)?;
    // `is_legal` and `play` agree (a documented invariant of `Position`); should they ever
    // differ, say so rather than write notation for a move that `is_legal` rejects.
    Err(IllegalMove {
        mv: m,
        kind: IllegalMoveKind::NoSuchPiece,
    })
}

/// The squares of the side to move's pieces of exactly `kind` that attack `to`, ignoring pins
/// (the pseudo-legal candidate set used by the writers).
pub(crate) fn same_kind_attackers<R: VariantHooks>(
    pos: &Position<R>,
    kind: PieceKind,
    to: Square,
) -> Vec<Square> {
    let color = pos.side_to_move();
    (pos.attackers_to(to, color, pos.occupied()) & pos.pieces(color, kind))
        .iter()
        .collect()
}

/// Whether promoting is also a legal way to make the board move `from`→`to`.
pub(crate) fn could_promote<R: VariantHooks>(pos: &Position<R>, from: Square, to: Square) -> bool {
    pos.is_legal(Move::Normal {
        from,
        to,
        promote: true,
    })
}
