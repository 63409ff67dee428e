//! Western move notation (Hodges style): `P-7f`, `Bx2b+`, `Bx2b=`, `G6i-5h`, `P*5e`.
//!
//! A move is written `piece (origin) movement destination (promotion)`:
//! - the piece letter `P L N S G B R K`, promoted pieces with a `+` prefix: `+P +L +N +S +B +R`;
//! - the origin square only when another piece of the same kind could also reach the
//!   destination (`G6i-5h`, `S5cx4d`); "could reach" ignores pins, so the notation is never
//!   shorter than any reader needs;
//! - `-` for a move, `x` for a capture, `*` for a drop;
//! - the destination: file digit and rank letter (`7f`, as in USI), or with
//!   [`WesternOptions::with_numeric_ranks`] two digits (`76`);
//! - `+` when the move promotes, `=` when it could have promoted and did not, nothing when
//!   promotion was impossible (drops never take a suffix).
//!
//! Sources: George Hodges' notation as described in "Game Notation" (intersports.co.uk) and
//! Wikipedia "[Shogi notation](https://en.wikipedia.org/wiki/Shogi_notation)". The styles in
//! use, with the one this module writes by default:
//!
//! | style | `7g7f` | `6i5h`, another gold can reach | `G*5h` | used by |
//! |---|---|---|---|---|
//! | letter ranks (**default**) | `P-7f` | `G6i-5h` | `G*5h` | Hodges; lishogi "westernEngine"; Fairy-Stockfish `HODGES` |
//! | numeric ranks ([`WesternOptions::with_numeric_ranks`]) | `P-76` | `G69-58` | `G*58` | lishogi "western", 81Dojo; Fairy-Stockfish `HODGES_NUMBER` |
//! | Hosking (read only) | `P76` | `G69-58` | `G'58` | Hosking (1996); Fairy-Stockfish `HOSKING` |
//!
//! Reading is done in two steps: [`parse`] reads the text without a position and gives a
//! [`WesternMove`]; [`WesternMove::resolve`] finds the one legal move it names. The reader
//! accepts both rank styles, `D`/`H`/`T` for dragon, horse and tokin, `'` for a drop (Hosking),
//! a missing `-`, and `x` or `-` whatever the position holds on the destination; a missing
//! promotion suffix means the move does not promote. [`WesternMove::resolve_strict`] is the
//! strict mode: a move that could promote must say `+` or `=`.
//!
//! ```
//! use shogi_movegen::Position;
//! use shogi_notation::western::{self, WesternOptions};
//! use shogi_types::Move;
//!
//! let pos: Position = Position::start();
//! let m: Move = "7g7f".parse()?;
//! assert_eq!(western::write(&pos, m)?, "P-7f");
//! assert_eq!(western::write_with(&pos, m, WesternOptions::new().with_numeric_ranks(true))?, "P-76");
//! assert_eq!(western::parse("P-76")?.resolve(&pos)?, m);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::string::String;
use core::fmt;
use core::str::FromStr;

use shogi_movegen::{IllegalMove, Position, PositionVisitor, VariantHooks, VisitPosition};
use shogi_types::{Move, PieceKind, Square};

use crate::resolve::{self, ResolveError};

/// How [`write_with`] and [`WesternMove::to_text`] write a move.
///
/// The default is Hodges style with letter ranks and `+R`/`+B` for dragon and horse (`P-7f`,
/// `+R1c-2d`).
///
/// ```
/// use shogi_notation::western::WesternOptions;
///
/// let opts = WesternOptions::new().with_numeric_ranks(true).with_dragon_horse_letters(true);
/// assert!(opts.numeric_ranks() && opts.dragon_horse_letters());
/// assert_eq!(WesternOptions::default(), WesternOptions::new());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct WesternOptions {
    numeric_ranks: bool,
    dragon_horse_letters: bool,
}

impl WesternOptions {
    /// The default style: letter ranks (`7f`), `+R` and `+B`.
    #[must_use]
    pub const fn new() -> WesternOptions {
        WesternOptions {
            numeric_ranks: false,
            dragon_horse_letters: false,
        }
    }

    /// Writes ranks as digits (`P-76`, `G69-58`: lishogi's "western", 81Dojo) instead of
    /// letters.
    #[must_use]
    pub const fn with_numeric_ranks(mut self, yes: bool) -> WesternOptions {
        self.numeric_ranks = yes;
        self
    }

    /// Writes `D` for a dragon and `H` for a horse instead of `+R` and `+B`.
    #[must_use]
    pub const fn with_dragon_horse_letters(mut self, yes: bool) -> WesternOptions {
        self.dragon_horse_letters = yes;
        self
    }

    /// Whether ranks are written as digits.
    #[must_use]
    pub const fn numeric_ranks(self) -> bool {
        self.numeric_ranks
    }

    /// Whether dragon and horse are written `D` and `H`.
    #[must_use]
    pub const fn dragon_horse_letters(self) -> bool {
        self.dragon_horse_letters
    }
}

/// The movement sign of a Western move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Movement {
    /// `-`: a move to an empty square.
    Move,
    /// `x`: a capture.
    Capture,
    /// `*` (or Hosking's `'`): a drop.
    Drop,
    /// No sign (Hosking's compact `P76`): a board move, capture or not.
    Omitted,
}

/// A Western move as read from text, before it is matched against a position.
///
/// Writing it ([`Display`](fmt::Display) uses [`WesternOptions::new`]) gives back Hodges
/// notation; [`resolve`](WesternMove::resolve) finds the legal move it names.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct WesternMove {
    /// The moving or dropped piece, promoted kinds included (`+R` and `D` are both
    /// [`PieceKind::Dragon`]).
    pub piece: PieceKind,
    /// The origin square, written only when needed to tell pieces apart.
    pub from: Option<Square>,
    /// The movement sign.
    pub movement: Movement,
    /// The destination.
    pub to: Square,
    /// `Some(true)` for `+`, `Some(false)` for `=`, `None` for no suffix.
    pub promotion: Option<bool>,
}

/// The error returned when text cannot be read as a Western move.
///
/// Offsets are byte offsets in the text given to [`parse`].
///
/// ```
/// use shogi_notation::western::{self, ParseWesternError};
///
/// let err = western::parse("P-7j").unwrap_err();
/// assert_eq!(err, ParseWesternError::ExpectedSquare { offset: 2 });
/// assert_eq!(err.to_string(), "western: expected a square (file 1-9, rank a-i or 1-9) at byte 2");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseWesternError {
    /// The text is empty.
    #[error("western: empty, expected a move such as 'P-7f'")]
    Empty,
    /// No piece letter where one was expected.
    #[error(
        "western: expected a piece (P L N S G B R K, +P +L +N +S +B +R, D H T) at byte {offset}"
    )]
    ExpectedPiece {
        /// The byte offset.
        offset: usize,
    },
    /// No square where one was expected.
    #[error("western: expected a square (file 1-9, rank a-i or 1-9) at byte {offset}")]
    ExpectedSquare {
        /// The byte offset.
        offset: usize,
    },
    /// A drop of a piece that cannot be in hand (a promoted piece or the king).
    #[error("western: the piece at byte {offset} cannot be dropped")]
    BadDropPiece {
        /// The byte offset of the piece.
        offset: usize,
    },
    /// A drop with an origin square.
    #[error("western: a drop has no origin square, found one at byte {offset}")]
    DropWithOrigin {
        /// The byte offset of the origin square.
        offset: usize,
    },
    /// A drop with a promotion suffix.
    #[error("western: a drop takes no promotion suffix, found one at byte {offset}")]
    DropWithPromotion {
        /// The byte offset of the suffix.
        offset: usize,
    },
    /// Text after the move.
    #[error("western: unexpected text at byte {offset}, expected the end of the move")]
    Trailing {
        /// The byte offset of the first unexpected byte.
        offset: usize,
    },
}

impl ParseWesternError {
    /// The byte offset where reading failed (0 for [`Empty`](ParseWesternError::Empty)).
    #[must_use]
    pub const fn offset(&self) -> usize {
        match *self {
            ParseWesternError::Empty => 0,
            ParseWesternError::ExpectedPiece { offset }
            | ParseWesternError::ExpectedSquare { offset }
            | ParseWesternError::BadDropPiece { offset }
            | ParseWesternError::DropWithOrigin { offset }
            | ParseWesternError::DropWithPromotion { offset }
            | ParseWesternError::Trailing { offset } => offset,
        }
    }
}

/// Reads a square at `pos`: a file digit and a rank letter `a`–`i` or digit `1`–`9`.
fn square_at(bytes: &[u8], pos: usize) -> Option<Square> {
    let file = bytes.get(pos)?.checked_sub(b'0')?;
    let rank = match *bytes.get(pos + 1)? {
        r @ b'a'..=b'i' => r - b'a' + 1,
        r @ b'1'..=b'9' => r - b'0',
        _ => return None,
    };
    if !(1..=9).contains(&file) {
        return None;
    }
    Square::from_file_rank(file, rank)
}

/// Reads the piece at the start of `bytes`; returns it and its length in bytes.
fn piece_at(bytes: &[u8]) -> Result<(PieceKind, usize), ParseWesternError> {
    let err = ParseWesternError::ExpectedPiece { offset: 0 };
    let letter = |b: u8| match b {
        b'P' => Some(PieceKind::Pawn),
        b'L' => Some(PieceKind::Lance),
        b'N' => Some(PieceKind::Knight),
        b'S' => Some(PieceKind::Silver),
        b'G' => Some(PieceKind::Gold),
        b'B' => Some(PieceKind::Bishop),
        b'R' => Some(PieceKind::Rook),
        b'K' => Some(PieceKind::King),
        _ => None,
    };
    match bytes.first() {
        None => Err(ParseWesternError::Empty),
        Some(b'+') => {
            let base = bytes.get(1).and_then(|&b| letter(b));
            match base.and_then(PieceKind::promote) {
                Some(kind) => Ok((kind, 2)),
                None => Err(ParseWesternError::ExpectedPiece { offset: 1 }),
            }
        }
        Some(b'D') => Ok((PieceKind::Dragon, 1)),
        Some(b'H') => Ok((PieceKind::Horse, 1)),
        Some(b'T') => Ok((PieceKind::ProPawn, 1)),
        Some(&b) => letter(b).map(|k| (k, 1)).ok_or(err),
    }
}

/// Reads a Western move; the text must be exactly the move (no surrounding spaces).
///
/// # Errors
/// A [`ParseWesternError`] saying where the text stops being a move.
///
/// # Examples
/// ```
/// use shogi_notation::western::{self, Movement};
/// use shogi_types::{PieceKind, Square};
///
/// let m = western::parse("G6i-5h")?;
/// assert_eq!(m.piece, PieceKind::Gold);
/// assert_eq!(m.from, Some(Square::SQ_6I));
/// assert_eq!(m.to, Square::SQ_5H);
/// assert_eq!(western::parse("D13-24")?, western::parse("+R1c-2d")?);
/// assert_eq!(western::parse("P'5e")?.movement, Movement::Drop);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse(text: &str) -> Result<WesternMove, ParseWesternError> {
    let bytes = text.as_bytes();
    let (piece, mut pos) = piece_at(bytes)?;
    let expect_square =
        |pos: usize| square_at(bytes, pos).ok_or(ParseWesternError::ExpectedSquare { offset: pos });
    let movement_at = |pos: usize| match bytes.get(pos) {
        Some(b'-') => Some(Movement::Move),
        Some(b'x') => Some(Movement::Capture),
        Some(b'*' | b'\'') => Some(Movement::Drop),
        _ => None,
    };
    let (from, movement, to) = if let Some(movement) = movement_at(pos) {
        let to = expect_square(pos + 1)?;
        pos += 3;
        (None, movement, to)
    } else {
        let first = expect_square(pos)?;
        let origin_offset = pos;
        pos += 2;
        if let Some(movement) = movement_at(pos) {
            if movement == Movement::Drop {
                return Err(ParseWesternError::DropWithOrigin {
                    offset: origin_offset,
                });
            }
            let to = expect_square(pos + 1)?;
            pos += 3;
            (Some(first), movement, to)
        } else if let Some(to) = square_at(bytes, pos) {
            pos += 2;
            (Some(first), Movement::Omitted, to)
        } else {
            (None, Movement::Omitted, first)
        }
    };
    let promotion = match bytes.get(pos) {
        Some(b'+') => Some(true),
        Some(b'=') => Some(false),
        _ => None,
    };
    if movement == Movement::Drop {
        if !piece.is_hand_kind() {
            return Err(ParseWesternError::BadDropPiece { offset: 0 });
        }
        if promotion.is_some() {
            return Err(ParseWesternError::DropWithPromotion { offset: pos });
        }
    }
    if promotion.is_some() {
        pos += 1;
    }
    if pos < bytes.len() {
        return Err(ParseWesternError::Trailing { offset: pos });
    }
    Ok(WesternMove {
        piece,
        from,
        movement,
        to,
        promotion,
    })
}

impl FromStr for WesternMove {
    type Err = ParseWesternError;

    fn from_str(s: &str) -> Result<WesternMove, ParseWesternError> {
        parse(s)
    }
}

impl WesternMove {
    /// Finds the legal move of `pos` that this notation names.
    ///
    /// A move matches when it moves (or, for a drop, drops) a piece of kind
    /// [`piece`](WesternMove::piece) to [`to`](WesternMove::to), from
    /// [`from`](WesternMove::from) if given, and promotes exactly when the suffix is `+`. The
    /// movement sign `-`/`x` is not checked against the position.
    ///
    /// `pos` is a [`Position<R>`] of any rules or any other [`VisitPosition`], such as a
    /// position whose variant is chosen at run time.
    ///
    /// # Errors
    /// [`ResolveError::NoMatchingMove`] or [`ResolveError::Ambiguous`] with the candidates.
    ///
    /// # Examples
    /// ```
    /// use shogi_movegen::Position;
    /// use shogi_notation::{ResolveError, western};
    /// use shogi_types::Setup as Sfen;
    ///
    /// let pos: Position = Position::from_setup("8k/9/9/9/9/9/9/9/K2G1G3 b - 1".parse::<Sfen>()?)?;
    /// assert_eq!(western::parse("G6i-5h")?.resolve(&pos)?.to_string(), "6i5h");
    /// let err = western::parse("G-5h")?.resolve(&pos).unwrap_err();
    /// assert!(matches!(err, ResolveError::Ambiguous { candidates } if candidates.len() == 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve<P: VisitPosition + ?Sized>(&self, pos: &P) -> Result<Move, ResolveError> {
        pos.visit(Resolve {
            notation: self,
            strict: false,
        })
    }

    /// [`WesternMove::resolve`] for a typed position.
    fn resolve_in<R: VariantHooks>(&self, pos: &Position<R>) -> Result<Move, ResolveError> {
        let promote = self.promotion == Some(true);
        let candidates = pos
            .legal_moves()
            .iter()
            .copied()
            .filter(|&m| match m {
                Move::Drop { kind, to } => {
                    self.movement == Movement::Drop && kind == self.piece && to == self.to
                }
                Move::Normal {
                    from,
                    to,
                    promote: p,
                } => {
                    self.movement != Movement::Drop
                        && to == self.to
                        && p == promote
                        && self.from.is_none_or(|f| f == from)
                        && pos.piece_at(from).is_some_and(|pc| pc.kind == self.piece)
                }
            })
            .collect();
        resolve::single(candidates)
    }

    /// Like [`resolve`](WesternMove::resolve), in strict mode: a move that could promote must
    /// carry `+` or `=`, and `=` is refused where no promotion was possible.
    ///
    /// `pos` is any [`VisitPosition`], as for [`resolve`](WesternMove::resolve).
    ///
    /// # Errors
    /// As [`resolve`](WesternMove::resolve), and [`ResolveError::PromotionSuffix`].
    ///
    /// # Examples
    /// ```
    /// use shogi_movegen::Position;
    /// use shogi_notation::{ResolveError, western};
    ///
    /// let mut pos: Position = Position::start();
    /// for m in ["7g7f", "3c3d"] {
    ///     pos.play(m.parse()?)?;
    /// }
    /// assert_eq!(western::parse("Bx2b=")?.resolve_strict(&pos)?.to_string(), "8h2b");
    /// assert_eq!(
    ///     western::parse("Bx2b")?.resolve_strict(&pos),
    ///     Err(ResolveError::PromotionSuffix { required: true })
    /// );
    /// assert_eq!(
    ///     western::parse("P-2f=")?.resolve_strict(&pos),
    ///     Err(ResolveError::PromotionSuffix { required: false })
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve_strict<P: VisitPosition + ?Sized>(&self, pos: &P) -> Result<Move, ResolveError> {
        pos.visit(Resolve {
            notation: self,
            strict: true,
        })
    }

    /// [`WesternMove::resolve_strict`] for a typed position.
    fn resolve_strict_in<R: VariantHooks>(&self, pos: &Position<R>) -> Result<Move, ResolveError> {
        let m = self.resolve_in(pos)?;
        if let Move::Normal {
            from,
            to,
            promote: false,
        } = m
        {
            let possible = resolve::could_promote(pos, from, to);
            match (possible, self.promotion) {
                (true, None) => return Err(ResolveError::PromotionSuffix { required: true }),
                (false, Some(false)) => {
                    return Err(ResolveError::PromotionSuffix { required: false });
                }
                _ => {}
            }
        }
        Ok(m)
    }

    /// Writes the move in the style `options` chooses.
    ///
    /// ```
    /// use shogi_notation::western::{self, WesternOptions};
    ///
    /// let m = western::parse("+R1c-2d")?;
    /// let opts = WesternOptions::new().with_numeric_ranks(true).with_dragon_horse_letters(true);
    /// assert_eq!(m.to_text(opts), "D13-24");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn to_text(&self, options: WesternOptions) -> String {
        let mut out = String::with_capacity(8);
        let letters = match self.piece {
            PieceKind::Dragon if options.dragon_horse_letters => "D",
            PieceKind::Horse if options.dragon_horse_letters => "H",
            PieceKind::Pawn => "P",
            PieceKind::Lance => "L",
            PieceKind::Knight => "N",
            PieceKind::Silver => "S",
            PieceKind::Gold => "G",
            PieceKind::Bishop => "B",
            PieceKind::Rook => "R",
            PieceKind::King => "K",
            PieceKind::ProPawn => "+P",
            PieceKind::ProLance => "+L",
            PieceKind::ProKnight => "+N",
            PieceKind::ProSilver => "+S",
            PieceKind::Horse => "+B",
            PieceKind::Dragon => "+R",
        };
        out.push_str(letters);
        let push_square = |out: &mut String, sq: Square| {
            out.push(char::from(b'0' + sq.file().get()));
            let rank = sq.rank().get();
            out.push(char::from(if options.numeric_ranks {
                b'0' + rank
            } else {
                b'a' + rank - 1
            }));
        };
        if let Some(from) = self.from {
            push_square(&mut out, from);
        }
        match self.movement {
            Movement::Move => out.push('-'),
            Movement::Capture => out.push('x'),
            Movement::Drop => out.push('*'),
            Movement::Omitted => {}
        }
        push_square(&mut out, self.to);
        match self.promotion {
            Some(true) => out.push('+'),
            Some(false) => out.push('='),
            None => {}
        }
        out
    }
}

impl fmt::Display for WesternMove {
    /// Writes the move with [`WesternOptions::new`] (`P-7f`, `+R1c-2d`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text(WesternOptions::new()))
    }
}

/// Describes the legal move `m` of `pos` as a [`WesternMove`]: piece, origin if another piece
/// of the same kind attacks the destination (pins ignored), `x` for a capture, and the
/// promotion suffix (`=` only when promoting would also have been legal).
///
/// `pos` is a [`Position<R>`] of any rules or any other [`VisitPosition`], such as a position
/// whose variant is chosen at run time.
///
/// # Errors
/// [`IllegalMove`] if `m` is not legal in `pos`.
///
/// # Examples
/// ```
/// use shogi_movegen::Position;
/// use shogi_notation::western::{self, Movement};
///
/// let pos: Position = Position::start();
/// let w = western::describe(&pos, "7g7f".parse()?)?;
/// assert_eq!(w.movement, Movement::Move);
/// assert_eq!(w.from, None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn describe<P: VisitPosition + ?Sized>(pos: &P, m: Move) -> Result<WesternMove, IllegalMove> {
    pos.visit(Describe(m))
}

/// [`WesternMove::resolve`] and [`WesternMove::resolve_strict`] as a [`PositionVisitor`].
struct Resolve<'a> {
    notation: &'a WesternMove,
    strict: bool,
}

impl PositionVisitor for Resolve<'_> {
    type Output = Result<Move, ResolveError>;

    fn visit<R: VariantHooks>(self, pos: &Position<R>) -> Self::Output {
        if self.strict {
            self.notation.resolve_strict_in(pos)
        } else {
            self.notation.resolve_in(pos)
        }
    }
}

/// [`describe`] as a [`PositionVisitor`].
struct Describe(Move);

impl PositionVisitor for Describe {
    type Output = Result<WesternMove, IllegalMove>;

    fn visit<R: VariantHooks>(self, pos: &Position<R>) -> Self::Output {
        describe_in(pos, self.0)
    }
}

/// [`describe`] for a typed position.
fn describe_in<R: VariantHooks>(pos: &Position<R>, m: Move) -> Result<WesternMove, IllegalMove> {
    resolve::check_legal(pos, m)?;
    Ok(match m {
        Move::Drop { kind, to } => WesternMove {
            piece: kind,
            from: None,
            movement: Movement::Drop,
            to,
            promotion: None,
        },
        Move::Normal { from, to, promote } => {
            // A legal move always starts from one of the mover's pieces; the fallback is
            // never taken.
            let piece = pos.piece_at(from).map_or(PieceKind::King, |p| p.kind);
            let ambiguous = resolve::same_kind_attackers(pos, piece, to).len() > 1;
            let promotion = if promote {
                Some(true)
            } else if resolve::could_promote(pos, from, to) {
                Some(false)
            } else {
                None
            };
            WesternMove {
                piece,
                from: ambiguous.then_some(from),
                movement: if pos.piece_at(to).is_some() {
                    Movement::Capture
                } else {
                    Movement::Move
                },
                to,
                promotion,
            }
        }
    })
}

/// Writes the legal move `m` of `pos` in the default Hodges style (`P-7f`, `Bx2b+`, `G6i-5h`,
/// `P*5e`).
///
/// `pos` is a [`Position<R>`] of any rules or any other [`VisitPosition`], such as a position
/// whose variant is chosen at run time.
///
/// # Errors
/// [`IllegalMove`] if `m` is not legal in `pos`.
///
/// # Examples
/// ```
/// use shogi_movegen::Position;
/// use shogi_notation::western;
///
/// let mut pos: Position = Position::start();
/// for usi in ["7g7f", "3c3d"] {
///     pos.play(usi.parse()?)?;
/// }
/// assert_eq!(western::write(&pos, "8h2b+".parse()?)?, "Bx2b+");
/// assert_eq!(western::write(&pos, "8h2b".parse()?)?, "Bx2b=");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write<P: VisitPosition + ?Sized>(pos: &P, m: Move) -> Result<String, IllegalMove> {
    write_with(pos, m, WesternOptions::new())
}

/// Writes the legal move `m` of `pos` in the style `options` chooses.
///
/// `pos` is a [`Position<R>`] of any rules or any other [`VisitPosition`], such as a position
/// whose variant is chosen at run time.
///
/// # Errors
/// [`IllegalMove`] if `m` is not legal in `pos`.
pub fn write_with<P: VisitPosition + ?Sized>(
    pos: &P,
    m: Move,
    options: WesternOptions,
) -> Result<String, IllegalMove> {
    Ok(describe(pos, m)?.to_text(options))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_shape() {
        let cases = [
            "P-7f", "P-76", "P76", "Bx2b+", "Bx22=", "G6i-5h", "G69-58", "G6958", "+R1c-2d",
            "D13-24", "H1a", "T-5c", "P*5e", "P'58", "S5cx4d",
        ];
        for text in cases {
            assert!(parse(text).is_ok(), "{text}");
        }
    }

    #[test]
    fn errors_point_at_the_fault() {
        let cases: [(&str, ParseWesternError); 11] = [
            ("", ParseWesternError::Empty),
            ("Q-7f", ParseWesternError::ExpectedPiece { offset: 0 }),
            ("+G-5h", ParseWesternError::ExpectedPiece { offset: 1 }),
            ("+", ParseWesternError::ExpectedPiece { offset: 1 }),
            ("P-0f", ParseWesternError::ExpectedSquare { offset: 2 }),
            ("P-7", ParseWesternError::ExpectedSquare { offset: 2 }),
            ("+P*5e", ParseWesternError::BadDropPiece { offset: 0 }),
            ("P7g*7f", ParseWesternError::DropWithOrigin { offset: 1 }),
            ("P*5e+", ParseWesternError::DropWithPromotion { offset: 4 }),
            ("P-7f ", ParseWesternError::Trailing { offset: 4 }),
            ("P-7f++", ParseWesternError::Trailing { offset: 5 }),
        ];
        for (text, err) in cases {
            assert_eq!(parse(text), Err(err.clone()), "{text}");
            assert!(err.offset() <= text.len());
        }
    }

    #[test]
    fn multibyte_text_is_an_error_not_a_panic() {
        for text in ["歩", "P-７f", "P-7f歩", "P\u{3000}7f"] {
            assert!(parse(text).is_err(), "{text}");
        }
    }
}
