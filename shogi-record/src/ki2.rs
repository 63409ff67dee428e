//! KI2 records: the header of a KIF record, then the moves in Japanese notation (`▲７六歩`,
//! [`shogi_notation::japanese`]) several to a line, without numbers or times, and a `まで…` line that
//! says how the game ended.
//!
//! ```
//! use shogi_record::ki2;
//! use shogi_rules::{DrawReason, Outcome};
//!
//! let text = "\
//! 手合割：平手
//! 先手：Sente
//! 後手：Gote
//!
//! ▲７六歩    △３四歩    ▲２二角成  △同　銀
//! *a comment on the fourth move
//! まで4手で中断
//! ";
//! let rec = ki2::read(text)?;
//! assert_eq!(
//!     rec.usi_moves(),
//!     ["7g7f".parse()?, "3c3d".parse()?, "8h2b+".parse()?, "3a2b".parse()?]
//! );
//! assert_eq!(rec.moves[3].comments, ["a comment on the fourth move"]);
//! assert_eq!(rec.outcome(), Some(Outcome::Unfinished));
//!
//! // Writing and reading again gives the same record.
//! let written = ki2::write(&rec);
//! assert!(written.contains("▲７六歩    △３四歩    ▲２二角成  △同　銀\n"));
//! assert_eq!(ki2::read(&written)?, rec);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Reading
//! Header lines, board diagrams, the `#SFEN：` line of the untakeable-silver variant, comments,
//! `まで…` lines and variations are read as in KIF (see [`crate::kif`], whose reader is the same:
//! numbered KIF move lines are read too). A move line starts with a side mark; each move starts
//! at a mark (`▲ △`, also `☗ ☖ ▼ ▽`), with or without blanks between moves
//! (`▲７六歩△３四歩`). Moves are read with [`shogi_notation::japanese::parse`] and resolved against the
//! position (a move written with its origin, `▲７六歩(77)`, names that move directly). A
//! terminal word written as a move (`△投了`) ends the game like a `まで` line.
//!
//! An illegal move is kept in [`Record::illegal_move`] when a foul ending follows it (the move
//! itself is known only when the text gives its origin); any other illegal move, and any move
//! that names no single legal move, is an error that keeps the moves before it.
//!
//! # Writing
//! [`write()`] writes UTF-8 text (a `.ki2u` file), starting with `#KI2 version=2.0
//! encoding=UTF-8`, then the header part as KIF writes it and the start comments. Moves are
//! written in the JSA style of [`shogi_notation::japanese::write`] (`▲`/`△`, `同　`, `龍`), six to a
//! line, each padded to 12 columns; a move with comments ends its line and its `*` lines
//! follow. The ending is written as a `まで{n}手で…` line when that line reads back with the same
//! outcome (`まで{n}手で{side}の勝ち` for a resignation, `まで{n}手詰` for a mate, `…で中断`,
//! `…で千日手`, `…で持将棋`, `…で封じ手`, `…で不詰`, `…で時間切れにより{side}の勝ち`,
//! `…で{side}の反則負け`/`反則勝ち`, `…で{side}の入玉勝ち`); the other endings are written as a
//! terminal word after the moves (`△トライ`, with the words of [`crate::kif`] for the endings
//! KIF has no word for). A kept illegal move is written before a foul ending, in Japanese
//! notation with its origin (`▲４五桂(37)`) when the move is known. Times are not written.
//!
//! Variations ([`RecordMove::variations`](crate::RecordMove::variations)) follow the
//! main line in the order of the KIF writer ([`crate::kif`]), which the reader reads back into
//! the same tree: each as a blank line, `変化：   N手` (N padded to four columns, as Kifu for
//! Windows and ShogiHome write it), its moves in Japanese notation (the first may be `同`, after
//! the move before the one it replaces), comments, and its ending.

use core::fmt::Write as _;

use shogi_types::{Color, Move};
use shogi_variants::AnyPosition;

use crate::ending::Ending;
use crate::error::RecordError;
use crate::kakinoki;
use crate::model::{self, Record, RecordMove};

#[cfg(doc)]
use crate::error::RecordErrorKind;

/// Reads a KI2 record (numbered KIF move lines are read too).
///
/// # Errors
/// [`RecordErrorKind::Syntax`] ([`SyntaxError`](crate::SyntaxError)) for a line that cannot
/// be read (a bad board diagram, `#SFEN` line or variation header),
/// [`RecordErrorKind::InvalidStart`] (with the position's error) for a start position that is
/// not valid, and [`RecordErrorKind::IllegalMove`] for a move that cannot be read, resolved or
/// played (unless a foul ending explains it, see the [module docs](self)); the error keeps the
/// moves read before.
pub fn read(text: &str) -> Result<Record, RecordError> {
    kakinoki::read(text)
}

/// The number of moves on a line.
const PER_LINE: usize = 6;
/// The width a move is padded to.
const MOVE_WIDTH: usize = 12;

/// The mark of `color`.
const fn mark(color: Color) -> char {
    match color {
        Color::Black => '▲',
        Color::White => '△',
    }
}

/// Moves on the current line, written out when the line is full.
#[derive(Debug, Default)]
struct Line {
    text: String,
    count: usize,
    last_width: usize,
}

impl Line {
    fn push(&mut self, token: &str) {
        if self.count > 0 {
            let pad = MOVE_WIDTH.saturating_sub(self.last_width);
            self.text.extend(core::iter::repeat_n(' ', pad));
        }
        self.text.push_str(token);
        self.count += 1;
        self.last_width = kakinoki::width(token);
    }

    fn flush(&mut self, out: &mut String) {
        if self.count > 0 {
            out.push_str(self.text.trim_end());
            out.push('\n');
        }
        self.text.clear();
        self.count = 0;
    }
}

/// Writes a KI2 record as UTF-8 text (`#KI2 version=2.0 encoding=UTF-8`).
///
/// ```
/// use shogi_record::{Ending, Record, Special, ki2};
///
/// let mut rec = Record::start();
/// rec.push("2g2f".parse()?)?;
/// rec.push("8c8d".parse()?)?;
/// rec.ending = Some(Ending::new(Special::Resign));
/// let text = ki2::write(&rec);
/// assert!(text.ends_with("▲２六歩    △８四歩\nまで2手で後手の勝ち\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn write(record: &Record) -> String {
    let mut out = String::new();
    out.push_str("#KI2 version=2.0 encoding=UTF-8\n");
    kakinoki::write_preamble(&mut out, record);
    kakinoki::write_comments(&mut out, &record.start_comments);
    let main = Branch {
        moves: &record.moves,
        ending: record.ending.as_ref(),
        first: 1,
        main: true,
    };
    let states = write_branch(&mut out, record, main, (record.start, None));
    write_variations(&mut out, record, main, &states);
    out
}

/// A line of moves to write: the main line or a variation.
#[derive(Debug, Clone, Copy)]
struct Branch<'a> {
    moves: &'a [RecordMove],
    ending: Option<&'a Ending>,
    /// The number of its first move.
    first: usize,
    /// Whether this is the main line (which may end with a kept illegal move).
    main: bool,
}

/// Writes the moves of `branch` from `start` (the position and the move before), then its
/// ending (after the record's kept illegal move, for the main line). Returns the position and
/// the previous move before each move written (a move that cannot be played, which only a
/// record edited by hand holds, ends the line without its ending).
fn write_branch(
    out: &mut String,
    record: &Record,
    branch: Branch<'_>,
    start: (AnyPosition, Option<Move>),
) -> Vec<(AnyPosition, Option<Move>)> {
    let mut states = Vec::with_capacity(branch.moves.len());
    let mut line = Line::default();
    let (mut pos, mut previous) = start;
    let mut written = branch.first.saturating_sub(1);
    for m in branch.moves {
        let mut next = pos;
        if next.play(m.mv).is_err() {
            break;
        }
        states.push((pos, previous));
        line.push(&model::japanese_write(&pos, m.mv, previous));
        written += 1;
        if line.count == PER_LINE || !m.comments.is_empty() {
            line.flush(out);
            kakinoki::write_comments(out, &m.comments);
        }
        pos = next;
        previous = Some(m.mv);
    }
    if let Some(ending) = branch.ending
        && states.len() == branch.moves.len()
    {
        let foul = kakinoki::foul(record, ending, &pos, branch.main);
        let (mover, special, unwritten) = (foul.mover, foul.special, foul.comment);
        if let Some(text) = foul.text {
            // The mark of its player, the side to move before it.
            let token = if text.starts_with(kakinoki::MARKS) {
                text
            } else {
                format!("{}{text}", mark(!mover))
            };
            line.push(&token);
            written += 1;
        }
        let exact = match kakinoki::summary_text(record, mover, special, written) {
            Some(summary) => {
                line.flush(out);
                out.push_str(&summary);
                out.push('\n');
                kakinoki::summary_stand_in(special)
            }
            None => {
                let terminal = kakinoki::terminal(special, mover);
                if let Some(word) = &terminal.word {
                    line.push(&format!("{}{word}", mark(mover)));
                }
                line.flush(out);
                terminal.exact
            }
        };
        let comments: Vec<String> = kakinoki::guarded_exact(exact, ending)
            .into_iter()
            .chain(ending.written_comments())
            .chain(unwritten)
            .collect();
        kakinoki::write_comments(out, &comments);
    }
    line.flush(out);
    states
}

/// Writes the variations of the moves of `branch` (`states`: the position and previous move
/// before each move written) in the order Kifu for Windows uses: the variations of the last
/// move first, and after each variation, the variations that branch off it. Each starts with
/// a blank line and `変化：   N手`.
fn write_variations(
    out: &mut String,
    record: &Record,
    branch: Branch<'_>,
    states: &[(AnyPosition, Option<Move>)],
) {
    for (i, (m, &before)) in branch.moves.iter().zip(states).enumerate().rev() {
        let ply = branch.first.saturating_add(i);
        for variation in &m.variations {
            let _ = write!(out, "\n変化：{ply:>4}手\n");
            let sub = Branch {
                moves: &variation.moves,
                ending: variation.ending.as_ref(),
                first: ply,
                main: false,
            };
            let sub_states = write_branch(out, record, sub, before);
            write_variations(out, record, sub, &sub_states);
        }
    }
}
