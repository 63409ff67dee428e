//! Rules that `cargo mutants -p shogi-rules` showed no test checked: each test states one rule
//! and compares with values worked out by hand from it (or, for the kept positions, with a
//! plain `Position` replaying the same moves, which knows nothing of the game's snapshots).
//!
//! The mutants that no test can kill, because they change only speed, are listed with their
//! reasons in the workspace's `.cargo/mutants.toml`.

mod common;

use common::{game, play};
use shogi_movegen::{Position, Standard};
use shogi_rules::impasse::{self, ImpasseRule, NotAllowed};
use shogi_rules::{DrawReason, Game, Outcome, RuleSet, UndoError, WinReason};
use shogi_types::{ByColor, Color, Move};

/// A game that is not over says so: `is_over` is false until there is an outcome, true once
/// one is recorded, and false again when the ending is taken back.
#[test]
fn is_over_only_with_an_outcome() {
    let mut g = Game::default();
    assert_eq!(g.outcome(), None);
    assert!(!g.is_over(), "the start position is not over");
    play(&mut g, "7g7f 3c3d");
    assert!(!g.is_over(), "two quiet moves do not end the game");
    let agreed = g.agree_draw().unwrap_or_else(|e| panic!("{e}"));
    assert!(g.is_over());
    assert_eq!(g.undo(), Err(UndoError::EndingRecorded(agreed)));
    assert!(g.is_over(), "a refused undo keeps the ending");
    assert_eq!(g.undo_ending(), Some(agreed));
    assert!(!g.is_over(), "undo_ending removes the recorded ending");
}

/// A win is not a draw and a draw is not a win: `is_draw` holds exactly for `Outcome::Draw`.
#[test]
fn is_draw_only_for_draws() {
    for reason in WinReason::ALL {
        for winner in Color::ALL {
            let o = Outcome::Win { winner, reason };
            assert!(!o.is_draw(), "{o}");
        }
    }
    for reason in DrawReason::ALL {
        assert!(Outcome::Draw { reason }.is_draw(), "{reason}");
    }
}

/// Which reasons a rule computes from the moves (mate, no legal move, perpetual check,
/// impasse, try, move limit; repetition, impasse and move limit for draws) and which only a
/// record carries (resignation, time, an arbiter's illegal move, abandonment; agreement,
/// interruption), as the reason docs list them.
#[test]
fn computed_and_recorded_reasons() {
    let computed_wins = [
        WinReason::Checkmate,
        WinReason::NoLegalMoves,
        WinReason::PerpetualCheck,
        WinReason::Impasse,
        WinReason::Try,
        WinReason::MoveLimit,
    ];
    let recorded_wins = [
        WinReason::Resignation,
        WinReason::TimeForfeit,
        WinReason::IllegalMove(None),
        WinReason::IllegalMove(Some(shogi_movegen::IllegalMoveKind::TwoPawns)),
        WinReason::Abandonment,
    ];
    for reason in computed_wins {
        assert!(reason.is_computed(), "{reason}");
        let o = Outcome::Win {
            winner: Color::White,
            reason,
        };
        assert!(o.is_computed(), "{o}");
    }
    for reason in recorded_wins {
        assert!(!reason.is_computed(), "{reason}");
        let o = Outcome::Win {
            winner: Color::Black,
            reason,
        };
        assert!(!o.is_computed(), "{o}");
    }
    // Every reason is in exactly one of the two lists.
    assert_eq!(
        computed_wins.len() + recorded_wins.len() - 1,
        WinReason::ALL.len()
    );
    for (reason, computed) in [
        (DrawReason::Repetition, true),
        (DrawReason::Impasse, true),
        (DrawReason::MoveLimit, true),
        (DrawReason::Agreement, false),
    ] {
        assert_eq!(reason.is_computed(), computed, "{reason}");
        assert_eq!(Outcome::Draw { reason }.is_computed(), computed, "{reason}");
    }
}

/// A game keeps the rule set it was made with.
#[test]
fn game_keeps_its_rule_set() {
    let start = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    for rules in [
        RuleSet::csa27(),
        RuleSet::jsa24_limit400(),
        RuleSet::jsa24_declaration().with_handicap_credit(true),
        RuleSet::try_rule(),
    ] {
        assert_eq!(game(start, rules).rules(), rules);
    }
    assert_eq!(Game::default().rules(), RuleSet::none());
}

/// The game's impasse points are those of its current position, worked out by hand: Black
/// has a dragon and a horse (5 each), two golds, two silvers and four pawns in its camp and
/// ten pawns in hand: 28 points, 10 pieces in the camp; White has only its king (0 points).
/// After Black drops a pawn on 1c, in its camp, the counts do not change (the pawn moved from
/// the hand to the camp); after it drops one on 1e, outside the camp, the declaration count
/// falls by one and the total stays.
#[test]
fn game_points_follow_the_position() {
    let mut g = game(
        "+R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b 10P 1",
        RuleSet::csa27(),
    );
    let p = g.points();
    assert_eq!(p.total, ByColor::new(28, 0));
    assert_eq!(p.declaration, ByColor::new(28, 0));
    assert_eq!(p.pieces_in_camp, ByColor::new(10, 0));
    assert_eq!(p.king_in_camp, ByColor::new(true, true));
    assert_eq!(p, impasse::points(g.position()));

    play(&mut g, "P*1c 5i4i");
    let p = g.points();
    assert_eq!(p.total, ByColor::new(28, 0));
    assert_eq!(p.declaration, ByColor::new(28, 0));
    assert_eq!(p.pieces_in_camp, ByColor::new(11, 0));
    assert_eq!(p.king_in_camp, ByColor::new(true, true));

    play(&mut g, "P*2e 4i5i");
    let p = g.points();
    assert_eq!(p.total, ByColor::new(28, 0));
    assert_eq!(p.declaration, ByColor::new(27, 0));
    assert_eq!(p.pieces_in_camp, ByColor::new(11, 0));
}

/// A deterministic walk of `n` legal moves from the start position, with the position after
/// each number of moves, computed by a plain `Position` alone.
fn walk(n: usize) -> (Vec<Move>, Vec<Position<Standard>>) {
    let mut pos = Position::<Standard>::default();
    let mut moves = Vec::new();
    let mut positions = vec![pos];
    for i in 0..n {
        let legal = pos.legal_moves();
        assert!(!legal.is_empty(), "the walk stopped after {i} moves");
        let m = legal[(i * 37 + 11) % legal.len()];
        pos.play(m).unwrap_or_else(|e| panic!("{e}"));
        moves.push(m);
        positions.push(pos);
    }
    (moves, positions)
}

/// Undo restores the position before the last move, also across the kept positions (one
/// every 32 plies): undo the 32nd move, play another one instead, and every later position
/// of the game, and every position undo goes back to, is the one of the new line, never one
/// of the line taken back.
#[test]
fn undo_across_a_kept_position_follows_the_new_line() {
    let (old_line, _) = walk(32);
    let mut g = Game::default();
    for &m in &old_line {
        assert_eq!(g.play(m), Ok(None), "{m}");
    }
    assert_eq!(g.undo(), Ok(old_line[31]));

    // A new 32nd move, then three more.
    let before_32 = *g.position();
    let legal = before_32.legal_moves();
    let new_32 = legal
        .iter()
        .copied()
        .find(|&m| m != old_line[31])
        .unwrap_or_else(|| panic!("only one legal move"));
    let mut line = old_line[..31].to_vec();
    line.push(new_32);
    let mut pos = before_32;
    pos.play(new_32).unwrap_or_else(|e| panic!("{e}"));
    for i in 0..3 {
        let m = pos.legal_moves()[i * 5 % pos.legal_moves().len()];
        pos.play(m).unwrap_or_else(|e| panic!("{e}"));
        line.push(m);
    }
    for &m in &line[31..] {
        assert_eq!(g.play(m), Ok(None), "{m}");
    }

    // The truth: the new line replayed on a plain position.
    let mut truth = vec![Position::<Standard>::default()];
    for &m in &line {
        let mut p = truth[truth.len() - 1];
        p.play(m).unwrap_or_else(|e| panic!("{e}"));
        truth.push(p);
    }
    for (ply, expected) in truth.iter().enumerate() {
        assert_eq!(g.position_at(ply).as_ref(), Some(expected), "ply {ply}");
    }
    for ply in (30..line.len()).rev() {
        assert_eq!(g.undo(), Ok(line[ply]), "undo to ply {ply}");
        assert_eq!(g.position(), &truth[ply], "after undo to ply {ply}");
        assert_eq!(g.keys().last(), Some(&truth[ply].zobrist()));
    }
}

/// Handicap credit at equal points: when both colours have as many points, there is no giver
/// and no credit, however much material is missing (both rooks off: 22 and 22, 10 missing;
/// kings alone: 0 and 0, 54 missing). One point less makes that colour the giver, credited
/// with every missing point (Black without a lance: 26 and 27, 1 missing).
#[test]
fn handicap_credit_at_equal_points() {
    for (sfen, credit) in [
        (
            "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B7/LNSGKGSNL b - 1",
            ByColor::new(0, 0),
        ),
        ("4k4/9/9/9/9/9/9/9/4K4 b - 1", ByColor::new(0, 0)),
        (
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN1 b - 1",
            ByColor::new(1, 0),
        ),
    ] {
        let g = game(sfen, RuleSet::csa27().with_handicap_credit(true));
        assert_eq!(g.handicap_credit(), credit, "{sfen}");
        assert_eq!(
            impasse::handicap_credit(g.initial_position()),
            credit,
            "{sfen}"
        );
    }
}

/// The rules with a declaration are the 24-point rule and the two declaration rules; the
/// others (none, try) have none, and judging a declaration under them is refused.
#[test]
fn has_declaration_for_the_declaration_rules() {
    let start = Position::<Standard>::default();
    for (rule, has) in [
        (ImpasseRule::None, false),
        (ImpasseRule::Jsa24, true),
        (ImpasseRule::Jsa24Declaration, true),
        (ImpasseRule::Csa27, true),
        (ImpasseRule::Try, false),
    ] {
        assert_eq!(rule.has_declaration(), has, "{rule:?}");
        let refused = impasse::judge(&start, rule, Color::Black, ByColor::new(0, 0))
            == Err(NotAllowed::NoDeclaration { rule });
        assert_eq!(refused, !has, "{rule:?}");
    }
}

/// `ImpasseRule`'s `Display` writes the names of the `adjudicate` example: `none`, `24`,
/// `24-declaration`, `27`, `try`.
#[test]
fn impasse_rule_display_words() {
    for (rule, word) in [
        (ImpasseRule::None, "none"),
        (ImpasseRule::Jsa24, "24"),
        (ImpasseRule::Jsa24Declaration, "24-declaration"),
        (ImpasseRule::Csa27, "27"),
        (ImpasseRule::Try, "try"),
    ] {
        assert_eq!(rule.to_string(), word);
        assert_eq!(rule.as_str(), word);
    }
}
