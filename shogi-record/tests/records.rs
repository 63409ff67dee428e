//! Every real record in `../shared/records/{kif,ki2,csa}` is read from its bytes and compared
//! with the reading stored beside it in `NAME.expected.json` (start SFEN, main-line moves,
//! terminal word, the kept illegal move, the number of variation blocks of KIF and KI2 files,
//! or the expected failure).
//!
//! The records are third-party files; they are read from the shared folder beside the clone
//! and never copied into the repository. When the folder is missing (a plain clone), the tests
//! say that they were skipped and why, and pass; with `CI` set they fail, so that CI cannot
//! pass without reading them.
//!
//! Every file is also read with its line ends changed to lone CRs (Kifu for Macintosh, old Mac
//! files) and to a mix of CR, LF and CRLF, which must give the same record.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use serde_json::Value;
use shogi_record::{
    self as record, Format, MoveProblem, Record, RecordErrorKind, RecordMove, Special,
};
use shogi_rules::{Outcome, WinReason};
use shogi_types::{Color, Move};

/// The record files of one format folder, with their expected readings.
fn cases(dir: &Path, folder: &str) -> Vec<(PathBuf, Value)> {
    let dir = dir.join(folder);
    let mut out = Vec::new();
    for entry in fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("dir entry").path();
        let name = path.to_string_lossy().to_string();
        if name.ends_with(".expected.json") {
            continue;
        }
        let expected_path = PathBuf::from(format!("{name}.expected.json"));
        let json = fs::read_to_string(&expected_path)
            .unwrap_or_else(|e| panic!("{}: {e}", expected_path.display()));
        out.push((path, serde_json::from_str(&json).expect("expected.json")));
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(!out.is_empty(), "no records in {}", dir.display());
    out
}

fn expected_moves(v: &Value) -> Vec<Move> {
    v["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .map(|m| m.as_str().expect("usi").parse().expect("usi move"))
        .collect()
}

/// The first three SFEN fields (board, side, hands).
fn sfen3(s: &str) -> String {
    s.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
}

fn start_sfen(rec: &Record) -> String {
    sfen3(&rec.start.to_setup().to_string())
}

/// Whether the ending matches the `result` word of the expected file.
fn result_matches(result: &Value, ending: Option<&Special>) -> bool {
    match (result.as_str(), ending) {
        (None, None) => true,
        (Some("resign"), Some(Special::Resign))
        | (Some("interrupt"), Some(Special::Interrupt))
        | (Some("sennichite"), Some(Special::Repetition))
        | (Some("jishogi"), Some(Special::Impasse))
        | (Some("kachi"), Some(Special::EnteringKingWin))
        | (Some("time-up"), Some(Special::TimeUp))
        | (Some("mate"), Some(Special::Mate))
        | (Some("fuujite"), Some(Special::Sealed)) => true,
        (Some("illegal"), Some(s)) => s.is_foul(),
        _ => false,
    }
}

/// The number of variation lines in the tree of `moves` (every depth).
fn count_variations(moves: &[RecordMove]) -> usize {
    moves
        .iter()
        .flat_map(|m| &m.variations)
        .map(|v| 1 + count_variations(&v.moves))
        .sum()
}

/// Where two trees of variations first differ (moves and the words of the endings), if they
/// do; `path` names the line.
fn tree_difference(a: &[RecordMove], b: &[RecordMove], path: &str) -> Option<String> {
    if a.len() != b.len() {
        return Some(format!("{path}: {} moves, then {}", a.len(), b.len()));
    }
    for (i, (x, y)) in a.iter().zip(b).enumerate() {
        if x.mv != y.mv {
            return Some(format!("{path}: move {i} {} then {}", x.mv, y.mv));
        }
        if x.variations.len() != y.variations.len() {
            return Some(format!(
                "{path}: move {i} has {} variations, then {}",
                x.variations.len(),
                y.variations.len()
            ));
        }
        for (k, (v, w)) in x.variations.iter().zip(&y.variations).enumerate() {
            let sub = format!("{path}/{i}.{k}");
            let (e, f) = (v.ending.as_ref(), w.ending.as_ref());
            if e.map(|e| &e.special) != f.map(|f| &f.special) {
                return Some(format!("{sub}: ending {e:?} then {f:?}"));
            }
            if let Some(why) = tree_difference(&v.moves, &w.moves, &sub) {
                return Some(why);
            }
        }
    }
    None
}

/// The winners of the foul endings, from each file's `result_detail`.
const FOUL_WINNERS: [(&str, Color); 5] = [
    ("hansoku_kachi_nodou.kif", Color::White),
    ("kfw_illegal.kif", Color::White),
    ("kfw_illegal_move.csa", Color::White),
    ("kfw_white_illegal_action.csa", Color::Black),
    ("wcsc31_sjis_name.csa", Color::White),
];

/// Reads every file of `folder`; returns the number of files checked, or `None` if the shared
/// folder is missing outside CI.
fn check_folder(folder: &str, format: Format) -> Option<usize> {
    let dir = common::records_dir(folder)?;
    let mut failures = Vec::new();
    let cases = cases(&dir, folder);
    for (path, expected) in &cases {
        let name = path
            .file_name()
            .expect("name")
            .to_string_lossy()
            .to_string();
        if let Err(why) = check_file(path, &name, expected, format) {
            failures.push(format!("{name}: {why}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    Some(cases.len())
}

/// `bytes` with every line end (LF, CRLF) replaced by a lone CR, or, if `mixed`, by CR, LF and
/// CRLF in turn. Safe for Shift_JIS and EUC-JP too: their bytes 0x0A and 0x0D are always line
/// ends.
fn with_line_ends(bytes: &[u8], mixed: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 16);
    let mut n = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        let end = match (bytes[i], bytes.get(i + 1)) {
            (b'\r', Some(b'\n')) => 2,
            (b'\n', _) => 1,
            _ => 0,
        };
        if end == 0 {
            out.push(bytes[i]);
            i += 1;
            continue;
        }
        let choice = if mixed { n % 3 } else { 0 };
        out.extend_from_slice([&b"\r"[..], b"\n", b"\r\n"][choice]);
        n += 1;
        i += end;
    }
    out
}

/// The same record with other line ends: same start, moves, ending, outcome and variations.
fn check_line_ends(bytes: &[u8], rec: &Record) -> Result<(), String> {
    for mixed in [false, true] {
        let label = if mixed {
            "mixed line ends"
        } else {
            "CR line ends"
        };
        let again =
            record::read(&with_line_ends(bytes, mixed)).map_err(|e| format!("{label}: {e}"))?;
        if again.start != rec.start
            || again.usi_moves() != rec.usi_moves()
            || again.ending != rec.ending
            || again.outcome() != rec.outcome()
            || again.headers != rec.headers
        {
            return Err(format!(
                "{label}: another record ({} moves)",
                again.moves.len()
            ));
        }
        if let Some(why) = tree_difference(&rec.moves, &again.moves, "main") {
            return Err(format!("{label}: variations differ: {why}"));
        }
    }
    Ok(())
}

fn check_file(path: &Path, name: &str, expected: &Value, format: Format) -> Result<(), String> {
    let bytes = fs::read(path).map_err(|e| e.to_string())?;
    let text = record::decode(&bytes).ok_or("cannot decode")?;
    let detected = Format::detect(&text);
    if expected["expect_error"].as_bool() == Some(true) {
        return match record::read(&bytes) {
            Ok(rec) => Err(format!("read {} moves, expected an error", rec.moves.len())),
            Err(_) => Ok(()),
        };
    }
    if detected != Some(format) {
        return Err(format!("detected as {detected:?}"));
    }
    let moves = expected_moves(expected);
    let start = sfen3(expected["start_sfen"].as_str().ok_or("start_sfen")?);
    let illegal = expected.get("illegal_move");
    let rec = match record::read(&bytes) {
        Ok(rec) => rec,
        Err(err) if illegal.is_some() && expected["result"].is_null() => {
            // An illegal move that no foul ending explains: an error naming it, with the
            // moves before it kept.
            let illegal = illegal.expect("illegal_move");
            match err.kind() {
                RecordErrorKind::IllegalMove {
                    ply,
                    text,
                    problem: MoveProblem::Illegal(_) | MoveProblem::Resolve(_),
                } if Some(*ply as u64) == illegal["ply"].as_u64()
                    && Some(text.trim()) == illegal["text"].as_str() => {}
                other => return Err(format!("wrong error: {other}")),
            }
            let partial = err.partial();
            if partial.usi_moves() != moves {
                return Err(format!("partial: {} moves", partial.moves.len()));
            }
            if start_sfen(partial) != start {
                return Err(format!("partial start {}", start_sfen(partial)));
            }
            return Ok(());
        }
        Err(err) => return Err(format!("error: {err}")),
    };
    if start_sfen(&rec) != start {
        return Err(format!("start {} != {start}", start_sfen(&rec)));
    }
    check_line_ends(&bytes, &rec)?;
    let got = rec.usi_moves();
    if got != moves {
        let first = got.iter().zip(&moves).position(|(a, b)| a != b);
        return Err(format!(
            "moves differ: {} read, {} expected, first difference at index {first:?}",
            got.len(),
            moves.len()
        ));
    }
    if !result_matches(&expected["result"], rec.ending.as_ref().map(|e| &e.special)) {
        return Err(format!(
            "ending {:?}, expected {}",
            rec.ending.as_ref().map(|e| &e.special),
            expected["result"]
        ));
    }
    match (illegal, &rec.illegal_move) {
        (None, None) => {}
        (Some(want), Some(got)) => {
            if Some(got.ply as u64) != want["ply"].as_u64()
                || Some(got.text.trim()) != want["text"].as_str()
                || got.mv.map(|m| m.to_string()).as_deref() != want["usi"].as_str()
            {
                return Err(format!("illegal move {got:?}, expected {want}"));
            }
        }
        (want, got) => return Err(format!("illegal move {got:?}, expected {want:?}")),
    }
    let variations = count_variations(&rec.moves);
    let blocks = expected["variation_blocks"].as_u64().unwrap_or(0);
    if format != Format::Csa && variations as u64 != blocks {
        return Err(format!("{variations} variations read, expected {blocks}"));
    }
    if let Some((_, winner)) = FOUL_WINNERS.iter().find(|(n, _)| *n == name) {
        match rec.outcome() {
            Some(Outcome::Win {
                winner: w,
                reason: WinReason::IllegalMove(_),
            }) if w == *winner => {}
            other => {
                return Err(format!(
                    "outcome {other:?}, expected a foul win for {winner:?}"
                ));
            }
        }
    }
    // Every record read writes back and reads again with the same start, moves and outcome,
    // in every format that can hold it, and (KIF, KI2) with the same variations.
    for (label, written) in [
        ("kif", shogi_record::kif::write(&rec)),
        ("ki2", shogi_record::ki2::write(&rec)),
        ("csa", shogi_record::csa::write(&rec)),
    ] {
        let again =
            record::read_str(&written).map_err(|e| format!("{label} re-read: {e}\n{written}"))?;
        if again.start != rec.start || again.usi_moves() != rec.usi_moves() {
            return Err(format!("{label} round trip changed the game\n{written}"));
        }
        if again.outcome() != rec.outcome() {
            return Err(format!(
                "{label} round trip changed the outcome {:?} -> {:?}",
                rec.outcome(),
                again.outcome()
            ));
        }
        if label != "csa"
            && let Some(why) = tree_difference(&rec.moves, &again.moves, "main")
        {
            return Err(format!(
                "{label} round trip changed the variations: {why}\n{written}"
            ));
        }
    }
    Ok(())
}

#[test]
fn kif_records() {
    if let Some(n) = check_folder("kif", Format::Kif) {
        assert_eq!(n, 31);
    }
}

#[test]
fn ki2_records() {
    if let Some(n) = check_folder("ki2", Format::Ki2) {
        assert_eq!(n, 13);
    }
}

#[test]
fn csa_records() {
    if let Some(n) = check_folder("csa", Format::Csa) {
        assert_eq!(n, 16);
    }
}

/// `Record::games` gives the records of `Record::read_all`, in order.
fn same_games(bytes: &[u8]) -> Vec<Result<Record, record::RecordError>> {
    let all = Record::read_all(bytes).expect("the file reads");
    let streamed: Vec<_> = Record::games(bytes).expect("the file reads").collect();
    assert_eq!(streamed, all);
    streamed
}

#[test]
fn streamed_games_are_those_of_read_all() {
    let Some(dir) = common::records_dir("streamed_games_are_those_of_read_all") else {
        return;
    };
    // Every real file alone (one game each).
    let mut csa_texts = Vec::new();
    let mut usi_lines = Vec::new();
    for folder in ["kif", "ki2", "csa"] {
        for (path, _) in cases(&dir, folder) {
            let bytes = fs::read(&path).expect("read");
            let games = same_games(&bytes);
            assert_eq!(games.len(), 1, "{}", path.display());
            if let Ok(rec) = &games[0] {
                usi_lines.push(rec.to_position_command().to_string());
            }
            if folder == "csa" {
                let text = record::decode(&bytes).expect("decodes").into_owned();
                csa_texts.push((text, games.into_iter().next().expect("one game")));
            }
        }
    }
    // The real CSA games in one multi-game file: each game as it reads alone, but for the
    // line numbers of the errors.
    let joined = csa_texts
        .iter()
        .map(|(text, _)| text.trim_end().to_string())
        .collect::<Vec<_>>()
        .join("\n/\n");
    let games = same_games(joined.as_bytes());
    assert_eq!(games.len(), csa_texts.len());
    for (game, (_, alone)) in games.iter().zip(&csa_texts) {
        match (game, alone) {
            (Ok(a), Ok(b)) => assert_eq!(a, b),
            (Err(a), Err(b)) => assert_eq!(a.kind(), b.kind()),
            (a, b) => panic!("{a:?} in the file, {b:?} alone"),
        }
    }
    // The same file in Shift_JIS, with CRLF line ends and a byte-order mark in UTF-8.
    let (sjis, _, unmappable) = encoding_rs::SHIFT_JIS.encode(&joined);
    if !unmappable {
        assert_eq!(same_games(&sjis).len(), csa_texts.len());
    }
    let crlf = format!(
        "\u{feff}{}",
        joined.replace("\r\n", "\n").replace('\n', "\r\n")
    );
    assert_eq!(same_games(crlf.as_bytes()), games);
    // Every real game as a USI line, in one file with blank lines between.
    let usi = usi_lines.join("\n\n");
    let games = same_games(usi.as_bytes());
    assert_eq!(games.len(), usi_lines.len());
    for (game, line) in games.iter().zip(&usi_lines) {
        let rec = game.as_ref().expect("the USI line reads");
        assert_eq!(&rec.to_position_command().to_string(), line);
    }
}
