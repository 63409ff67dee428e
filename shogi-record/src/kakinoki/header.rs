//! The lines before the first move of a KIF or KI2 record: header fields (`key：value`),
//! `手合割`, the board diagram (BOD) with the hands (`先手の持駒：…`) and the side to move, and
//! the start position they give (or the `#SFEN` line of a variant record).

use shogi_types::{ByColor, Color, Hand, Piece, PieceKind, Setup, Square};
use shogi_variants::{Handicap, Variant};

use shogi_notation::japanese::{KANJI_DIGITS, WIDE_DIGITS, piece_from_char};

use crate::builder::Builder;
use crate::error::{RecordErrorKind, SyntaxError};
use crate::model::{Header, HeaderKey, Record};

/// Keys of lines that are not header fields: the reader takes them for the start position, and
/// the writer never writes them from [`Record::headers`].
pub(super) const RESERVED_KEYS: [&str; 11] = [
    "手合割",
    "先手の持駒",
    "後手の持駒",
    "下手の持駒",
    "上手の持駒",
    "先手の持ち駒",
    "後手の持ち駒",
    "下手の持ち駒",
    "上手の持ち駒",
    "変化",
    "#SFEN",
];

/// Splits `key：value` (full-width colon, or an ASCII colon when there is none); the key must
/// not be empty.
pub(super) fn split_header(line: &str) -> Option<(&str, &str)> {
    let (key, value) = line.split_once('：').or_else(|| line.split_once(':'))?;
    let key = key.trim();
    (!key.is_empty()).then(|| (key, value.trim()))
}

/// The colour a hand line (`先手の持駒`) is for.
pub(super) fn hand_key(key: &str) -> Option<Color> {
    let side = key
        .strip_suffix("の持駒")
        .or_else(|| key.strip_suffix("の持ち駒"))?;
    side_word(side)
}

/// `先手`/`下手` → Black, `後手`/`上手` → White.
fn side_word(word: &str) -> Option<Color> {
    match word {
        "先手" | "下手" => Some(Color::Black),
        "後手" | "上手" => Some(Color::White),
        _ => None,
    }
}

/// A kanji number from 1 to 99 (`二`, `十`, `十八`), or digits.
pub(super) fn kanji_number(text: &str) -> Option<u8> {
    if !text.is_empty() && text.chars().all(|c| c.is_ascii_digit()) {
        return text.parse().ok();
    }
    let digit = |c: char| {
        KANJI_DIGITS
            .iter()
            .chain(WIDE_DIGITS.iter())
            .position(|&k| k == c)
            .map(|i| (i % 9) as u8 + 1)
    };
    let mut chars = text.chars();
    match (chars.next(), chars.next(), chars.next(), chars.next()) {
        (Some('十'), None, ..) => Some(10),
        (Some(a), None, ..) => digit(a),
        (Some('十'), Some(b), None, _) => Some(10 + digit(b)?),
        (Some(a), Some('十'), None, _) => Some(10 * digit(a)?),
        (Some(a), Some('十'), Some(b), None) => Some(10 * digit(a)? + digit(b)?),
        _ => None,
    }
}

/// The hand kind of a hand-line piece name.
fn hand_kind(c: char) -> Option<PieceKind> {
    piece_from_char(c).filter(|k| k.is_hand_kind())
}

/// Reads the value of a hand line: `飛　金四　歩十八`, `なし`, or nothing.
fn parse_hand(value: &str) -> Result<Hand, SyntaxError> {
    let mut hand = Hand::default();
    if value == "なし" {
        return Ok(hand);
    }
    for token in value.split_whitespace() {
        let mut chars = token.chars();
        let kind = chars
            .next()
            .and_then(hand_kind)
            .ok_or_else(|| SyntaxError::HandPiece(shorten(token)))?;
        let rest = chars.as_str();
        let count = if rest.is_empty() {
            1
        } else {
            kanji_number(rest).ok_or_else(|| SyntaxError::HandCount(shorten(token)))?
        };
        let total = hand.count(kind).saturating_add(count);
        hand = hand
            .with_count(kind, total)
            .ok_or_else(|| SyntaxError::HandTooMany(shorten(token)))?;
    }
    Ok(hand)
}

/// At most 20 characters of `t`, for messages.
pub(super) fn shorten(t: &str) -> String {
    t.chars().take(20).collect()
}

/// A board diagram being read.
#[derive(Debug)]
struct Board {
    cells: [Option<Piece>; 81],
    /// Bit `r - 1` is set once rank `r` was read.
    ranks: u16,
    /// The line of the first rank read.
    line: usize,
}

impl Board {
    /// Reads one rank line `| ・ ・v玉 … ・|一`.
    fn read_rank(&mut self, line: &str) -> Result<(), SyntaxError> {
        let inner = line.strip_prefix('|').unwrap_or(line);
        let (cells, label) = inner.rsplit_once('|').unwrap_or((inner, ""));
        let rank = match label.trim().chars().next() {
            Some(c) => KANJI_DIGITS
                .iter()
                .position(|&k| k == c)
                .map(|i| i as u8 + 1)
                .ok_or_else(|| SyntaxError::DiagramRankLabel(label.trim().to_string()))?,
            None => (self.ranks.count_ones() as u8).saturating_add(1),
        };
        if rank > 9 {
            return Err(SyntaxError::DiagramTooManyRanks);
        }
        let mut chars = cells.chars().peekable();
        let mut file = 9u8;
        let mut count = 0;
        while let Some(c) = chars.next() {
            let (color, letter) = match c {
                'v' | 'V' => (Color::White, chars.next()),
                ' ' | '\u{3000}' | '^' | '+' => match chars.peek() {
                    // A second blank: skip the first (some writers pad with spaces).
                    Some(' ' | '\u{3000}') => continue,
                    _ => (Color::Black, chars.next()),
                },
                other => (Color::Black, Some(other)),
            };
            let Some(letter) = letter else { break };
            if count == 9 {
                return Err(SyntaxError::DiagramRankTooLong(rank));
            }
            count += 1;
            let piece = if letter == '・' {
                None
            } else {
                let kind = piece_from_char(letter).ok_or(SyntaxError::DiagramPiece(letter))?;
                Some(Piece::new(color, kind))
            };
            if let Some(sq) = Square::from_file_rank(file, rank) {
                self.cells[sq.index()] = piece;
            }
            file = file.saturating_sub(1);
        }
        if count != 9 {
            return Err(SyntaxError::DiagramRankLength { rank, count });
        }
        self.ranks |= 1 << (rank - 1);
        Ok(())
    }
}

/// What the lines before the first move say.
#[derive(Debug, Default)]
pub(super) struct Preamble {
    headers: Vec<Header>,
    /// Comments before the first move.
    pub(super) comments: Vec<String>,
    handicap: Option<Handicap>,
    board: Option<Board>,
    hands: [Option<Hand>; 2],
    side: Option<Color>,
    /// The `#SFEN` line and its line number.
    pub(super) sfen: Option<(usize, String)>,
}

impl Preamble {
    /// Takes a line that is neither a move, a comment nor a summary.
    pub(super) fn feed(&mut self, n: usize, line: &str) -> Result<(), SyntaxError> {
        match line {
            "先手番" | "下手番" => self.side = Some(Color::Black),
            "後手番" | "上手番" => self.side = Some(Color::White),
            _ if line.starts_with('|') => self
                .board
                .get_or_insert(Board {
                    cells: [None; 81],
                    ranks: 0,
                    line: n,
                })
                .read_rank(line)?,
            _ => {
                if let Some((key, value)) = split_header(line) {
                    if key == "手合割" {
                        self.handicap = Handicap::from_japanese_name(value);
                    } else if let Some(color) = hand_key(key) {
                        self.hands[color.index()] = Some(parse_hand(value)?);
                    } else {
                        self.headers
                            .push(Header::new(HeaderKey::from_kif_key(key), value));
                    }
                }
            }
        }
        Ok(())
    }

    /// The record so far, for an error before the start is known.
    pub(super) fn partial(&self) -> Record {
        let mut rec = Record::start();
        rec.headers.clone_from(&self.headers);
        rec.start_comments.clone_from(&self.comments);
        rec
    }

    /// The builder of the start position: the `#SFEN` line, else the board diagram, else the
    /// `手合割`, else the standard start.
    pub(super) fn start(&mut self) -> Result<Builder, (usize, RecordErrorKind)> {
        let mut builder = if let Some((line, sfen)) = &self.sfen {
            let marked: Setup = sfen
                .parse()
                .map_err(|e| (*line, SyntaxError::Sfen(e).into()))?;
            Builder::from_marked(marked).map_err(|e| (*line, e))?
        } else if let Some(board) = &self.board {
            if board.ranks != 0x1ff {
                return Err((
                    board.line,
                    SyntaxError::DiagramRanks(board.ranks.count_ones()).into(),
                ));
            }
            let mut setup = Setup::empty();
            setup.board = board.cells;
            setup.hands = ByColor::new(
                self.hands[0].unwrap_or_default(),
                self.hands[1].unwrap_or_default(),
            );
            setup.side_to_move = self.side.unwrap_or(Color::Black);
            Builder::new(Variant::Standard, setup).map_err(|e| (board.line, e))?
        } else {
            let setup = self.handicap.map_or_else(Setup::start, Handicap::setup);
            Builder::new(Variant::Standard, setup).map_err(|e| (0, e))?
        };
        let rec = builder.record_mut();
        rec.headers = core::mem::take(&mut self.headers);
        rec.start_comments = core::mem::take(&mut self.comments);
        Ok(builder)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kanji_numbers() {
        assert_eq!(kanji_number("二"), Some(2));
        assert_eq!(kanji_number("十"), Some(10));
        assert_eq!(kanji_number("十八"), Some(18));
        assert_eq!(kanji_number("二十"), Some(20));
        assert_eq!(kanji_number("12"), Some(12));
        assert_eq!(kanji_number("x"), None);
    }
}
