//! KIF records (棋譜ファイル, kifu fairu), the format of Kakinoki's Kifu for Windows: header
//! lines, then numbered move lines with times, `*` comments and a terminal word.
//!
//! ```
//! use shogi_record::kif;
//! use shogi_record::Special;
//! use shogi_rules::{Outcome, WinReason};
//! use shogi_types::Color;
//!
//! let text = "\
//! 手合割：平手
//! 先手：Sente
//! 後手：Gote
//! 手数----指手---------消費時間--
//!    1 ７六歩(77)   ( 0:16/00:00:16)
//! *a comment on the first move
//!    2 ３四歩(33)   ( 0:02/00:00:02)
//!    3 投了         ( 0:03/00:00:19)
//! まで2手で後手の勝ち
//! ";
//! let rec = kif::read(text)?;
//! assert_eq!(rec.player(Color::Black), Some("Sente"));
//! assert_eq!(rec.usi_moves(), ["7g7f".parse()?, "3c3d".parse()?]);
//! assert_eq!(rec.moves[0].comments, ["a comment on the first move"]);
//! assert_eq!(rec.ending.as_ref().map(|e| &e.special), Some(&Special::Resign));
//! assert_eq!(
//!     rec.outcome(),
//!     Some(Outcome::Win { winner: Color::White, reason: WinReason::Resignation })
//! );
//!
//! // Writing and reading again gives the same record.
//! let written = kif::write(&rec);
//! assert!(written.contains("   1 ７六歩(77)   ( 0:16/00:00:16)\n"));
//! assert_eq!(kif::read(&written)?, rec);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Reading
//! The reader follows Kakinoki's description of the format (kakinoki.o.oo7.jp, `kif_format`)
//! and what other programs write (81Dojo, 将棋倶楽部24, Shogidokoro, ShogiGUI, ShogiHome,
//! shogidb2, 将棋ウォーズ exports):
//! - **Header lines** `key：value` (full-width colon, or an ASCII colon) become
//!   [`Record::headers`] through [`HeaderKey::from_kif_key`](crate::HeaderKey::from_kif_key)
//!   (`下手`/`上手` are the players of a handicap game); unknown keys are kept as
//!   [`HeaderKey::Other`](crate::HeaderKey::Other). Lines that are nothing the reader
//!   knows are skipped.
//! - **Start position**: the `#SFEN：<sfen>` line if there is one (see below), else a board
//!   diagram (`後手の持駒：`, nine `| ・v玉 …|一` rank lines, `先手の持駒：`, `先手番`/`後手番`,
//!   with `上手`/`下手` accepted for the sides, kanji counts such as `歩十八`, `なし`, full- or
//!   half-width blanks), else the `手合割` handicap (an unknown name reads as 平手), else the
//!   standard start.
//! - **Moves**: a move number (any padding), the move (`７六歩(77)`, `同　銀(31)`, `同歩(54)`,
//!   `４五角打`, `２二角成(88)`, with 竜/龍, 王/玉, 全/圭/杏, a stray `不成`), an optional time
//!   `( 0:16/00:00:16)` in any widths (`(0:9/0:19:1)`, `( 0:7/)`; a time that cannot be read is
//!   dropped), and an optional `+` that marks a variation. The origin and the piece name must
//!   agree with the board: another piece name than the one on the origin square makes the move
//!   illegal ([`IllegalMoveKind::NoSuchPiece`](shogi_movegen::IllegalMoveKind::NoSuchPiece)).
//!   A move without origin (`４五桂`) is resolved as Japanese notation.
//! - **Terminal words** as numbered moves: only the words of [`Special::from_kif_word`]
//!   (`投了`, `詰み`, `Time-up`, `入玉宣言`, …, and this crate's `最大手数`). Any other text on
//!   a numbered line is a move, so an unreadable one (`   1 XYZ(77)   ( 0:00/00:00:00)`,
//!   mojibake) fails with its line, its move number and why, instead of ending the record.
//!   After the first terminal word, the rest of the main line is ignored.
//! - **Comments this crate writes for endings**: after a terminal word, `*ENDING:<word>` gives
//!   the exact word the terminal word stands in for (see Writing), and `*RESULT:<outcome>`
//!   gives [`Ending::outcome`](crate::Ending::outcome); as the last comment of a line
//!   with no terminal word, `*ENDING:<word>` is an ending with no KIF word
//!   ([`Special::Error`] as `%ERROR`, [`Special::Other`]).
//! - **`まで…` summary lines** give the ending only when no terminal word came before:
//!   `まで{n}手で{先手|後手|下手|上手}の勝ち` is `投了` (when the named side is not to move),
//!   `…で中断`, `…で千日手`, `…で持将棋`, `…で封じ手`, `…手詰`/`…で詰`, `…で不詰`,
//!   `…で時間切れにより…`, `…の入玉勝ち`, and `…で{side}の反則負け`/`…の反則勝ち`, converted to
//!   the word for the side to move.
//! - **Comments**: `*` lines, kept as written without the `*` (before the first move they are
//!   [`Record::start_comments`], also when they come before the header); `#` lines and `&`
//!   bookmark (しおり) lines are skipped.
//! - **Variations** (`変化：N手` blocks after the main line, N in ASCII or full-width digits)
//!   are kept as a tree ([`RecordMove::variations`](crate::RecordMove::variations),
//!   [`Variation`](crate::Variation)). A block replaces move N of the deepest line
//!   still open whose first move is numbered N or lower: the line read just before it, or one
//!   of the lines it branches off, which close as the search passes them. This is the order
//!   in which Kifu for Windows writes a tree, depth first: after a line come the variations of
//!   its last move that has any, each followed by its own, then those of the moves before.
//!   When that line starts with move N itself, the block is one more alternative to the same
//!   move, next in its list. Each block is read from the position before the move it replaces
//!   (so its first move may be `同`, after the move before the one it replaces), with its
//!   comments, times, terminal word or `まで` line. The moves are numbered as the main line
//!   numbers them (from the number on its first move line). A block that replaces no move
//!   (the terminal word of a line, or a move after its end) is skipped with the blocks that
//!   branch off it, and so are blocks nested more than 200 lines deep. A `変化` line that is
//!   not `変化：N手` is an error. The `+` that marks a move with alternatives is not needed.
//!
//! The reader takes KI2 move lines (`▲７六歩△３四歩`) as well, so [`read`] and
//! [`crate::ki2::read`] read the same files.
//!
//! # Illegal moves
//! Every move is checked, in the variations too. When the main line ends with a foul
//! (`反則勝ち`, `反則負け`, as a terminal word or a `まで` line) right after an illegal move, that
//! move is kept in [`Record::illegal_move`] (its text as written, the move named by its origin
//! and why it is illegal); in a variation, it is dropped and the foul ending kept. Any other
//! illegal move is an error ([`RecordErrorKind::IllegalMove`], with the number of the move in
//! its line) that keeps the moves and variations before it.
//!
//! # Untakeable-silver variant
//! A record of the variant carries its start as a marked SFEN in a comment line that other
//! programs skip: `#SFEN：lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS!1K1S!N1 b - 1`. The
//! reader starts the record from it (silvers marked `S!` are untakeable); the writer writes it
//! for every variant start, before a board diagram that other programs read.
//!
//! # Writing
//! [`write()`] writes UTF-8 text (a `.kifu` file), starting with `#KIF version=2.0
//! encoding=UTF-8`; [`write_shift_jis`] writes the Shift_JIS bytes of a `.kif` file. The writer
//! follows Kifu for Windows: the header fields in their order, with `手合割` before the player
//! names (`下手`/`上手` in handicap games) and, for a start that is no KIF handicap, `手合割：その他`
//! and a board diagram; the `手数----指手---------消費時間--` line; the start comments; one line
//! per move (`   1 ７六歩(77)   ( 0:16/00:00:16)`, `同　` for a recapture, `打` for every
//! drop, never `不成`) with the time when the move has one (when only the time spent is known,
//! the total is summed per player; times are written to the second); `*` lines after the move
//! they belong to; the ending as a numbered terminal word with its time and comments, and a
//! `まで{n}手で…` line.
//!
//! Endings are written so that [`Record::outcome`] stays the same and so that cshogi 1.1.0 and
//! tsshogi 2.2.0 find the same winner (checked against both in the repository's CI). tsshogi
//! takes the result from the terminal word and the side to move; cshogi only from the `まで`
//! line, in the form `まで{n}手で{side}の勝ち` (it reads no winner from
//! `…時間切れにより…`), so every decided game gets such a line. Where KIF has no word, or
//! other programs do not know ours, a word with the same result stands in and the exact word
//! follows as `*ENDING:<word>`: [`Special::EnteringKingDraw`] and [`Special::MaxMoves`] as
//! `持将棋`, [`Special::IllegalAction`] as `反則負け` or `反則勝ち` for the side to move,
//! [`Special::Try`] as `投了` (tsshogi 2.2.0 does not know `トライ`); [`Special::Error`] and
//! [`Special::Other`] words, which decide nothing, only as the comment. An
//! [`Ending::outcome`](crate::Ending::outcome) (a resignation by the side not to move,
//! a perpetual check…) follows as `*RESULT:<outcome>`.
//! A kept illegal move is written as a move line before a foul ending, so that reading the text
//! keeps it again.
//!
//! Variations follow the main line as Kifu for Windows writes them, so that the reader builds
//! the same tree: a move with alternatives ends its line with `+` (so does the first move of
//! a variation that another alternative follows); then, depth first, the variations of the
//! last move that has any, each as a blank line, `変化：N手`, its move lines (times summed
//! along the line from the position it branches off), comments, terminal word and `まで` line,
//! followed by the variations that branch off it, then those of the moves before.

use core::fmt::Write as _;
use std::time::Duration;

use shogi_types::{ByColor, Move};
use shogi_variants::AnyPosition;

use crate::ending::{Ending, Special};
use crate::error::RecordError;
use crate::kakinoki;
use crate::model::{Record, RecordMove};

#[cfg(doc)]
use crate::error::RecordErrorKind;

/// Reads a KIF record (KI2 move lines are read too).
///
/// # Errors
/// [`RecordErrorKind::Syntax`] ([`SyntaxError`](crate::SyntaxError)) for a line that cannot
/// be read (a bad board diagram, `#SFEN` line or variation header),
/// [`RecordErrorKind::InvalidStart`] (with the position's error) for a start position that is
/// not valid, and [`RecordErrorKind::IllegalMove`] for a move that cannot be read or played
/// (unless a foul ending explains it, see the [module docs](self)); the error keeps the moves
/// read before.
pub fn read(text: &str) -> Result<Record, RecordError> {
    kakinoki::read(text)
}

/// Writes a KIF record as UTF-8 text (`#KIF version=2.0 encoding=UTF-8`).
///
/// ```
/// use shogi_record::{Record, kif};
///
/// let mut rec = Record::start();
/// rec.push("7g7f".parse()?)?;
/// rec.push("3c3d".parse()?)?;
/// rec.push("8h2b+".parse()?)?;
/// rec.push("3a2b".parse()?)?;
/// let text = kif::write(&rec);
/// assert!(text.contains("   3 ２二角成(88)\n   4 同　銀(31)\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn write(record: &Record) -> String {
    write_with(record, "UTF-8")
}

/// Writes a KIF record as Shift_JIS bytes (`#KIF version=2.0 encoding=Shift_JIS`), the
/// encoding of `.kif` files. Characters that Shift_JIS cannot hold (in names or comments) are
/// written as HTML numeric character references (`&#9751;`).
///
/// ```
/// use shogi_record::{self as record, Record, kif};
///
/// let mut rec = Record::start();
/// rec.push("7g7f".parse()?)?;
/// let bytes = kif::write_shift_jis(&rec);
/// assert_eq!(record::read(&bytes)?.usi_moves(), rec.usi_moves());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn write_shift_jis(record: &Record) -> Vec<u8> {
    let text = write_with(record, "Shift_JIS");
    let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode(&text);
    bytes.into_owned()
}

/// Writes one numbered line: number, text and, if given, the time (spent, total); `mark` adds
/// the `+` of a move that has alternatives.
fn move_line(
    out: &mut String,
    ply: usize,
    text: &str,
    time: Option<(Duration, Duration)>,
    mark: bool,
) {
    let _ = write!(out, "{ply:>4} {text}");
    if time.is_some() || mark {
        let pad = 13usize.saturating_sub(kakinoki::width(text)).max(1);
        out.extend(core::iter::repeat_n(' ', pad));
    }
    if let Some((spent, total)) = time {
        out.push_str(&kakinoki::time_text(spent, total));
    }
    if mark {
        out.push('+');
    }
    out.push('\n');
}

/// Where a line stands before one of its moves: the position, the move before and the total
/// time each player has used.
#[derive(Debug, Clone, Copy)]
struct Before {
    pos: AnyPosition,
    previous: Option<Move>,
    totals: ByColor<Duration>,
}

/// A line of moves to write: the main line or a variation.
#[derive(Debug, Clone, Copy)]
struct Line<'a> {
    moves: &'a [RecordMove],
    ending: Option<&'a Ending>,
    /// The number of its first move.
    first: usize,
    /// Whether this is the main line (which may end with a kept illegal move).
    main: bool,
    /// Whether another alternative to its first move follows (a variation that is not the
    /// last of its list): Kifu for Windows marks its first move with `+`.
    sibling_follows: bool,
}

fn write_with(record: &Record, encoding: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "#KIF version=2.0 encoding={encoding}");
    kakinoki::write_preamble(&mut out, record);
    out.push_str("手数----指手---------消費時間--\n");
    kakinoki::write_comments(&mut out, &record.start_comments);
    let main = Line {
        moves: &record.moves,
        ending: record.ending.as_ref(),
        first: 1,
        main: true,
        sibling_follows: false,
    };
    let start = Before {
        pos: record.start,
        previous: None,
        totals: ByColor::new(Duration::ZERO, Duration::ZERO),
    };
    let states = write_line(&mut out, record, main, start);
    write_variations(&mut out, record, main, &states);
    out
}

/// Writes the moves of `line` from `state` with their times and comments, then its ending
/// (after the record's kept illegal move, for the main line) and the `まで` line. Returns where
/// the line stood before each move written (a move that cannot be played, which only a
/// record edited by hand holds, ends the line without its ending).
fn write_line(out: &mut String, record: &Record, line: Line<'_>, mut state: Before) -> Vec<Before> {
    let mut states = Vec::with_capacity(line.moves.len());
    let mut ply = line.first.saturating_sub(1);
    for (i, m) in line.moves.iter().enumerate() {
        let mover = state.pos.side_to_move();
        let mut next = state.pos;
        if next.play(m.mv).is_err() {
            break;
        }
        states.push(state);
        ply += 1;
        let text = kakinoki::kif_move_text(&state.pos, m.mv, state.previous, None);
        let time = m.time.map(|t| {
            let total = t
                .total
                .unwrap_or_else(|| state.totals[mover].saturating_add(t.spent));
            state.totals[mover] = total;
            (t.spent, total)
        });
        let mark = !m.variations.is_empty() || (i == 0 && line.sibling_follows);
        move_line(out, ply, &text, time, mark);
        kakinoki::write_comments(out, &m.comments);
        state.pos = next;
        state.previous = Some(m.mv);
    }
    if let Some(ending) = line.ending
        && states.len() == line.moves.len()
    {
        let foul = kakinoki::foul(record, ending, &state.pos, line.main);
        let (mover, special, unwritten) = (foul.mover, foul.special, foul.comment);
        if let Some(text) = foul.text {
            ply += 1;
            move_line(out, ply, &text, None, false);
        }
        let terminal = kakinoki::terminal(special, mover);
        if let Some(word) = &terminal.word {
            let time = ending.time.map(|t| {
                (
                    t.spent,
                    t.total
                        .unwrap_or_else(|| state.totals[mover].saturating_add(t.spent)),
                )
            });
            move_line(out, ply + 1, word, time, false);
        }
        let comments: Vec<String> = kakinoki::guarded_exact(terminal.exact, ending)
            .into_iter()
            .chain(ending.written_comments())
            .chain(unwritten)
            .collect();
        kakinoki::write_comments(out, &comments);
        // Kifu for Windows sums up a mate as a win. Other programs (cshogi) take the winner
        // from this line only, and `summary_text` has one for every decided ending; this
        // reader takes the ending from the terminal word and skips the line.
        let summary = match special {
            Special::Mate => Special::Resign,
            other => other.clone(),
        };
        if let Some(text) = kakinoki::summary_text(record, mover, &summary, ply) {
            out.push_str(&text);
            out.push('\n');
        }
    }
    states
}

/// Writes the variations of the moves of `line` (`states`: where it stood before each move
/// written) as Kifu for Windows does, depth first: the variations of its last move first, and
/// after each variation, the variations that branch off it.
fn write_variations(out: &mut String, record: &Record, line: Line<'_>, states: &[Before]) {
    for (i, (m, &before)) in line.moves.iter().zip(states).enumerate().rev() {
        let ply = line.first.saturating_add(i);
        for (k, variation) in m.variations.iter().enumerate() {
            let _ = write!(out, "\n変化：{ply}手\n");
            let sub = Line {
                moves: &variation.moves,
                ending: variation.ending.as_ref(),
                first: ply,
                main: false,
                sibling_follows: k + 1 < m.variations.len(),
            };
            let sub_states = write_line(out, record, sub, before);
            write_variations(out, record, sub, &sub_states);
        }
    }
}
