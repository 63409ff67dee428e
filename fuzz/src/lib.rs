//! The checks behind the fuzz targets in `fuzz_targets/`.
//!
//! Each fuzz target is one line that calls a `check_*` function here, so the same checks run
//! under `cargo fuzz` (nightly or `-s none` on stable) and under plain `cargo test`
//! (`tests/replay.rs` replays the seeds, the corpus and the regressions, and feeds
//! deterministic pseudo-random bytes). A check returns quietly for input it cannot use and
//! panics, with a message naming the broken property, when the library breaks its contract.
//!
//! The contract checked everywhere: no input makes the library panic; every writer's output
//! reads back to the same value and the same text; a `Position` is always valid
//! (`Position::from_setup(pos.to_setup()) == Ok(pos)`) and its incremental Zobrist key equals
//! the key computed from scratch; `is_legal` agrees with `legal_moves`; `play` accepts every
//! generated move and rejects every other move without changing the position; a `Game`
//! refuses what it must without changing, keeps its outcome until an undo, and always equals
//! the replay of its moves.

use std::sync::LazyLock;

use arbitrary::{Arbitrary, Unstructured};
use shogi_movegen::Fault;
use shogi_movegen::{MoveList, Position, Standard};
use shogi_notation::japanese;
use shogi_notation::western::{self, WesternOptions};
use shogi_rules::impasse::{self, ImpasseRule};
use shogi_rules::{AtLimit, DeclareError, Game, MoveLimit, Outcome, PlayError, RuleSet, UndoError};
use shogi_types::{Color, Move, PieceKind, Setup, Square};
use shogi_usi::position::{self as usi, PositionCommand, ReplayError};

mod packed;
mod records;
#[path = "usi.rs"]
mod usi_messages;
mod variant;

pub use packed::check_packed_decode;
pub use records::{
    check_csa_parse, check_jkf_parse, check_ki2_parse, check_kif_parse, check_record_generated,
};
pub use usi_messages::check_usi_message_parse;
pub use variant::check_variant_play_sequence;

/// A check: panics if the library breaks its contract on this input.
pub type Check = fn(&[u8]);

/// Every fuzz target by name, with its check (for the replay test).
pub const TARGETS: [(&str, Check); 16] = [
    ("sfen_roundtrip", check_sfen_roundtrip),
    ("usi_move_roundtrip", check_usi_move_roundtrip),
    ("position_command", check_position_command),
    ("legals_are_legal", check_legals_are_legal),
    ("play_sequence", check_play_sequence),
    ("adjudicate_sequence", check_adjudicate_sequence),
    ("western_parse", check_western_parse),
    ("japanese_parse", check_japanese_parse),
    ("variant_play_sequence", check_variant_play_sequence),
    ("kif_parse", check_kif_parse),
    ("ki2_parse", check_ki2_parse),
    ("csa_parse", check_csa_parse),
    ("record_generated", check_record_generated),
    ("usi_message_parse", check_usi_message_parse),
    ("packed_decode", check_packed_decode),
    ("jkf_parse", check_jkf_parse),
];

/// Valid start positions for `play_sequence`: the standard start, the handicap starts and
/// published perft positions (each holds at most one set of pieces and both kings).
const STARTS: [&str; 15] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    "lnsgkgsnl/1r5b1/9/9/9/9/9/1B5R1/LNSGKGSNL b 9P9p 1",
    "+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200",
    "7lk/9/8S/9/9/9/9/7L1/8K b P 1",
    "l2kg2+R1/4n3+L/p1gpps3/4np3/6P1N/PP+rP2pS1/1pG2P3/4P1G2/LN3KB1+p b SPbsl4p 1",
];

/// More starts for `adjudicate_sequence`, where the endings happen: impasse positions (a
/// declaration by Black, by a handicap giver, both kings in their camps), the perpetual-check
/// position S0 of rules.md and a king next to its try square.
const ADJUDICATE_STARTS: [&str; 5] = [
    "+R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b 10P 1",
    "9/4K4/9/9/9/9/n7n/1gg1k1gg1/1ss3ss1 w RB2N4L11P7p 1",
    "9/4K4/9/9/9/9/4k4/9/9 b RB14P4g4s4n4l4p 1",
    "9/9/6S1k/9/9/9/9/R8/4K4 b - 1",
    "9/4K4/9/9/9/9/9/9/k8 b - 1",
];

/// How many arbitrary moves `legals_are_legal` tries on one position, at most.
const MAX_PROBES: usize = 64;

/// `sfen_roundtrip`: bytes → `str` → [`Setup`] (its SFEN reader).
///
/// If the text reads as an SFEN, writing it and reading it again gives the same `Setup` and the
/// same text; so does writing it through `write_sfen` into a `String`. A setup with pieces
/// marked protected is refused by standard shogi with `Fault::BadProtection`. Validating its setup never panics; a valid position gives back the same setup,
/// and its SFEN reads back to an equal position. A position that is only invalid through soft
/// faults (extra material, the attacker's missing king) is waived and its legal moves are
/// played, so the generator is also exercised on what it claims to live with.
pub fn check_sfen_roundtrip(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(sfen) = text.parse::<Setup>() else {
        return;
    };
    let written = sfen.to_string();
    let mut into = String::from("sfen ");
    sfen.write_sfen(&mut into).expect("a String takes any text");
    assert_eq!(
        into,
        format!("sfen {written}"),
        "write_sfen differs from Display"
    );
    let again: Setup = written
        .parse()
        .unwrap_or_else(|e| panic!("written SFEN {written:?} does not read back: {e}"));
    assert_eq!(again, sfen, "SFEN {written:?} reads back to another setup");
    assert_eq!(again.to_string(), written, "SFEN text is not stable");

    let setup = sfen;
    match Position::<Standard>::from_setup(setup.clone()) {
        Ok(pos) => {
            assert!(
                setup.protected.is_empty(),
                "standard shogi accepted a marked piece"
            );
            assert_eq!(pos.to_setup(), setup, "to_setup differs from the setup");
            assert_valid(&pos);
            let text = pos.to_string();
            let reread: Setup = text
                .parse()
                .unwrap_or_else(|e| panic!("SFEN {text:?} of a position does not read: {e}"));
            assert_eq!(
                Position::<Standard>::from_setup(reread),
                Ok(pos),
                "SFEN {text:?} re-reads to another position"
            );
            check_moves_of(&pos, false);
        }
        Err(err) => {
            assert!(!err.faults().is_empty(), "an error without faults");
            assert_eq!(
                setup.protected.is_nonempty(),
                err.faults().contains(Fault::BadProtection),
                "a mark is refused exactly when there is one"
            );
            let _ = err.to_string();
            if let Ok(pos) = err.ignore_soft() {
                assert_eq!(pos.to_setup(), setup, "to_setup differs from the setup");
                assert_key(&pos);
                check_moves_of(&pos, false);
            }
        }
    }
}

/// `usi_move_roundtrip`: bytes → `str` → USI move.
///
/// [`usi::parse_move`] and `Move`'s `FromStr` agree, and what they read is written back as
/// exactly the same text (the reader is strict). A list read by [`usi::parse_moves`] reads back
/// from its canonical text. An arbitrary `Move` built from the same bytes, if it is one USI can
/// say (a board move, or the drop of a hand kind), reads back from its text.
pub fn check_usi_move_roundtrip(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let parsed = usi::parse_move(text);
        let from_str = text.parse::<Move>();
        assert_eq!(
            parsed.as_ref().ok(),
            from_str.as_ref().ok(),
            "parse_move and FromStr disagree on {text:?}"
        );
        if let Ok(m) = parsed {
            assert_eq!(
                m.to_string(),
                text,
                "move {m:?} is not written as it was read"
            );
            assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        } else if let Err(e) = parsed {
            let _ = e.to_string();
        }
        match usi::parse_moves(text) {
            Ok(moves) => {
                let joined = moves
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" ");
                assert_eq!(
                    usi::parse_moves(&joined).as_ref(),
                    Ok(&moves),
                    "move list {joined:?} reads back to other moves"
                );
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
    let mut u = Unstructured::new(data);
    while let Ok(m) = Move::arbitrary(&mut u) {
        if let Move::Drop { kind, .. } = m
            && !kind.is_hand_kind()
        {
            // Not a move USI can say (`K*5e`, a promoted piece dropped); skip it.
        } else {
            let text = m.to_string();
            assert_eq!(
                usi::parse_move(&text),
                Ok(m),
                "{m:?} written as {text:?} does not read back"
            );
        }
        if u.is_empty() {
            break;
        }
    }
}

/// `position_command`: bytes → `str` → [`PositionCommand`].
///
/// If the text reads as a command, writing it and reading it again gives the same command and
/// the same text. Replaying it with `to_position::<Standard>()` never panics; a replayed
/// position is valid and its move number advanced by one per move; an illegal move is reported
/// at the index of the first move that is really illegal; an invalid start is really invalid.
pub fn check_position_command(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(cmd) = text.parse::<PositionCommand>() else {
        return;
    };
    let written = cmd.to_string();
    let again: PositionCommand = written
        .parse()
        .unwrap_or_else(|e| panic!("written command {written:?} does not read back: {e}"));
    assert_eq!(
        again, cmd,
        "command {written:?} reads back to another command"
    );
    assert_eq!(again.to_string(), written, "command text is not stable");

    let start = cmd.start.to_setup();
    match cmd.to_position::<Standard>() {
        Ok(pos) => {
            assert_valid(&pos);
            let plies = u32::try_from(cmd.moves.len()).unwrap_or(u32::MAX);
            assert_eq!(
                pos.move_number(),
                start.move_number.saturating_add(plies),
                "move number after {plies} moves"
            );
        }
        Err(ReplayError::IllegalMove {
            index,
            error: source,
        }) => {
            assert!(index < cmd.moves.len(), "index {index} out of range");
            assert_eq!(source.mv, cmd.moves[index], "the reported move");
            let _ = source.to_string();
            let mut pos = match Position::<Standard>::from_setup(start) {
                Ok(pos) => pos,
                Err(e) => panic!("the start was accepted by to_position but not now: {e}"),
            };
            for (i, &m) in cmd.moves[..index].iter().enumerate() {
                assert!(pos.play(m).is_ok(), "moves[{i}] = {m} should be legal");
            }
            assert!(!pos.is_legal(source.mv), "moves[{index}] is legal");
            assert!(
                !pos.legal_moves().contains(&source.mv),
                "moves[{index}] is generated"
            );
            let before = pos;
            assert!(pos.play(source.mv).is_err());
            assert_unchanged(&pos, &before);
        }
        Err(ReplayError::InvalidStart(err)) => {
            assert!(Position::<Standard>::from_setup(start).is_err());
            let _ = err.to_string();
            if let Ok(mut pos) = err.ignore_soft() {
                // Soft faults waived: replaying must still never panic.
                let _ = cmd.play_moves(&mut pos);
                assert_key(&pos);
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// `legals_are_legal`: an arbitrary (always valid) [`Position`], then arbitrary moves.
///
/// Every generated move is accepted by `play` on a copy, which stays valid; the move lists of
/// the partial generators agree with `legal_moves`; `is_legal` agrees with
/// `legal_moves().contains` for the generated moves and for arbitrary moves (random, and
/// near-misses of legal ones); `play` of an illegal move returns `Err` and changes nothing.
pub fn check_legals_are_legal(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(pos) = Position::<Standard>::arbitrary(&mut u) else {
        return;
    };
    assert_valid(&pos);
    let moves = check_moves_of(&pos, true);
    for _ in 0..MAX_PROBES {
        if u.is_empty() {
            break;
        }
        let Ok(m) = probe_move(&mut u, &moves) else {
            break;
        };
        check_probe(&pos, &moves, m);
    }
}

/// `play_sequence`: the bytes drive a game from a valid start position.
///
/// Most steps play one of the legal moves (chosen by the bytes, with `play` or
/// `play_unchecked`); some try an arbitrary move with `play`, which must agree with
/// `is_legal` and change nothing when it fails. After every step the position is valid, its
/// Zobrist key equals the key computed from scratch, its SFEN reads back to it, and the number
/// of pieces on the board and in hand is unchanged.
pub fn check_play_sequence(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(index) = u.choose_index(STARTS.len()) else {
        return;
    };
    let mut pos = start_position(STARTS[index]);
    let pieces = material(&pos);
    while !u.is_empty() {
        let Ok(step) = u.int_in_range(0..=15u8) else {
            break;
        };
        if step == 0 {
            let Ok(m) = Move::arbitrary(&mut u) else {
                break;
            };
            let legal = pos.legal_moves().contains(&m);
            assert_eq!(
                pos.is_legal(m),
                legal,
                "is_legal({m}) disagrees with legal_moves"
            );
            let before = pos;
            match pos.play(m) {
                Ok(()) => {
                    assert!(legal, "play accepted {m}, which is not generated");
                    assert_after_move(&pos, &before);
                }
                Err(e) => {
                    assert!(!legal, "play rejected the legal move {m}: {e}");
                    assert_eq!(e.mv, m);
                    assert_unchanged(&pos, &before);
                }
            }
        } else {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let Ok(&m) = u.choose(&moves) else {
                break;
            };
            let before = pos;
            if step & 1 == 0 {
                pos.play_unchecked(m);
            } else if let Err(e) = pos.play(m) {
                panic!("play rejected the generated move {m}: {e}");
            }
            assert_after_move(&pos, &before);
        }
        assert_valid(&pos);
        assert_eq!(material(&pos), pieces, "pieces appeared or vanished");
        let text = pos.to_string();
        let sfen: Setup = text
            .parse()
            .unwrap_or_else(|e| panic!("SFEN {text:?} of a position does not read: {e}"));
        assert_eq!(sfen, pos.to_setup(), "SFEN {text:?} round trip");
    }
}

/// `adjudicate_sequence`: the bytes drive a [`Game`] under an arbitrary [`RuleSet`] from a
/// valid start position: moves (legal ones, often the reverse of the mover's previous move so
/// that positions repeat, and arbitrary ones), undo, impasse declarations and recorded
/// endings, in any order.
///
/// A refused action (an illegal move, anything after the end, a declaration the rule set does
/// not allow) changes nothing; an outcome, once there, stays until an undo; `play` reports the
/// outcome it records; a declaration gives the verdict of [`impasse::judge`]; undo returns to
/// exactly the state before the move, and is refused, changing nothing, while an ending
/// recorded or declared after the last move stands; `undo_ending` takes back exactly that
/// ending and nothing else. After every step the keys and check flags are those of
/// the positions, and at the end the game equals the replay of its moves from the start (same
/// position, keys, check flags and outcome, apart from an ending recorded or declared after
/// the last move).
pub fn check_adjudicate_sequence(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(index) = u.choose_index(STARTS.len() + ADJUDICATE_STARTS.len()) else {
        return;
    };
    let sfen = match STARTS.get(index) {
        Some(sfen) => sfen,
        None => ADJUDICATE_STARTS[index - STARTS.len()],
    };
    let start = start_position(sfen);
    let Ok(rules) = arbitrary_rules(&mut u) else {
        return;
    };
    let mut game = Game::with_rules(start, rules);
    // The position before each move still on the game, for undo.
    let mut before_moves: Vec<Position<Standard>> = Vec::new();
    // An outcome recorded or declared after the last move (not computed by the replay).
    let mut recorded: Option<Outcome> = None;
    while !u.is_empty() {
        let Ok(op) = u.int_in_range(0..=19u8) else {
            break;
        };
        let before = GameState::of(&game);
        match op {
            0..=11 => {
                let legal = game.position().legal_moves();
                let ply = game.moves().len();
                let back = (op >= 6 && ply >= 2)
                    .then(|| reverse(game.moves()[ply - 2]))
                    .flatten()
                    .filter(|m| legal.contains(m));
                let m = match back {
                    Some(m) => m,
                    None if legal.is_empty() => break,
                    None => match u.choose(&legal) {
                        Ok(&m) => m,
                        Err(_) => break,
                    },
                };
                let position = *game.position();
                match game.play(m) {
                    Ok(verdict) => {
                        assert!(before.outcome.is_none(), "a move was played after the end");
                        assert_eq!(verdict, game.outcome(), "play reports the outcome");
                        before_moves.push(position);
                    }
                    Err(PlayError::GameOver(e)) => {
                        assert_eq!(Some(e.outcome), before.outcome, "game over without an end");
                        assert_eq!(
                            GameState::of(&game),
                            before,
                            "a refused move changed the game"
                        );
                    }
                    Err(e) => panic!("the legal move {m} was refused: {e}"),
                }
            }
            12 | 13 => {
                let Ok(m) = Move::arbitrary(&mut u) else {
                    break;
                };
                let legal = game.position().is_legal(m);
                let position = *game.position();
                match game.play(m) {
                    Ok(_) => {
                        assert!(legal && before.outcome.is_none(), "play accepted {m}");
                        before_moves.push(position);
                    }
                    Err(e) => {
                        match e {
                            PlayError::IllegalMove(e) => {
                                assert!(!legal && before.outcome.is_none(), "play refused {m}");
                                let _ = e.to_string();
                            }
                            PlayError::GameOver(_) => assert!(before.outcome.is_some()),
                            _ => {}
                        }
                        assert_eq!(
                            GameState::of(&game),
                            before,
                            "a refused move changed the game"
                        );
                    }
                }
            }
            14 => match game.undo() {
                Ok(m) => {
                    assert_eq!(recorded, None, "undo of {m} past a recorded ending");
                    let Some(position) = before_moves.pop() else {
                        panic!("undo of {m} with no move played");
                    };
                    assert_eq!(
                        *game.position(),
                        position,
                        "undo did not restore the position"
                    );
                    assert_eq!(game.outcome(), None, "undo did not clear the outcome");
                }
                Err(e) => {
                    match e {
                        UndoError::NoMoves => {
                            assert!(before_moves.is_empty(), "undo refused with moves played");
                            assert_eq!(recorded, None, "no moves, but an ending recorded");
                        }
                        UndoError::EndingRecorded(outcome) => {
                            assert_eq!(Some(outcome), recorded, "undo refused by {outcome}");
                        }
                        _ => panic!("unknown undo error: {e}"),
                    }
                    assert_eq!(
                        GameState::of(&game),
                        before,
                        "a refused undo changed the game"
                    );
                }
            },
            15 => {
                let taken = game.undo_ending();
                assert_eq!(taken, recorded, "undo_ending took back another ending");
                if taken.is_some() {
                    assert_eq!(
                        game.outcome(),
                        None,
                        "undo_ending did not clear the outcome"
                    );
                    let after = GameState::of(&game);
                    assert_eq!(
                        (after.position, after.moves, after.keys, after.repetitions),
                        (
                            before.position,
                            before.moves,
                            before.keys,
                            before.repetitions
                        ),
                        "undo_ending changed more than the outcome"
                    );
                    recorded = None;
                } else {
                    assert_eq!(
                        GameState::of(&game),
                        before,
                        "an empty undo_ending changed the game"
                    );
                }
            }
            16 => {
                let judged = game.judge_declaration();
                let pure = impasse::judge(
                    game.position(),
                    rules.impasse(),
                    game.position().side_to_move(),
                    game.handicap_credit(),
                );
                match game.declare() {
                    Ok(outcome) => {
                        assert!(before.outcome.is_none(), "a declaration after the end");
                        assert_eq!(Ok(outcome), pure, "declare and impasse::judge disagree");
                        assert_eq!(
                            Ok(outcome),
                            judged,
                            "declare and judge_declaration disagree"
                        );
                        assert_eq!(game.outcome(), Some(outcome));
                        recorded = Some(outcome);
                    }
                    Err(e) => {
                        assert_eq!(Err(e), judged, "declare and judge_declaration disagree");
                        match e {
                            DeclareError::GameOver(_) => assert!(before.outcome.is_some()),
                            DeclareError::NotAllowed(e) => assert_eq!(Err(e), pure),
                            _ => {}
                        }
                        let _ = e.to_string();
                        assert_eq!(
                            GameState::of(&game),
                            before,
                            "a refused declaration changed the game"
                        );
                    }
                }
            }
            17 | 18 => {
                let Ok(which) = u.int_in_range(0..=5u8) else {
                    break;
                };
                let Ok(color) = Color::arbitrary(&mut u) else {
                    break;
                };
                let result = match which {
                    0 => Some(game.resign(color)),
                    1 => Some(game.lose_on_time(color)),
                    2 => Some(game.abandon(color)),
                    3 => Some(game.agree_draw()),
                    4 => Some(game.interrupt()),
                    _ => {
                        let Ok(m) = Move::arbitrary(&mut u) else {
                            break;
                        };
                        let position = *game.position();
                        let played = game.play_or_forfeit(m);
                        if game.moves().len() > before.moves {
                            // A legal move: played, and any outcome is computed.
                            assert_eq!(played, Ok(game.outcome()), "play_or_forfeit of {m}");
                            before_moves.push(position);
                            None
                        } else {
                            match played {
                                Ok(Some(outcome)) => Some(Ok(outcome)),
                                Ok(None) => {
                                    panic!("play_or_forfeit({m}) neither played nor recorded")
                                }
                                Err(e) => Some(Err(e)),
                            }
                        }
                    }
                };
                match result {
                    None => {}
                    Some(Ok(outcome)) => {
                        assert!(before.outcome.is_none(), "recorded after the end");
                        assert_eq!(game.outcome(), Some(outcome));
                        assert!(!outcome.is_computed());
                        recorded = Some(outcome);
                    }
                    Some(Err(e)) => {
                        assert_eq!(Some(e.outcome), before.outcome);
                        assert_eq!(
                            GameState::of(&game),
                            before,
                            "a refused record changed the game"
                        );
                    }
                }
            }
            _ => {
                let Ok(ply) = u.int_in_range(0..=game.moves().len()) else {
                    break;
                };
                match game.position_at(ply) {
                    Some(p) => {
                        assert_eq!(p.zobrist(), game.keys()[ply], "key of ply {ply}");
                        assert_eq!(p.is_check(), game.checks()[ply], "check flag of ply {ply}");
                    }
                    None => panic!("no position at ply {ply}"),
                }
            }
        }
        if before.outcome.is_some() && !matches!(op, 14 | 15) {
            assert_eq!(game.outcome(), before.outcome, "the outcome changed");
        }
        assert_eq!(game.recorded_ending(), recorded, "recorded ending");
        let now = GameState::of(&game);
        assert_eq!(now.keys, now.moves + 1, "one key per ply");
        assert_eq!(game.checks().len(), now.moves + 1, "one check flag per ply");
        assert_eq!(
            game.keys().last(),
            Some(&game.position().zobrist()),
            "current key"
        );
        assert_eq!(
            game.checks().last(),
            Some(&game.position().is_check()),
            "current check flag"
        );
        assert_key(game.position());
        assert!(
            game.repetitions() >= 1 && game.repetitions() <= 4,
            "repetitions"
        );
    }

    // The game is the replay of its moves.
    let mut replay = Game::with_rules(start, rules);
    for (i, &m) in game.moves().iter().enumerate() {
        match replay.play(m) {
            Ok(None) => {}
            Ok(Some(o)) => assert_eq!(i + 1, game.moves().len(), "replay ended at move {i}: {o}"),
            Err(e) => panic!("replay refused move {i} ({m}): {e}"),
        }
    }
    assert_eq!(replay.position(), game.position(), "replayed position");
    assert_eq!(replay.keys(), game.keys(), "replayed keys");
    assert_eq!(replay.checks(), game.checks(), "replayed check flags");
    assert_eq!(
        replay.repetitions(),
        game.repetitions(),
        "replayed repetitions"
    );
    match replay.outcome() {
        Some(outcome) => assert_eq!(game.outcome(), Some(outcome), "replayed outcome"),
        None => assert_eq!(game.outcome(), recorded, "recorded outcome"),
    }
}

/// A rule set from the bytes: any impasse rule, handicap credit on or off, no move limit or
/// one of 1 to 255 moves.
fn arbitrary_rules(u: &mut Unstructured<'_>) -> arbitrary::Result<RuleSet> {
    let impasse = *u.choose(&ImpasseRule::ALL)?;
    let credit = bool::arbitrary(u)?;
    let limit = u8::arbitrary(u)?;
    let at_limit = if bool::arbitrary(u)? {
        AtLimit::Count
    } else {
        AtLimit::Draw
    };
    let move_limit =
        core::num::NonZeroU32::new(u32::from(limit)).map(|n| MoveLimit::new(n, at_limit));
    Ok(RuleSet::none()
        .with_impasse(impasse)
        .with_handicap_credit(credit)
        .with_move_limit(move_limit))
}

/// The reverse of a board move without promotion (legal or not).
fn reverse(m: Move) -> Option<Move> {
    match m {
        Move::Normal {
            from,
            to,
            promote: false,
        } => Some(Move::Normal {
            from: to,
            to: from,
            promote: false,
        }),
        _ => None,
    }
}

/// What a refused action must leave unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct GameState {
    position: Position<Standard>,
    moves: usize,
    keys: usize,
    outcome: Option<Outcome>,
    repetitions: u32,
}

impl GameState {
    fn of(game: &Game) -> GameState {
        GameState {
            position: *game.position(),
            moves: game.moves().len(),
            keys: game.keys().len(),
            outcome: game.outcome(),
            repetitions: game.repetitions(),
        }
    }
}

/// Positions for the notation targets: the `play_sequence` starts plus positions where
/// several pieces of one kind reach the same squares (the JSA disambiguation examples).
const NOTATION_EXTRA_STARTS: [&str; 3] = [
    "8k/3G5/3G1G3/9/9/9/9/9/K8 b G 1",
    "k8/7+R1/8+R/9/9/9/9/9/K8 b - 1",
    "3g1g2k/9/9/9/9/9/9/9/K8 w - 1",
];

/// The notation targets' positions: [`STARTS`] then [`NOTATION_EXTRA_STARTS`], read once.
static NOTATION_POSITIONS: LazyLock<Vec<Position<Standard>>> = LazyLock::new(|| {
    STARTS
        .iter()
        .chain(&NOTATION_EXTRA_STARTS)
        .map(|sfen| start_position(sfen))
        .collect()
});

/// The notation targets' position for `data`: chosen by a hash of the bytes, so that any
/// text can meet any position.
fn notation_position(data: &[u8]) -> Position<Standard> {
    let hash = data.iter().fold(0x811c_9dc5_u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    });
    let positions = &*NOTATION_POSITIONS;
    positions[hash as usize % positions.len()]
}

/// `western_parse`: bytes → `str` → [`western::WesternMove`].
///
/// Reading never panics and errors point inside the text. What reads is written back
/// ([`Display`](std::fmt::Display) and every style) and reads back to the same value. If it
/// resolves to a move of the chosen position, the writer's text for that move (in every
/// style) reads and resolves back to the same move.
pub fn check_western_parse(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = match western::parse(text) {
        Ok(w) => w,
        Err(e) => {
            assert!(
                e.offset() <= text.len(),
                "offset out of range for {text:?}: {e}"
            );
            let _ = e.to_string();
            return;
        }
    };
    let styles = [
        WesternOptions::new(),
        WesternOptions::new().with_numeric_ranks(true),
        WesternOptions::new().with_dragon_horse_letters(true),
    ];
    for style in styles {
        let written = parsed.to_text(style);
        assert_eq!(
            western::parse(&written),
            Ok(parsed),
            "{text:?} written as {written:?}"
        );
    }
    let pos = notation_position(data);
    match parsed.resolve(&pos) {
        Ok(m) => {
            assert!(pos.is_legal(m), "{text:?} resolves to the illegal {m}");
            for style in styles {
                let written = match western::write_with(&pos, m, style) {
                    Ok(w) => w,
                    Err(e) => panic!("cannot write the legal {m} ({text:?}): {e}"),
                };
                let reread = western::parse(&written).map(|w| w.resolve(&pos));
                assert_eq!(reread, Ok(Ok(m)), "{text:?} → {m} → {written:?}");
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// `japanese_parse`: bytes → `str` → [`japanese::JapaneseMove`].
///
/// Reading never panics and errors point at a character boundary inside the text. What reads
/// is written back and reads back to the same value. If it resolves to a move of the chosen
/// position (with a previous move to the square named by the hash, for `同`), the writer's
/// text for that move reads and resolves back to the same move.
pub fn check_japanese_parse(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = match japanese::parse(text) {
        Ok(j) => j,
        Err(e) => {
            assert!(
                text.is_char_boundary(e.offset()),
                "offset not on a character boundary for {text:?}: {e}"
            );
            let _ = e.to_string();
            return;
        }
    };
    let written = parsed.to_string();
    let reread = match japanese::parse(&written) {
        Ok(j) => j,
        Err(e) => panic!("{text:?} written as {written:?} does not read: {e}"),
    };
    // The writer normalises synonyms (竜 → 龍, 生 → 不成), so compare the values.
    assert_eq!(reread, parsed, "{text:?} written as {written:?}");
    let pos = notation_position(data);
    let previous = u8::try_from(data.len() % 81)
        .ok()
        .and_then(Square::from_index)
        .map(|to| Move::Drop {
            kind: PieceKind::Pawn,
            to,
        });
    match parsed.resolve(&pos, previous) {
        Ok(m) => {
            assert!(pos.is_legal(m), "{text:?} resolves to the illegal {m}");
            let written = match japanese::write(&pos, m, previous) {
                Ok(w) => w,
                Err(e) => panic!("cannot write the legal {m} ({text:?}): {e}"),
            };
            let reread = japanese::parse(&written).map(|j| j.resolve(&pos, previous));
            assert_eq!(reread, Ok(Ok(m)), "{text:?} → {m} → {written:?}");
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// The start position for `play_sequence`.
fn start_position(sfen: &str) -> Position<Standard> {
    let setup = match sfen.parse::<Setup>() {
        Ok(s) => s,
        Err(e) => panic!("built-in start {sfen:?} does not read: {e}"),
    };
    match Position::from_setup(setup) {
        Ok(pos) => pos,
        Err(e) => panic!("built-in start {sfen:?} is invalid: {e}"),
    }
}

/// Pieces on the board plus pieces in both hands.
fn material(pos: &Position<Standard>) -> u32 {
    pos.occupied().count() + pos.hand(Color::Black).total() + pos.hand(Color::White).total()
}

/// The position is valid and its key is right.
fn assert_valid(pos: &Position<Standard>) {
    assert_eq!(
        Position::from_setup(pos.to_setup()),
        Ok(*pos),
        "from_setup(to_setup()) does not give the position back"
    );
    assert_key(pos);
    assert_eq!(
        pos.is_check(),
        !pos.checkers().is_empty(),
        "is_check and checkers disagree"
    );
}

/// The incremental Zobrist key equals the key computed from scratch.
fn assert_key(pos: &Position<Standard>) {
    assert_eq!(
        pos.zobrist(),
        shogi_movegen::testing::compute_hash(pos),
        "incremental Zobrist key differs from the key computed from scratch"
    );
}

/// `pos` is `before` with one move played.
fn assert_after_move(pos: &Position<Standard>, before: &Position<Standard>) {
    assert_eq!(
        pos.side_to_move(),
        !before.side_to_move(),
        "side to move after a move"
    );
    assert_eq!(
        pos.move_number(),
        before.move_number().saturating_add(1),
        "move number after a move"
    );
    assert_key(pos);
}

/// A failed `play` left the position exactly as it was.
fn assert_unchanged(pos: &Position<Standard>, before: &Position<Standard>) {
    assert_eq!(pos, before, "a failed play changed the position");
    assert_eq!(
        pos.to_setup(),
        before.to_setup(),
        "a failed play changed the setup"
    );
    assert_eq!(
        pos.zobrist(),
        before.zobrist(),
        "a failed play changed the Zobrist key"
    );
    assert_eq!(
        pos.checkers(),
        before.checkers(),
        "a failed play changed the checkers"
    );
    assert_eq!(
        pos.pinned(),
        before.pinned(),
        "a failed play changed the pins"
    );
}

/// Checks the legal moves of `pos` against each other and plays each on a copy. With
/// `full_validation` (a valid position), every position reached is validated from scratch and
/// the move list must not overflow; without it (a position accepted by waiving soft faults,
/// which may hold more material than one set) `legal_moves` may be truncated as documented on
/// `MoveList`, and the moves visited by `for_each_legal_move` are the reference. Returns every
/// legal move.
fn check_moves_of(pos: &Position<Standard>, full_validation: bool) -> Vec<Move> {
    let list = pos.legal_moves();
    let mut moves = Vec::with_capacity(list.len());
    pos.for_each_legal_move(|m| moves.push(m));
    assert_eq!(
        moves.len() as u64,
        pos.count_legal_moves(),
        "count_legal_moves disagrees with for_each_legal_move"
    );

    let mut sorted = moves.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), moves.len(), "the legal moves have duplicates");

    let mut listed: Vec<Move> = list.iter().copied().collect();
    listed.sort_unstable();
    if list.is_truncated() {
        assert!(
            !full_validation,
            "the move list overflowed on a valid position ({} moves)",
            moves.len()
        );
        assert!(moves.len() > MoveList::CAPACITY, "truncated below capacity");
        assert_eq!(
            list.len(),
            MoveList::CAPACITY,
            "a truncated list is not full"
        );
        assert!(
            listed.iter().all(|m| sorted.binary_search(m).is_ok()),
            "a truncated legal_moves holds a move that is not legal"
        );
    } else {
        assert_eq!(
            listed, sorted,
            "for_each_legal_move disagrees with legal_moves"
        );
    }

    let mut board_moves: Vec<Move> = Square::ALL
        .iter()
        .flat_map(|&sq| pos.legal_moves_from(sq).iter().copied().collect::<Vec<_>>())
        .collect();
    board_moves.sort_unstable();
    let expected: Vec<Move> = sorted.iter().copied().filter(|m| !m.is_drop()).collect();
    assert_eq!(
        board_moves, expected,
        "legal_moves_from disagrees with legal_moves"
    );

    let mut drops: Vec<Move> = PieceKind::ALL
        .iter()
        .flat_map(|&kind| {
            pos.legal_drops(kind)
                .iter()
                .map(move |to| Move::Drop { kind, to })
        })
        .collect();
    drops.sort_unstable();
    let expected: Vec<Move> = sorted.iter().copied().filter(|m| m.is_drop()).collect();
    assert_eq!(drops, expected, "legal_drops disagrees with legal_moves");
    let drop_list = pos.legal_drop_moves();
    if !drop_list.is_truncated() {
        let mut drop_moves: Vec<Move> = drop_list.iter().copied().collect();
        drop_moves.sort_unstable();
        assert_eq!(
            drop_moves, expected,
            "legal_drop_moves disagrees with legal_moves"
        );
    }

    let mut captures: Vec<Move> = pos.legal_captures().iter().copied().collect();
    captures.sort_unstable();
    let expected: Vec<Move> = sorted
        .iter()
        .copied()
        .filter(|m| !m.is_drop() && pos.piece_at(m.to()).is_some())
        .collect();
    assert_eq!(
        captures, expected,
        "legal_captures disagrees with legal_moves"
    );

    for &m in &moves {
        assert!(pos.is_legal(m), "generated move {m} is not is_legal");
        let mut after = *pos;
        if let Err(e) = after.play(m) {
            panic!("play rejected the generated move {m}: {e}");
        }
        assert_after_move(&after, pos);
        if full_validation {
            assert_valid(&after);
        }
    }
    moves
}

/// An arbitrary move: random, or a near miss of a legal move (promotion toggled, another
/// origin, destination or drop kind).
fn probe_move(u: &mut Unstructured<'_>, legal: &[Move]) -> arbitrary::Result<Move> {
    if legal.is_empty() || u.ratio(1u8, 3)? {
        return Move::arbitrary(u);
    }
    let m = *u.choose(legal)?;
    let sq = Square::arbitrary(u)?;
    Ok(match (m, u.int_in_range(0..=3u8)?) {
        (Move::Normal { from, to, promote }, 0) => Move::Normal {
            from,
            to,
            promote: !promote,
        },
        (Move::Normal { to, promote, .. }, 1) => Move::Normal {
            from: sq,
            to,
            promote,
        },
        (Move::Normal { from, promote, .. }, 2) => Move::Normal {
            from,
            to: sq,
            promote,
        },
        (Move::Normal { to, .. }, _) => Move::Drop {
            kind: PieceKind::arbitrary(u)?,
            to,
        },
        (Move::Drop { kind, .. }, 0 | 1) => Move::Drop { kind, to: sq },
        (Move::Drop { to, .. }, 2) => Move::Drop {
            kind: PieceKind::arbitrary(u)?,
            to,
        },
        (Move::Drop { to, .. }, _) => Move::Normal {
            from: sq,
            to,
            promote: u.arbitrary()?,
        },
    })
}

/// `is_legal` and `play` agree with the move list on `m`.
fn check_probe(pos: &Position<Standard>, legal: &[Move], m: Move) {
    let generated = legal.contains(&m);
    assert_eq!(
        pos.is_legal(m),
        generated,
        "is_legal({m}) disagrees with legal_moves"
    );
    let mut copy = *pos;
    match copy.play(m) {
        Ok(()) => {
            assert!(generated, "play accepted {m}, which is not generated");
            assert_after_move(&copy, pos);
        }
        Err(e) => {
            assert!(!generated, "play rejected the generated move {m}: {e}");
            assert_eq!(e.mv, m, "the error names another move");
            let _ = e.to_string();
            assert_unchanged(&copy, pos);
        }
    }
}

/// The Rust example of the workspace README, run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
struct WorkspaceReadme;
