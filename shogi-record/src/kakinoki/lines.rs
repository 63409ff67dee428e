//! Reading the pieces of a KIF or KI2 line: move texts and their times, variation headers,
//! terminal words and the `まで…` summary line.

use std::time::Duration;

use shogi_types::{Color, Move};
use shogi_variants::AnyPosition;

use shogi_notation::ResolveError;
use shogi_notation::japanese::{self, Destination, JapaneseMove, WIDE_DIGITS};

use super::header::split_header;
use crate::builder;
use crate::ending::Special;
use crate::error::{MoveProblem, MoveSyntaxError, RecordErrorKind};
use crate::time::MoveTime;

use super::*;

/// The number N of a `変化：N手` header (ASCII or full-width digits; a
/// number too large for `usize` reads as `usize::MAX`), or `None` if `t` is no such header.
pub(super) fn variation_number(t: &str) -> Option<usize> {
    let (_, value) = split_header(t)?;
    let number = value.strip_suffix('手')?.trim();
    if number.is_empty() {
        return None;
    }
    number.chars().try_fold(0usize, |acc, c| {
        let digit = c
            .to_digit(10)
            .or_else(|| {
                WIDE_DIGITS
                    .iter()
                    .position(|&w| w == c)
                    .map(|i| i as u32 + 1)
            })
            .or_else(|| (c == '０').then_some(0))?;
        Some(acc.saturating_mul(10).saturating_add(digit as usize))
    })
}

/// The move named by the text alone (KIF's origin `(77)`, or a drop marked `打`).
pub(super) fn direct_move(jm: &JapaneseMove, previous: Option<Move>) -> Option<Move> {
    if jm.from.is_none() && !jm.drop {
        return None;
    }
    let to = match jm.to {
        Destination::Square(sq) => sq,
        Destination::Same => previous?.to(),
    };
    Some(match jm.from {
        Some(from) => Move::Normal {
            from,
            to,
            promote: jm.promotion == Some(true),
        },
        None => Move::Drop { kind: jm.piece, to },
    })
}

/// Reads the Japanese move `text` of ply `ply`; unreadable, it is the record's error.
pub(super) fn parse_move(ply: usize, text: &str) -> Result<JapaneseMove, RecordErrorKind> {
    japanese::parse(text).map_err(|e| RecordErrorKind::IllegalMove {
        ply,
        text: text.to_string(),
        problem: MoveProblem::Syntax(MoveSyntaxError::Japanese(e)),
    })
}

/// Finds the move a Japanese move names in `pos` (after `previous`): directly when the text
/// gives the origin or says `打`, else by resolving it against the legal moves. The error
/// carries the move when known.
pub(super) fn find_move(
    pos: &AnyPosition,
    previous: Option<Move>,
    jm: &JapaneseMove,
) -> Result<Move, (Option<Move>, MoveProblem)> {
    let mover = pos.side_to_move();
    if let Some(mark) = jm.color
        && mark != mover
    {
        return Err((None, MoveProblem::Resolve(ResolveError::WrongSide { mark })));
    }
    if jm.from.is_none() && !jm.drop {
        return builder::resolve_japanese(pos, previous, jm)
            .map_err(|e| (None, MoveProblem::Resolve(e)));
    }
    let mv = direct_move(jm, previous)
        .ok_or((None, MoveProblem::Resolve(ResolveError::NoPreviousMove)))?;
    if let Some(from) = jm.from
        && let Some(piece) = pos.piece_at(from)
        && piece.color == mover
        && piece.kind != jm.piece
    {
        // The text names another piece than the one on the origin square.
        return Err((
            Some(mv),
            MoveProblem::WrongPiece {
                square: from,
                named: jm.piece,
                found: piece.kind,
            },
        ));
    }
    Ok(mv)
}

/// The terminal word of a move text, if it is one: a KIF word ([`Special::from_kif_word`],
/// which also knows this crate's `最大手数`). A KI2 side mark before it is ignored. Any other text
/// is a move, so that an unreadable move (`XYZ(77)`, mojibake) fails with its line instead of
/// ending the record.
pub(crate) fn terminal_word(text: &str) -> Option<Special> {
    let word = text.trim_start_matches(MARKS).trim();
    Special::from_kif_word(word)
}

/// The colour named first in `text` (`先手`, `下手` → Black; `後手`, `上手` → White).
pub(super) fn first_side(text: &str) -> Option<Color> {
    [
        ("先手", Color::Black),
        ("下手", Color::Black),
        ("後手", Color::White),
        ("上手", Color::White),
    ]
    .into_iter()
    .filter_map(|(word, color)| text.find(word).map(|at| (at, color)))
    .min_by_key(|&(at, _)| at)
    .map(|(_, color)| color)
}

/// The ending a `まで{n}手で…` line gives when `mover` is to move after the moves read, or
/// `None` for a line that says nothing this reader knows.
pub(super) fn summary_special(line: &str, mover: Color) -> Option<Special> {
    let rest = line.strip_prefix("まで")?;
    let rest = rest.trim_start_matches(|c: char| {
        c.is_ascii_digit() || ('０'..='９').contains(&c) || c.is_whitespace()
    });
    let rest = rest.strip_prefix('手')?;
    let r = rest.strip_prefix('で').unwrap_or(rest).trim();
    let side = first_side(r);
    Some(if r.contains("不詰") {
        Special::NoMate
    } else if r.starts_with('詰') {
        Special::Mate
    } else if r.contains("中断") {
        Special::Interrupt
    } else if r.contains("千日手") {
        Special::Repetition
    } else if r.contains("持将棋") {
        Special::Impasse
    } else if r.contains("封じ手") {
        Special::Sealed
    } else if r.contains("時間切れ") || r.contains("切れ負け") {
        Special::TimeUp
    } else if r.contains("反則負け") {
        // `side` fouled.
        if side.is_none_or(|s| s == mover) {
            Special::IllegalLoss
        } else {
            Special::IllegalWin
        }
    } else if r.contains("反則勝ち") {
        // `side` won by the other's foul.
        if side.is_none_or(|s| s == mover) {
            Special::IllegalWin
        } else {
            Special::IllegalLoss
        }
    } else if r.contains("入玉勝ち") {
        Special::EnteringKingWin
    } else if r.contains("勝ち") && side == Some(!mover) {
        Special::Resign
    } else {
        return None;
    })
}

/// Splits a numbered KIF move line into the move text and the time in brackets (without the
/// brackets). `None` if the line is not a numbered move line.
pub(super) fn split_move_line(t: &str) -> Option<(&str, Option<&str>)> {
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let rest = t.get(digits..)?;
    if !rest.starts_with(char::is_whitespace) {
        return None;
    }
    let rest = rest.trim();
    let rest = rest.strip_suffix('+').unwrap_or(rest).trim_end();
    if rest.is_empty() {
        return None;
    }
    if rest.ends_with([')', '）'])
        && let Some(open) = rest.rfind(['(', '（'])
    {
        let inner = rest.get(open..)?;
        let inner = inner
            .trim_start_matches(['(', '（'])
            .trim_end_matches([')', '）']);
        if inner.contains([':', '/', '：', '／']) {
            let text = rest.get(..open)?.trim_end();
            return Some((text, Some(inner)));
        }
    }
    Some((rest, None))
}

/// Reads `m:ss`, `h:mm:ss` (any widths, blanks allowed) as a duration.
pub(super) fn parse_clock(text: &str) -> Option<Duration> {
    let mut secs: u64 = 0;
    let mut parts = 0;
    for part in text.split([':', '：']) {
        let part = part.trim();
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        secs = secs.checked_mul(60)?.checked_add(part.parse().ok()?)?;
        parts += 1;
    }
    (parts <= 3).then(|| Duration::from_secs(secs))
}

/// Reads a KIF time ` 0:16/00:00:16` (this move / the player's total); the total may be
/// missing (` 0:7/`). `None` if it cannot be read.
pub(super) fn parse_time(text: &str) -> Option<MoveTime> {
    let (spent, total) = text.split_once(['/', '／']).unwrap_or((text, ""));
    let spent = parse_clock(spent)?;
    let total = if total.trim().is_empty() {
        None
    } else {
        Some(parse_clock(total)?)
    };
    Some(MoveTime { spent, total })
}

/// The moves of a KI2 line: each starts at a side mark.
pub(super) fn ki2_tokens(line: &str) -> impl Iterator<Item = &str> {
    let mut starts: Vec<usize> = line
        .char_indices()
        .filter(|(_, c)| MARKS.contains(c))
        .map(|(i, _)| i)
        .collect();
    starts.push(line.len());
    let first = starts.first().copied().unwrap_or(0);
    let leading = line.get(..first).map(str::trim).filter(|s| !s.is_empty());
    leading.into_iter().chain(
        starts
            .windows(2)
            .filter_map(move |w| line.get(w[0]..w[1]))
            .map(str::trim)
            .collect::<Vec<_>>(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_lines() {
        assert_eq!(
            split_move_line("1 ７六歩(77)   ( 0:16/00:00:16)+"),
            Some(("７六歩(77)", Some(" 0:16/00:00:16")))
        );
        assert_eq!(
            split_move_line("3 ７六歩(77)   +"),
            Some(("７六歩(77)", None))
        );
        assert_eq!(split_move_line("12 同　銀(31)"), Some(("同　銀(31)", None)));
        assert_eq!(split_move_line("手数"), None);
        assert_eq!(split_move_line("12手"), None);
        assert_eq!(
            parse_time(" 0:7/"),
            Some(MoveTime::spent(Duration::from_secs(7)))
        );
        assert_eq!(
            parse_time("0:9/0:19:1"),
            Some(MoveTime {
                spent: Duration::from_secs(9),
                total: Some(Duration::from_secs(19 * 60 + 1))
            })
        );
        assert_eq!(parse_time("x/y"), None);
    }

    #[test]
    fn tokens() {
        let t: Vec<_> = ki2_tokens("▲７六歩△同　歩    ▲７三桂不成").collect();
        assert_eq!(t, ["▲７六歩", "△同　歩", "▲７三桂不成"]);
    }

    #[test]
    fn summaries() {
        use Color::{Black, White};
        assert_eq!(
            summary_special("まで3手で先手の勝ち", White),
            Some(Special::Resign)
        );
        assert_eq!(summary_special("まで49手詰", White), Some(Special::Mate));
        assert_eq!(summary_special("まで3手で詰", White), Some(Special::Mate));
        assert_eq!(
            summary_special("まで3手で後手の反則勝ち", White),
            Some(Special::IllegalWin)
        );
        assert_eq!(
            summary_special("まで2手で先手の反則負け", Black),
            Some(Special::IllegalLoss)
        );
        assert_eq!(
            summary_special("まで2手で先手の反則負け", White),
            Some(Special::IllegalWin)
        );
        assert_eq!(
            summary_special("まで2手で封じ手", White),
            Some(Special::Sealed)
        );
        assert_eq!(summary_special("まで2手で", White), None);
    }
}
