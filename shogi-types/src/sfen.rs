//! SFEN, the one-line text form of a [`Setup`] used by the USI protocol.
//!
//! An SFEN has four fields separated by spaces: `<board> <side> <hands> <move number>`, for
//! example the start position
//! `lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1`.
//!
//! - **Board**: ranks 1 to 9 (top to bottom as Black sees the board) separated by `/`; within a
//!   rank, files 9 to 1. Letters `K R B G S N L P`, uppercase for Black and lowercase for White;
//!   a `+` right before `P L N S B R` marks a promoted piece; a digit `1`–`9` stands for that
//!   many empty squares. Each rank covers exactly nine squares. A `!` right after a piece marks
//!   it as *protected* ([`Setup::protected`]): a variant may forbid capturing it (the
//!   untakeable-silver variant of `shogi-variants` writes its untakeable silvers `S!`).
//! - **Side**: `b` (Black to move) or `w` (White to move).
//! - **Hands**: `-` when both hands are empty, otherwise the pieces in hand, each with its count
//!   before the letter when it is 2 or more (`S2Pb3p`).
//! - **Move number**: the number of the move about to be played, 1 in a start position.
//!
//! Sources: the USI protocol specification (<http://shogidokoro.starfree.jp/usi.html>) for the
//! format; the hand order R B G S N L P comes from the original USI draft and is what engines
//! write (YaneuraOu's `Position::sfen`), so SFEN strings can be compared byte for byte. The `!`
//! mark is this project's extension; standard SFEN never contains it, and a position of
//! standard shogi refuses a marked piece (`shogi_movegen::Fault::BadProtection`).
//!
//! [`Setup`] reads SFEN with [`FromStr`] and writes it with [`Display`](fmt::Display) (or,
//! without going through a formatter, [`Setup::write_sfen`]). Reading and writing need no
//! allocation. Reading builds an unchecked [`Setup`]; turning it into a validated position is
//! the job of `shogi_movegen::Position::from_setup`.
//!
//! ```
//! use shogi_types::{Color, PieceKind, Setup};
//!
//! let setup: Setup = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2".parse()?;
//! assert_eq!(setup.side_to_move, Color::White);
//! assert_eq!(setup.move_number.get(), 2);
//! assert_eq!(setup.hands.black.count(PieceKind::Pawn), 0);
//! assert_eq!(
//!     setup.to_string(),
//!     "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"
//! );
//! # Ok::<(), shogi_types::sfen::ParseSfenError>(())
//! ```
//!
//! # Reading
//! - An optional leading `sfen ` (the word as it appears in a USI `position` command) is
//!   skipped by [`FromStr`] (not by [`Setup::from_sfen_fields`]).
//! - Fields are separated by runs of ASCII whitespace; leading and trailing ASCII whitespace is
//!   ignored. Anything after the fourth field is an error.
//! - Adjacent digits in a rank add up (`45` is nine empty squares), as long as the rank covers
//!   exactly nine squares.
//! - A `!` may follow any piece letter of the board, once; anywhere else (after a digit, a `/`,
//!   a second `!`, in the hands) it is [`ParseSfenError::UnexpectedChar`].
//! - The hands may list pieces in any order, Black's and White's mixed, but a letter may appear
//!   only once per colour (`PP` and `P2P` are rejected). A count may be written for any piece,
//!   including `1P` (read as one pawn), but `0` is rejected. A count above 255 is rejected
//!   because a [`Hand`] cannot hold it. Counts that exceed the material of one set
//!   (19 pawns, 3 bishops...) are **not** rejected here: that is a soft fault of position
//!   validation (`shogi_movegen::Fault::TooMuchMaterial`), which mate problems may waive.
//! - The move number may be left out (it is then 1); if present it must be a decimal integer
//!   from 1 to 4 294 967 295.
//!
//! The reader never panics, whatever the input, and its errors never quote more than one
//! character of it.
//!
//! # Writing
//! The writer is canonical: runs of empty squares as one digit, `!` after each protected piece,
//! hands in the order R B G S N L P with Black's first, no count of 1, `-` for empty hands, and
//! always four fields. Reading what it writes gives the same setup.
//!
//! ```
//! use shogi_types::{PieceKind, Setup, Square};
//!
//! let setup: Setup = "sfen 8k/9/9/9/9/9/9/9/K3S!4 b 2Pp1S".parse()?;
//! assert_eq!(setup.hands.black.count(PieceKind::Pawn), 2);
//! assert!(setup.protected.has(Square::SQ_5I));
//! // The writer puts the hands in canonical order and adds the move number.
//! assert_eq!(setup.to_string(), "8k/9/9/9/9/9/9/9/K3S!4 b S2Pp 1");
//! # Ok::<(), shogi_types::sfen::ParseSfenError>(())
//! ```

use core::fmt;
use core::num::NonZeroU32;
use core::str::FromStr;

use crate::{Bitboard, ByColor, Color, Hand, Piece, PieceKind, Setup, Square};

/// The longest canonical SFEN: 81 pieces written `+P!` and 8 slashes, three spaces, side,
/// 14 hand entries of up to four bytes and a ten-digit move number.
const MAX_LEN: usize = 81 * 3 + 8 + 3 + 1 + 14 * 4 + 10;

impl Setup {
    /// Reads an SFEN; the same as [`FromStr`] (see the [module docs](crate::sfen)).
    ///
    /// # Errors
    /// A [`ParseSfenError`] naming the field and byte offset of the first problem.
    pub fn from_sfen(text: &str) -> Result<Setup, ParseSfenError> {
        read(text, true)
    }

    /// Reads the three or four SFEN fields only, without the optional leading word `sfen`
    /// (for a reader that has already taken it, such as a USI `position` command reader).
    /// Offsets in errors are relative to `text`.
    ///
    /// # Errors
    /// As [`Setup::from_sfen`]; empty text is a missing board
    /// ([`ParseSfenError::MissingField`]).
    pub fn from_sfen_fields(text: &str) -> Result<Setup, ParseSfenError> {
        read(text, false)
    }

    /// Writes the canonical SFEN of the setup into `out`, with one call to
    /// [`write_str`](fmt::Write::write_str) and no allocation.
    ///
    /// # Errors
    /// Only those of `out`.
    pub fn write_sfen<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        let mut buf = [0u8; MAX_LEN];
        let len = self.encode_sfen(&mut buf);
        // Every byte written is ASCII, so the check cannot fail.
        out.write_str(core::str::from_utf8(&buf[..len]).map_err(|_| fmt::Error)?)
    }

    /// Writes the SFEN bytes into `buf` and returns their length.
    fn encode_sfen(&self, buf: &mut [u8; MAX_LEN]) -> usize {
        let mut n = 0;
        let mut put = |b: u8, n: &mut usize| {
            if let Some(slot) = buf.get_mut(*n) {
                *slot = b;
                *n += 1;
            }
        };
        for rank in 0..9 {
            if rank > 0 {
                put(b'/', &mut n);
            }
            let mut empty = 0u8;
            for file in (0..9).rev() {
                let index = file * 9 + rank;
                match self.board[index] {
                    None => empty += 1,
                    Some(piece) => {
                        if empty > 0 {
                            put(b'0' + empty, &mut n);
                            empty = 0;
                        }
                        if piece.kind.is_promoted() {
                            put(b'+', &mut n);
                        }
                        put(piece_letter(piece.color, piece.kind), &mut n);
                        if self.protected.has(Square::from_index_masked(index as u32)) {
                            put(b'!', &mut n);
                        }
                    }
                }
            }
            if empty > 0 {
                put(b'0' + empty, &mut n);
            }
        }
        put(b' ', &mut n);
        put(self.side_to_move.to_char() as u8, &mut n);
        put(b' ', &mut n);
        if self.hands.black.is_empty() && self.hands.white.is_empty() {
            put(b'-', &mut n);
        } else {
            for color in Color::ALL {
                for (kind, count) in self.hands[color].iter() {
                    if count >= 10 {
                        if count >= 100 {
                            put(b'0' + count / 100, &mut n);
                        }
                        put(b'0' + count / 10 % 10, &mut n);
                    }
                    if count >= 2 {
                        put(b'0' + count % 10, &mut n);
                    }
                    put(piece_letter(color, kind), &mut n);
                }
            }
        }
        put(b' ', &mut n);
        let mut digits = [0u8; 10];
        let mut left = self.move_number.get();
        let mut len = 0;
        while left > 0 || len == 0 {
            digits[len] = b'0' + (left % 10) as u8;
            left /= 10;
            len += 1;
        }
        for &d in digits[..len].iter().rev() {
            put(d, &mut n);
        }
        n
    }
}

/// The SFEN letter of an unpromoted `kind` of `color` (uppercase for Black).
const fn piece_letter(color: Color, kind: PieceKind) -> u8 {
    let upper = kind.base_letter() as u8;
    match color {
        Color::Black => upper,
        Color::White => upper.to_ascii_lowercase(),
    }
}

impl FromStr for Setup {
    type Err = ParseSfenError;

    /// Reads an SFEN; see the [module docs](crate::sfen) for what is accepted.
    ///
    /// # Errors
    /// A [`ParseSfenError`] naming the field and byte offset of the first problem.
    fn from_str(s: &str) -> Result<Setup, ParseSfenError> {
        read(s, true)
    }
}

impl fmt::Display for Setup {
    /// Writes the canonical SFEN (see the [module docs](crate::sfen)).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_sfen(f)
    }
}

/// One run of non-whitespace text and the byte offset at which it starts.
#[derive(Clone, Copy)]
struct Token<'a> {
    text: &'a str,
    offset: usize,
}

/// The tokens of `s`, separated by runs of ASCII whitespace. Tokens start and end next to
/// ASCII bytes or the ends of `s`, so they always lie on `char` boundaries.
fn tokens(s: &str) -> impl Iterator<Item = Token<'_>> {
    let bytes = s.as_bytes();
    let mut pos = 0;
    core::iter::from_fn(move || {
        while bytes.get(pos).is_some_and(u8::is_ascii_whitespace) {
            pos += 1;
        }
        let start = pos;
        while bytes.get(pos).is_some_and(|b| !b.is_ascii_whitespace()) {
            pos += 1;
        }
        if pos == start {
            return None;
        }
        s.get(start..pos).map(|text| Token {
            text,
            offset: start,
        })
    })
}

/// Reads an SFEN from `s`, skipping a leading `sfen` word when `word` is set.
fn read(s: &str, word: bool) -> Result<Setup, ParseSfenError> {
    let mut toks = tokens(s).peekable();
    if word {
        match toks.peek() {
            None => return Err(ParseSfenError::Empty),
            Some(first) if first.text == "sfen" => {
                toks.next();
            }
            Some(_) => {}
        }
    }
    let end = s.len();
    let mut field = |field: SfenField| {
        toks.next()
            .ok_or(ParseSfenError::MissingField { field, offset: end })
    };

    let board = field(SfenField::Board)?;
    let (board, protected) = read_board(board.text, board.offset)?;

    let side = field(SfenField::Side)?;
    let side_to_move = match side.text {
        "b" => Color::Black,
        "w" => Color::White,
        _ => {
            return Err(ParseSfenError::BadSide {
                offset: side.offset,
            });
        }
    };

    let hands = field(SfenField::Hands)?;
    let hands = read_hands(hands.text, hands.offset)?;

    let move_number = match toks.next() {
        None => NonZeroU32::MIN,
        Some(tok) => read_move_number(tok.text, tok.offset)?,
    };

    if let Some(extra) = toks.next() {
        return Err(ParseSfenError::TrailingText {
            offset: extra.offset,
        });
    }

    Ok(Setup {
        board,
        hands,
        side_to_move,
        move_number,
        protected,
    })
}

/// A field of an SFEN, as named in [`ParseSfenError`] messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SfenField {
    /// The board: nine ranks separated by `/`.
    Board,
    /// The side to move: `b` or `w`.
    Side,
    /// The pieces in hand (持ち駒, mochigoma), or `-`.
    #[doc(alias = "mochigoma")]
    Hands,
    /// The move number.
    MoveNumber,
}

impl SfenField {
    /// What a complete field looks like, for "missing" messages.
    const fn expected(self) -> &'static str {
        match self {
            SfenField::Board => "9 ranks separated by '/'",
            SfenField::Side => "'b' or 'w'",
            SfenField::Hands => "'-' or the pieces in hand",
            SfenField::MoveNumber => "a move number",
        }
    }

    /// What may appear at a position of the field, for "unexpected" messages.
    const fn expected_char(self) -> &'static str {
        match self {
            SfenField::Board => "a piece letter, '+', a digit 1-9 or '/'",
            SfenField::Side => "'b' or 'w'",
            SfenField::Hands => "one of R B G S N L P (either case) or a count",
            SfenField::MoveNumber => "a digit",
        }
    }
}

impl fmt::Display for SfenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SfenField::Board => "board",
            SfenField::Side => "side",
            SfenField::Hands => "hands",
            SfenField::MoveNumber => "move number",
        })
    }
}

fn squares_word(n: &usize) -> &'static str {
    if *n == 1 { "square" } else { "squares" }
}

/// The error returned when an SFEN cannot be read.
///
/// Every variant but [`Empty`](ParseSfenError::Empty) carries the byte offset, in the text
/// given to the reader, of the place where reading failed ([`ParseSfenError::offset`]); most
/// also say which field it was in ([`ParseSfenError::field`]). Messages quote at most one
/// character of the input.
///
/// ```
/// use shogi_types::Setup;
/// use shogi_types::sfen::{ParseSfenError, SfenField};
///
/// let err = "lnsgkgsnl/1r5b1/pppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
///     .parse::<Setup>()
///     .unwrap_err();
/// assert_eq!(err.to_string(), "sfen board: rank 3 has 10 squares, expected 9");
/// assert_eq!(err.field(), Some(SfenField::Board));
/// assert_eq!(err.offset(), 25);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseSfenError {
    /// The text is empty or only whitespace.
    #[error("sfen: empty, expected board, side, hands and move number")]
    Empty,
    /// A required field is missing; `offset` is the end of the text.
    #[error("sfen {field}: missing at byte {offset}, expected {}", .field.expected())]
    MissingField {
        /// The first missing field.
        field: SfenField,
        /// The byte offset where the field should start (the end of the text).
        offset: usize,
    },
    /// Something follows the move number.
    #[error("sfen: unexpected text at byte {offset} after the move number, expected the end")]
    TrailingText {
        /// The byte offset of the extra text.
        offset: usize,
    },
    /// The board does not have nine ranks.
    #[error("sfen board: expected 9 ranks separated by '/', found {ranks}")]
    RankCount {
        /// The number of ranks found.
        ranks: usize,
        /// The byte offset of the tenth rank if there are too many, otherwise of the end of
        /// the board.
        offset: usize,
    },
    /// A rank does not cover exactly nine squares.
    #[error("sfen board: rank {rank} has {squares} {}, expected 9", squares_word(.squares))]
    RankLength {
        /// The rank, 1 to 9.
        rank: u8,
        /// The number of squares the rank covers.
        squares: usize,
        /// The byte offset of the first square beyond the ninth if the rank is too long,
        /// otherwise of the end of the rank.
        offset: usize,
    },
    /// A character that cannot appear there.
    #[error("sfen {field}: unexpected {found:?} at byte {offset}, expected {}", .field.expected_char())]
    UnexpectedChar {
        /// The field being read.
        field: SfenField,
        /// The character found.
        found: char,
        /// Its byte offset.
        offset: usize,
    },
    /// `+` before a gold or a king, which never promote.
    #[error("sfen board: '+{piece}' at byte {offset} is not a piece, gold and king do not promote")]
    CannotPromote {
        /// The letter after the `+` (`G`, `g`, `K` or `k`).
        piece: char,
        /// The byte offset of the `+`.
        offset: usize,
    },
    /// `+` not followed by a piece letter.
    #[error("sfen board: '+' at byte {offset} is not followed by a piece letter")]
    DanglingPromotion {
        /// The byte offset of the `+`.
        offset: usize,
    },
    /// The side to move is neither `b` nor `w`.
    #[error("sfen side: expected 'b' or 'w' at byte {offset}")]
    BadSide {
        /// The byte offset of the field.
        offset: usize,
    },
    /// A king in hand.
    #[error("sfen hands: king at byte {offset} cannot be held in hand")]
    KingInHand {
        /// The byte offset of the `K` or `k`.
        offset: usize,
    },
    /// A piece letter listed twice for one colour.
    #[error("sfen hands: {piece:?} at byte {offset} is listed twice for the same side")]
    RepeatedHandPiece {
        /// The repeated letter.
        piece: char,
        /// The byte offset of its second occurrence.
        offset: usize,
    },
    /// A count of 0, or above 255 (what a [`Hand`] can hold).
    #[error("sfen hands: count at byte {offset} must be from 1 to 255")]
    BadCount {
        /// The byte offset of the count.
        offset: usize,
    },
    /// A count not followed by a piece letter.
    #[error("sfen hands: count at byte {offset} is not followed by a piece letter")]
    DanglingCount {
        /// The byte offset of the count.
        offset: usize,
    },
    /// The move number is not a decimal integer from 1 to 4 294 967 295.
    #[error("sfen move number: expected an integer from 1 to 4294967295 at byte {offset}")]
    BadMoveNumber {
        /// The byte offset of the field.
        offset: usize,
    },
}

impl ParseSfenError {
    /// The field in which reading failed, or `None` for an empty text or text after the last
    /// field.
    #[must_use]
    pub const fn field(&self) -> Option<SfenField> {
        match *self {
            ParseSfenError::Empty | ParseSfenError::TrailingText { .. } => None,
            ParseSfenError::MissingField { field, .. }
            | ParseSfenError::UnexpectedChar { field, .. } => Some(field),
            ParseSfenError::RankCount { .. }
            | ParseSfenError::RankLength { .. }
            | ParseSfenError::CannotPromote { .. }
            | ParseSfenError::DanglingPromotion { .. } => Some(SfenField::Board),
            ParseSfenError::BadSide { .. } => Some(SfenField::Side),
            ParseSfenError::KingInHand { .. }
            | ParseSfenError::RepeatedHandPiece { .. }
            | ParseSfenError::BadCount { .. }
            | ParseSfenError::DanglingCount { .. } => Some(SfenField::Hands),
            ParseSfenError::BadMoveNumber { .. } => Some(SfenField::MoveNumber),
        }
    }

    /// The byte offset, in the text given to the reader, where reading failed (0 for
    /// [`Empty`](ParseSfenError::Empty)).
    #[must_use]
    pub const fn offset(&self) -> usize {
        match *self {
            ParseSfenError::Empty => 0,
            ParseSfenError::MissingField { offset, .. }
            | ParseSfenError::TrailingText { offset }
            | ParseSfenError::RankCount { offset, .. }
            | ParseSfenError::RankLength { offset, .. }
            | ParseSfenError::UnexpectedChar { offset, .. }
            | ParseSfenError::CannotPromote { offset, .. }
            | ParseSfenError::DanglingPromotion { offset }
            | ParseSfenError::BadSide { offset }
            | ParseSfenError::KingInHand { offset }
            | ParseSfenError::RepeatedHandPiece { offset, .. }
            | ParseSfenError::BadCount { offset }
            | ParseSfenError::DanglingCount { offset }
            | ParseSfenError::BadMoveNumber { offset } => offset,
        }
    }
}

/// Reads the board field `text`, which starts at offset `at`: the pieces, and the squares of
/// the pieces marked `!`.
fn read_board(text: &str, at: usize) -> Result<([Option<Piece>; 81], Bitboard), ParseSfenError> {
    let ranks = 1 + text.bytes().filter(|&b| b == b'/').count();
    if ranks != 9 {
        let offset = if ranks > 9 {
            // Just after the ninth '/': the start of the tenth rank.
            text.match_indices('/')
                .nth(8)
                .map_or(at + text.len(), |(i, _)| at + i + 1)
        } else {
            at + text.len()
        };
        return Err(ParseSfenError::RankCount { ranks, offset });
    }

    let mut board = [None; 81];
    let mut marks = Bitboard::EMPTY;
    let mut rank = 1u8;
    let mut squares = 0usize;
    let mut overflow_at: Option<usize> = None;
    let mut plus_at: Option<usize> = None;
    // Just after a piece: `Some(square)`, or `Some(None)` when it lies beyond the ninth square
    // of its rank (the rank is then reported too long).
    let mut after_piece: Option<Option<Square>> = None;

    let end_rank = |rank: u8, squares: usize, overflow_at: Option<usize>, offset: usize| {
        if squares == 9 {
            Ok(())
        } else {
            Err(ParseSfenError::RankLength {
                rank,
                squares,
                offset: overflow_at.unwrap_or(offset),
            })
        }
    };

    for (i, c) in text.char_indices() {
        let offset = at + i;
        let piece_before = after_piece.take();
        if let Some(plus) = plus_at
            && !c.is_ascii_alphabetic()
        {
            return Err(ParseSfenError::DanglingPromotion { offset: plus });
        }
        match c {
            '/' => {
                end_rank(rank, squares, overflow_at, offset)?;
                rank += 1;
                squares = 0;
                overflow_at = None;
            }
            '1'..='9' => {
                let n = usize::from(c as u8 - b'0');
                squares = squares.saturating_add(n);
                if squares > 9 && overflow_at.is_none() {
                    overflow_at = Some(offset);
                }
            }
            '+' => plus_at = Some(offset),
            '!' if piece_before.is_some() => {
                if let Some(sq) = piece_before.flatten() {
                    marks |= sq;
                }
            }
            _ => {
                let Some(base) = PieceKind::from_letter(c) else {
                    return Err(ParseSfenError::UnexpectedChar {
                        field: SfenField::Board,
                        found: c,
                        offset,
                    });
                };
                let start = plus_at.unwrap_or(offset);
                let kind = match plus_at.take() {
                    None => base,
                    Some(plus) => base.promote().ok_or(ParseSfenError::CannotPromote {
                        piece: c,
                        offset: plus,
                    })?,
                };
                let color = if c.is_ascii_uppercase() {
                    Color::Black
                } else {
                    Color::White
                };
                let mut square = None;
                if squares < 9 {
                    // `squares < 9` and `1 <= rank <= 9`, so the square always exists.
                    square = Square::from_file_rank(9 - squares as u8, rank);
                    if let Some(sq) = square {
                        board[sq.index()] = Some(Piece::new(color, kind));
                    }
                } else if overflow_at.is_none() {
                    overflow_at = Some(start);
                }
                squares = squares.saturating_add(1);
                after_piece = Some(square);
            }
        }
    }
    if let Some(plus) = plus_at {
        return Err(ParseSfenError::DanglingPromotion { offset: plus });
    }
    end_rank(rank, squares, overflow_at, at + text.len())?;
    Ok((board, marks))
}

/// Reads the hands field `text`, which starts at offset `at`.
fn read_hands(text: &str, at: usize) -> Result<ByColor<Hand>, ParseSfenError> {
    let mut hands = ByColor::new(Hand::EMPTY, Hand::EMPTY);
    if text == "-" {
        return Ok(hands);
    }
    // The count being read: its offset and its value so far (kept at most 255).
    let mut count: Option<(usize, u32)> = None;
    for (i, c) in text.char_indices() {
        let offset = at + i;
        if let Some(digit) = c.to_digit(10) {
            let (start, value) = count.unwrap_or((offset, 0));
            let value = value * 10 + digit;
            if value > u32::from(Hand::MAX_COUNT) {
                return Err(ParseSfenError::BadCount { offset: start });
            }
            count = Some((start, value));
            continue;
        }
        let Some(kind) = PieceKind::from_letter(c) else {
            return Err(ParseSfenError::UnexpectedChar {
                field: SfenField::Hands,
                found: c,
                offset,
            });
        };
        if kind == PieceKind::King {
            return Err(ParseSfenError::KingInHand { offset });
        }
        let n = match count.take() {
            None => 1,
            Some((start, value)) => match u8::try_from(value) {
                Ok(n) if n > 0 => n,
                _ => return Err(ParseSfenError::BadCount { offset: start }),
            },
        };
        let color = if c.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        let hand = hands[color];
        if hand.has(kind) {
            return Err(ParseSfenError::RepeatedHandPiece { piece: c, offset });
        }
        hands[color] = hand
            .with_count(kind, n)
            .ok_or(ParseSfenError::KingInHand { offset })?;
    }
    if let Some((start, _)) = count {
        return Err(ParseSfenError::DanglingCount { offset: start });
    }
    Ok(hands)
}

/// Reads the move number field `text`, which starts at offset `at`.
fn read_move_number(text: &str, at: usize) -> Result<NonZeroU32, ParseSfenError> {
    let err = ParseSfenError::BadMoveNumber { offset: at };
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err);
    }
    text.parse::<u32>()
        .ok()
        .and_then(NonZeroU32::new)
        .ok_or(err)
}
#[cfg(test)]
#[allow(
    clippy::unwrap_used,
    reason = "tests unwrap what they expect to succeed"
)]
mod tests {
    use super::*;
    use std::format;
    use std::string::{String, ToString};

    const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    const AFTER_7G7F: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";

    fn err(s: &str) -> ParseSfenError {
        match s.parse::<Setup>() {
            Ok(sfen) => panic!("{s:?} was accepted as {sfen}"),
            Err(e) => e,
        }
    }

    fn msg(s: &str) -> String {
        err(s).to_string()
    }

    #[test]
    fn start_position() {
        let sfen: Setup = START.parse().unwrap();
        assert_eq!(sfen, Setup::start());
        assert_eq!(sfen.to_string(), START);
        assert_eq!(Setup::start().to_string(), START);
        assert_eq!(format!("sfen {START}").parse::<Setup>().unwrap(), sfen);
    }

    #[test]
    fn after_7g7f() {
        let mut setup = Setup::start();
        let pawn = setup.set_piece(Square::SQ_7G, None);
        setup.set_piece(Square::SQ_7F, pawn);
        setup.side_to_move = Color::White;
        setup.move_number = NonZeroU32::new(2).unwrap();
        assert_eq!(setup.clone().to_string(), AFTER_7G7F);
        assert_eq!(AFTER_7G7F.parse::<Setup>().unwrap(), setup);
    }

    #[test]
    fn hand_order_example_from_the_spec() {
        // Black holds S, P, P; White holds B, P, P, P.
        let mut setup = Setup::empty();
        setup.hands.black = Hand::EMPTY
            .with_count(PieceKind::Silver, 1)
            .unwrap()
            .with_count(PieceKind::Pawn, 2)
            .unwrap();
        setup.hands.white = Hand::EMPTY
            .with_count(PieceKind::Bishop, 1)
            .unwrap()
            .with_count(PieceKind::Pawn, 3)
            .unwrap();
        let text = setup.clone().to_string();
        assert_eq!(text, "9/9/9/9/9/9/9/9/9 b S2Pb3p 1");
        // Any order is read.
        let mixed: Setup = "9/9/9/9/9/9/9/9/9 b 3pb2PS 1".parse().unwrap();
        assert_eq!(mixed, setup);
        let mut eighteen = Setup::empty();
        eighteen.hands.black = Hand::EMPTY.with_count(PieceKind::Pawn, 18).unwrap();
        assert_eq!(eighteen.to_string(), "9/9/9/9/9/9/9/9/9 b 18P 1");
    }

    #[test]
    fn full_hand_order() {
        let mut hand = Hand::EMPTY;
        for kind in PieceKind::HAND_KINDS {
            hand = hand.checked_add(kind).unwrap();
        }
        let mut setup = Setup::empty();
        setup.hands = ByColor::new(hand, hand);
        assert_eq!(setup.to_string(), "9/9/9/9/9/9/9/9/9 b RBGSNLPrbgsnlp 1");
    }

    #[test]
    fn promoted_pieces_and_digits() {
        let sfen: Setup = "+P+L+N+S+B+R+p+l+n/+s+b+r6/9/9/9/9/9/9/45 w - 1"
            .parse()
            .unwrap();
        let setup = &sfen;
        assert_eq!(
            setup.piece_at(Square::SQ_9A),
            Some(Piece::new(Color::Black, PieceKind::ProPawn))
        );
        assert_eq!(
            setup.piece_at(Square::SQ_1A),
            Some(Piece::new(Color::White, PieceKind::ProKnight))
        );
        assert_eq!(
            setup.piece_at(Square::SQ_7B),
            Some(Piece::new(Color::White, PieceKind::Dragon))
        );
        // Adjacent digits are read, and written back canonically.
        assert_eq!(
            sfen.to_string(),
            "+P+L+N+S+B+R+p+l+n/+s+b+r6/9/9/9/9/9/9/9 w - 1"
        );
    }

    #[test]
    fn optional_move_number_and_whitespace() {
        let a: Setup = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -"
            .parse()
            .unwrap();
        assert_eq!(a, Setup::start());
        let b: Setup = "  lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL \t b  -   1\n"
            .parse()
            .unwrap();
        assert_eq!(b, a);
        let max: Setup = "9/9/9/9/9/9/9/9/9 b - 4294967295".parse().unwrap();
        assert_eq!(max.move_number.get(), u32::MAX);
    }

    #[test]
    fn explicit_counts() {
        let one: Setup = "9/9/9/9/9/9/9/9/9 b 1P 1".parse().unwrap();
        assert_eq!(one.hands.black.count(PieceKind::Pawn), 1);
        assert_eq!(one.to_string(), "9/9/9/9/9/9/9/9/9 b P 1");
        let max: Setup = "9/9/9/9/9/9/9/9/9 b 255p 1".parse().unwrap();
        assert_eq!(max.hands.white.count(PieceKind::Pawn), 255);
        // Too much material is left to position validation.
        let many: Setup = "9/9/9/9/9/9/9/9/9 b 19P3B 1".parse().unwrap();
        assert_eq!(many.to_string(), "9/9/9/9/9/9/9/9/9 b 3B19P 1");
    }

    #[test]
    fn empty_and_missing_fields() {
        assert_eq!(err(""), ParseSfenError::Empty);
        assert_eq!(err(" \t\n"), ParseSfenError::Empty);
        assert_eq!(
            msg(""),
            "sfen: empty, expected board, side, hands and move number"
        );
        assert_eq!(
            err("sfen"),
            ParseSfenError::MissingField {
                field: SfenField::Board,
                offset: 4
            }
        );
        let board = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL";
        assert_eq!(
            err(board),
            ParseSfenError::MissingField {
                field: SfenField::Side,
                offset: board.len()
            }
        );
        assert_eq!(
            msg(board),
            "sfen side: missing at byte 57, expected 'b' or 'w'"
        );
        let e = err(&format!("{board} b"));
        assert_eq!(
            e,
            ParseSfenError::MissingField {
                field: SfenField::Hands,
                offset: 59
            }
        );
        assert_eq!(e.field(), Some(SfenField::Hands));
        assert_eq!(e.offset(), 59);
    }

    #[test]
    fn too_many_fields() {
        let e = err(&format!("{START} 7g7f"));
        assert_eq!(
            e,
            ParseSfenError::TrailingText {
                offset: START.len() + 1
            }
        );
        assert_eq!(e.field(), None);
        assert_eq!(
            e.to_string(),
            "sfen: unexpected text at byte 64 after the move number, expected the end"
        );
    }

    #[test]
    fn rank_lengths() {
        let e = err("lnsgkgsnl/1r5b1/pppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
        assert_eq!(
            e,
            ParseSfenError::RankLength {
                rank: 3,
                squares: 10,
                offset: 25
            }
        );
        assert_eq!(
            e.to_string(),
            "sfen board: rank 3 has 10 squares, expected 9"
        );
        // Ten files written with digits.
        assert_eq!(
            err("lnsgkgsnl/1r5b1/ppppppppp/91/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"),
            ParseSfenError::RankLength {
                rank: 4,
                squares: 10,
                offset: 27
            }
        );
        // A promoted piece past the ninth square is reported at its '+'.
        assert_eq!(
            err("9/9/9/9/9/9/9/9/9+P b - 1"),
            ParseSfenError::RankLength {
                rank: 9,
                squares: 10,
                offset: 17
            }
        );
        let short = err("lnsgkgsn/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
        assert_eq!(
            short,
            ParseSfenError::RankLength {
                rank: 1,
                squares: 8,
                offset: 8
            }
        );
        assert_eq!(
            short.to_string(),
            "sfen board: rank 1 has 8 squares, expected 9"
        );
        assert_eq!(
            msg("9/9/9/9//9/9/9/9 b - 1"),
            "sfen board: rank 5 has 0 squares, expected 9"
        );
        assert_eq!(
            msg("9/9/9/9/1/9/9/9/9 b - 1"),
            "sfen board: rank 5 has 1 square, expected 9"
        );
        assert_eq!(
            err("9/9/9/9/9/9/9/9/8 b - 1"),
            ParseSfenError::RankLength {
                rank: 9,
                squares: 8,
                offset: 17
            }
        );
    }

    #[test]
    fn rank_counts() {
        let eight = err("lnsgkgsnl/1r5b1/ppppppppp/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
        assert_eq!(
            eight,
            ParseSfenError::RankCount {
                ranks: 8,
                offset: 55
            }
        );
        assert_eq!(
            eight.to_string(),
            "sfen board: expected 9 ranks separated by '/', found 8"
        );
        let ten = err("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
        assert_eq!(
            ten,
            ParseSfenError::RankCount {
                ranks: 10,
                offset: 50
            }
        );
        assert_eq!(
            ten.to_string(),
            "sfen board: expected 9 ranks separated by '/', found 10"
        );
        assert_eq!(
            err("9/9/9/9/9/9/9/9/9/ b - 1"),
            ParseSfenError::RankCount {
                ranks: 10,
                offset: 18
            }
        );
        assert_eq!(
            err("position b - 1"),
            ParseSfenError::RankCount {
                ranks: 1,
                offset: 8
            }
        );
    }

    #[test]
    fn bad_board_letters() {
        let e = err("lnsgkgsnl/1r5b1/ppppxpppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
        assert_eq!(
            e,
            ParseSfenError::UnexpectedChar {
                field: SfenField::Board,
                found: 'x',
                offset: 20
            }
        );
        assert_eq!(
            e.to_string(),
            "sfen board: unexpected 'x' at byte 20, expected a piece letter, '+', a digit 1-9 or '/'"
        );
        assert_eq!(
            err("9/9/9/9/0/9/9/9/9 b - 1"),
            ParseSfenError::UnexpectedChar {
                field: SfenField::Board,
                found: '0',
                offset: 8
            }
        );
        assert_eq!(
            err("9/9/9/9/9/9/9/9/8* b - 1"),
            ParseSfenError::UnexpectedChar {
                field: SfenField::Board,
                found: '*',
                offset: 17
            }
        );
    }

    #[test]
    fn bad_promotions() {
        let k = err("+K8/9/9/9/9/9/9/9/9 b - 1");
        assert_eq!(
            k,
            ParseSfenError::CannotPromote {
                piece: 'K',
                offset: 0
            }
        );
        assert_eq!(
            k.to_string(),
            "sfen board: '+K' at byte 0 is not a piece, gold and king do not promote"
        );
        assert_eq!(
            err("9/1+g7/9/9/9/9/9/9/9 b - 1"),
            ParseSfenError::CannotPromote {
                piece: 'g',
                offset: 3
            }
        );
        // Dangling '+': before a digit, a '/', another '+', or at the end.
        assert_eq!(
            err("8+/9/9/9/9/9/9/9/9 b - 1"),
            ParseSfenError::DanglingPromotion { offset: 1 }
        );
        assert_eq!(
            err("+8/9/9/9/9/9/9/9/9 b - 1"),
            ParseSfenError::DanglingPromotion { offset: 0 }
        );
        assert_eq!(
            err("++P8/9/9/9/9/9/9/9/9 b - 1"),
            ParseSfenError::DanglingPromotion { offset: 0 }
        );
        let end = err("9/9/9/9/9/9/9/9/8+ b - 1");
        assert_eq!(end, ParseSfenError::DanglingPromotion { offset: 17 });
        assert_eq!(
            end.to_string(),
            "sfen board: '+' at byte 17 is not followed by a piece letter"
        );
        // '+' before a letter that is no piece.
        assert_eq!(
            err("+X8/9/9/9/9/9/9/9/9 b - 1"),
            ParseSfenError::UnexpectedChar {
                field: SfenField::Board,
                found: 'X',
                offset: 1
            }
        );
    }

    #[test]
    fn bad_side() {
        let e = err("9/9/9/9/9/9/9/9/9 x - 1");
        assert_eq!(e, ParseSfenError::BadSide { offset: 18 });
        assert_eq!(e.to_string(), "sfen side: expected 'b' or 'w' at byte 18");
        assert_eq!(
            err("9/9/9/9/9/9/9/9/9 B - 1"),
            ParseSfenError::BadSide { offset: 18 }
        );
        assert_eq!(
            err("9/9/9/9/9/9/9/9/9 bw - 1"),
            ParseSfenError::BadSide { offset: 18 }
        );
    }

    #[test]
    fn bad_hands() {
        let x = err("9/9/9/9/9/9/9/9/9 b Px 1");
        assert_eq!(
            x,
            ParseSfenError::UnexpectedChar {
                field: SfenField::Hands,
                found: 'x',
                offset: 21
            }
        );
        assert_eq!(
            x.to_string(),
            "sfen hands: unexpected 'x' at byte 21, expected one of R B G S N L P (either case) or a count"
        );
        let k = err("9/9/9/9/9/9/9/9/9 b Pk 1");
        assert_eq!(k, ParseSfenError::KingInHand { offset: 21 });
        assert_eq!(
            k.to_string(),
            "sfen hands: king at byte 21 cannot be held in hand"
        );
        let twice = err("9/9/9/9/9/9/9/9/9 b PSP 1");
        assert_eq!(
            twice,
            ParseSfenError::RepeatedHandPiece {
                piece: 'P',
                offset: 22
            }
        );
        assert_eq!(
            twice.to_string(),
            "sfen hands: 'P' at byte 22 is listed twice for the same side"
        );
        assert_eq!(
            err("9/9/9/9/9/9/9/9/9 b 2pP3p 1"),
            ParseSfenError::RepeatedHandPiece {
                piece: 'p',
                offset: 24
            }
        );
        assert_eq!(
            err("9/9/9/9/9/9/9/9/9 b 0P 1"),
            ParseSfenError::BadCount { offset: 20 }
        );
        assert_eq!(
            err("9/9/9/9/9/9/9/9/9 b R256P 1"),
            ParseSfenError::BadCount { offset: 21 }
        );
        assert_eq!(
            err("9/9/9/9/9/9/9/9/9 b 99999999999999999999P 1"),
            ParseSfenError::BadCount { offset: 20 }
        );
        assert_eq!(
            msg("9/9/9/9/9/9/9/9/9 b 0P 1"),
            "sfen hands: count at byte 20 must be from 1 to 255"
        );
        let dangling = err("9/9/9/9/9/9/9/9/9 b P2 1");
        assert_eq!(dangling, ParseSfenError::DanglingCount { offset: 21 });
        assert_eq!(
            dangling.to_string(),
            "sfen hands: count at byte 21 is not followed by a piece letter"
        );
        assert_eq!(
            err("9/9/9/9/9/9/9/9/9 b -P 1"),
            ParseSfenError::UnexpectedChar {
                field: SfenField::Hands,
                found: '-',
                offset: 20
            }
        );
        assert_eq!(
            err("9/9/9/9/9/9/9/9/9 b +P 1"),
            ParseSfenError::UnexpectedChar {
                field: SfenField::Hands,
                found: '+',
                offset: 20
            }
        );
    }

    #[test]
    fn bad_move_numbers() {
        for (text, offset) in [
            ("9/9/9/9/9/9/9/9/9 b - 0", 22),
            ("9/9/9/9/9/9/9/9/9 b - -1", 22),
            ("9/9/9/9/9/9/9/9/9 b - +1", 22),
            ("9/9/9/9/9/9/9/9/9 b - 1x", 22),
            ("9/9/9/9/9/9/9/9/9 b - 4294967296", 22),
            ("9/9/9/9/9/9/9/9/9 b - 99999999999999999999999", 22),
            ("9/9/9/9/9/9/9/9/9 b - 1\u{664}", 22),
        ] {
            assert_eq!(
                err(text),
                ParseSfenError::BadMoveNumber { offset },
                "{text}"
            );
        }
        assert_eq!(
            msg("9/9/9/9/9/9/9/9/9 b - 0"),
            "sfen move number: expected an integer from 1 to 4294967295 at byte 22"
        );
    }

    #[test]
    fn non_ascii_text_does_not_panic() {
        // Multi-byte characters in every field and at every position of a rank.
        let e = err("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN香 b - 1");
        assert_eq!(
            e,
            ParseSfenError::UnexpectedChar {
                field: SfenField::Board,
                found: '香',
                offset: 56
            }
        );
        assert_eq!(
            e.to_string(),
            "sfen board: unexpected '香' at byte 56, expected a piece letter, '+', a digit 1-9 or '/'"
        );
        assert_eq!(
            err("9/9/9/9/9/9/9/9/+é8 b - 1"),
            ParseSfenError::DanglingPromotion { offset: 16 }
        );
        assert_eq!(
            err("9/9/9/9/9/9/9/9/9 ｂ - 1"),
            ParseSfenError::BadSide { offset: 18 }
        );
        assert_eq!(
            err("9/9/9/9/9/9/9/9/9 b 2歩 1"),
            ParseSfenError::UnexpectedChar {
                field: SfenField::Hands,
                found: '歩',
                offset: 21
            }
        );
        assert_eq!(
            err("9/9/9/9/9/9/9/9/9 b P\u{3000}1"),
            ParseSfenError::UnexpectedChar {
                field: SfenField::Hands,
                found: '\u{3000}',
                offset: 21
            }
        );
        assert_eq!(err("９/9/9/9/9/9/9/9/9 b - 1").offset(), 0);
        assert_eq!(err("平手").field(), Some(SfenField::Board));
        // Every prefix and every char-boundary cut of a valid SFEN with non-ASCII noise.
        let noisy = "ln香gkgsnl/1r5b1/pp+ppp歩ppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b S!2Pé 1";
        for (i, _) in noisy.char_indices() {
            let _ = noisy[..i].parse::<Setup>();
            let _ = noisy[i..].parse::<Setup>();
        }
    }

    #[test]
    fn errors_never_echo_the_input() {
        let long = format!("{}x b - 1", "9/".repeat(8000));
        assert!(msg(&long).len() < 120);
        let junk = format!("{START} {}", "junk".repeat(100));
        assert!(!msg(&junk).contains("junk"));
    }

    #[test]
    fn marks_on_any_piece() {
        let six = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS!1K1S!N1 b - 1";
        let setup: Setup = six.parse().unwrap();
        assert_eq!(setup.protected.count(), 2);
        assert!(setup.is_protected(Square::SQ_7I) && setup.is_protected(Square::SQ_3I));
        assert_eq!(setup.to_string(), six);
        // The mark is variant-neutral: any piece, either colour, promoted or not.
        let any: Setup = "sfen +r!8/9/9/9/4k!4/9/9/9/K!8 w p 3".parse().unwrap();
        assert!(any.is_protected(Square::SQ_9A));
        assert!(any.is_protected(Square::SQ_5E));
        assert!(any.is_protected(Square::SQ_9I));
        assert_eq!(any.protected.count(), 3);
        assert_eq!(any.to_string(), "+r!8/9/9/9/4k!4/9/9/9/K!8 w p 3");
        // Without marks nothing is protected.
        assert!(START.parse::<Setup>().unwrap().protected.is_empty());
        // A flipped setup keeps its marks on the flipped squares.
        let flipped = setup.flipped();
        assert!(flipped.is_protected(Square::SQ_3A) && flipped.is_protected(Square::SQ_7A));
    }

    #[test]
    fn misplaced_marks() {
        let unexpected = |offset| ParseSfenError::UnexpectedChar {
            field: SfenField::Board,
            found: '!',
            offset,
        };
        assert_eq!(err("!9/9/9/9/9/9/9/9/9 b - 1"), unexpected(0));
        assert_eq!(err("1!8/9/9/9/9/9/9/9/9 b - 1"), unexpected(1));
        assert_eq!(err("S!!8/9/9/9/9/9/9/9/9 b - 1"), unexpected(2));
        assert_eq!(err("8S/!9/9/9/9/9/9/9/9 b - 1"), unexpected(3));
        assert_eq!(
            err("+!S8/9/9/9/9/9/9/9/9 b - 1"),
            ParseSfenError::DanglingPromotion { offset: 0 }
        );
        assert_eq!(
            err("9/9/9/9/9/9/9/9/9 b S! 1"),
            ParseSfenError::UnexpectedChar {
                field: SfenField::Hands,
                found: '!',
                offset: 21
            }
        );
        // A marked piece beyond the ninth square makes the rank too long, not a mark error.
        assert!(matches!(
            err("9S!/9/9/9/9/9/9/9/9 b - 1"),
            ParseSfenError::RankLength { rank: 1, .. }
        ));
    }

    #[test]
    fn fields_only_reader() {
        assert_eq!(Setup::from_sfen_fields(START).unwrap(), Setup::start());
        assert_eq!(Setup::from_sfen(START).unwrap(), Setup::start());
        assert_eq!(
            Setup::from_sfen_fields(""),
            Err(ParseSfenError::MissingField {
                field: SfenField::Board,
                offset: 0
            })
        );
        assert!(matches!(
            Setup::from_sfen_fields(&format!("sfen {START}")),
            Err(ParseSfenError::RankCount { .. })
        ));
    }

    /// A deliberately simple writer, with `format!`, to compare the buffer writer against.
    fn simple_sfen(setup: &Setup) -> String {
        let mut out = String::new();
        for rank in 1..=9u8 {
            if rank > 1 {
                out.push('/');
            }
            let mut empty = 0;
            for file in (1..=9u8).rev() {
                let sq = Square::from_file_rank(file, rank).unwrap();
                match setup.piece_at(sq) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            out += &format!("{empty}");
                            empty = 0;
                        }
                        out += &format!("{p}");
                        if setup.is_protected(sq) {
                            out.push('!');
                        }
                    }
                }
            }
            if empty > 0 {
                out += &format!("{empty}");
            }
        }
        out += &format!(" {} ", setup.side_to_move.to_char());
        let mut hands = String::new();
        for color in Color::ALL {
            for (kind, count) in setup.hands[color].iter() {
                if count >= 2 {
                    hands += &format!("{count}");
                }
                let letter = kind.base_letter();
                hands.push(match color {
                    Color::Black => letter,
                    Color::White => letter.to_ascii_lowercase(),
                });
            }
        }
        if hands.is_empty() {
            hands.push('-');
        }
        out + &hands + &format!(" {}", setup.move_number)
    }

    #[test]
    fn writer_matches_a_simple_writer() {
        // Pseudo-random setups: every piece kind, marks, hand counts up to 255, large move
        // numbers; each is also read back.
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let kinds = PieceKind::ALL;
        for round in 0..2000 {
            let mut setup = Setup::empty();
            for sq in Square::ALL {
                let r = next();
                if r % 3 == 0 {
                    let kind = kinds[(r >> 8) as usize % kinds.len()];
                    let color = if r & 0x10 == 0 {
                        Color::Black
                    } else {
                        Color::White
                    };
                    setup.set_piece(sq, Some(Piece::new(color, kind)));
                    if r & 0x20_0000 != 0 {
                        setup.protected |= sq;
                    }
                }
            }
            for color in Color::ALL {
                for kind in PieceKind::HAND_KINDS {
                    let r = next();
                    if r % 4 == 0 {
                        let count = [1u8, 2, 9, 10, 18, 99, 100, 255][(r >> 5) as usize % 8];
                        setup.hands[color] = setup.hands[color].with_count(kind, count).unwrap();
                    }
                }
            }
            setup.side_to_move = if round % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            setup.move_number =
                NonZeroU32::new((next() as u32).max(1) >> (round % 32)).unwrap_or(NonZeroU32::MIN);
            let text = setup.to_string();
            assert_eq!(text, simple_sfen(&setup));
            assert_eq!(text.parse::<Setup>().unwrap(), setup, "{text}");
            let mut into = String::from("sfen ");
            setup.write_sfen(&mut into).unwrap();
            assert_eq!(into, format!("sfen {text}"));
        }
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_keeps_the_marks() {
        let setup: Setup = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/9/4K1S!2 b - 1"
            .parse()
            .unwrap();
        let json = serde_json::to_string(&setup).unwrap();
        assert!(json.contains("\"protected\":[\"3i\"]"), "{json}");
        assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), setup);
        let plain = serde_json::to_string(&Setup::start()).unwrap();
        assert!(!plain.contains("protected"), "{plain}");
        assert_eq!(
            serde_json::from_str::<Setup>(&plain).unwrap(),
            Setup::start()
        );
    }
}
