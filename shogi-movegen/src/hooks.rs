use core::fmt::Debug;
use core::hash::Hash;

use shogi_types::{Bitboard, Piece};

/// Hooks through which a variant changes the rules of [`Position`](crate::Position).
///
/// Every method and associated item has a default that gives standard shogi, so adding a hook
/// never breaks an implementation. [`Standard`] is standard shogi.
///
/// # Protected pieces
/// A variant may protect individual pieces from capture (the untakeable-silver variant protects
/// the silver side's starting silvers until they promote). The set of protected squares is part
/// of the position, read from the marks of its setup
/// ([`Setup::protected`](shogi_types::Setup::protected), `!` in SFEN) and written back by
/// [`Position::to_setup`](crate::Position::to_setup): it moves with a protected piece that moves without promoting, is lost when
/// the piece promotes, enters the Zobrist key and equality, and no move of either side may
/// capture a piece on it. Protected pieces still attack and still give check; a king checked by
/// one must move away. For [`Standard`], [`VariantHooks::Protected`] is `()`, so the hook costs
/// nothing: every protection test is compiled out.
pub trait VariantHooks: Copy + Default + Debug + Eq + Hash + Send + Sync + 'static {
    /// How the position stores its protected squares: `()` (nothing, the default choice for
    /// variants without protection) or [`Bitboard`].
    type Protected: ProtectedSet;

    /// Whether `piece` may carry protection; a setup that marks any other piece protected
    /// ([`Setup::protected`](shogi_types::Setup::protected)) is rejected with
    /// [`Fault::BadProtection`](crate::Fault::BadProtection). Default: no piece.
    fn can_be_protected(piece: Piece) -> bool {
        let _ = piece;
        false
    }
}

mod sealed {
    /// Only this crate implements [`ProtectedSet`](super::ProtectedSet).
    pub trait Sealed {}
    impl Sealed for () {}
    impl Sealed for shogi_types::Bitboard {}
}

/// Storage for the set of protected squares of a position (see [`VariantHooks`]): `()` or
/// [`Bitboard`]. The trait is sealed: the position relies on exactly these two.
pub trait ProtectedSet:
    Copy + Default + Debug + Eq + Hash + Send + Sync + 'static + sealed::Sealed
{
    /// Whether this storage can hold any square. When `false`, all protection code is compiled out.
    const ACTIVE: bool;
    /// The protected squares.
    fn squares(&self) -> Bitboard;
    /// Stores a new set of protected squares (ignored when [`Self::ACTIVE`] is `false`).
    fn set_squares(&mut self, squares: Bitboard);
}

impl ProtectedSet for () {
    const ACTIVE: bool = false;
    #[inline(always)]
    fn squares(&self) -> Bitboard {
        Bitboard::EMPTY
    }
    #[inline(always)]
    fn set_squares(&mut self, _: Bitboard) {}
}

impl ProtectedSet for Bitboard {
    const ACTIVE: bool = true;
    #[inline(always)]
    fn squares(&self) -> Bitboard {
        *self
    }
    #[inline(always)]
    fn set_squares(&mut self, squares: Bitboard) {
        *self = squares;
    }
}

/// Standard shogi (本将棋, hon shōgi): no protected pieces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Standard;

impl VariantHooks for Standard {
    type Protected = ();
}
