//! The checks of the record fuzz targets.
//!
//! - `kif_parse`, `ki2_parse`, `csa_parse`, `jkf_parse`: the bytes are a record file; only what reads is
//!   written and read back, so each input costs one or two parses.
//! - `record_generated`: the bytes choose a legal game (start, moves, times, comments, ending,
//!   variations), which goes through every writer (KIF, KI2, CSA V2.2 and V3.0, JKF) and back.
//!   Building the game costs one move generation per ply, so it is one target for all the
//!   writers: each game is built once and checked four times.

use arbitrary::Unstructured;
use shogi_movegen::{Position, Standard};
use shogi_record::csa::{CsaOptions, CsaVersion};
use shogi_record::{
    self as record, Ending, MoveTime, Record, RecordError, RecordMove, Special, Variation,
};
use shogi_record::{csa, jkf, ki2, kif};
use shogi_variants::{AnyPosition, Handicap, SilverSetup};

/// The record writers, each with the reader of its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Kif,
    Ki2,
    /// CSA V2.2 (the default of [`csa::write`]).
    Csa,
    /// CSA V3.0 ([`csa::write_with`]); read by [`csa::read`] like V2.2.
    Csa3,
    /// JKF ([`jkf::write`], [`jkf::read`]).
    Jkf,
}

impl Format {
    /// Every writer, for `record_generated`.
    const ALL: [Format; 5] = [
        Format::Kif,
        Format::Ki2,
        Format::Csa,
        Format::Csa3,
        Format::Jkf,
    ];

    fn read(self, text: &str) -> Result<Record, RecordError> {
        match self {
            Format::Kif => kif::read(text),
            Format::Ki2 => ki2::read(text),
            Format::Csa | Format::Csa3 => csa::read(text),
            Format::Jkf => jkf::read(text),
        }
    }

    fn write(self, rec: &Record) -> String {
        match self {
            Format::Kif => kif::write(rec),
            Format::Ki2 => ki2::write(rec),
            Format::Csa => csa::write(rec),
            Format::Csa3 => csa::write_with(rec, CsaOptions::new(CsaVersion::V30)),
            Format::Jkf => jkf::write(rec),
        }
    }

    /// The format [`record::Format::detect`] names for this writer's text.
    fn detected(self) -> record::Format {
        match self {
            Format::Kif => record::Format::Kif,
            Format::Ki2 => record::Format::Ki2,
            Format::Csa | Format::Csa3 => record::Format::Csa,
            Format::Jkf => record::Format::Jkf,
        }
    }

    /// Whether the format keeps the time of each move.
    fn keeps_times(self) -> bool {
        self != Format::Ki2
    }

    /// Whether the format keeps variations (CSA has none).
    fn keeps_variations(self) -> bool {
        matches!(self, Format::Kif | Format::Ki2 | Format::Jkf)
    }
}

/// `kif_parse`: bytes → decoded text → [`kif::read`].
///
/// Reading never panics; an error keeps a partial record whose moves are legal. A record that
/// reads is written, and the text reads back to the same start, moves, outcome and
/// variations; writing that again gives the same text. The format-detecting
/// [`record::read_str`] never panics either.
pub fn check_kif_parse(data: &[u8]) {
    check_text(data, Format::Kif);
}

/// `jkf_parse`: as [`check_kif_parse`], for [`jkf::read`] (JSON of any shape).
pub fn check_jkf_parse(data: &[u8]) {
    check_text(data, Format::Jkf);
}

/// `ki2_parse`: as [`check_kif_parse`], for [`ki2::read`].
pub fn check_ki2_parse(data: &[u8]) {
    check_text(data, Format::Ki2);
}

/// `csa_parse`: as [`check_kif_parse`], for every game of the text read by [`csa::read_all`]
/// (whose first game is what [`csa::read`] reads).
pub fn check_csa_parse(data: &[u8]) {
    let Some(text) = record::decode(data) else {
        return;
    };
    let games = csa::read_all(&text);
    for result in &games {
        match result {
            Ok(rec) => {
                round_trip_text(rec, Format::Csa);
            }
            Err(e) => check_error(e),
        }
    }
    if games.len() != 1 {
        // With one game `read` runs exactly what `read_all` ran; otherwise compare.
        match (csa::read(&text), games.first()) {
            (Ok(a), Some(Ok(b))) => assert_eq!(&a, b, "csa::read is not the first game"),
            (Err(a), Some(Err(b))) => assert_eq!(&a, b, "csa::read is not the first game"),
            (Err(e), None) => check_error(&e),
            (a, b) => panic!("csa::read gives {a:?}, read_all's first game {b:?}"),
        }
    }
    check_detected(&text, Format::Csa);
}

/// `record_generated`: a record generated from the bytes (a legal game from a standard,
/// handicap or variant start, with times, comments, an ending and sometimes variations) goes
/// through every writer.
///
/// Each text is detected as its format ([`record::Format::detect`]), reads back to the same
/// start, moves and outcome, and writes again as the same text; the comments of the start and of every move survive, and so do the times (KIF, CSA)
/// and the variations with their comments and endings (KIF, KI2, JKF).
pub fn check_record_generated(data: &[u8]) {
    let Some(rec) = generated_record(data) else {
        return;
    };
    assert!(
        rec.final_position().is_ok(),
        "the generator made an illegal move"
    );
    for format in Format::ALL {
        let (written, again) = round_trip_text(&rec, format);
        if format.keeps_variations() {
            assert_same_variations(&rec.moves, &again.moves, rec.start, true, format);
        }
        for (i, (a, b)) in rec.moves.iter().zip(&again.moves).enumerate() {
            assert_eq!(
                a.comments,
                b.comments,
                "{format:?}: comments of move {} changed",
                i + 1
            );
            if format.keeps_times() {
                assert_eq!(
                    a.time.map(|t| t.spent),
                    b.time.map(|t| t.spent),
                    "{format:?}: time of move {} changed",
                    i + 1
                );
            }
        }
        assert_eq!(
            rec.start_comments, again.start_comments,
            "{format:?}: start comments changed"
        );
        check_read_str(&rec, &written, format);
    }
}

/// The format-detecting reader picks the writer's format for `written`, the text of `rec`,
/// and so reads it as `again` did (it runs the same reader on the same text, so it is not run
/// again). Only a KI2 text without moves may be detected as KIF, as
/// [`record::Format::detect`] documents (headers alone read as KIF); [`record::read_str`] must
/// then still give the same start, moves and outcome.
fn check_read_str(rec: &Record, written: &str, format: Format) {
    let detected = record::Format::detect(written);
    if detected == Some(format.detected()) {
        return;
    }
    assert!(
        format == Format::Ki2 && rec.moves.is_empty() && detected == Some(record::Format::Kif),
        "{format:?}: the writer's text is detected as {detected:?}\n{written}"
    );
    let read = match record::read_str(written) {
        Ok(r) => r,
        Err(e) => panic!("{format:?}: read_str cannot read the writer's text: {e}\n{written}"),
    };
    assert_eq!(
        read.start, rec.start,
        "{format:?}: read_str: start\n{written}"
    );
    assert_eq!(
        read.usi_moves(),
        rec.usi_moves(),
        "{format:?}: read_str: moves\n{written}"
    );
    assert_eq!(
        read.outcome(),
        rec.outcome(),
        "{format:?}: read_str: outcome\n{written}"
    );
}

/// Reads the decoded bytes with `format`'s reader; what reads must round-trip.
fn check_text(data: &[u8], format: Format) {
    let Some(text) = record::decode(data) else {
        return;
    };
    match format.read(&text) {
        Ok(rec) => {
            round_trip_text(&rec, format);
        }
        Err(e) => check_error(&e),
    }
    check_detected(&text, format);
}

/// The format-detecting reader never panics and its errors are sound. It is not run when it
/// would run `read`'s reader on the same text again (`format` detected, no byte-order mark).
fn check_detected(text: &str, format: Format) {
    if !text.starts_with('\u{feff}') && record::Format::detect(text) == Some(format.detected()) {
        return;
    }
    if let Err(e) = record::read_str(text) {
        check_error(&e);
    }
}

/// An error message is printable and the partial record holds only legal moves.
fn check_error(e: &RecordError) {
    let _ = e.to_string();
    assert!(
        e.partial().final_position().is_ok(),
        "the partial record of an error holds an illegal move: {e}"
    );
}

/// Writes `rec`, reads it back and checks what must survive; returns the text written and the
/// record read back.
fn round_trip_text(rec: &Record, format: Format) -> (String, Record) {
    assert!(
        rec.final_position().is_ok(),
        "a record read holds an illegal move"
    );
    let written = format.write(rec);
    let again = match format.read(&written) {
        Ok(r) => r,
        Err(e) => panic!("{format:?}: the writer's text does not read: {e}\n{written}"),
    };
    assert_eq!(
        again.start, rec.start,
        "{format:?}: start changed\n{written}"
    );
    assert_eq!(
        again.usi_moves(),
        rec.usi_moves(),
        "{format:?}: moves changed\n{written}"
    );
    assert_eq!(
        again.outcome(),
        rec.outcome(),
        "{format:?}: outcome changed\n{written}"
    );
    if format.keeps_variations() {
        assert_same_variations(&rec.moves, &again.moves, rec.start, false, format);
    }
    assert_eq!(
        format.write(&again),
        written,
        "{format:?}: writing the record read back gives another text"
    );
    (written, again)
}

/// Checks that the variations hanging off `line` (played from `start`) survived in `again`:
/// the same tree of moves, each ending with the same outcome (its word may change, as for the
/// main line) and, when `comments`, the same comments on every move of the variations.
fn assert_same_variations(
    line: &[RecordMove],
    again: &[RecordMove],
    start: AnyPosition,
    comments: bool,
    format: Format,
) {
    assert_eq!(line.len(), again.len(), "{format:?}: a variation changed");
    let mut pos = start;
    for (a, b) in line.iter().zip(again) {
        assert_eq!(a.mv, b.mv, "{format:?}: a variation move changed");
        assert_eq!(
            a.variations.len(),
            b.variations.len(),
            "{format:?}: the variations of {} changed",
            a.mv
        );
        for (v, w) in a.variations.iter().zip(&b.variations) {
            let mut end = pos;
            for m in &v.moves {
                assert!(end.play(m.mv).is_ok(), "a variation holds an illegal move");
            }
            let mover = end.side_to_move();
            assert_eq!(
                v.ending.as_ref().map(|e| e.special.outcome(mover)),
                w.ending.as_ref().map(|e| e.special.outcome(mover)),
                "{format:?}: the ending of a variation of {} changed",
                a.mv
            );
            if comments {
                for (x, y) in v.moves.iter().zip(&w.moves) {
                    assert_eq!(x.comments, y.comments, "{format:?}: variation comments");
                }
                assert_eq!(
                    v.ending.as_ref().map(|e| &e.comments),
                    w.ending.as_ref().map(|e| &e.comments),
                    "{format:?}: variation ending comments"
                );
            }
            assert_same_variations(&v.moves, &w.moves, pos, comments, format);
        }
        if pos.play(a.mv).is_err() {
            return;
        }
    }
}

/// Comments the generator attaches (plain, with markers of the formats, empty, padded).
const COMMENTS: [&str; 8] = [
    "注釈",
    "評価値 +120",
    "** 35 7g7f 3c3d",
    "a,b,'c",
    "#hash",
    "  padded",
    "まで3手で先手の勝ち",
    "",
];

/// A legal game built from the bytes: a start (standard, a handicap, an untakeable-silver
/// setup), up to 160 moves, times, comments and an ending.
fn generated_record(data: &[u8]) -> Option<Record> {
    let mut u = Unstructured::new(data);
    let choice = u
        .int_in_range(0..=(Handicap::ALL.len() + SilverSetup::ALL.len()))
        .ok()?;
    let start: AnyPosition = if choice < Handicap::ALL.len() {
        Handicap::ALL[choice].position().into()
    } else if let Some(s) = SilverSetup::ALL.get(choice - Handicap::ALL.len()) {
        s.position().into()
    } else {
        Position::<Standard>::start().into()
    };
    let mut rec = Record::new(start);
    if u.ratio(1, 4).ok()? {
        rec.start_comments
            .push(COMMENTS[u.choose_index(COMMENTS.len()).ok()?].to_string());
    }
    let plies = u.int_in_range(0..=160_u32).ok()?;
    let mut pos = start;
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[u.choose_index(moves.len()).ok()?];
        pos.play(mv).ok()?;
        let mut m = record::RecordMove::new(mv);
        if u.ratio(1, 2).ok()? {
            let secs = u.int_in_range(0..=3_600_u64).ok()?;
            m.time = Some(MoveTime::spent(std::time::Duration::from_secs(secs)));
        }
        if u.ratio(1, 8).ok()? {
            m.comments
                .push(COMMENTS[u.choose_index(COMMENTS.len()).ok()?].to_string());
        }
        rec.moves.push(m);
    }
    // Times on every move or on none, as real records have them.
    if rec.moves.iter().any(|m| m.time.is_some()) {
        for m in &mut rec.moves {
            m.time.get_or_insert_with(MoveTime::default);
        }
    }
    if u.ratio(3, 4).ok()? {
        let all = &Special::KNOWN;
        rec.ending = Some(Ending::new(all[u.choose_index(all.len()).ok()?].clone()));
    }
    if u.ratio(1, 3).ok()? {
        for _ in 0..u.int_in_range(1..=4_u8).ok()? {
            add_variation(&mut u, &mut rec.moves, start, 0)?;
        }
    }
    Some(rec)
}

/// Hangs a variation off a move of `line` (played from `start`) chosen from the bytes: one to
/// four legal moves, sometimes with comments, an ending and (up to three deep) a variation of
/// its own. Never on the first move of a variation (`depth` > 0), whose alternatives are
/// listed beside it.
fn add_variation(
    u: &mut Unstructured<'_>,
    line: &mut [RecordMove],
    start: AnyPosition,
    depth: usize,
) -> Option<()> {
    let from = usize::from(depth > 0);
    if line.len() <= from || depth >= 3 {
        return Some(());
    }
    let at = u.int_in_range(from..=line.len() - 1).ok()?;
    let mut pos = start;
    for m in line.get(..at)? {
        pos.play(m.mv).ok()?;
    }
    let branch = pos;
    let mut moves = Vec::new();
    for _ in 0..u.int_in_range(1..=4_u8).ok()? {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[u.choose_index(legal.len()).ok()?];
        pos.play(mv).ok()?;
        let mut m = RecordMove::new(mv);
        if u.ratio(1, 4).ok()? {
            m.comments
                .push(COMMENTS[u.choose_index(COMMENTS.len()).ok()?].to_string());
        }
        moves.push(m);
    }
    let mut variation = Variation::new(moves);
    if u.ratio(1, 2).ok()? {
        let all = &Special::KNOWN;
        variation.ending = Some(Ending::new(all[u.choose_index(all.len()).ok()?].clone()));
    }
    if u.ratio(1, 3).ok()? {
        add_variation(u, &mut variation.moves, branch, depth + 1)?;
    }
    line.get_mut(at)?.variations.push(variation);
    Some(())
}
