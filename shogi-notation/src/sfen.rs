//! SFEN, the one-line position format of the USI protocol.
//!
//! An SFEN has four fields separated by spaces: `<board> <side> <hands> <move number>`, for
//! example the start position
//! `lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1`.
//!
//! - **Board**: ranks 1 to 9 (top to bottom as Black sees the board) separated by `/`; within a
//!   rank, files 9 to 1. Letters `K R B G S N L P`, uppercase for Black and lowercase for White;
//!   a `+` right before `P L N S B R` marks a promoted piece; a digit `1`–`9` stands for that
//!   many empty squares. Each rank covers exactly nine squares.
//! - **Side**: `b` (Black to move) or `w` (White to move).
//! - **Hands**: `-` when both hands are empty, otherwise the pieces in hand, each with its count
//!   before the letter when it is 2 or more (`S2Pb3p`).
//! - **Move number**: the number of the move about to be played, 1 in a start position.
//!
//! Sources: the USI protocol specification (shogidokoro.starfree.jp/usi.html) for the format;
//! the hand order R B G S N L P comes from the original USI draft and is what engines write
//! (YaneuraOu's `Position::sfen`), so SFEN strings can be compared byte for byte.
//!
//! The untakeable-silver variant (`shogi_variants::untakeable_silver`) marks its untakeable
//! silvers `S!`. [`Sfen`] rejects the mark ([`ParseSfenError::UntakeableMark`]); [`MarkedSfen`]
//! reads and writes it, with the same reader.
//!
//! [`Sfen`] reads with [`FromStr`] and writes with [`Display`](fmt::Display). Reading builds an
//! unchecked [`Setup`]; turning it into a validated `Position` is the job of
//! [`shogi_movegen::Position::from_setup`].
//!
//! ```
//! use shogi_notation::sfen::Sfen;
//! use shogi_types::{Color, PieceKind};
//!
//! let sfen: Sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2".parse()?;
//! let setup = sfen.as_setup();
//! assert_eq!(setup.side_to_move, Color::White);
//! assert_eq!(setup.ply.get(), 2);
//! assert!(setup.hands.black.count(PieceKind::Pawn) == 0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt::{self, Write as _};
use core::num::NonZeroU32;
use core::str::FromStr;

use shogi_movegen::{Position, PositionError, PositionVisitor, Rules, VisitPosition};
use shogi_types::{Bitboard, ByColor, Color, Hand, Piece, PieceKind, Setup, Square};
use shogi_variants::UntakeableSilver;

use crate::token::{Token, tokens};

/// A position in SFEN form: a [`Setup`] that reads and writes SFEN.
///
/// `Sfen` is a thin wrapper; nothing about the setup is checked beyond what the text format
/// itself requires. [`FromStr`] is the reader, [`Display`](fmt::Display) the canonical writer.
///
/// # Reading
/// - An optional leading `sfen ` (the word as it appears in a USI `position` command) is
///   skipped.
/// - Fields are separated by runs of ASCII whitespace; leading and trailing ASCII whitespace is
///   ignored. Anything after the fourth field is an error.
/// - Adjacent digits in a rank add up (`45` is nine empty squares), as long as the rank covers
///   exactly nine squares.
/// - The hands may list pieces in any order, Black's and White's mixed, but a letter may appear
///   only once per colour (`PP` and `P2P` are rejected). A count may be written for any piece,
///   including `1P` (read as one pawn), but `0` is rejected. A count above 255 is rejected
///   because a [`Hand`] cannot hold it. Counts that exceed the material of one set
///   (19 pawns, 3 bishops...) are **not** rejected here: that is a soft fault of position
///   validation (`shogi_movegen::Fault::TooMuchMaterial`), which mate problems may waive.
/// - The move number may be left out (it is then 1); if present it must be a decimal integer
///   from 1 to 4 294 967 295.
/// - The `!` mark of the untakeable-silver variant (`S!`) is rejected with
///   [`ParseSfenError::UntakeableMark`]; [`MarkedSfen`] reads it.
///
/// The reader never panics, whatever the input.
///
/// # Writing
/// The writer is canonical: runs of empty squares as one digit, hands in the order
/// R B G S N L P with Black's first, no count of 1, `-` for empty hands, and always four fields.
///
/// # Examples
/// ```
/// use shogi_notation::sfen::Sfen;
/// use shogi_types::{Color, PieceKind, Setup};
///
/// let sfen: Sfen = "sfen 8k/9/9/9/9/9/9/9/K8 b 2Pp1S".parse()?;
/// assert_eq!(sfen.as_setup().hands.black.count(PieceKind::Pawn), 2);
/// assert_eq!(sfen.as_setup().hands.black.count(PieceKind::Silver), 1);
/// // The writer puts the hands in canonical order and adds the move number.
/// assert_eq!(sfen.to_string(), "8k/9/9/9/9/9/9/9/K8 b S2Pp 1");
///
/// let start = Sfen::from_setup(Setup::standard());
/// assert_eq!(start.to_string(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[doc(alias = "fen")]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Sfen(Setup);

impl Sfen {
    /// Wraps `setup` to write it as SFEN.
    #[inline]
    #[must_use]
    pub const fn from_setup(setup: Setup) -> Sfen {
        Sfen(setup)
    }

    /// The SFEN of a position (board, hands, side to move and move number).
    ///
    /// A variant whose positions carry more than standard SFEN can say loses that information
    /// here: the untakeable silvers of the untakeable-silver variant are written as plain
    /// silvers. Write such positions with [`MarkedSfen::from_position`], which keeps the marks.
    #[must_use]
    pub fn from_position<P: VisitPosition + ?Sized>(position: &P) -> Sfen {
        struct Plain;
        impl PositionVisitor for Plain {
            type Output = Sfen;
            fn visit<R: Rules>(self, pos: &Position<R>) -> Sfen {
                Sfen(pos.to_setup())
            }
        }
        position.visit(Plain)
    }

    /// The standard start position (平手, hirate):
    /// `lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1`.
    #[inline]
    #[must_use]
    pub const fn standard() -> Sfen {
        Sfen(Setup::standard())
    }

    /// The setup, by value.
    #[inline]
    #[must_use]
    pub fn into_setup(self) -> Setup {
        self.0
    }

    /// The setup, by reference.
    #[inline]
    #[must_use]
    pub const fn as_setup(&self) -> &Setup {
        &self.0
    }
}

impl From<Setup> for Sfen {
    #[inline]
    fn from(setup: Setup) -> Sfen {
        Sfen(setup)
    }
}

impl From<Sfen> for Setup {
    #[inline]
    fn from(sfen: Sfen) -> Setup {
        sfen.0
    }
}

impl AsRef<Setup> for Sfen {
    #[inline]
    fn as_ref(&self) -> &Setup {
        &self.0
    }
}

impl FromStr for Sfen {
    type Err = ParseSfenError;

    /// Reads an SFEN; see [`Sfen`] for what is accepted.
    ///
    /// # Errors
    /// A [`ParseSfenError`] naming the field and byte offset of the first problem.
    fn from_str(s: &str) -> Result<Sfen, ParseSfenError> {
        let toks: Vec<Token<'_>> = tokens(s).collect();
        let fields = match toks.split_first() {
            None => return Err(ParseSfenError::Empty),
            Some((first, rest)) if first.text == "sfen" => rest,
            Some(_) => &toks[..],
        };
        read_fields(fields, 0, s.len()).map(Sfen)
    }
}

impl fmt::Display for Sfen {
    /// Writes the canonical SFEN (see [`Sfen`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_setup(&self.0, Bitboard::EMPTY, f)
    }
}

/// An SFEN of the untakeable-silver variant: a [`Setup`] and the squares of its untakeable
/// silvers, written `S!`.
///
/// The text form is standard SFEN in which an unpromoted Black silver may carry the mark `!`
/// (the variant is [`shogi_variants::untakeable_silver`], defined in
/// [docs/untakeable-silver.md](https://github.com/shogi-rs/shogi/blob/main/docs/untakeable-silver.md)):
/// `lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS!1K1S!N1 b - 1` is the six-piece start.
/// Everything else is read exactly as [`Sfen`] reads it (the same reader, with marks allowed),
/// so an SFEN without marks reads as a `MarkedSfen` with no marked square. A `!` anywhere but
/// right after an uppercase `S` is [`ParseSfenError::UnexpectedChar`], as in [`Sfen`]; so is
/// a second `!`.
///
/// The writer is [`Sfen`]'s canonical writer with `!` after each marked silver, and
/// [`MarkedSfen::from_position`] marks the protected squares of a position: a position of the
/// variant always writes its marks, and SFEN → position → SFEN round-trips. A standard
/// position has no protected square and writes exactly its [`Sfen`].
///
/// The marks are what make a silver untakeable: [`MarkedSfen::to_position`] protects the
/// marked silvers and no others, whatever the position's history (a silver that was dropped,
/// or a start setup whose silvers were all meant to be untakeable, must be marked).
///
/// ```
/// use shogi_notation::sfen::{MarkedSfen, ParseSfenError, Sfen};
/// use shogi_types::{Move, Square};
///
/// let text = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS!1K1S!N1 b - 1";
/// let sfen: MarkedSfen = text.parse()?;
/// assert!(sfen.marked().has(Square::SQ_7I) && sfen.marked().has(Square::SQ_3I));
///
/// let mut pos = sfen.to_position()?; // Position<UntakeableSilver>
/// pos.play("3i3h".parse::<Move>()?)?;
/// assert_eq!(
///     MarkedSfen::from_position(&pos).to_string(),
///     "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/6S!2/1NS!1K2N1 w - 2"
/// );
///
/// // The standard reader rejects the mark.
/// assert!(matches!(
///     text.parse::<Sfen>(),
///     Err(ParseSfenError::UntakeableMark { offset: 47 })
/// ));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MarkedSfen {
    setup: Setup,
    marked: Bitboard,
}

impl MarkedSfen {
    /// A setup with the untakeable silvers on `marked`. Only squares that hold an unpromoted
    /// Black silver in `setup` keep their mark (no other piece can carry one), so the text
    /// written is always readable.
    #[must_use]
    pub fn new(setup: Setup, marked: Bitboard) -> MarkedSfen {
        let marked = marked
            .iter()
            .filter(|&sq| setup.piece_at(sq) == Some(UntakeableSilver::PROTECTED_PIECE))
            .collect();
        MarkedSfen { setup, marked }
    }

    /// The SFEN of a position with its protected squares marked: every untakeable silver of a
    /// `Position<UntakeableSilver>` is written `S!`. A position without protection (standard
    /// shogi) has no mark.
    #[must_use]
    pub fn from_position<P: VisitPosition + ?Sized>(position: &P) -> MarkedSfen {
        struct Marked;
        impl PositionVisitor for Marked {
            type Output = MarkedSfen;
            fn visit<R: Rules>(self, pos: &Position<R>) -> MarkedSfen {
                MarkedSfen::new(pos.to_setup(), pos.protected())
            }
        }
        position.visit(Marked)
    }

    /// The setup, by reference.
    #[must_use]
    pub const fn as_setup(&self) -> &Setup {
        &self.setup
    }

    /// The squares of the marked (untakeable) silvers.
    #[must_use]
    pub const fn marked(&self) -> Bitboard {
        self.marked
    }

    /// The setup, by value.
    #[must_use]
    pub fn into_setup(self) -> Setup {
        self.setup
    }

    /// The setup and the marked squares.
    #[must_use]
    pub fn into_parts(self) -> (Setup, Bitboard) {
        (self.setup, self.marked)
    }

    /// The position of the untakeable-silver variant: the setup validated, with exactly the
    /// marked silvers protected (through
    /// [`Position::from_setup_with_protected`](shogi_movegen::Position::from_setup_with_protected)).
    ///
    /// # Errors
    /// Every fault of the setup, as [`Position::from_setup`](shogi_movegen::Position::from_setup)
    /// reports them.
    pub fn to_position(
        &self,
    ) -> Result<Position<UntakeableSilver>, PositionError<UntakeableSilver>> {
        Position::from_setup_with_protected(self.setup.clone(), self.marked)
    }
}

impl From<Sfen> for MarkedSfen {
    /// The same setup, with no mark.
    fn from(sfen: Sfen) -> MarkedSfen {
        MarkedSfen {
            setup: sfen.0,
            marked: Bitboard::EMPTY,
        }
    }
}

impl FromStr for MarkedSfen {
    type Err = ParseSfenError;

    /// Reads an SFEN whose unpromoted Black silvers may be marked `S!`; see [`MarkedSfen`].
    ///
    /// # Errors
    /// A [`ParseSfenError`] naming the field and byte offset of the first problem, exactly as
    /// [`Sfen`]'s reader reports it (never [`ParseSfenError::UntakeableMark`]).
    fn from_str(s: &str) -> Result<MarkedSfen, ParseSfenError> {
        let toks: Vec<Token<'_>> = tokens(s).collect();
        let fields = match toks.split_first() {
            None => return Err(ParseSfenError::Empty),
            Some((first, rest)) if first.text == "sfen" => rest,
            Some(_) => &toks[..],
        };
        let mut marked = Bitboard::EMPTY;
        let setup = read_fields_marked(fields, 0, s.len(), Some(&mut marked))?;
        Ok(MarkedSfen { setup, marked })
    }
}

impl fmt::Display for MarkedSfen {
    /// Writes the canonical SFEN with `!` after each marked silver.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_setup(&self.setup, self.marked, f)
    }
}

/// Writes the four fields of `setup`, with `!` after the pieces on `marks`.
fn write_setup(setup: &Setup, marks: Bitboard, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    write_board(setup, marks, f)?;
    write!(f, " {} ", setup.side_to_move.to_char())?;
    write_hands(setup.hands, f)?;
    write!(f, " {}", setup.ply)
}

/// Writes the board of `setup`, with `!` after the pieces on `marks`.
fn write_board(setup: &Setup, marks: Bitboard, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    for rank in 1..=9u8 {
        if rank > 1 {
            f.write_char('/')?;
        }
        let mut empty = 0u8;
        for file in (1..=9u8).rev() {
            let Some(sq) = Square::from_file_rank(file, rank) else {
                continue;
            };
            match setup.piece_at(sq) {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        write!(f, "{empty}")?;
                        empty = 0;
                    }
                    write!(f, "{piece}")?;
                    if marks.has(sq) {
                        f.write_char('!')?;
                    }
                }
            }
        }
        if empty > 0 {
            write!(f, "{empty}")?;
        }
    }
    Ok(())
}

fn write_hands(hands: ByColor<Hand>, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    if hands.black.is_empty() && hands.white.is_empty() {
        return f.write_char('-');
    }
    for color in Color::ALL {
        for (kind, count) in hands[color].iter() {
            if count >= 2 {
                write!(f, "{count}")?;
            }
            let letter = kind.base_letter();
            f.write_char(match color {
                Color::Black => letter,
                Color::White => letter.to_ascii_lowercase(),
            })?;
        }
    }
    Ok(())
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
/// use shogi_notation::sfen::{ParseSfenError, Sfen, SfenField};
///
/// let err = "lnsgkgsnl/1r5b1/pppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"
///     .parse::<Sfen>()
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
    /// The `!` mark of an untakeable silver, which only [`MarkedSfen`] reads.
    #[error(
        "sfen board: '!' at byte {offset} marks an untakeable silver, which standard sfen does not allow"
    )]
    UntakeableMark {
        /// The byte offset of the `!`.
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
            | ParseSfenError::DanglingPromotion { .. }
            | ParseSfenError::UntakeableMark { .. } => Some(SfenField::Board),
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
            | ParseSfenError::UntakeableMark { offset }
            | ParseSfenError::BadSide { offset }
            | ParseSfenError::KingInHand { offset }
            | ParseSfenError::RepeatedHandPiece { offset, .. }
            | ParseSfenError::BadCount { offset }
            | ParseSfenError::DanglingCount { offset }
            | ParseSfenError::BadMoveNumber { offset } => offset,
        }
    }
}

/// Reads the three or four SFEN fields in `fields` (without the `sfen` word).
///
/// Offsets in errors are relative to `base`; `end` is where a missing field would start.
pub(crate) fn read_fields(
    fields: &[Token<'_>],
    base: usize,
    end: usize,
) -> Result<Setup, ParseSfenError> {
    read_fields_marked(fields, base, end, None)
}

/// [`read_fields`], also reading `S!` marks into `marks` when it is given (without it, a mark
/// is an error).
pub(crate) fn read_fields_marked(
    fields: &[Token<'_>],
    base: usize,
    end: usize,
    marks: Option<&mut Bitboard>,
) -> Result<Setup, ParseSfenError> {
    let rel = |offset: usize| offset.saturating_sub(base);
    let field = |index: usize, field: SfenField| {
        fields
            .get(index)
            .copied()
            .ok_or(ParseSfenError::MissingField {
                field,
                offset: rel(end),
            })
    };

    let board = field(0, SfenField::Board)?;
    let board = read_board(board.text, rel(board.offset), marks)?;

    let side = field(1, SfenField::Side)?;
    let side_to_move = match side.text {
        "b" => Color::Black,
        "w" => Color::White,
        _ => {
            return Err(ParseSfenError::BadSide {
                offset: rel(side.offset),
            });
        }
    };

    let hands = field(2, SfenField::Hands)?;
    let hands = read_hands(hands.text, rel(hands.offset))?;

    let ply = match fields.get(3) {
        None => NonZeroU32::MIN,
        Some(tok) => read_move_number(tok.text, rel(tok.offset))?,
    };

    if let Some(extra) = fields.get(4) {
        return Err(ParseSfenError::TrailingText {
            offset: rel(extra.offset),
        });
    }

    Ok(Setup {
        board,
        hands,
        side_to_move,
        ply,
    })
}

/// Reads the board field `text`, which starts at offset `at`. With `marks`, an unpromoted
/// Black silver may be followed by `!` and its square is added to `marks`; without, that `!`
/// is [`ParseSfenError::UntakeableMark`].
fn read_board(
    text: &str,
    at: usize,
    mut marks: Option<&mut Bitboard>,
) -> Result<[Option<Piece>; 81], ParseSfenError> {
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
    let mut rank = 1u8;
    let mut squares = 0usize;
    let mut overflow_at: Option<usize> = None;
    let mut plus_at: Option<usize> = None;
    // Just after an unpromoted Black silver: `Some(square)`, or `Some(None)` when it lies
    // beyond the ninth square of its rank (the rank is then reported too long).
    let mut after_black_silver: Option<Option<Square>> = None;

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
        let black_silver = after_black_silver.take();
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
            '!' if black_silver.is_some() => match marks.as_deref_mut() {
                None => return Err(ParseSfenError::UntakeableMark { offset }),
                Some(marks) => {
                    if let Some(sq) = black_silver.flatten() {
                        *marks |= sq;
                    }
                }
            },
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
                if color == Color::Black && kind == PieceKind::Silver {
                    after_black_silver = Some(square);
                }
            }
        }
    }
    if let Some(plus) = plus_at {
        return Err(ParseSfenError::DanglingPromotion { offset: plus });
    }
    end_rank(rank, squares, overflow_at, at + text.len())?;
    Ok(board)
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

#[cfg(feature = "serde")]
impl serde::Serialize for Sfen {
    /// Serializes as the canonical SFEN string.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Sfen {
    /// Deserializes from an SFEN string, read as by [`FromStr`].
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Sfen, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Sfen;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an SFEN string")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Sfen, E> {
                v.parse().map_err(E::custom)
            }
        }
        d.deserialize_str(Visitor)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for MarkedSfen {
    /// Serializes as the canonical SFEN string with its `S!` marks.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for MarkedSfen {
    /// Deserializes from an SFEN string, read as by [`FromStr`].
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<MarkedSfen, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = MarkedSfen;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an SFEN string, untakeable silvers marked S!")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<MarkedSfen, E> {
                v.parse().map_err(E::custom)
            }
        }
        d.deserialize_str(Visitor)
    }
}

#[cfg(test)]
#[allow(
    clippy::unwrap_used,
    reason = "tests unwrap what they expect to succeed"
)]
mod tests {
    use super::*;

    const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    const AFTER_7G7F: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";

    fn err(s: &str) -> ParseSfenError {
        match s.parse::<Sfen>() {
            Ok(sfen) => panic!("{s:?} was accepted as {sfen}"),
            Err(e) => e,
        }
    }

    fn msg(s: &str) -> String {
        err(s).to_string()
    }

    #[test]
    fn start_position() {
        let sfen: Sfen = START.parse().unwrap();
        assert_eq!(sfen.as_setup(), &Setup::standard());
        assert_eq!(sfen.to_string(), START);
        assert_eq!(Sfen::standard().to_string(), START);
        assert_eq!(format!("sfen {START}").parse::<Sfen>().unwrap(), sfen);
    }

    #[test]
    fn after_7g7f() {
        let mut setup = Setup::standard();
        let pawn = setup.set_piece(Square::SQ_7G, None);
        setup.set_piece(Square::SQ_7F, pawn);
        setup.side_to_move = Color::White;
        setup.ply = NonZeroU32::new(2).unwrap();
        assert_eq!(Sfen::from_setup(setup.clone()).to_string(), AFTER_7G7F);
        assert_eq!(AFTER_7G7F.parse::<Sfen>().unwrap().into_setup(), setup);
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
        let text = Sfen::from_setup(setup.clone()).to_string();
        assert_eq!(text, "9/9/9/9/9/9/9/9/9 b S2Pb3p 1");
        // Any order is read.
        let mixed: Sfen = "9/9/9/9/9/9/9/9/9 b 3pb2PS 1".parse().unwrap();
        assert_eq!(mixed.as_setup(), &setup);
        let mut eighteen = Setup::empty();
        eighteen.hands.black = Hand::EMPTY.with_count(PieceKind::Pawn, 18).unwrap();
        assert_eq!(
            Sfen::from_setup(eighteen).to_string(),
            "9/9/9/9/9/9/9/9/9 b 18P 1"
        );
    }

    #[test]
    fn full_hand_order() {
        let mut hand = Hand::EMPTY;
        for kind in PieceKind::HAND_KINDS {
            hand = hand.checked_add(kind).unwrap();
        }
        let mut setup = Setup::empty();
        setup.hands = ByColor::new(hand, hand);
        assert_eq!(
            Sfen::from_setup(setup).to_string(),
            "9/9/9/9/9/9/9/9/9 b RBGSNLPrbgsnlp 1"
        );
    }

    #[test]
    fn promoted_pieces_and_digits() {
        let sfen: Sfen = "+P+L+N+S+B+R+p+l+n/+s+b+r6/9/9/9/9/9/9/45 w - 1"
            .parse()
            .unwrap();
        let setup = sfen.as_setup();
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
        let a: Sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -"
            .parse()
            .unwrap();
        assert_eq!(a.as_setup(), &Setup::standard());
        let b: Sfen = "  lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL \t b  -   1\n"
            .parse()
            .unwrap();
        assert_eq!(b, a);
        let max: Sfen = "9/9/9/9/9/9/9/9/9 b - 4294967295".parse().unwrap();
        assert_eq!(max.as_setup().ply.get(), u32::MAX);
    }

    #[test]
    fn explicit_counts() {
        let one: Sfen = "9/9/9/9/9/9/9/9/9 b 1P 1".parse().unwrap();
        assert_eq!(one.as_setup().hands.black.count(PieceKind::Pawn), 1);
        assert_eq!(one.to_string(), "9/9/9/9/9/9/9/9/9 b P 1");
        let max: Sfen = "9/9/9/9/9/9/9/9/9 b 255p 1".parse().unwrap();
        assert_eq!(max.as_setup().hands.white.count(PieceKind::Pawn), 255);
        // Too much material is left to position validation.
        let many: Sfen = "9/9/9/9/9/9/9/9/9 b 19P3B 1".parse().unwrap();
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
    fn untakeable_silver_mark_is_rejected() {
        let e = err("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS!1K1S!N1 b - 1");
        assert_eq!(e, ParseSfenError::UntakeableMark { offset: 47 });
        assert_eq!(
            e.to_string(),
            "sfen board: '!' at byte 47 marks an untakeable silver, which standard sfen does not allow"
        );
        assert_eq!(e.field(), Some(SfenField::Board));
        // Elsewhere '!' is just a stray character.
        assert_eq!(
            err("s!8/9/9/9/9/9/9/9/9 b - 1"),
            ParseSfenError::UnexpectedChar {
                field: SfenField::Board,
                found: '!',
                offset: 1
            }
        );
        assert_eq!(
            err("+S!8/9/9/9/9/9/9/9/9 b - 1"),
            ParseSfenError::UnexpectedChar {
                field: SfenField::Board,
                found: '!',
                offset: 2
            }
        );
    }

    #[test]
    fn marked_sfen_reads_and_writes_the_mark() {
        let six = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS!1K1S!N1 b - 1";
        let sfen: MarkedSfen = six.parse().unwrap();
        assert_eq!(
            sfen.marked(),
            Bitboard::from_square(Square::SQ_7I) | Square::SQ_3I
        );
        assert_eq!(sfen.to_string(), six);
        assert_eq!(
            Sfen::from_setup(sfen.as_setup().clone()).to_string(),
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS1K1SN1 b - 1"
        );
        // The `sfen` word, adjacent digits and a missing move number are read as by `Sfen`.
        let loose: MarkedSfen = "sfen 8k/9/9/9/9/9/9/9/K3S!13 w -".parse().unwrap();
        assert_eq!(loose.marked(), Bitboard::from_square(Square::SQ_5I));
        assert_eq!(loose.to_string(), "8k/9/9/9/9/9/9/9/K3S!4 w - 1");
        // A plain SFEN is a marked SFEN without marks, written back unchanged.
        let plain: MarkedSfen = START.parse().unwrap();
        assert_eq!(plain.marked(), Bitboard::EMPTY);
        assert_eq!(plain.to_string(), START);
        assert_eq!(plain, MarkedSfen::from(Sfen::standard()));
        assert_eq!(plain.into_setup(), Setup::standard());
    }

    #[test]
    fn marked_sfen_rejects_misplaced_marks() {
        let merr = |s: &str| s.parse::<MarkedSfen>().unwrap_err();
        for (text, found, offset) in [
            ("s!8/9/9/9/9/9/9/9/9 b - 1", '!', 1),
            ("+S!8/9/9/9/9/9/9/9/9 b - 1", '!', 2),
            ("S!!8/9/9/9/9/9/9/9/9 b - 1", '!', 2),
            ("!9/9/9/9/9/9/9/9/9 b - 1", '!', 0),
            ("G!8/9/9/9/9/9/9/9/9 b - 1", '!', 1),
            ("1!8/9/9/9/9/9/9/9/9 b - 1", '!', 1),
        ] {
            assert_eq!(
                merr(text),
                ParseSfenError::UnexpectedChar {
                    field: SfenField::Board,
                    found,
                    offset
                },
                "{text}"
            );
        }
        // A marked silver beyond the ninth square: the rank is too long.
        assert_eq!(
            merr("9/9/9/9/9/9/9/9/9S! b - 1"),
            ParseSfenError::RankLength {
                rank: 9,
                squares: 10,
                offset: 17
            }
        );
        // A mark in the hands is no mark.
        assert_eq!(
            merr("9/9/9/9/9/9/9/9/9 b S! 1"),
            ParseSfenError::UnexpectedChar {
                field: SfenField::Hands,
                found: '!',
                offset: 21
            }
        );
        // Other errors are those of the standard reader.
        for text in [
            "",
            "lnsgkgsnl/1r5b1/pppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            "9/9/9/9/9/9/9/9/9 x - 1",
            "9/9/9/9/9/9/9/9/9 b P2 1",
            "9/9/9/9/9/9/9/9/9 b - 0",
        ] {
            assert_eq!(merr(text), err(text), "{text}");
        }
    }

    #[test]
    fn marked_sfen_keeps_only_marks_on_black_silvers() {
        let setup: Sfen = "4k4/9/9/9/9/9/9/9/2S+S1Ks2 b - 1".parse().unwrap();
        let all = Bitboard::FULL;
        let marked = MarkedSfen::new(setup.into_setup(), all);
        assert_eq!(marked.marked(), Bitboard::from_square(Square::SQ_7I));
        assert_eq!(marked.to_string(), "4k4/9/9/9/9/9/9/9/2S!+S1Ks2 b - 1");
    }

    #[test]
    fn marked_sfen_round_trips_through_the_variant_position() {
        use shogi_movegen::Standard;
        use shogi_types::Move;
        for text in [
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS!1K1S!N1 b - 1",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/4K1S!2 b - 1",
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/9/4K1S!2 b - 1",
            "ln1gkg1nl/1r5b1/p1pppp1pp/1p4p2/3S!5/9/PPPP1PPPP/2S6/4K4 w Ss 10",
        ] {
            let sfen: MarkedSfen = text.parse().unwrap();
            let pos = sfen.to_position().unwrap();
            assert_eq!(pos.protected(), sfen.marked());
            assert_eq!(MarkedSfen::from_position(&pos).to_string(), text);
        }
        // A promoted silver loses its mark; a standard position writes plain SFEN.
        let mut pos = "4k4/9/2S!6/9/9/9/9/9/4K4 b - 1"
            .parse::<MarkedSfen>()
            .unwrap()
            .to_position()
            .unwrap();
        pos.play("7c6b+".parse::<Move>().unwrap()).unwrap();
        assert_eq!(
            MarkedSfen::from_position(&pos).to_string(),
            "4k4/3+S5/9/9/9/9/9/9/4K4 w - 2"
        );
        let standard = Position::<Standard>::start();
        assert_eq!(MarkedSfen::from_position(&standard).to_string(), START);
        // A marked white silver cannot be built: the mark is a reader error, and `new` drops it.
        assert!(
            "4k4/9/9/9/4s!4/9/9/9/4K4 b - 1"
                .parse::<MarkedSfen>()
                .is_err()
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
            let _ = noisy[..i].parse::<Sfen>();
            let _ = noisy[i..].parse::<Sfen>();
        }
    }

    #[test]
    fn errors_never_echo_the_input() {
        let long = format!("{}x b - 1", "9/".repeat(8000));
        assert!(msg(&long).len() < 120);
        let junk = format!("{START} {}", "junk".repeat(100));
        assert!(!msg(&junk).contains("junk"));
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_as_string() {
        let json = serde_json::to_string(&Sfen::standard()).unwrap();
        assert_eq!(json, format!("\"{START}\""));
        assert_eq!(
            serde_json::from_str::<Sfen>(&json).unwrap(),
            Sfen::standard()
        );
        let bad = serde_json::from_str::<Sfen>("\"9/9 b - 1\"").unwrap_err();
        assert!(
            bad.to_string().contains("sfen board: expected 9 ranks"),
            "{bad}"
        );
        assert!(serde_json::from_str::<Sfen>("42").is_err());
    }

    #[cfg(feature = "serde")]
    #[test]
    fn marked_serde_as_string() {
        let text = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/9/4K1S!2 b - 1";
        let sfen: MarkedSfen = text.parse().unwrap();
        let json = serde_json::to_string(&sfen).unwrap();
        assert_eq!(json, format!("\"{text}\""));
        assert_eq!(serde_json::from_str::<MarkedSfen>(&json).unwrap(), sfen);
        assert!(serde_json::from_str::<MarkedSfen>("\"9/9 b - 1\"").is_err());
    }

    #[test]
    fn conversions() {
        let sfen = Sfen::from(Setup::standard());
        assert_eq!(sfen.as_ref(), &Setup::standard());
        assert_eq!(Setup::from(sfen.clone()), Setup::standard());
        assert_eq!(sfen, Sfen::standard());
    }
}
