//! The conveniences of the feature `movegen`: the check highlight and move dots, compared with
//! the squares worked out by hand.

use shogi_movegen::Position;
use shogi_svg::Diagram;
use shogi_types::{Bitboard, PieceKind, Setup, Square};

fn squares(list: &[Square]) -> Bitboard {
    list.iter().copied().collect()
}

#[test]
fn check_is_highlighted_only_in_check() {
    let sfen = "4k4/9/9/9/9/9/9/4R4/4K4 w - 2";
    let pos: Position = sfen.parse().expect("valid");
    let setup: Setup = sfen.parse().expect("an SFEN");
    assert_eq!(
        Diagram::from_position(&pos),
        Diagram::new(setup.clone()).check(Square::SQ_5A)
    );
    let quiet: Position = "4k4/9/9/9/9/9/9/3R5/4K4 w - 2".parse().expect("valid");
    assert_eq!(
        Diagram::from_position(&quiet),
        Diagram::new(quiet.to_setup())
    );
}

#[test]
fn dots_of_a_rook_stop_at_pieces_and_take_captures() {
    // The rook on 5e: up to the pawn on 5c (a capture), down to 5h (its own king on 5i), left
    // to the pawn on 8e, right to the pawn on 2e.
    let pos: Position = "4k4/9/4p4/9/1p2R2p1/9/9/9/4K4 b - 1"
        .parse()
        .expect("valid");
    let d = Diagram::from_position(&pos).legal_dots(&pos, Square::SQ_5E);
    let want = squares(&[
        Square::SQ_5D,
        Square::SQ_5C,
        Square::SQ_5F,
        Square::SQ_5G,
        Square::SQ_5H,
        Square::SQ_6E,
        Square::SQ_7E,
        Square::SQ_8E,
        Square::SQ_4E,
        Square::SQ_3E,
        Square::SQ_2E,
    ]);
    assert_eq!(d, Diagram::new(pos.to_setup()).dots(want));
    // A piece of the side not to move, or an empty square: no dots.
    let none = Diagram::from_position(&pos)
        .legal_dots(&pos, Square::SQ_5C)
        .legal_dots(&pos, Square::SQ_1A);
    assert_eq!(none, Diagram::from_position(&pos));
}

#[test]
fn dots_of_a_pinned_piece_and_of_drops() {
    // The gold on 5h is pinned by the rook on 5a: it may move along the file only (5g).
    let pos: Position = "4r3k/9/9/9/9/9/9/4G4/4K4 b P 1".parse().expect("valid");
    let d = Diagram::from_position(&pos).legal_dots(&pos, Square::SQ_5H);
    assert_eq!(
        d,
        Diagram::new(pos.to_setup()).dots(squares(&[Square::SQ_5G]))
    );
    // Pawn drops: every empty square off rank 1 (no Black pawn on the board, so no file is
    // closed; the drop on 1b checks but is no mate, the king takes it).
    let drops = Diagram::from_position(&pos).drop_dots(&pos, PieceKind::Pawn);
    let mut want = Bitboard::EMPTY;
    for sq in Square::ALL {
        if sq.rank().get() != 1 && pos.piece_at(sq).is_none() {
            want |= sq;
        }
    }
    assert_eq!(drops, Diagram::new(pos.to_setup()).dots(want));
    assert_eq!(want.count(), 72 - 2);
}
