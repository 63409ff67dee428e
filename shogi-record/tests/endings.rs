//! Every outcome a `Game` can end with, whoever is to move, is written by every record writer
//! so that it reads back with the same winner and reason ([`Record::from_game`],
//! [`Ending::from_outcome`]). The words chosen for the other programs' readers (cshogi,
//! tsshogi) are checked against those programs in `.ci/interop`.

use shogi_movegen::{Position, Standard};
use shogi_record::csa::{self, CsaOptions, CsaVersion};
use shogi_record::{self as record, Ending, Record, Special};
use shogi_record::{ki2, kif};
use shogi_rules::{DrawReason, Game, Outcome, WinReason};
use shogi_types::{Color, Move};
use shogi_variants::AnyGame;

/// Every outcome: each win reason for each colour, and each draw reason.
fn outcomes() -> Vec<Outcome> {
    let mut out = Vec::new();
    for reason in WinReason::ALL {
        for winner in [Color::Black, Color::White] {
            out.push(Outcome::Win { winner, reason });
        }
    }
    out.extend(DrawReason::ALL.map(|reason| Outcome::Draw { reason }));
    out.push(Outcome::Unfinished);
    out
}

/// The texts of every writer, read back.
fn written(rec: &Record) -> Vec<(&'static str, Record)> {
    let v30 = CsaOptions {
        version: CsaVersion::V30,
    };
    let texts = [
        ("kif", kif::write(rec).into_bytes()),
        ("kif shift_jis", kif::write_shift_jis(rec)),
        ("ki2", ki2::write(rec).into_bytes()),
        ("csa v2.2", csa::write(rec).into_bytes()),
        ("csa v3.0", csa::write_with(rec, v30).into_bytes()),
    ];
    texts
        .into_iter()
        .map(|(name, bytes)| {
            let again = record::read(&bytes)
                .unwrap_or_else(|e| panic!("{name}: {e}\n{}", String::from_utf8_lossy(&bytes)));
            (name, again)
        })
        .collect()
}

#[test]
fn every_outcome_reads_back_from_every_format_whoever_is_to_move() {
    let mut checked = 0;
    for plies in ["", "7g7f", "7g7f 3c3d"] {
        for outcome in outcomes() {
            let mut game = Game::<Standard>::new(Position::start());
            for m in plies.split_whitespace() {
                game.play(m.parse::<Move>().expect("usi")).expect("legal");
            }
            game.set_outcome(outcome).expect("not over");
            let rec = Record::from_game(&game);
            assert_eq!(rec.outcome(), Some(outcome), "{outcome} after '{plies}'");
            // The same record from the game chosen at run time.
            assert_eq!(Record::from_game(&AnyGame::from(game.clone())), rec);
            for (name, again) in written(&rec) {
                assert_eq!(again.usi_moves(), rec.usi_moves(), "{name}");
                assert_eq!(
                    again.outcome(),
                    Some(outcome),
                    "{name}: {outcome} after '{plies}'"
                );
                checked += 1;
            }
        }
    }
    assert_eq!(checked, 3 * 25 * 5);
}

/// The resignation and the loss on time of the side *not* to move (a server's resignation
/// during the opponent's thinking time) once gave the win to the wrong side: 投了, `%TORYO`
/// and 切れ負け mean the side to move.
#[test]
fn resignation_by_the_side_not_to_move() {
    let mut game = Game::<Standard>::new(Position::start());
    game.play("7g7f".parse().expect("usi")).expect("legal");
    // White is to move; Black resigns.
    let outcome = game.resign(Color::Black).expect("not over");
    assert_eq!(outcome.winner(), Some(Color::White));
    let rec = Record::from_game(&game);
    let ending = rec.ending.as_ref().expect("ending");
    // White, the side to move, wins: the word names Black's foul, and the exact outcome is
    // kept beside it.
    assert_eq!(ending.special, Special::IllegalAction(Color::Black));
    assert_eq!(ending.outcome, Some(outcome));
    assert_eq!(
        ending
            .special
            .outcome(Color::White)
            .and_then(Outcome::winner),
        Some(Color::White)
    );
    let csa = csa::write(&rec);
    assert!(
        csa.ends_with("%KACHI\n'ENDING:%+ILLEGAL_ACTION\n'*RESULT:win white resignation\n"),
        "{csa}"
    );
    let kif = kif::write(&rec);
    assert!(kif.contains("反則勝ち"), "{kif}");
    assert!(kif.contains("*RESULT:win white resignation\n"), "{kif}");
    assert!(kif.contains("まで1手で後手の反則勝ち\n"), "{kif}");
    // Black resigning on its own move is plain 投了.
    let mut game = Game::<Standard>::new(Position::start());
    game.resign(Color::Black).expect("not over");
    let rec = Record::from_game(&game);
    assert_eq!(rec.ending, Some(Ending::new(Special::Resign)));
}
