//! Calling code generic over [`Position<R>`] with a position whose rules are chosen at run
//! time.
//!
//! A function such as `fn describe<R: VariantHooks>(pos: &Position<R>, …)` cannot be called with a
//! value whose `R` is only known at run time (an enum over several variants). Write the
//! generic code once as a [`PositionVisitor`] and accept any [`VisitPosition`] instead:
//! [`Position<R>`] hands itself to the visitor directly (no cost: the call is monomorphised
//! and inlined), and a run-time type such as `shogi_variants::AnyPosition` matches on its
//! variant once and hands over the typed position inside. This crate knows nothing of those
//! variants; the crate that defines the enum implements [`VisitPosition`] for it.

use crate::{Position, VariantHooks};

/// An operation on a position of any [`VariantHooks`], run by [`VisitPosition::visit`].
///
/// Implement it for a small struct that carries the operation's arguments; `visit` receives
/// the typed position. See [`VisitPosition`] for an example.
pub trait PositionVisitor {
    /// What the operation returns.
    type Output;

    /// Runs the operation on `pos`.
    fn visit<R: VariantHooks>(self, pos: &Position<R>) -> Self::Output;
}

/// A position, or a run-time choice between positions of several [`VariantHooks`], that can hand
/// its typed [`Position<R>`] to a [`PositionVisitor`].
///
/// Functions that accept `&P` with `P: VisitPosition + ?Sized` take `&Position<R>` exactly as
/// before and also the run-time position types built on this crate. An implementation calls
/// [`PositionVisitor::visit`] exactly once, with the position it holds.
///
/// # Examples
/// ```
/// use shogi_movegen::{Position, PositionVisitor, VariantHooks, Standard, VisitPosition};
/// use shogi_types::Color;
///
/// /// The number of legal moves and the side to move, for a position of any rules.
/// struct Summary;
///
/// impl PositionVisitor for Summary {
///     type Output = (usize, Color);
///     fn visit<R: VariantHooks>(self, pos: &Position<R>) -> (usize, Color) {
///         (pos.legal_moves().len(), pos.side_to_move())
///     }
/// }
///
/// /// Accepts a `Position<R>` of any `R`, and any run-time position type as well.
/// fn summary<P: VisitPosition + ?Sized>(pos: &P) -> (usize, Color) {
///     pos.visit(Summary)
/// }
///
/// // A run-time choice between rules, as a crate of variants would define it.
/// enum EitherPosition {
///     Standard(Position<Standard>),
/// }
///
/// impl VisitPosition for EitherPosition {
///     fn visit<V: PositionVisitor>(&self, visitor: V) -> V::Output {
///         match self {
///             EitherPosition::Standard(pos) => visitor.visit(pos),
///         }
///     }
/// }
///
/// let pos: Position = Position::start();
/// assert_eq!(summary(&pos), (30, Color::Black));
/// assert_eq!(summary(&EitherPosition::Standard(pos)), (30, Color::Black));
/// ```
pub trait VisitPosition {
    /// Calls `visitor` with the typed position and returns what it returns.
    fn visit<V: PositionVisitor>(&self, visitor: V) -> V::Output;
}

impl<R: VariantHooks> VisitPosition for Position<R> {
    /// Calls `visitor` with `self`.
    #[inline]
    fn visit<V: PositionVisitor>(&self, visitor: V) -> V::Output {
        visitor.visit(self)
    }
}

impl<T: VisitPosition + ?Sized> VisitPosition for &T {
    /// Visits the position behind the reference.
    #[inline]
    fn visit<V: PositionVisitor>(&self, visitor: V) -> V::Output {
        (**self).visit(visitor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Standard;

    /// Returns the position's key, so the test sees which position was visited.
    struct Key;

    impl PositionVisitor for Key {
        type Output = u64;
        fn visit<R: VariantHooks>(self, pos: &Position<R>) -> u64 {
            pos.zobrist()
        }
    }

    #[test]
    fn a_position_visits_itself_and_a_reference_visits_its_target() {
        let start: Position<Standard> = Position::start();
        let mut moved = start;
        moved
            .play(shogi_types::Move::Normal {
                from: shogi_types::Square::SQ_7G,
                to: shogi_types::Square::SQ_7F,
                promote: false,
            })
            .expect("7g7f is legal at the start");
        assert_ne!(start.zobrist(), moved.zobrist());
        assert_eq!(start.visit(Key), start.zobrist());
        assert_eq!(moved.visit(Key), moved.zobrist());
        assert_eq!((&&moved).visit(Key), moved.zobrist());
    }
}
