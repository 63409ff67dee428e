//! `Arbitrary` for [`Position`]: every generated position is valid.

use arbitrary::{Arbitrary, Result, Unstructured};
use shogi_types::{Color, Piece, PieceKind, Setup, Square};

use crate::{Position, VariantHooks};

/// One random change to a setup (a piece placed, removed or moved to a hand, a hand count
/// changed, the side to move swapped); kept by the caller only if the result is valid.
pub(crate) fn mutate(setup: &mut Setup, u: &mut Unstructured<'_>) -> Result<()> {
    let sq = Square::ALL[u.int_in_range(0..=80usize)?];
    match u.int_in_range(0..=3u8)? {
        0 => {
            let color = if u.arbitrary()? {
                Color::Black
            } else {
                Color::White
            };
            let kind = PieceKind::ALL[u.int_in_range(0..=13usize)?];
            setup.set_piece(sq, Some(Piece::new(color, kind)));
        }
        1 => {
            if let Some(p) = setup.set_piece(sq, None) {
                let hand = &mut setup.hands[p.color];
                if let Some(h) = hand.checked_add(p.kind) {
                    *hand = h;
                }
            }
        }
        2 => {
            let color = if u.arbitrary()? {
                Color::Black
            } else {
                Color::White
            };
            let kind = PieceKind::HAND_KINDS[u.int_in_range(0..=6usize)?];
            let n = u.int_in_range(0..=4u8)?;
            if let Some(h) = setup.hands[color].with_count(kind, n) {
                setup.hands[color] = h;
            }
        }
        _ => setup.side_to_move = !setup.side_to_move,
    }
    Ok(())
}

impl<'a, R: VariantHooks> Arbitrary<'a> for Position<R> {
    /// Starts from the standard start position and applies arbitrary legal moves, with
    /// occasional random edits that are kept only when the result is a valid position.
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Position<R>> {
        let mut pos = Position::<R>::start();
        let steps = u.int_in_range(0..=256u32)?;
        for _ in 0..steps {
            if u.is_empty() {
                break;
            }
            if u.ratio(1u8, 12)? {
                let mut setup = pos.to_setup();
                mutate(&mut setup, u)?;
                if let Ok(p) = Position::from_setup(setup) {
                    pos = p;
                }
                continue;
            }
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = *u.choose(&moves)?;
            pos.play_unchecked(m);
        }
        Ok(pos)
    }
}
