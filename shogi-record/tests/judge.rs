//! `Record::judge` (the rules' verdict computed on a bare position, with a full game only for
//! the records that need one) against a deliberately simple reference: every move played
//! through an `AnyGame` until the game ends or a move fails. Over the shared real records
//! and over random games built to repeat positions (kings walking to and fro, a rook giving
//! perpetual check), ending in mate, hand-edited with an illegal move, under every rule set.

mod common;

use std::fs;
use std::num::NonZeroU32;
use std::path::Path;

use common::Rng;
use shogi_record::{Judged, Record, RecordMove, Special};
use shogi_rules::{AtLimit, MoveLimit, RuleSet};
use shogi_types::Move;
use shogi_variants::{AnyGame, AnyPosition};

/// The reference: a game under `rules` plays the moves until it ends or one fails; the
/// outcome is the game's, else the record's when every move was played.
fn reference(rec: &Record, rules: RuleSet) -> Judged {
    let mut game = AnyGame::with_rules(rec.start, rules);
    let mut plies = 0;
    for m in &rec.moves {
        if game.is_over() || game.play(m.mv).is_err() {
            break;
        }
        plies += 1;
    }
    let outcome = match game.outcome() {
        Some(outcome) => Some(outcome),
        None if plies == rec.moves.len() => rec.outcome(),
        None => None,
    };
    Judged { plies, outcome }
}

fn rule_sets() -> Vec<RuleSet> {
    let limit = |n: u32, at: AtLimit| Some(MoveLimit::new(NonZeroU32::new(n).expect("n > 0"), at));
    vec![
        RuleSet::none(),
        RuleSet::default(),
        RuleSet::jsa24_limit400(),
        RuleSet::csa27(),
        RuleSet::try_rule(),
        RuleSet::none().with_move_limit(limit(20, AtLimit::Draw)),
        RuleSet::jsa24_limit400().with_move_limit(limit(60, AtLimit::Count)),
    ]
}

fn check(rec: &Record, what: &str) -> usize {
    let mut by_game = 0;
    for rules in rule_sets() {
        let expected = reference(rec, rules);
        assert_eq!(rec.judge(rules), expected, "{what} under {rules:?}");
        by_game +=
            usize::from(expected.plies < rec.moves.len() || expected.outcome != rec.outcome());
    }
    by_game
}

#[test]
fn real_records_judge_as_a_game_does() {
    let Some(dir) = common::records_dir("real_records_judge_as_a_game_does") else {
        return;
    };
    let mut records = 0;
    for folder in ["kif", "ki2", "csa"] {
        let mut paths: Vec<_> = fs::read_dir(dir.join(folder))
            .expect("records folder")
            .map(|e| e.expect("dir entry").path())
            .filter(|p| !p.to_string_lossy().ends_with(".json"))
            .collect();
        paths.sort();
        for path in paths {
            let bytes = fs::read(&path).expect("record file");
            let Ok(games) = Record::read_all_lenient(&bytes) else {
                continue;
            };
            for (rec, _) in games.into_iter().flatten() {
                check(&rec, &path.display().to_string());
                records += 1;
            }
        }
    }
    assert!(
        records > 50,
        "only {records} records read in {}",
        Path::new(&dir).display()
    );
}

/// A random game from `start` of up to `plies` moves, choosing king moves and checks more
/// often, so that positions repeat.
fn repeating_game(rng: &mut Rng, start: AnyPosition, plies: usize) -> Record {
    let mut rec = Record::new(start);
    let mut pos = start;
    let mut last: Vec<Move> = Vec::new();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        // Half the time, undo the move played two plies ago if it can be undone.
        let back =
            last.len()
                .checked_sub(2)
                .and_then(|i| last.get(i))
                .filter(|m| !m.is_drop())
                .and_then(|m| {
                    moves.iter().copied().find(|r| {
                        !r.is_drop() && r.from() == Some(m.to()) && Some(r.to()) == m.from()
                    })
                });
        let m = match back {
            Some(m) if rng.below(4) != 0 => m,
            _ => moves[rng.below(moves.len())],
        };
        pos.play(m).expect("a legal move");
        rec.moves.push(RecordMove::new(m));
        last.push(m);
    }
    rec
}

#[test]
fn repetitions_mates_and_illegal_moves_judge_as_a_game_does() {
    let starts = [
        "4k4/9/9/9/9/9/9/9/4K4 b - 1",
        "4k4/9/9/9/9/9/9/5R3/4K4 b - 1",
        "3gkg3/9/9/9/9/9/9/9/3GKG3 b R 1",
        "8k/9/7G1/9/9/9/9/9/K8 b G 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    ];
    let mut rng = Rng::new(0x6a75_6467);
    let mut by_game = 0;
    let mut games = 0;
    for (i, sfen) in starts.iter().cycle().take(600).enumerate() {
        let start: AnyPosition = AnyPosition::from_sfen(sfen).expect("start");
        let plies = 10 + rng.below(60);
        let mut rec = repeating_game(&mut rng, start, plies);
        rec.ending = match rng.below(4) {
            0 => None,
            1 => Some(shogi_record::Ending::new(Special::Resign)),
            2 => Some(shogi_record::Ending::new(Special::Repetition)),
            _ => Some(shogi_record::Ending::new(Special::Interrupt)),
        };
        if i % 7 == 3 && !rec.moves.is_empty() {
            // A record edited by hand: one move replaced by a move that is illegal there.
            let at = rng.below(rec.moves.len());
            rec.moves[at] = RecordMove::new("5e5d".parse().expect("usi"));
        }
        by_game += check(&rec, &format!("game {i} from {sfen}"));
        games += 1;
    }
    // The random games do reach the cases where only a game can judge.
    assert!(
        by_game > 100,
        "only {by_game} verdicts differ from the record's in {games} games"
    );
}

#[test]
fn an_empty_record_and_a_start_without_moves() {
    let rec = Record::start();
    assert_eq!(rec.judge(RuleSet::none()), reference(&rec, RuleSet::none()));
    // A start where the side to move is already mated.
    let mated = AnyPosition::from_sfen("8k/7G1/7G1/9/9/9/9/9/K8 w - 1").expect("start");
    let rec = Record::new(mated);
    let judged = rec.judge(RuleSet::none());
    assert_eq!(judged, reference(&rec, RuleSet::none()));
    assert_eq!(judged.plies, 0);
}
