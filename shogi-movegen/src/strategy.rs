//! Proptest strategies for squares, pieces, setups and positions, for use in other crates'
//! tests (feature `proptest`).
//!
//! ```
//! use proptest::prelude::*;
//! use shogi_movegen::{strategy, Position};
//!
//! proptest!(|(pos in strategy::position())| {
//!     let again = Position::from_setup(pos.to_setup()).unwrap();
//!     prop_assert_eq!(again, pos);
//! });
//! ```

use proptest::prelude::*;
use shogi_types::{ByColor, Color, Hand, Piece, PieceKind, Setup, Square};

use crate::{MoveList, Position, Standard, VariantHooks};

/// Any square.
pub fn square() -> impl Strategy<Value = Square> {
    (0u8..81).prop_map(|i| Square::ALL[usize::from(i)])
}

/// Any colour.
pub fn color() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::Black), Just(Color::White)]
}

/// Any of the 14 piece kinds.
pub fn piece_kind() -> impl Strategy<Value = PieceKind> {
    (0usize..14).prop_map(|i| PieceKind::ALL[i])
}

/// Any piece.
pub fn piece() -> impl Strategy<Value = Piece> {
    (color(), piece_kind()).prop_map(|(c, k)| Piece::new(c, k))
}

/// A hand with up to `max` pieces of each kind.
pub fn hand(max: u8) -> impl Strategy<Value = Hand> {
    proptest::collection::vec(0..=max, 7).prop_map(|counts| {
        let mut hand = Hand::EMPTY;
        for (kind, n) in PieceKind::HAND_KINDS.into_iter().zip(counts) {
            hand = hand.with_count(kind, n).unwrap_or(hand);
        }
        hand
    })
}

/// Any setup, valid or not: random pieces on random squares, random hands, side and move number.
pub fn setup() -> impl Strategy<Value = Setup> {
    (
        proptest::collection::vec((square(), piece()), 0..48),
        hand(4),
        hand(4),
        color(),
        1u32..1000,
    )
        .prop_map(|(pieces, black, white, side, ply)| {
            let mut setup = Setup::empty();
            for (sq, p) in pieces {
                setup.set_piece(sq, Some(p));
            }
            setup.hands = ByColor::new(black, white);
            setup.side_to_move = side;
            setup.move_number =
                core::num::NonZeroU32::new(ply).unwrap_or(core::num::NonZeroU32::MIN);
            setup
        })
}

/// Plays a random legal game of up to `plies` moves from `start`, preferring captures, drops
/// and checks so that hands fill, pieces promote and kings get chased. Each entry of `choices`
/// picks one move.
pub fn random_walk<R: VariantHooks>(start: Position<R>, choices: &[u32]) -> Position<R> {
    let mut pos = start;
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let theirs = pos.pieces_of_color(!pos.side_to_move());
        let mut preferred = MoveList::new();
        preferred.extend(
            moves
                .iter()
                .copied()
                .filter(|m| theirs.has(m.to()) || m.is_drop()),
        );
        let pool = if c % 3 != 0 && !preferred.is_empty() {
            &preferred
        } else {
            &moves
        };
        let m = pool[(c / 3) as usize % pool.len()];
        pos.play_unchecked(m);
    }
    pos
}

/// A position reached by a random legal game of up to 160 plies from the start position,
/// biased towards captures and drops.
pub fn position() -> impl Strategy<Value = Position<Standard>> {
    positions_from(Position::start())
}

/// A position reached by a random legal game from `start` (see [`random_walk`]).
pub fn positions_from<R: VariantHooks>(start: Position<R>) -> impl Strategy<Value = Position<R>> {
    proptest::collection::vec(any::<u32>(), 0..160)
        .prop_map(move |choices| random_walk(start, &choices))
}
