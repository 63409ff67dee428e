//! Every outcome a `Game` can end with, whoever is to move, is written by every record writer
//! so that it reads back with the same winner and reason ([`Record::from_game`],
//! [`Ending::from_outcome`]). The words chosen for the other programs' readers (cshogi,
//! tsshogi) are checked against those programs in `.ci/interop`. And every format pair keeps
//! how a record ends (see the second half).

mod common;

use std::path::Path;

use shogi_movegen::{Position, Standard};
use shogi_record::csa::{self, CsaOptions, CsaVersion};
use shogi_record::{self as record, Ending, Record, Special};
use shogi_record::{jkf, ki2, kif};
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

/// The texts of every writer but JKF's, read back.
fn written(rec: &Record) -> Vec<(&'static str, Record)> {
    WRITERS
        .into_iter()
        .filter(|&name| name != "jkf")
        .map(|name| {
            let bytes = write(rec, name);
            let again = record::read(&bytes)
                .unwrap_or_else(|e| panic!("{name}: {e}\n{}", String::from_utf8_lossy(&bytes)));
            (name, again)
        })
        .collect()
}

/// The game of the USI moves `plies` from the start, ended with `outcome`.
fn ended_game(plies: &str, outcome: Outcome) -> Game<Standard> {
    let mut game = Game::<Standard>::new(Position::start());
    for m in plies.split_whitespace() {
        game.play(m.parse::<Move>().expect("usi")).expect("legal");
    }
    game.set_outcome(outcome).expect("not over");
    game
}

#[test]
fn every_outcome_reads_back_from_every_format_whoever_is_to_move() {
    let mut checked = 0;
    for plies in ["", "7g7f", "7g7f 3c3d"] {
        for outcome in outcomes() {
            let game = ended_game(plies, outcome);
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

// ---------------------------------------------------------------------------------------------
// Every format pair keeps how a record ends: a record read from any text is written by one
// writer, read back, written by another (or the same) writer and read back again, and both
// readings keep the moves, the exact `Record::outcome` (winner and reason) and the kept illegal
// move (its ply, move and kind). The records come from games that end in every way, from texts
// that end with every terminal word of KIF and CSA after an even and an odd number of moves,
// from texts that keep an illegal move (readable or not, by either side, under every foul
// word), and from the real records of the shared folder when it is there.

/// Every writer, by name.
const WRITERS: [&str; 6] = ["kif", "kif shift_jis", "ki2", "csa v2.2", "csa v3.0", "jkf"];

fn write(rec: &Record, writer: &str) -> Vec<u8> {
    let v30 = CsaOptions {
        version: CsaVersion::V30,
    };
    match writer {
        "kif" => kif::write(rec).into_bytes(),
        "kif shift_jis" => kif::write_shift_jis(rec),
        "ki2" => ki2::write(rec).into_bytes(),
        "csa v2.2" => csa::write(rec).into_bytes(),
        "csa v3.0" => csa::write_with(rec, v30).into_bytes(),
        "jkf" => jkf::write(rec).into_bytes(),
        other => unreachable!("{other}"),
    }
}

/// What a round trip must keep: the main line, the outcome and the kept illegal move.
fn kept(rec: &Record) -> String {
    let illegal = rec
        .illegal_move
        .as_ref()
        .map(|w| format!("{} {:?} {:?}", w.ply, w.mv, w.kind));
    format!(
        "moves [{}] outcome {:?} illegal {:?}",
        rec.usi_moves()
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" "),
        rec.outcome(),
        illegal
    )
}

/// Writes `source` with every writer and reads it back, then writes each reading with every
/// writer and reads it back again; returns one line per reading that lost something.
fn check_pairs(name: &str, source: &Record) -> Vec<String> {
    let want = kept(source);
    let mut failures = Vec::new();
    for a in WRITERS {
        let text = write(source, a);
        let once = match record::read(&text) {
            Ok(r) => r,
            Err(e) => {
                failures.push(format!(
                    "{name}: {a}: {e}\n{}",
                    String::from_utf8_lossy(&text)
                ));
                continue;
            }
        };
        if kept(&once) != want {
            failures.push(format!(
                "{name}: {a}: {}\n  want {want}\n{}",
                kept(&once),
                String::from_utf8_lossy(&text)
            ));
            continue;
        }
        for b in WRITERS {
            let text = write(&once, b);
            match record::read(&text) {
                Ok(twice) if kept(&twice) == want => {}
                Ok(twice) => failures.push(format!(
                    "{name}: {a} -> {b}: {}\n  want {want}\n{}",
                    kept(&twice),
                    String::from_utf8_lossy(&text)
                )),
                Err(e) => failures.push(format!(
                    "{name}: {a} -> {b}: {e}\n{}",
                    String::from_utf8_lossy(&text)
                )),
            }
        }
    }
    failures
}

fn assert_no_failures(failures: &[String], checked: usize) {
    assert!(
        failures.is_empty(),
        "{} of {checked} records lost something:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn games_ending_every_way_keep_their_outcome_through_every_format_pair() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for plies in ["", "7g7f", "7g7f 3c3d"] {
        for outcome in outcomes() {
            let rec = Record::from_game(&ended_game(plies, outcome));
            assert_eq!(rec.outcome(), Some(outcome));
            failures.extend(check_pairs(&format!("{outcome} after '{plies}'"), &rec));
            checked += 1;
        }
    }
    assert_no_failures(&failures, checked);
}

/// KIF move lines for 0, 1 and 2 moves from the start.
const KIF_MOVES: [&str; 3] = ["", "1 ７六歩(77)\n", "1 ７六歩(77)\n2 ３四歩(33)\n"];
/// CSA move lines for 0, 1 and 2 moves from the start.
const CSA_MOVES: [&str; 3] = ["", "+7776FU\n", "+7776FU\n-3334FU\n"];

#[test]
fn every_terminal_word_keeps_its_outcome_through_every_format_pair() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for special in Special::KNOWN {
        for (n, (kif_moves, csa_moves)) in KIF_MOVES.iter().zip(CSA_MOVES).enumerate() {
            let mut texts = Vec::new();
            if let Some(word) = special.kif_word() {
                texts.push(format!("手合割：平手\n{kif_moves}{} {word}\n", n + 1));
            }
            if let Some(word) = special.csa_word() {
                texts.push(format!("V2.2\nPI\n+\n{csa_moves}%{word}\n"));
            }
            for text in texts {
                let rec = record::read_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                failures.extend(check_pairs(&text, &rec));
                checked += 1;
            }
        }
    }
    // CSA endings that stand in for another word, with the exact word in a comment.
    // (And the same comments where they stand in for nothing: under V3.0, which has
    // `%MAX_MOVES`, after another word, as a `'*` comment.)
    for version in ["V2.2", "V3.0"] {
        for ending in [
            "%JISHOGI\n'ENDING:最大手数",
            "%TORYO\n'ENDING:詰み",
            "%KACHI\n'ENDING:不戦勝",
            "%TORYO\n'ENDING:トライ",
            "%TORYO\n'ENDING:千日手",
            "%JISHOGI\n'*ENDING:最大手数",
            "%HIKIWAKE\n'*ENDING:最大手数",
            "%TORYO\n'*ENDING:トライ\n'*ENDING:詰み",
            "%CHUDAN\n'ENDING:封じ手",
            "%SENNICHITE\n'*RESULT:win black perpetual-check",
            "%TORYO\n'*RESULT:draw agreement",
        ] {
            for moves in CSA_MOVES {
                let text = format!("{version}\nPI\n+\n{moves}{ending}\n");
                let rec = record::read_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                failures.extend(check_pairs(&text, &rec));
                checked += 1;
            }
        }
    }
    assert_no_failures(&failures, checked);
}

/// Records that keep an illegal move: readable (a piece that cannot reach, an empty origin)
/// or not, by Black and by White, under every foul word of KIF and CSA.
fn illegal_move_texts() -> Vec<String> {
    let mut texts = Vec::new();
    // (moves before, the illegal move as KIF writes it, as CSA writes it)
    let cases = [
        // Black: a knight that is not on 37 (a pawn is).
        (2, "3 ４五桂(37)", Some("+3745KE")),
        // Black: nothing on 56.
        (2, "3 ５五歩(56)", Some("+5655FU")),
        // Black: the bishop cannot pass the pawn on 77 before 7g7f... after it, 66 is empty,
        // so take a rook that cannot jump.
        (2, "3 ２四飛(28)", Some("+2824HI")),
        // Black: unreadable.
        (2, "3 ４五桂(:00)", None),
        // White: the bishop cannot pass its own pawn on 33.
        (1, "2 ５五角(22)", Some("-2255KA")),
        // White: nothing on 54.
        (1, "2 ５三歩(54)", Some("-5453FU")),
        // White: unreadable.
        (1, "2 ５五角(:00)", None),
    ];
    for (before, kif_move, csa_move) in cases {
        let ply = before + 2;
        for word in ["反則勝ち", "反則負け"] {
            texts.push(format!(
                "手合割：平手\n{}{kif_move}\n{ply} {word}\n",
                KIF_MOVES[before]
            ));
        }
        if let Some(csa_move) = csa_move {
            for word in ["ILLEGAL_MOVE", "+ILLEGAL_ACTION", "-ILLEGAL_ACTION"] {
                texts.push(format!(
                    "V2.2\nPI\n+\n{}{csa_move}\n%{word}\n",
                    CSA_MOVES[before]
                ));
            }
        }
    }
    texts
}

#[test]
fn kept_illegal_moves_keep_their_outcome_and_kind_through_every_format_pair() {
    let mut failures = Vec::new();
    let texts = illegal_move_texts();
    for text in &texts {
        let rec = record::read_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert!(rec.illegal_move.is_some(), "{text}");
        failures.extend(check_pairs(text, &rec));
    }
    assert_no_failures(&failures, texts.len());
}

/// The winner of a kept illegal move is the other side, whatever the foul word says: the
/// reading every writer's text must keep (issue: KIF and KI2 named the fouler as winner).
#[test]
fn the_side_that_played_the_illegal_move_loses() {
    for text in illegal_move_texts() {
        let rec = record::read_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let fouler = rec.final_position().expect("legal").side_to_move();
        assert_eq!(
            rec.outcome().and_then(Outcome::winner),
            Some(!fouler),
            "{text}"
        );
    }
}

#[test]
fn real_records_keep_their_outcome_through_every_format_pair() {
    let test = "real_records_keep_their_outcome_through_every_format_pair";
    let Some(dir) = common::records_dir(test) else {
        return;
    };
    let mut failures = Vec::new();
    let mut checked = 0;
    for folder in ["kif", "ki2", "csa"] {
        let mut paths: Vec<_> = std::fs::read_dir(dir.join(folder))
            .expect("folder")
            .map(|e| e.expect("entry").path())
            .filter(|p| p.extension().is_none_or(|e| e != "json"))
            .collect();
        paths.sort();
        for path in paths {
            let bytes = std::fs::read(&path).expect("file");
            // Broken files are rejected by the reader: nothing to round-trip.
            let Ok(rec) = record::read(&bytes) else {
                continue;
            };
            failures.extend(check_pairs(&path.display().to_string(), &rec));
            checked += 1;
        }
    }
    assert!(checked >= 50, "{checked}");
    assert_no_failures(&failures, checked);
}

/// The `まで` line of KIF and KI2 after a kept illegal move names the side that won (cshogi
/// takes the winner from it): once it named the side that played the illegal move.
#[test]
fn the_summary_line_after_an_illegal_move_names_the_winner() {
    let mut texts = illegal_move_texts();
    let real = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../shared/records/kif/hansoku_kachi_nodou.kif");
    if let Ok(bytes) = std::fs::read(&real) {
        texts.push(record::decode(&bytes).expect("decodes").into_owned());
    }
    for text in texts {
        let rec = record::read_str(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let fouler = rec.final_position().expect("legal").side_to_move();
        let name = |c: Color| match c {
            Color::Black => "先手",
            Color::White => "後手",
        };
        let winner_line = format!("{}の反則勝ち", name(!fouler));
        let loser_line = format!("{}の反則負け", name(fouler));
        for written in [kif::write(&rec), ki2::write(&rec)] {
            let summary = written
                .lines()
                .find(|l| l.starts_with("まで"))
                .unwrap_or_else(|| panic!("no まで line:\n{written}"));
            assert!(
                summary.ends_with(&winner_line) || summary.ends_with(&loser_line),
                "{summary}\n{written}"
            );
        }
    }
}
