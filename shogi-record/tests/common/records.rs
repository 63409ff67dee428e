//! Random legal records for the round-trip tests of the record formats (KIF, KI2, CSA), and
//! the checks that a record read back kept its moves, comments, times and variations.

use std::time::Duration;

use shogi_record::{Ending, MoveTime, Record, RecordMove, Special, Variation};
use shogi_variants::{AnyPosition, Handicap, SilverSetup};

use super::Rng;

/// Comments of the random records: plain, with the markers of the formats, empty, padded,
/// and lines that look like moves, summaries, variation headers or CSA statements.
pub const COMMENTS: [&str; 16] = [
    "",
    "コメント",
    "注釈",
    " spaced ",
    "  padded  ",
    "*star",
    "** 35 7g7f 3c3d",
    "a,b,'c",
    "▲７六歩",
    "まで1手で中断",
    "変化：3手",
    "&しおり",
    "SFEN:9/9/9/9/9/9/9/9/9 b - 1",
    "ENDING:投了",
    "%TORYO",
    "#hash",
];

/// The endings a variation may get: those that read back as the same word in KIF and KI2.
pub const VARIATION_ENDINGS: [Option<Special>; 9] = [
    None,
    Some(Special::Resign),
    Some(Special::Interrupt),
    Some(Special::Repetition),
    Some(Special::Impasse),
    Some(Special::TimeUp),
    Some(Special::Mate),
    Some(Special::IllegalWin),
    Some(Special::Sealed),
];

/// The times a format keeps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Times {
    /// No times (KI2).
    None,
    /// Whole seconds (KIF, CSA V2.2).
    Seconds,
    /// Milliseconds (CSA V3.0).
    Fractional,
}

impl Times {
    /// A random time spent on a move, under `secs` seconds.
    fn spent(self, rng: &mut Rng, secs: usize) -> Option<MoveTime> {
        let spent = match self {
            Times::None => return None,
            Times::Seconds => Duration::from_secs(rng.below(secs) as u64),
            Times::Fractional => Duration::from_millis(rng.below(secs * 1000) as u64),
        };
        Some(MoveTime::spent(spent))
    }
}

/// What the random records of a format hold.
#[derive(Debug, Clone, Copy)]
pub struct Style {
    /// The times of the moves (and of the ending).
    pub times: Times,
    /// Whether some records get variations.
    pub variations: bool,
}

/// A random start: the standard start (half the time), a handicap or an untakeable-silver
/// setup.
pub fn random_start(rng: &mut Rng) -> AnyPosition {
    match rng.below(4) {
        0 => Handicap::ALL[rng.below(Handicap::ALL.len())]
            .position()
            .into(),
        1 => SilverSetup::ALL[rng.below(SilverSetup::ALL.len())]
            .position()
            .into(),
        _ => AnyPosition::default(),
    }
}

/// A random comment.
fn comment(rng: &mut Rng) -> String {
    COMMENTS[rng.below(COMMENTS.len())].to_string()
}

/// Up to `len` random legal moves from `pos`, with times (as `style` says) and comments.
fn random_line(rng: &mut Rng, mut pos: AnyPosition, len: usize, style: Style) -> Vec<RecordMove> {
    let mut line = Vec::new();
    for _ in 0..len {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        if pos.play(m).is_err() {
            break;
        }
        let mut rm = RecordMove::new(m);
        if rng.below(4) != 0 {
            rm.time = style.times.spent(rng, 4000);
        }
        if rng.below(5) == 0 {
            rm.comments.push(comment(rng));
        }
        line.push(rm);
    }
    line
}

/// Adds random variations to the line `moves` played from `start`: at some moves (never the
/// first move of a variation, whose alternatives are listed beside it), one or two lines of
/// one to four legal moves, with an ending and variations of their own, up to three deep.
fn add_variations(
    rng: &mut Rng,
    moves: &mut [RecordMove],
    start: AnyPosition,
    depth: usize,
    style: Style,
) {
    let mut pos = start;
    for (i, m) in moves.iter_mut().enumerate() {
        if (depth == 0 || i > 0) && depth < 3 && rng.below(6) == 0 {
            for _ in 0..1 + rng.below(2) {
                let len = 1 + rng.below(4);
                let mut v = Variation::new(random_line(rng, pos, len, style));
                add_variations(rng, &mut v.moves, pos, depth + 1, style);
                if let Some(special) = VARIATION_ENDINGS[rng.below(VARIATION_ENDINGS.len())].clone()
                {
                    let mut ending = Ending::new(special);
                    if rng.below(3) == 0 {
                        ending.comments.push("変化終わり".to_string());
                    }
                    v.ending = Some(ending);
                }
                m.variations.push(v);
            }
        }
        if pos.play(m.mv).is_err() {
            break;
        }
    }
}

/// A random ending: none, any of [`Special::KNOWN`] or a word of no fixed meaning.
fn random_ending(rng: &mut Rng) -> Option<Special> {
    let i = rng.below(Special::KNOWN.len() + 2);
    match Special::KNOWN.get(i) {
        Some(special) => Some(special.clone()),
        None if i == Special::KNOWN.len() => Some(Special::Other("引き分け".to_string())),
        None => None,
    }
}

/// A random legal game of up to `plies` moves from a random start ([`random_start`]), with
/// times (as `style` says), comments, an ending (with a time and a comment at times) and,
/// when `style` has them, sometimes variations. The same `seed` gives the same record.
pub fn random_record(seed: u64, plies: usize, style: Style) -> Record {
    let mut rng = Rng::new(seed);
    let start = random_start(&mut rng);
    let mut rec = Record::new(start);
    if rng.below(3) == 0 {
        rec.start_comments.push(comment(&mut rng));
    }
    rec.moves = random_line(&mut rng, start, plies, style);
    if style.variations && rng.below(2) == 0 {
        add_variations(&mut rng, &mut rec.moves, start, 0, style);
    }
    if let Some(special) = random_ending(&mut rng) {
        let mut ending = Ending::new(special);
        if rng.below(2) == 0 {
            ending.time = style.times.spent(&mut rng, 100);
        }
        if rng.below(3) == 0 {
            ending.comments.push("終局".to_string());
        }
        rec.ending = Some(ending);
    }
    rec
}

/// Checks that the moves of `again` (read back) are those of `rec` with their comments,
/// (when `times`) the time spent on each, and the same variations: moves, comments, endings
/// and times, all the way down.
pub fn assert_same_tree(again: &[RecordMove], rec: &[RecordMove], times: bool) {
    assert_eq!(again.len(), rec.len());
    for (a, b) in again.iter().zip(rec) {
        assert_eq!(a.mv, b.mv);
        assert_eq!(a.comments, b.comments);
        if times {
            assert_eq!(a.time.map(|t| t.spent), b.time.map(|t| t.spent));
        }
        assert_eq!(
            a.variations.len(),
            b.variations.len(),
            "variations of {}",
            b.mv
        );
        for (v, w) in a.variations.iter().zip(&b.variations) {
            assert_eq!(
                v.ending.as_ref().map(|e| (&e.special, &e.comments)),
                w.ending.as_ref().map(|e| (&e.special, &e.comments))
            );
            assert_same_tree(&v.moves, &w.moves, times);
        }
    }
}

/// Checks that `again` (read back) has the game of `rec`: start, moves, outcome, headers,
/// comments, the ending's comments, (when `times`) the times spent and the variations.
pub fn assert_same_game(rec: &Record, again: &Record, times: bool) {
    assert_eq!(again.start, rec.start);
    assert_eq!(again.usi_moves(), rec.usi_moves());
    assert_eq!(again.outcome(), rec.outcome());
    assert_eq!(again.start_comments, rec.start_comments);
    assert_eq!(again.headers, rec.headers);
    assert_eq!(
        again.ending.as_ref().map(|e| &e.comments),
        rec.ending.as_ref().map(|e| &e.comments)
    );
    assert_same_tree(&again.moves, &rec.moves, times);
}
