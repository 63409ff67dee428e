//! Property tests: SFEN, USI move and `position` command round trips, and readers that never
//! panic on arbitrary text.

#![allow(
    clippy::unwrap_used,
    reason = "tests unwrap what they expect to succeed"
)]

use std::num::NonZeroU32;

use proptest::prelude::*;
use shogi_types::Setup as Sfen;
use shogi_types::{ByColor, Color, Hand, Move, Piece, PieceKind, Setup, Square};
use shogi_usi::position::{self as usi, PositionCommand, StartPosition};

fn color() -> impl Strategy<Value = Color> {
    prop_oneof![Just(Color::Black), Just(Color::White)]
}

fn square() -> impl Strategy<Value = Square> {
    (0u8..81).prop_map(|i| Square::from_index(i).expect("index below 81"))
}

fn piece() -> impl Strategy<Value = Piece> {
    (color(), 0usize..PieceKind::COUNT)
        .prop_map(|(color, i)| Piece::new(color, PieceKind::from_index(i).expect("index below 14")))
}

fn hand() -> impl Strategy<Value = Hand> {
    // Mostly small counts, sometimes anything a hand can hold.
    let count = prop_oneof![6 => 0u8..=3, 2 => 0u8..=18, 1 => any::<u8>()];
    proptest::collection::vec(count, 7).prop_map(|counts| {
        PieceKind::HAND_KINDS
            .into_iter()
            .zip(counts)
            .fold(Hand::EMPTY, |hand, (kind, n)| {
                hand.with_count(kind, n).expect("hand kind")
            })
    })
}

fn ply() -> impl Strategy<Value = NonZeroU32> {
    prop_oneof![1u32..=300, any::<u32>().prop_map(|n| n.max(1))]
        .prop_map(|n| NonZeroU32::new(n).expect("positive"))
}

/// Any setup, valid or not: random pieces on random squares, some marked protected, random
/// hands, side and move number.
fn setup() -> impl Strategy<Value = Setup> {
    let density = 0usize..=81;
    (
        density,
        proptest::collection::vec((square(), piece(), any::<u8>()), 0..=81),
        hand(),
        hand(),
        color(),
        ply(),
    )
        .prop_map(|(n, pieces, black, white, side_to_move, ply)| {
            let mut setup = Setup::empty();
            for (sq, p, mark) in pieces.into_iter().take(n) {
                setup.set_piece(sq, Some(p));
                if mark < 32 {
                    setup.protected |= sq;
                }
            }
            setup.hands = ByColor::new(black, white);
            setup.side_to_move = side_to_move;
            setup.move_number = ply;
            setup
        })
}

fn usi_move() -> impl Strategy<Value = Move> {
    prop_oneof![
        (square(), square(), any::<bool>()).prop_map(|(from, to, promote)| Move::Normal {
            from,
            to,
            promote
        }),
        (0usize..7, square()).prop_map(|(i, to)| Move::Drop {
            kind: PieceKind::HAND_KINDS[i],
            to
        }),
    ]
}

fn command() -> impl Strategy<Value = PositionCommand> {
    let start = prop_oneof![
        Just(StartPosition::Startpos),
        setup().prop_map(StartPosition::Sfen),
    ];
    (start, proptest::collection::vec(usi_move(), 0..20))
        .prop_map(|(start, moves)| PositionCommand::new(start, moves))
}

/// Text made of SFEN and USI characters, with some non-ASCII ones, to reach deep into the readers.
fn sfen_like_text() -> impl Strategy<Value = String> {
    proptest::string::string_regex(
        "(sfen |position |startpos |moves )?[KRBGSNLPkrbgsnlp+!/0-9 bw\\-*a-i香歩é　]{0,90}",
    )
    .expect("valid regex")
}

proptest! {
    #[test]
    fn setup_sfen_setup(setup in setup()) {
        let text = setup.to_string();
        let back: Sfen = text.parse().map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(&back, &setup);
        // The writer is canonical: writing what was read gives the same text.
        prop_assert_eq!(back.to_string(), text.clone());
        prop_assert_eq!(text.split(' ').count(), 4);
        // With the `sfen` prefix too.
        prop_assert_eq!(format!("sfen {text}").parse::<Sfen>(), Ok(setup));
    }

    #[test]
    fn usi_move_round_trip(mv in usi_move()) {
        let text = mv.to_string();
        prop_assert_eq!(usi::parse_move(&text), Ok(mv));
    }

    #[test]
    fn usi_move_list_round_trip(moves in proptest::collection::vec(usi_move(), 0..30)) {
        let text = moves.iter().map(Move::to_string).collect::<Vec<_>>().join(" ");
        prop_assert_eq!(usi::parse_moves(&text), Ok(moves));
    }

    #[test]
    fn position_command_round_trip(cmd in command()) {
        let text = cmd.to_string();
        let back: PositionCommand = text.parse().map_err(|e| TestCaseError::fail(format!("{text}: {e}")))?;
        prop_assert_eq!(&back, &cmd);
        prop_assert_eq!(back.to_string(), text.clone());
        // Without the leading `position`.
        let bare = text.strip_prefix("position ").unwrap_or(&text);
        prop_assert_eq!(bare.parse::<PositionCommand>(), Ok(cmd));
    }

    #[test]
    fn readers_never_panic_on_any_text(text in any::<String>()) {
        let _ = text.parse::<Sfen>();
        let _ = text.parse::<PositionCommand>();
        let _ = usi::parse_moves(&text);
        let _ = usi::parse_move(&text);
    }

    #[test]
    fn readers_never_panic_on_sfen_like_text(text in sfen_like_text()) {
        match text.parse::<Sfen>() {
            // Whatever is read is written canonically and reads back the same.
            Ok(sfen) => prop_assert_eq!(sfen.to_string().parse::<Sfen>(), Ok(sfen)),
            Err(e) => {
                prop_assert!(e.offset() <= text.len());
                prop_assert!(!e.to_string().is_empty());
            }
        }
        match text.parse::<PositionCommand>() {
            Ok(cmd) => prop_assert_eq!(cmd.to_string().parse::<PositionCommand>(), Ok(cmd)),
            Err(e) => prop_assert!(e.offset() <= text.len()),
        }
    }

    #[test]
    fn mutated_sfen_never_panics(setup in setup(), cut in any::<proptest::sample::Index>(), insert in any::<char>()) {
        let text = (setup).to_string();
        let at = cut.index(text.len() + 1);
        // Only ASCII is written, so every byte offset is a char boundary.
        let mut mutated = text.clone();
        mutated.insert(at, insert);
        let _ = mutated.parse::<Sfen>();
        let mut truncated = text;
        truncated.truncate(at);
        if let Err(e) = truncated.parse::<Sfen>() {
            prop_assert!(e.offset() <= truncated.len());
        }
    }
}
