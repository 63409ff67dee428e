//! Japanese move notation (棋譜の表記, kifu no hyōki), as in KI2 records and newspapers:
//! `▲７六歩`, `△同　歩`, `▲５五角打`, `▲２二角成`, `▲２四銀不成`, `▲５二金右`.
//!
//! A move is written `mark · destination · piece · relative position · motion · 成|不成|打`:
//! - the mark `▲` for Black (sente) or `△` for White (gote);
//! - the destination as a full-width file digit and a kanji rank (`７六`), or `同　` (同 and a
//!   full-width space) when it is the destination of the previous move;
//! - the piece name: 歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍;
//! - when another piece *of the same name and colour* could also move to the destination
//!   (pins ignored), the Japan Shogi Association's words, in this order of preference:
//!   1. the motion alone: `上` (forward), `寄` (sideways), `引` (backward), seen from the mover;
//!   2. else the relative position: `直` for a gold-like piece (金 と 成香 成桂 成銀) or a silver
//!      moving straight forward, otherwise `右`/`左` for the piece on the mover's right/left
//!      (White's right is the file-9 side); 竜 and 馬 never use `直`;
//!   3. else both, position first (`左上`);
//! - `成` when the move promotes, `不成` when it could have promoted and did not; `打` for a
//!   drop only when a board piece of the same name could also reach the square (otherwise a
//!   drop is written bare, `５八金`).
//!
//! Sources: the JSA notation guide, 日本将棋連盟「[棋譜の表記方法](https://www.shogi.or.jp/faq/kihuhyouki.html)」,
//! and Wikipedia (ja) [棋譜](https://ja.wikipedia.org/wiki/棋譜) (「右」「左」「直」). The
//! worked examples of the crate's tests (`tests/japanese.rs`) were checked against tsshogi
//! 2.2.0 and shogiops 0.18.0.
//!
//! **Writer choices**: `▲`/`△` (not ☗☖, which Shift_JIS cannot hold), `玉` for both
//! kings (the JSA writes 玉 for the king of either side; 王 is read as a synonym), `龍` (竜
//! read as a synonym), `上` (行 and 入 read as synonyms), `同　` with a full-width space before
//! every piece name. In positions where no JSA word singles the piece out (more pieces of a
//! kind than a game can hold), the writer appends the origin as old KI2 files do: `５五金(56)`.
//!
//! Reading is done in two steps: [`parse`] reads the text without a position and gives a
//! [`JapaneseMove`]; [`JapaneseMove::resolve`] finds the one legal move it names, given the
//! previous move for `同`. The reader also accepts: no mark, or `☗ ☖ ▼ ▽`; `同` with or
//! without a space (half- or full-width); destinations as `７六`, `76`, `7六` or `７６`; `竜`,
//! `王`, `杏 圭 全` for 成香 成桂 成銀; `行`/`入` for `上`; `生` for `不成`; a missing `不成`;
//! redundant position and motion words; and an origin suffix `(77)`. It filters the legal
//! moves by destination, piece, promotion and drop first, then by the words.
//!
//! ```
//! use shogi_movegen::Position;
//! use shogi_notation::japanese;
//! use shogi_types::Move;
//!
//! let mut pos: Position = Position::start();
//! let m: Move = "7g7f".parse()?;
//! assert_eq!(japanese::write(&pos, m, None)?, "▲７六歩");
//! pos.play(m)?;
//! let reply = japanese::parse("△3四歩")?.resolve(&pos, Some(m))?;
//! assert_eq!(reply.to_string(), "3c3d");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use shogi_movegen::{IllegalMove, Position, PositionVisitor, VariantHooks, VisitPosition};
use shogi_types::{Color, Move, PieceKind, Square};

use crate::resolve::{self, ResolveError};

/// Where a Japanese move goes: a square, or `同` (the previous move's destination).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Destination {
    /// A written square (`７六`).
    Square(Square),
    /// `同` (dō): the square of the previous move.
    #[doc(alias = "dou")]
    Same,
}

/// A relative-position word: which of the candidate pieces moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Relative {
    /// `右` (migi): the piece on the mover's right.
    #[doc(alias = "migi")]
    Right,
    /// `左` (hidari): the piece on the mover's left.
    #[doc(alias = "hidari")]
    Left,
    /// `直` (sugu): the piece moving straight forward.
    #[doc(alias = "sugu")]
    Straight,
}

/// A motion word: how the piece moves, seen from its owner's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Motion {
    /// `上` (agaru; also read `行`, `入`): at least one rank forward.
    #[doc(alias = "agaru")]
    Up,
    /// `寄` (yoru): sideways, along the rank.
    #[doc(alias = "yoru")]
    Sideways,
    /// `引` (hiku): at least one rank backward.
    #[doc(alias = "hiku")]
    Back,
}

/// A Japanese move as read from text, before it is matched against a position.
///
/// Writing it ([`Display`](fmt::Display)) gives the writer's style (`▲５二金右`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct JapaneseMove {
    /// The side mark (`▲` Black, `△` White), if written.
    pub color: Option<Color>,
    /// The destination.
    pub to: Destination,
    /// The piece name (`竜` and `龍` are both [`PieceKind::Dragon`], `玉` and `王` both
    /// [`PieceKind::King`]).
    pub piece: PieceKind,
    /// `右`, `左` or `直`, if written.
    pub relative: Option<Relative>,
    /// `上`, `寄` or `引`, if written.
    pub motion: Option<Motion>,
    /// `Some(true)` for `成`, `Some(false)` for `不成`/`生`, `None` for neither.
    pub promotion: Option<bool>,
    /// Whether `打` (drop) is written.
    pub drop: bool,
    /// The origin suffix of old KI2 files (`(77)`), if written.
    pub from: Option<Square>,
}

/// The error returned when text cannot be read as a Japanese move.
///
/// Offsets are byte offsets in the text given to [`parse`], always on a character boundary.
///
/// ```
/// use shogi_notation::japanese::{self, ParseJapaneseError};
///
/// let err = japanese::parse("▲７十歩").unwrap_err();
/// assert_eq!(err, ParseJapaneseError::ExpectedRank { offset: 6 });
/// assert_eq!(err.to_string(), "japanese: expected a rank (一 to 九 or a digit) at byte 6");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseJapaneseError {
    /// The text is empty (or holds only a side mark).
    #[error("japanese: empty, expected a move such as '▲７六歩'")]
    Empty,
    /// Neither a file digit nor `同` where the destination should start.
    #[error("japanese: expected a destination (a file digit or '同') at byte {offset}")]
    ExpectedDestination {
        /// The byte offset.
        offset: usize,
    },
    /// No rank after the file digit.
    #[error("japanese: expected a rank (一 to 九 or a digit) at byte {offset}")]
    ExpectedRank {
        /// The byte offset.
        offset: usize,
    },
    /// No piece name after the destination.
    #[error(
        "japanese: expected a piece name (歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍) at byte {offset}"
    )]
    ExpectedPiece {
        /// The byte offset.
        offset: usize,
    },
    /// A second word of the same group (`右左`, `上引`, `成打`).
    #[error("japanese: a second word of the same kind at byte {offset}")]
    RepeatedWord {
        /// The byte offset of the second word.
        offset: usize,
    },
    /// `打` with `成`/`不成`, or `打` for a piece that cannot be dropped.
    #[error("japanese: '打' does not fit this piece or suffix at byte {offset}")]
    BadDrop {
        /// The byte offset of `打`.
        offset: usize,
    },
    /// An origin suffix that is not `(` file digit, rank digit `)`.
    #[error("japanese: expected an origin such as '(77)' at byte {offset}")]
    BadOrigin {
        /// The byte offset of what was found.
        offset: usize,
    },
    /// Text after the move.
    #[error("japanese: unexpected text at byte {offset}, expected the end of the move")]
    Trailing {
        /// The byte offset of the first unexpected character.
        offset: usize,
    },
}

impl ParseJapaneseError {
    /// The byte offset where reading failed (0 for [`Empty`](ParseJapaneseError::Empty)).
    #[must_use]
    pub const fn offset(&self) -> usize {
        match *self {
            ParseJapaneseError::Empty => 0,
            ParseJapaneseError::ExpectedDestination { offset }
            | ParseJapaneseError::ExpectedRank { offset }
            | ParseJapaneseError::ExpectedPiece { offset }
            | ParseJapaneseError::RepeatedWord { offset }
            | ParseJapaneseError::BadDrop { offset }
            | ParseJapaneseError::BadOrigin { offset }
            | ParseJapaneseError::Trailing { offset } => offset,
        }
    }
}

/// The kanji numerals 一 to 九: the ranks in Japanese notation, KIF board diagrams and counts.
pub const KANJI_DIGITS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];
/// The full-width digits １ to ９: the files in Japanese notation.
pub const WIDE_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];

/// A digit 1–9 written half-width, full-width or (if `kanji`) as a kanji numeral.
fn digit(c: char, kanji: bool) -> Option<u8> {
    let d = match c {
        '1'..='9' => c as u32 - '0' as u32,
        '１'..='９' => c as u32 - '０' as u32,
        _ if kanji => KANJI_DIGITS.iter().position(|&k| k == c)? as u32 + 1,
        _ => return None,
    };
    u8::try_from(d).ok()
}

/// The piece names, two-character names first so that `成銀` is not read as `成` + `銀`.
const PIECE_NAMES: [(&str, PieceKind); 19] = [
    ("成香", PieceKind::ProLance),
    ("成桂", PieceKind::ProKnight),
    ("成銀", PieceKind::ProSilver),
    ("歩", PieceKind::Pawn),
    ("香", PieceKind::Lance),
    ("桂", PieceKind::Knight),
    ("銀", PieceKind::Silver),
    ("金", PieceKind::Gold),
    ("角", PieceKind::Bishop),
    ("飛", PieceKind::Rook),
    ("玉", PieceKind::King),
    ("王", PieceKind::King),
    ("と", PieceKind::ProPawn),
    ("杏", PieceKind::ProLance),
    ("圭", PieceKind::ProKnight),
    ("全", PieceKind::ProSilver),
    ("馬", PieceKind::Horse),
    ("龍", PieceKind::Dragon),
    ("竜", PieceKind::Dragon),
];

/// The full-width file digit and kanji rank of `sq` (`７`, `六`), as Japanese notation
/// writes the square.
///
/// ```
/// use shogi_notation::japanese::square_chars;
/// use shogi_types::Square;
/// assert_eq!(square_chars(Square::SQ_7F), ['７', '六']);
/// ```
#[must_use]
pub fn square_chars(sq: Square) -> [char; 2] {
    let file = usize::from(sq.file().get() - 1);
    let rank = usize::from(sq.rank().get() - 1);
    [
        WIDE_DIGITS.get(file).copied().unwrap_or('？'),
        KANJI_DIGITS.get(rank).copied().unwrap_or('？'),
    ]
}

/// The kind of a one-character piece name (`歩`, `王`, `竜`, `全`, …), as KIF board diagrams
/// and hands write pieces; `None` for any other character (two-character names such as `成銀`
/// have no one-character form here).
///
/// ```
/// use shogi_notation::japanese::piece_from_char;
/// use shogi_types::PieceKind;
/// assert_eq!(piece_from_char('竜'), Some(PieceKind::Dragon));
/// assert_eq!(piece_from_char('x'), None);
/// ```
#[must_use]
pub fn piece_from_char(c: char) -> Option<PieceKind> {
    PIECE_NAMES
        .iter()
        .find(|(name, _)| name.chars().eq([c]))
        .map(|&(_, kind)| kind)
}

/// The name the writer uses for `kind` (also the KIF and KI2 piece names): `歩`, `成香`, `龍`…
///
/// ```
/// use shogi_notation::japanese::piece_name;
/// use shogi_types::PieceKind;
/// assert_eq!(piece_name(PieceKind::ProSilver), "成銀");
/// ```
#[must_use]
pub const fn piece_name(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Pawn => "歩",
        PieceKind::Lance => "香",
        PieceKind::Knight => "桂",
        PieceKind::Silver => "銀",
        PieceKind::Gold => "金",
        PieceKind::Bishop => "角",
        PieceKind::Rook => "飛",
        PieceKind::King => "玉",
        PieceKind::ProPawn => "と",
        PieceKind::ProLance => "成香",
        PieceKind::ProKnight => "成桂",
        PieceKind::ProSilver => "成銀",
        PieceKind::Horse => "馬",
        PieceKind::Dragon => "龍",
    }
}

/// A reading position in the text.
struct Cursor<'a> {
    text: &'a str,
    pos: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        self.text.get(self.pos..)?.chars().next()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += c.len_utf8();
        Some(c)
    }

    fn eat(&mut self, word: &str) -> bool {
        let found = self
            .text
            .get(self.pos..)
            .is_some_and(|t| t.starts_with(word));
        if found {
            self.pos += word.len();
        }
        found
    }
}

/// Reads a Japanese move; the text must be exactly the move (no surrounding spaces).
///
/// # Errors
/// A [`ParseJapaneseError`] saying where the text stops being a move.
///
/// # Examples
/// ```
/// use shogi_notation::japanese::{self, Destination, Motion, Relative};
/// use shogi_types::{Color, PieceKind, Square};
///
/// let m = japanese::parse("▲５二金左上")?;
/// assert_eq!(m.color, Some(Color::Black));
/// assert_eq!(m.to, Destination::Square(Square::SQ_5B));
/// assert_eq!((m.piece, m.relative, m.motion), (PieceKind::Gold, Some(Relative::Left), Some(Motion::Up)));
/// assert_eq!(japanese::parse("同竜行")?, japanese::parse("同　龍上")?);
/// assert_eq!(japanese::parse("76歩")?, japanese::parse("７六歩")?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn parse(text: &str) -> Result<JapaneseMove, ParseJapaneseError> {
    let mut cur = Cursor { text, pos: 0 };
    let color = match cur.peek() {
        Some('▲' | '☗' | '▼') => Some(Color::Black),
        Some('△' | '☖' | '▽') => Some(Color::White),
        _ => None,
    };
    if color.is_some() {
        cur.bump();
    }
    let start = cur.pos;
    let to = match cur.bump() {
        None => return Err(ParseJapaneseError::Empty),
        Some('同' | '仝') => {
            if matches!(cur.peek(), Some(' ' | '\u{3000}')) {
                cur.bump();
            }
            Destination::Same
        }
        Some(c) => {
            let file =
                digit(c, false).ok_or(ParseJapaneseError::ExpectedDestination { offset: start })?;
            let rank_at = cur.pos;
            let rank = cur
                .bump()
                .and_then(|c| digit(c, true))
                .ok_or(ParseJapaneseError::ExpectedRank { offset: rank_at })?;
            let sq = Square::from_file_rank(file, rank)
                .ok_or(ParseJapaneseError::ExpectedDestination { offset: start })?;
            Destination::Square(sq)
        }
    };
    let piece_at = cur.pos;
    let piece = PIECE_NAMES
        .iter()
        .find(|(name, _)| cur.eat(name))
        .map(|&(_, kind)| kind)
        .ok_or(ParseJapaneseError::ExpectedPiece { offset: piece_at })?;
    let mut m = JapaneseMove {
        color,
        to,
        piece,
        relative: None,
        motion: None,
        promotion: None,
        drop: false,
        from: None,
    };
    let mut suffix_seen = false;
    loop {
        let at = cur.pos;
        let repeated = ParseJapaneseError::RepeatedWord { offset: at };
        if cur.eat("不成") {
            if suffix_seen {
                return Err(repeated);
            }
            suffix_seen = true;
            m.promotion = Some(false);
            continue;
        }
        let Some(c) = cur.peek() else { break };
        let relative = match c {
            '右' => Some(Relative::Right),
            '左' => Some(Relative::Left),
            '直' => Some(Relative::Straight),
            _ => None,
        };
        let motion = match c {
            '上' | '行' | '入' => Some(Motion::Up),
            '寄' => Some(Motion::Sideways),
            '引' => Some(Motion::Back),
            _ => None,
        };
        if relative.is_some() {
            if m.relative.is_some() || suffix_seen {
                return Err(repeated);
            }
            m.relative = relative;
        } else if motion.is_some() {
            if m.motion.is_some() || suffix_seen {
                return Err(repeated);
            }
            m.motion = motion;
        } else if matches!(c, '成' | '生' | '打') {
            if suffix_seen {
                return Err(repeated);
            }
            suffix_seen = true;
            match c {
                '成' => m.promotion = Some(true),
                '生' => m.promotion = Some(false),
                _ => {
                    if !piece.is_hand_kind() {
                        return Err(ParseJapaneseError::BadDrop { offset: at });
                    }
                    m.drop = true;
                }
            }
        } else {
            break;
        }
        cur.bump();
    }
    if matches!(cur.peek(), Some('(' | '（')) {
        let at = cur.pos;
        cur.bump();
        let bad = ParseJapaneseError::BadOrigin { offset: at };
        let file = cur
            .bump()
            .and_then(|c| digit(c, false))
            .ok_or(bad.clone())?;
        let rank = cur.bump().and_then(|c| digit(c, true)).ok_or(bad.clone())?;
        if !matches!(cur.bump(), Some(')' | '）')) || m.drop {
            return Err(bad);
        }
        m.from = Some(Square::from_file_rank(file, rank).ok_or(bad)?);
    }
    if cur.pos < text.len() {
        return Err(ParseJapaneseError::Trailing { offset: cur.pos });
    }
    Ok(m)
}

impl FromStr for JapaneseMove {
    type Err = ParseJapaneseError;

    fn from_str(s: &str) -> Result<JapaneseMove, ParseJapaneseError> {
        parse(s)
    }
}

/// The motion of a board move `from`→`to` seen from `color`'s side.
fn motion_of(color: Color, from: Square, to: Square) -> Motion {
    let from = from.relative_to(color).rank().get();
    let to = to.relative_to(color).rank().get();
    match to.cmp(&from) {
        core::cmp::Ordering::Less => Motion::Up,
        core::cmp::Ordering::Equal => Motion::Sideways,
        core::cmp::Ordering::Greater => Motion::Back,
    }
}

/// Whether `from`→`to` goes straight forward for `color`.
fn is_straight(color: Color, from: Square, to: Square) -> bool {
    from.file() == to.file() && motion_of(color, from, to) == Motion::Up
}

/// Keeps the origins in `froms` that fit `motion` and `relative` for a move to `to` by
/// `color`: the motion first, then the relative word among what is left (`右`/`左` keep the
/// pieces on the rightmost/leftmost file as the mover sees it).
fn qualify(
    froms: &mut Vec<Square>,
    color: Color,
    to: Square,
    relative: Option<Relative>,
    motion: Option<Motion>,
) {
    if let Some(motion) = motion {
        froms.retain(|&f| motion_of(color, f, to) == motion);
    }
    // Files as the mover sees them: 1 is its rightmost file.
    let file = |sq: Square| sq.relative_to(color).file().get();
    match relative {
        None => {}
        Some(Relative::Straight) => froms.retain(|&f| is_straight(color, f, to)),
        Some(Relative::Right) => {
            if let Some(edge) = froms.iter().map(|&f| file(f)).min() {
                froms.retain(|&f| file(f) == edge);
            }
        }
        Some(Relative::Left) => {
            if let Some(edge) = froms.iter().map(|&f| file(f)).max() {
                froms.retain(|&f| file(f) == edge);
            }
        }
    }
}

impl JapaneseMove {
    /// Finds the legal move of `pos` that this notation names; `previous` is the move played
    /// just before (needed for `同`).
    ///
    /// The legal moves are filtered by destination, piece name, promotion (`成` promotes;
    /// `不成`, `生` or nothing does not), drop (`打` keeps only drops; without it a drop is
    /// kept only when no board move fits) and origin suffix; then by the motion word, then by
    /// the position word among what is left. Redundant words that are true are accepted.
    ///
    /// `pos` is a [`Position<R>`] of any rules or any other [`VisitPosition`], such as a
    /// position whose variant is chosen at run time.
    ///
    /// # Errors
    /// [`ResolveError::WrongSide`] if the mark names the side not to move,
    /// [`ResolveError::NoPreviousMove`] for `同` without `previous`,
    /// [`ResolveError::NoMatchingMove`], or [`ResolveError::Ambiguous`] with the candidates.
    ///
    /// # Examples
    /// ```
    /// use shogi_movegen::Position;
    /// use shogi_notation::{ResolveError, japanese};
    /// use shogi_types::Setup as Sfen;
    ///
    /// let pos: Position = Position::from_setup("8k/9/9/9/9/9/9/9/K2G1G3 b - 1".parse::<Sfen>()?)?;
    /// assert_eq!(japanese::parse("▲５八金右")?.resolve(&pos, None)?.to_string(), "4i5h");
    /// let err = japanese::parse("５八金")?.resolve(&pos, None).unwrap_err();
    /// assert!(matches!(err, ResolveError::Ambiguous { candidates } if candidates.len() == 2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn resolve<P: VisitPosition + ?Sized>(
        &self,
        pos: &P,
        previous: Option<Move>,
    ) -> Result<Move, ResolveError> {
        pos.visit(Resolve {
            notation: self,
            previous,
        })
    }

    /// [`JapaneseMove::resolve`] for a typed position.
    fn resolve_in<R: VariantHooks>(
        &self,
        pos: &Position<R>,
        previous: Option<Move>,
    ) -> Result<Move, ResolveError> {
        let color = pos.side_to_move();
        if let Some(mark) = self.color
            && mark != color
        {
            return Err(ResolveError::WrongSide { mark });
        }
        let to = match self.to {
            Destination::Square(sq) => sq,
            Destination::Same => previous.ok_or(ResolveError::NoPreviousMove)?.to(),
        };
        let promote = self.promotion == Some(true);
        let legal = pos.legal_moves();
        let mut froms: Vec<Square> = legal
            .iter()
            .filter_map(|&m| match m {
                Move::Normal {
                    from,
                    to: t,
                    promote: p,
                } if !self.drop
                    && t == to
                    && p == promote
                    && self.from.is_none_or(|f| f == from)
                    && pos.piece_at(from).is_some_and(|pc| pc.kind == self.piece) =>
                {
                    Some(from)
                }
                _ => None,
            })
            .collect();
        if froms.is_empty() {
            // No board move fits: a drop, if the words allow one.
            let drop = Move::Drop {
                kind: self.piece,
                to,
            };
            let fits = self.promotion.is_none()
                && self.relative.is_none()
                && self.motion.is_none()
                && self.from.is_none()
                && legal.contains(&drop);
            return if fits {
                Ok(drop)
            } else {
                Err(ResolveError::NoMatchingMove)
            };
        }
        qualify(&mut froms, color, to, self.relative, self.motion);
        resolve::single(
            froms
                .into_iter()
                .map(|from| Move::Normal { from, to, promote })
                .collect(),
        )
    }
}

impl fmt::Display for JapaneseMove {
    /// Writes the move in the writer's style: `▲７六歩`, `△同　銀`, `▲５二金左上`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use fmt::Write as _;
        match self.color {
            Some(Color::Black) => f.write_char('▲')?,
            Some(Color::White) => f.write_char('△')?,
            None => {}
        }
        match self.to {
            Destination::Same => f.write_str("同\u{3000}")?,
            Destination::Square(sq) => {
                let [file, rank] = square_chars(sq);
                f.write_char(file)?;
                f.write_char(rank)?;
            }
        }
        f.write_str(piece_name(self.piece))?;
        match self.relative {
            Some(Relative::Right) => f.write_char('右')?,
            Some(Relative::Left) => f.write_char('左')?,
            Some(Relative::Straight) => f.write_char('直')?,
            None => {}
        }
        match self.motion {
            Some(Motion::Up) => f.write_char('上')?,
            Some(Motion::Sideways) => f.write_char('寄')?,
            Some(Motion::Back) => f.write_char('引')?,
            None => {}
        }
        match self.promotion {
            Some(true) => f.write_char('成')?,
            Some(false) => f.write_str("不成")?,
            None => {}
        }
        if self.drop {
            f.write_char('打')?;
        }
        if let Some(from) = self.from {
            write!(f, "({}{})", from.file().get(), from.rank().get())?;
        }
        Ok(())
    }
}

/// Whether `kind` moves like a gold (金 と 成香 成桂 成銀) or is a silver: the pieces that take
/// `直` (sugu).
const fn takes_straight(kind: PieceKind) -> bool {
    matches!(
        kind,
        PieceKind::Gold
            | PieceKind::ProPawn
            | PieceKind::ProLance
            | PieceKind::ProKnight
            | PieceKind::ProSilver
            | PieceKind::Silver
    )
}

/// Chooses the JSA words that single out `from` among the pieces at `candidates` (which include
/// `from`), or `None` if no words do.
fn choose_words(
    color: Color,
    kind: PieceKind,
    from: Square,
    to: Square,
    candidates: &[Square],
) -> Option<(Option<Relative>, Option<Motion>)> {
    let singles = |relative: Option<Relative>, motion: Option<Motion>| {
        let mut left = candidates.to_vec();
        qualify(&mut left, color, to, relative, motion);
        left == [from]
    };
    let motion = Some(motion_of(color, from, to));
    if singles(None, motion) {
        return Some((None, motion));
    }
    let mut relatives: Vec<Relative> = Vec::with_capacity(3);
    if takes_straight(kind) && is_straight(color, from, to) {
        relatives.push(Relative::Straight);
    }
    relatives.extend([Relative::Right, Relative::Left]);
    for with_motion in [None, motion] {
        for &r in &relatives {
            if singles(Some(r), with_motion) {
                return Some((Some(r), with_motion));
            }
        }
    }
    None
}

/// Describes the legal move `m` of `pos` as a [`JapaneseMove`], with the JSA words it needs
/// and `同` when `previous` went to the same square.
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
/// use shogi_notation::japanese::{self, Relative};
/// use shogi_types::Setup as Sfen;
///
/// let pos: Position = Position::from_setup("8k/9/9/9/9/9/9/9/K2GG4 b - 1".parse::<Sfen>()?)?;
/// let j = japanese::describe(&pos, "5i5h".parse()?, None)?;
/// assert_eq!(j.relative, Some(Relative::Straight));
/// assert_eq!(j.to_string(), "▲５八金直");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn describe<P: VisitPosition + ?Sized>(
    pos: &P,
    m: Move,
    previous: Option<Move>,
) -> Result<JapaneseMove, IllegalMove> {
    pos.visit(Describe { m, previous })
}

/// [`JapaneseMove::resolve`] as a [`PositionVisitor`].
struct Resolve<'a> {
    notation: &'a JapaneseMove,
    previous: Option<Move>,
}

impl PositionVisitor for Resolve<'_> {
    type Output = Result<Move, ResolveError>;

    fn visit<R: VariantHooks>(self, pos: &Position<R>) -> Self::Output {
        self.notation.resolve_in(pos, self.previous)
    }
}

/// [`describe`] as a [`PositionVisitor`].
struct Describe {
    m: Move,
    previous: Option<Move>,
}

impl PositionVisitor for Describe {
    type Output = Result<JapaneseMove, IllegalMove>;

    fn visit<R: VariantHooks>(self, pos: &Position<R>) -> Self::Output {
        describe_in(pos, self.m, self.previous)
    }
}

/// [`describe`] for a typed position.
fn describe_in<R: VariantHooks>(
    pos: &Position<R>,
    m: Move,
    previous: Option<Move>,
) -> Result<JapaneseMove, IllegalMove> {
    resolve::check_legal(pos, m)?;
    let color = pos.side_to_move();
    let to = m.to();
    let mut out = JapaneseMove {
        color: Some(color),
        to: if previous.is_some_and(|p| p.to() == to) {
            Destination::Same
        } else {
            Destination::Square(to)
        },
        piece: PieceKind::King,
        relative: None,
        motion: None,
        promotion: None,
        drop: false,
        from: None,
    };
    match m {
        Move::Drop { kind, .. } => {
            out.piece = kind;
            out.drop = !resolve::same_kind_attackers(pos, kind, to).is_empty();
        }
        Move::Normal { from, promote, .. } => {
            // A legal move always starts from one of the mover's pieces; the fallback is
            // never taken.
            out.piece = pos.piece_at(from).map_or(PieceKind::King, |p| p.kind);
            let candidates = resolve::same_kind_attackers(pos, out.piece, to);
            if candidates.len() > 1 {
                match choose_words(color, out.piece, from, to, &candidates) {
                    Some((relative, motion)) => {
                        out.relative = relative;
                        out.motion = motion;
                    }
                    None => out.from = Some(from),
                }
            }
            out.promotion = if promote {
                Some(true)
            } else if resolve::could_promote(pos, from, to) {
                Some(false)
            } else {
                None
            };
        }
    }
    Ok(out)
}

/// Writes the legal move `m` of `pos` in Japanese notation (`▲７六歩`, `△同　銀`, `▲５二金右`);
/// `previous` is the move played just before, for `同`.
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
/// use shogi_notation::japanese;
/// use shogi_types::Move;
///
/// let mut pos: Position = Position::start();
/// let mut previous = None;
/// let mut out = Vec::new();
/// for usi in ["7g7f", "3c3d", "8h2b+", "3a2b"] {
///     let m: Move = usi.parse()?;
///     out.push(japanese::write(&pos, m, previous)?);
///     pos.play(m)?;
///     previous = Some(m);
/// }
/// assert_eq!(out, ["▲７六歩", "△３四歩", "▲２二角成", "△同　銀"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write<P: VisitPosition + ?Sized>(
    pos: &P,
    m: Move,
    previous: Option<Move>,
) -> Result<String, IllegalMove> {
    Ok(describe(pos, m, previous)?.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_variants() {
        let same = [
            ("▲７六歩", "☗7六歩"),
            ("▲７六歩", "▼76歩"),
            ("▲７六歩", "▲７６歩"),
            ("△同　歩", "△同歩"),
            ("△同　歩", "☖同 歩"),
            ("▲２四龍上", "▲２四竜行"),
            ("▲２四銀不成", "▲２四銀生"),
            ("▲５一玉", "▲５一王"),
            ("▲５一成銀", "▲５一全"),
            ("▲５一成香", "▲５一杏"),
            ("▲５一成桂", "▲５一圭"),
        ];
        for (a, b) in same {
            assert_eq!(parse(a), parse(b), "{a} {b}");
            assert!(parse(a).is_ok(), "{a}");
        }
        let m = parse("７六歩(77)").unwrap();
        assert_eq!(m.from, Some(Square::SQ_7G));
        assert_eq!(m.color, None);
    }

    #[test]
    fn errors_point_at_the_fault() {
        let cases: [(&str, ParseJapaneseError); 10] = [
            ("", ParseJapaneseError::Empty),
            ("▲", ParseJapaneseError::Empty),
            (
                "０六歩",
                ParseJapaneseError::ExpectedDestination { offset: 0 },
            ),
            ("▲x", ParseJapaneseError::ExpectedDestination { offset: 3 }),
            ("７", ParseJapaneseError::ExpectedRank { offset: 3 }),
            ("７六", ParseJapaneseError::ExpectedPiece { offset: 6 }),
            (
                "７六歩右左",
                ParseJapaneseError::RepeatedWord { offset: 12 },
            ),
            ("７六と打", ParseJapaneseError::BadDrop { offset: 9 }),
            ("７六歩(7", ParseJapaneseError::BadOrigin { offset: 9 }),
            ("７六歩 ", ParseJapaneseError::Trailing { offset: 9 }),
        ];
        for (text, err) in cases {
            assert_eq!(parse(text), Err(err.clone()), "{text}");
        }
    }

    #[test]
    fn truncated_multibyte_text_is_an_error() {
        let text = "▲５二金左上成";
        for end in 0..=text.len() {
            if let Some(prefix) = text.get(..end) {
                let _ = parse(prefix);
            }
        }
        let bytes = text.as_bytes();
        for end in 0..bytes.len() {
            let lossy = String::from_utf8_lossy(&bytes[..end]);
            let _ = parse(&lossy);
        }
    }
}
