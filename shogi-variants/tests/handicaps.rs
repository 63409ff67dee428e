//! Every handicap start position: valid, written and read as its documented SFEN, and named
//! back by `Handicap::from_setup`.

use shogi_movegen::{Position, Standard};
use shogi_types::{Color, Piece, Setup};
use shogi_variants::Handicap;

#[test]
fn every_start_is_valid_and_named_back() {
    for h in Handicap::ALL {
        let setup = h.setup();
        let pos =
            Position::<Standard>::from_setup(setup.clone()).unwrap_or_else(|e| panic!("{h}: {e}"));
        assert_eq!(pos, h.position(), "{h}");
        assert_eq!(pos.side_to_move(), h.first_to_move(), "{h}");
        assert_eq!(Handicap::from_setup(&pos.to_setup()), Some(h), "{h}");

        // The documented SFEN is what the SFEN writer gives, and reads back to the setup.
        assert_eq!(setup.to_string(), h.sfen(), "{h}");
        let read: Setup = h.sfen().parse().unwrap_or_else(|e| panic!("{h}: {e}"));
        assert_eq!(read, setup, "{h}");

        // The move number does not matter; the side to move does.
        let mut later = setup.clone();
        later.move_number = std::num::NonZeroU32::new(7).unwrap_or(std::num::NonZeroU32::MIN);
        assert_eq!(Handicap::from_setup(&later), Some(h), "{h}");
        let mut other_side = setup.clone();
        other_side.side_to_move = !setup.side_to_move;
        assert_eq!(Handicap::from_setup(&other_side), None, "{h}");
    }
}

#[test]
fn the_board_differs_from_the_even_game_by_the_removed_pieces() {
    let even = Setup::start();
    for h in Handicap::ALL {
        let setup = h.setup();
        let mut removed: Vec<_> = even
            .pieces()
            .filter(|&(sq, _)| setup.piece_at(sq).is_none())
            .map(|(sq, p)| (sq, p.kind))
            .collect();
        let mut expected = h.removed().to_vec();
        removed.sort();
        expected.sort();
        assert_eq!(removed, expected, "{h}");
        for (sq, p) in setup.pieces() {
            assert_eq!(even.piece_at(sq), Some(p), "{h}: {sq}");
        }
        assert!(
            even.pieces()
                .filter(|&(sq, _)| setup.piece_at(sq).is_none())
                .all(|(_, p)| p.color == Color::White)
        );
        assert_eq!(setup.hands.white, h.giver_hand(), "{h}");
        assert!(setup.hands.black.is_empty());
        assert_eq!(h.giver().is_some(), h != Handicap::Even);
        // The giver always keeps its king.
        assert!(
            setup
                .pieces()
                .any(|(_, p)| p == Piece::new(Color::White, shogi_types::PieceKind::King))
        );
    }
}

#[test]
fn both_readings_of_three_piece_are_recognised() {
    let a: Setup = "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    let b: Setup = "1nsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
        .parse()
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(Handicap::from_setup(&a), Some(Handicap::ThreePiece));
    assert_eq!(
        Handicap::from_setup(&b),
        Some(Handicap::ThreePieceRightLance)
    );
    assert_eq!(
        "三枚落ち".parse::<Handicap>().ok(),
        Some(Handicap::ThreePiece)
    );
    assert_eq!(Handicap::ThreePiece.kif_name(), None);
    assert_eq!(Handicap::ThreePieceRightLance.kif_name(), None);
}
