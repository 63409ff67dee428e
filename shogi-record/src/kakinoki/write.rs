//! What the KIF and KI2 writers share: the header part (the `#SFEN` line of a variant, the
//! header fields, `手合割` or a board diagram with the hands), comments, move texts, the kept
//! illegal move, terminal words with their `ENDING:` comments, and the `まで…` line.

use core::fmt::Write as _;
use std::time::Duration;

use shogi_types::{Color, Hand, Move, PieceKind, Square};
use shogi_variants::{AnyPosition, Handicap, Variant};

use shogi_notation::japanese::{self, KANJI_DIGITS, piece_name, square_chars};

use super::header::{RESERVED_KEYS, hand_key};
use super::lines::direct_move;
use super::reader::MARKS;
use crate::ending::{ENDING, Ending, Special, UNKNOWN_WORD, ending_comment_word, exact_word};
use crate::model::{HeaderKey, Record};

/// The handicap whose `手合割` name the writer uses, if any (`None`: write `その他` and a board
/// diagram).
fn named_handicap(record: &Record) -> Option<Handicap> {
    if record.variant() != Variant::Standard {
        return None;
    }
    record.handicap().filter(|h| h.kif_name().is_some())
}

/// The names of the sides: `先手`/`後手`, or `下手`/`上手` in a handicap game.
pub(crate) fn side_names(record: &Record) -> [&'static str; 2] {
    match record.handicap() {
        Some(h) if h != Handicap::Even && record.variant() == Variant::Standard => ["下手", "上手"],
        _ => ["先手", "後手"],
    }
}

/// One line of text: line breaks become spaces.
fn one_line(text: &str) -> String {
    text.replace(['\r', '\n'], " ")
}

/// Writes the header part: the `#SFEN` line of a variant start, the header fields, and the
/// `手合割` line (with a board diagram when the start is no KIF handicap), which goes before
/// the first player name.
pub(crate) fn write_preamble(out: &mut String, record: &Record) {
    if record.variant() != Variant::Standard {
        let _ = writeln!(out, "#SFEN：{}", record.start_sfen());
    }
    let names = side_names(record);
    let mut start_written = false;
    for h in &record.headers {
        let key = match h.key {
            HeaderKey::Black => names[0].to_string(),
            HeaderKey::White => names[1].to_string(),
            _ => one_line(h.key.kif_key()),
        };
        let key = key.trim();
        if key.is_empty()
            || key.contains(['：', ':'])
            || key.starts_with(['*', '#', '&', '|', '+'])
            || key.starts_with(MARKS)
            || key.starts_with(|c: char| c.is_ascii_digit())
            || key.starts_with("まで")
            || RESERVED_KEYS.contains(&key)
            || hand_key(key).is_some()
        {
            continue;
        }
        if matches!(h.key, HeaderKey::Black | HeaderKey::White) && !start_written {
            write_start(out, record);
            start_written = true;
        }
        let _ = writeln!(out, "{key}：{}", one_line(&h.value));
    }
    if !start_written {
        write_start(out, record);
    }
}

/// Writes `手合割：…`, and for other starts a board diagram and the side to move.
fn write_start(out: &mut String, record: &Record) {
    if let Some(name) = named_handicap(record).and_then(Handicap::kif_name) {
        let _ = writeln!(out, "手合割：{name}");
        return;
    }
    let _ = writeln!(out, "手合割：{}", Handicap::KIF_OTHER);
    let names = side_names(record);
    let setup = record.start.to_setup();
    let _ = writeln!(
        out,
        "{}の持駒：{}",
        names[1],
        hand_text(setup.hands[Color::White])
    );
    out.push_str("  ９ ８ ７ ６ ５ ４ ３ ２ １\n");
    out.push_str("+---------------------------+\n");
    for (rank, label) in (1..=9).zip(KANJI_DIGITS) {
        out.push('|');
        for file in (1..=9).rev() {
            let piece = Square::from_file_rank(file, rank).and_then(|sq| setup.piece_at(sq));
            match piece {
                None => out.push_str(" ・"),
                Some(p) => {
                    out.push(if p.color == Color::White { 'v' } else { ' ' });
                    out.push(board_letter(p.kind));
                }
            }
        }
        out.push('|');
        out.push(label);
        out.push('\n');
    }
    out.push_str("+---------------------------+\n");
    let _ = writeln!(
        out,
        "{}の持駒：{}",
        names[0],
        hand_text(setup.hands[Color::Black])
    );
    let side = match setup.side_to_move {
        Color::Black => names[0],
        Color::White => names[1],
    };
    let _ = writeln!(out, "{side}番");
}

/// A hand as a KIF hand line writes it: `飛　金四　歩十八　`, or `なし`.
fn hand_text(hand: Hand) -> String {
    const ORDER: [(PieceKind, char); 7] = [
        (PieceKind::Rook, '飛'),
        (PieceKind::Bishop, '角'),
        (PieceKind::Gold, '金'),
        (PieceKind::Silver, '銀'),
        (PieceKind::Knight, '桂'),
        (PieceKind::Lance, '香'),
        (PieceKind::Pawn, '歩'),
    ];
    let mut s = String::new();
    for (kind, name) in ORDER {
        let n = hand.count(kind);
        if n == 0 {
            continue;
        }
        s.push(name);
        s.push_str(&kanji_count(n));
        s.push('\u{3000}');
    }
    if s.is_empty() {
        s.push_str("なし");
    }
    s
}

/// A count as a hand line writes it: nothing for 1, `二` … `十八`.
fn kanji_count(n: u8) -> String {
    let digit = |d: u8| KANJI_DIGITS[usize::from(d.clamp(1, 9)) - 1];
    let mut s = String::new();
    if n <= 1 {
        return s;
    }
    if n >= 10 {
        if n >= 20 {
            s.push(digit(n / 10));
        }
        s.push('十');
    }
    if !n.is_multiple_of(10) {
        s.push(digit(n % 10));
    }
    s
}

/// Writes comments as `*` lines (a comment holding line breaks takes several lines).
pub(crate) fn write_comments(out: &mut String, comments: &[String]) {
    for c in comments {
        for line in c.split('\n') {
            let _ = writeln!(out, "*{}", line.strip_suffix('\r').unwrap_or(line));
        }
    }
}

/// A square as KIF and KI2 write it: `７六`.
pub(crate) fn square_text(sq: Square) -> String {
    square_chars(sq).iter().collect()
}

/// A move as KIF writes it: `７六歩(77)`, `同　銀(31)`, `２二角成(88)`, `４五角打` (打 for every
/// drop, never 不成). The piece is `named` (the piece an illegal move was written with) if
/// given, else the one on the origin square of `pos`.
pub(crate) fn kif_move_text(
    pos: &AnyPosition,
    mv: Move,
    previous: Option<Move>,
    named: Option<PieceKind>,
) -> String {
    let dest = |to: Square| {
        if previous.is_some_and(|p| p.to() == to) {
            "同　".to_string()
        } else {
            square_text(to)
        }
    };
    match mv {
        Move::Drop { kind, to } => format!("{}{}打", dest(to), piece_name(kind)),
        Move::Normal { from, to, promote } => {
            let kind =
                named.unwrap_or_else(|| pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind));
            format!(
                "{}{}{}({}{})",
                dest(to),
                piece_name(kind),
                if promote { "成" } else { "" },
                from.file().get(),
                from.rank().get()
            )
        }
    }
}

/// The text to write for the record's kept illegal move, if it has one that names a move and
/// its ending is a foul (only then does the reader keep it): the text as written when it
/// reads back as the same move, else the move in KIF notation. `pos` is the final position.
/// A kept move that names no move is not written as a move (other readers take an unreadable
/// move line for the end of the game): see [`foul`].
fn illegal_text(record: &Record, pos: &AnyPosition) -> Option<String> {
    let illegal = record.illegal_move.as_ref()?;
    if !record.ending.as_ref()?.special.is_foul() || illegal.mv.is_none() {
        return None;
    }
    let previous = record.moves.last().map(|m| m.mv);
    let text = illegal.text.trim();
    if let Ok(jm) = japanese::parse(text)
        && (illegal.mv.is_none() || direct_move(&jm, previous) == illegal.mv)
    {
        return Some(text.to_string());
    }
    illegal
        .mv
        .map(|mv| kif_move_text(pos, mv, previous, crate::builder::named_piece(text, mv)))
}

/// How the ending of a line is written with the record's kept illegal move (main line only:
/// variations keep none).
#[derive(Debug)]
pub(crate) struct Foul<'a> {
    /// The illegal move to write as a move before the ending ([`illegal_text`]).
    pub(crate) text: Option<String>,
    /// The side to move where the ending is written: after a written illegal move, the other
    /// side.
    pub(crate) mover: Color,
    /// The word to write: after a written illegal move, 反則勝ち of the other side (as other
    /// readers, which play the illegal move, read it); before a kept move that names no move,
    /// 反則負け of its player; else the ending's own word.
    pub(crate) special: &'a Special,
    /// The `ILLEGAL:` comment of a kept move that names no move (which other readers would
    /// take for the end of the game if it were written as a move line).
    pub(crate) comment: Option<String>,
}

/// How `ending` ends a line of `record` whose final position is `pos` (see [`Foul`]).
pub(crate) fn foul<'a>(
    record: &Record,
    ending: &'a Ending,
    pos: &AnyPosition,
    main: bool,
) -> Foul<'a> {
    let mover = pos.side_to_move();
    let plain = Foul {
        text: None,
        mover,
        special: &ending.special,
        comment: None,
    };
    if !main {
        return plain;
    }
    if let Some(text) = illegal_text(record, pos) {
        return Foul {
            text: Some(text),
            mover: !mover,
            special: &Special::IllegalWin,
            comment: None,
        };
    }
    match &record.illegal_move {
        Some(illegal) if illegal.mv.is_none() && ending.special.is_foul() => Foul {
            special: &Special::IllegalLoss,
            comment: Some(crate::builder::illegal_comment(illegal)),
            ..plain
        },
        _ => plain,
    }
}

/// How an ending is written in KIF and KI2: the terminal word, if any, and the `ENDING:`
/// comment that restores the exact word when the terminal word stands in for it.
#[derive(Debug)]
pub(crate) struct Terminal {
    /// The terminal word (`None`: no terminal line, only the comment).
    pub(crate) word: Option<String>,
    /// The `ENDING:` comment, when the word is a stand-in or missing.
    pub(crate) exact: Option<String>,
}

/// The terminal word to write for `special` when `mover` is to move: the KIF word, or for the
/// endings KIF has no word for, one with the same outcome and an `ENDING:` comment with the
/// exact word (`持将棋` and `ENDING:最大手数` for [`Special::MaxMoves`], `持将棋` and
/// `ENDING:%HIKIWAKE` for [`Special::EnteringKingDraw`], `反則負け`/`反則勝ち` and
/// `ENDING:%±ILLEGAL_ACTION` for [`Special::IllegalAction`]). [`Special::Error`] and
/// [`Special::Other`] have no outcome and no KIF word: only the comment is written
/// (`ENDING:%ERROR`, `ENDING:<word>`; [`UNKNOWN_WORD`] for a word that would not read back as
/// itself).
pub(crate) fn terminal(special: &Special, mover: Color) -> Terminal {
    let exact = || Some(exact_word(special));
    let (word, exact) = match special {
        Special::EnteringKingDraw | Special::MaxMoves => (Some("持将棋"), exact()),
        Special::IllegalAction(c) if *c == mover => (Some("反則負け"), exact()),
        Special::IllegalAction(_) => (Some("反則勝ち"), exact()),
        // tsshogi 2.2.0 does not know `トライ`; the previous mover won, as after `投了`.
        Special::Try => (Some("投了"), exact()),
        Special::Error => (None, exact()),
        Special::Other(word) => {
            let keeps = ending_comment_word(word) == *special && !word.contains(['\n', '\r']);
            let word = if keeps { word.as_str() } else { UNKNOWN_WORD };
            (None, Some(word.to_string()))
        }
        other => (other.kif_word(), None),
    };
    Terminal {
        word: word.map(str::to_string),
        exact: exact.map(|w| format!("{ENDING}{w}")),
    }
}

/// The `ENDING:` comment to write first after an ending: `exact` (the comment of a stand-in
/// word), or, when there is none but a comment of the ending itself starts `ENDING:` (which
/// the reader would take as the exact word), one with the ending's own word, which the reader
/// takes first and which changes nothing.
pub(crate) fn guarded_exact(exact: Option<String>, ending: &Ending) -> Option<String> {
    exact.or_else(|| {
        ending
            .comments
            .iter()
            .any(|c| c.starts_with(ENDING))
            .then(|| format!("{ENDING}{}", exact_word(&ending.special)))
    })
}

/// The `ENDING:` comment that a KI2 `まで` line for `special` needs, when the line reads back
/// as another word ([`summary_text`] writes stand-ins for [`Special::MaxMoves`],
/// [`Special::Try`], [`Special::TimeUp`] and the forfeits, whose words tsshogi or cshogi cannot
/// read in KI2, and its foul lines for [`Special::IllegalAction`]).
pub(crate) fn summary_stand_in(special: &Special) -> Option<String> {
    let stands_in = matches!(
        special,
        Special::MaxMoves
            | Special::Try
            | Special::TimeUp
            | Special::ForfeitLoss
            | Special::ForfeitWin
            | Special::EnteringKingDraw
            | Special::IllegalAction(_)
    );
    stands_in.then(|| format!("{ENDING}{}", exact_word(special)))
}

/// The `まで{n}手で…` line for `special` ending a line of `record` after which `mover` is to
/// move, when the reader maps it back to an ending with the same outcome (for the stand-ins,
/// with the `ENDING:` comment of [`summary_stand_in`]); `n` is the number of the last move
/// written. Every decided ending has one; `None` for [`Special::Error`] and
/// [`Special::Other`].
pub(crate) fn summary_text(
    record: &Record,
    mover: Color,
    special: &Special,
    n: usize,
) -> Option<String> {
    let names = side_names(record);
    let name = |c: Color| names[c.index()];
    let tail = match special {
        Special::Resign => format!("で{}の勝ち", name(!mover)),
        // `で詰み`, not Kifu for Windows' `詰`: tsshogi reads only the former.
        Special::Mate => "で詰み".to_string(),
        Special::Interrupt => "で中断".to_string(),
        Special::Repetition => "で千日手".to_string(),
        Special::Impasse | Special::EnteringKingDraw => "で持将棋".to_string(),
        Special::Sealed => "で封じ手".to_string(),
        Special::NoMate => "で不詰".to_string(),
        // cshogi reads no winner from `で時間切れにより…の勝ち`: a stand-in (see below).
        Special::TimeUp => format!("で{}の勝ち", name(!mover)),
        Special::IllegalLoss => format!("で{}の反則負け", name(mover)),
        Special::IllegalWin => format!("で{}の反則勝ち", name(mover)),
        // Written as the word for the side to move, which is what it reads back as.
        Special::IllegalAction(c) if *c == mover => format!("で{}の反則負け", name(mover)),
        Special::IllegalAction(_) => format!("で{}の反則勝ち", name(mover)),
        Special::EnteringKingWin => format!("で{}の入玉勝ち", name(mover)),
        // Stand-ins that tsshogi and cshogi read with the same result; the writers add the
        // exact word as an `ENDING:` comment (see [`summary_stand_in`]).
        Special::MaxMoves => "で持将棋".to_string(),
        Special::Try | Special::ForfeitLoss => format!("で{}の勝ち", name(!mover)),
        Special::ForfeitWin => format!("で{}の反則勝ち", name(mover)),
        _ => return None,
    };
    Some(format!("まで{n}手{tail}"))
}

/// The time of a KIF move line: `( 0:16/00:00:16)`.
pub(crate) fn time_text(spent: Duration, total: Duration) -> String {
    let s = spent.as_secs();
    let t = total.as_secs();
    format!(
        "({:>2}:{:02}/{:02}:{:02}:{:02})",
        s / 60,
        s % 60,
        t / 3600,
        t / 60 % 60,
        t % 60
    )
}

/// The display width of `text` (full-width characters count 2).
pub(crate) fn width(text: &str) -> usize {
    text.chars().map(|c| if c.is_ascii() { 1 } else { 2 }).sum()
}

/// The board-diagram letter of a kind.
const fn board_letter(kind: PieceKind) -> char {
    match kind {
        PieceKind::King => '玉',
        PieceKind::Rook => '飛',
        PieceKind::Dragon => '龍',
        PieceKind::Bishop => '角',
        PieceKind::Horse => '馬',
        PieceKind::Gold => '金',
        PieceKind::Silver => '銀',
        PieceKind::ProSilver => '全',
        PieceKind::Knight => '桂',
        PieceKind::ProKnight => '圭',
        PieceKind::Lance => '香',
        PieceKind::ProLance => '杏',
        PieceKind::Pawn => '歩',
        PieceKind::ProPawn => 'と',
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kakinoki::header::kanji_number;

    #[test]
    fn hand_counts_read_back() {
        assert_eq!(kanji_count(1), "");
        assert_eq!(kanji_count(18), "十八");
        for n in 2..=18 {
            assert_eq!(kanji_number(&kanji_count(n)), Some(n), "{n}");
        }
    }
}
