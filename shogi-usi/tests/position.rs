//! Replaying `position` commands with `shogi-movegen`, and SFENs of played positions.

#![allow(
    clippy::unwrap_used,
    reason = "tests unwrap what they expect to succeed"
)]

use proptest::prelude::*;
use shogi_movegen::{Fault, IllegalMoveKind, Position, Standard};
use shogi_types::Setup as Sfen;
use shogi_types::{Move, Setup};
use shogi_usi::position::{PositionCommand, ReplayError, StartPosition};

const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
const AFTER_7G7F: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";

fn cmd(s: &str) -> PositionCommand {
    s.parse().unwrap_or_else(|e| panic!("{s:?}: {e}"))
}

#[test]
fn sfen_after_7g7f() {
    let pos = cmd("position startpos moves 7g7f")
        .to_position::<Standard>()
        .unwrap();
    assert_eq!(pos.to_setup().to_string(), AFTER_7G7F);
    let mut direct = Position::<Standard>::default();
    direct.play("7g7f".parse().unwrap()).unwrap();
    assert_eq!(direct, pos);
    assert_eq!(Position::<Standard>::default().to_string(), START);
}

#[test]
fn sfen_start_and_startpos_agree() {
    let a = cmd("position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e")
        .to_position::<Standard>()
        .unwrap();
    let b = cmd(&format!(
        "position sfen {START} moves 7g7f 3c3d 8h2b+ 3a2b B*4e"
    ))
    .to_position::<Standard>()
    .unwrap();
    assert_eq!(a, b);
    assert_eq!(a.to_setup(), b.to_setup());
    assert_eq!(
        a.to_setup().to_string(),
        "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6"
    );
}

#[test]
fn handicap_start_from_the_spec() {
    let pos = cmd(
        "position sfen lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 5a4b 7g7f",
    )
    .to_position::<Standard>()
    .unwrap();
    assert_eq!(pos.move_number().get(), 3);
    assert_eq!(
        pos.to_setup().to_string(),
        "lnsg1gsnl/5k3/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 3"
    );
}

#[test]
fn illegal_move_reports_index_and_reason() {
    let c = cmd("position startpos moves 7g7f 3c3d 7g7f");
    let err = c.to_position::<Standard>().unwrap_err();
    match &err {
        ReplayError::IllegalMove {
            index,
            error: source,
        } => {
            assert_eq!(*index, 2);
            assert_eq!(source.mv, "7g7f".parse::<Move>().unwrap());
            assert_eq!(source.kind, IllegalMoveKind::NoSuchPiece);
        }
        other => panic!("unexpected {other:?}"),
    }
    // The message says what, where and why, once; the cause is not also the source.
    assert_eq!(
        err.to_string(),
        "usi position: moves[2]: illegal move 7g7f: no piece on the origin square"
    );
    assert!(std::error::Error::source(&err).is_none());

    // A pawn drop on a file that already has one of the mover's pawns (nifu).
    let nifu =
        cmd("position sfen 4k4/9/9/9/9/9/4P4/9/4K4 b P 1 moves P*5e").to_position::<Standard>();
    assert!(matches!(
        nifu,
        Err(ReplayError::IllegalMove { index: 0, error: source }) if source.kind == IllegalMoveKind::TwoPawns
    ));
}

#[test]
fn invalid_start_is_reported() {
    // Two black kings.
    let c = cmd("position sfen 4k4/9/9/9/9/9/9/9/3KK4 b - 1 moves 5i5h");
    match c.to_position::<Standard>() {
        Err(err @ ReplayError::InvalidStart(_)) => {
            let ReplayError::InvalidStart(e) = &err else {
                unreachable!()
            };
            assert!(e.faults().contains(Fault::TooManyKings));
            assert_eq!(
                err.to_string(),
                "usi position: start: invalid position: a side has more than one king; more pieces \
                 of a kind than one set holds (waive Fault::TooMuchMaterial to allow it)"
            );
            assert!(std::error::Error::source(&err).is_none());
        }
        other => panic!("unexpected {other:?}"),
    }
    // An empty board says so once.
    let empty = cmd("position sfen 9/9/9/9/9/9/9/9/9 b - 1").to_position::<Standard>();
    assert_eq!(
        empty.map(|_| ()).map_err(|e| e.to_string()),
        Err("usi position: start: invalid position: neither side has a king".to_string())
    );
    // A mate problem needs the one-king opt-in, then the moves can be played.
    let problem = cmd("position sfen 4k4/9/9/9/9/9/9/9/9 b 16P 1 moves P*5b");
    let Err(ReplayError::InvalidStart(e)) = problem.to_position::<Standard>() else {
        panic!("a mate problem is not a valid position by default");
    };
    let mut pos = e.ignore(Fault::MissingAttackerKing).unwrap();
    problem.play_moves(&mut pos).unwrap();
    assert_eq!(pos.to_setup().to_string(), "4k4/4P4/9/9/9/9/9/9/9 w 15P 2");
}

#[test]
fn start_position_kinds() {
    assert_eq!(StartPosition::Startpos.to_setup(), Setup::start());
    assert_eq!(
        StartPosition::Sfen(Sfen::start()).to_setup(),
        Setup::start()
    );
    assert_eq!(StartPosition::Startpos.to_string(), "startpos");
    assert_eq!(
        StartPosition::Sfen(Sfen::start()).to_string(),
        format!("sfen {START}")
    );
}

/// Plays `choices` as indices into the legal move list, stopping when there is no legal move.
fn random_walk(choices: &[usize]) -> (Position<Standard>, Vec<Move>) {
    let mut pos = Position::<Standard>::default();
    let mut moves = Vec::new();
    for &choice in choices {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[choice % legal.len()];
        pos.play(mv).expect("a legal move plays");
        moves.push(mv);
    }
    (pos, moves)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn replayed_walks_reach_the_same_position(choices in proptest::collection::vec(any::<usize>(), 0..60), split in any::<proptest::sample::Index>()) {
        let (pos, moves) = random_walk(&choices);
        let c = PositionCommand::new(StartPosition::Startpos, moves.clone());
        let text = c.to_string();
        let replayed = text.parse::<PositionCommand>().unwrap().to_position::<Standard>().unwrap();
        prop_assert_eq!(&replayed, &pos);
        prop_assert_eq!(replayed.to_setup(), pos.to_setup());

        // SFEN of the reached position round-trips through validation.
        let sfen = pos.to_setup();
        let again = Position::<Standard>::from_setup(sfen.to_string().parse::<Sfen>().unwrap()).unwrap();
        prop_assert_eq!(again.to_setup(), pos.to_setup());

        // Starting from an SFEN of an intermediate position gives the same result.
        let k = split.index(moves.len() + 1);
        let (mid, _) = random_walk(&choices[..choices.len().min(k)]);
        let head = &moves[..k.min(moves.len())];
        prop_assume!(head.len() == k);
        let tail = PositionCommand::new(StartPosition::Sfen(mid.to_setup()), moves[k..].to_vec());
        let from_mid = tail.to_string().parse::<PositionCommand>().unwrap().to_position::<Standard>().unwrap();
        prop_assert_eq!(from_mid.to_setup(), pos.to_setup());
    }
}
