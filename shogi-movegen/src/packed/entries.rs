//! The training entries HCPE (38 bytes) and PSV (40 bytes), and readers of buffers of them.

use core::marker::PhantomData;
use core::num::NonZeroU32;

use shogi_types::{Color, Move};

use super::{Hcp, Move16, PackError, PackedSfen, PsvMove16, UnpackError};
use crate::{Position, VariantHooks};

/// The game result of an [`Hcpe`] entry, as an absolute colour (byte 0 draw, 1 Black wins,
/// 2 White wins; cshogi's `DRAW`, `BLACK_WIN`, `WHITE_WIN`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HcpeResult {
    /// A draw (引き分け, hikiwake), byte 0.
    Draw,
    /// Black (sente) won, byte 1.
    BlackWin,
    /// White (gote) won, byte 2.
    WhiteWin,
}

impl HcpeResult {
    /// The result with this winner (`None`: a draw).
    #[must_use]
    pub const fn from_winner(winner: Option<Color>) -> HcpeResult {
        match winner {
            None => HcpeResult::Draw,
            Some(Color::Black) => HcpeResult::BlackWin,
            Some(Color::White) => HcpeResult::WhiteWin,
        }
    }

    /// The winner, `None` for a draw.
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            HcpeResult::Draw => None,
            HcpeResult::BlackWin => Some(Color::Black),
            HcpeResult::WhiteWin => Some(Color::White),
        }
    }

    const fn to_byte(self) -> u8 {
        self as u8
    }

    const fn from_byte(b: u8) -> Option<HcpeResult> {
        match b {
            0 => Some(HcpeResult::Draw),
            1 => Some(HcpeResult::BlackWin),
            2 => Some(HcpeResult::WhiteWin),
            _ => None,
        }
    }
}

/// The game result of a [`Psv`] entry, from the point of view of the side to move in its
/// position (byte 1 win, 0 draw, -1 loss).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PsvResult {
    /// The side to move lost, byte -1.
    Loss,
    /// A draw, byte 0.
    Draw,
    /// The side to move won, byte 1.
    Win,
}

impl PsvResult {
    /// The result for the side to move `side`, given the game's winner (`None`: a draw).
    #[must_use]
    pub fn from_winner(winner: Option<Color>, side: Color) -> PsvResult {
        match winner {
            None => PsvResult::Draw,
            Some(c) if c == side => PsvResult::Win,
            Some(_) => PsvResult::Loss,
        }
    }

    /// The game's winner, given the side to move `side` (`None`: a draw).
    #[must_use]
    pub fn winner(self, side: Color) -> Option<Color> {
        match self {
            PsvResult::Draw => None,
            PsvResult::Win => Some(side),
            PsvResult::Loss => Some(!side),
        }
    }

    const fn to_byte(self) -> i8 {
        match self {
            PsvResult::Loss => -1,
            PsvResult::Draw => 0,
            PsvResult::Win => 1,
        }
    }

    const fn from_byte(b: i8) -> Option<PsvResult> {
        match b {
            -1 => Some(PsvResult::Loss),
            0 => Some(PsvResult::Draw),
            1 => Some(PsvResult::Win),
            _ => None,
        }
    }
}

/// cshogi's HuffmanCodedPosAndEval (HCPE), 38 bytes little-endian: the [`Hcp`] (32), the
/// evaluation (`i16`), the best move as [`Move16`] (`u16`), the [`HcpeResult`] (1 byte) and
/// one padding byte, written 0 and ignored when read.
///
/// The fields are raw: decode the position with [`Hcp::to_position`] and the move with
/// [`Move16::to_move`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hcpe {
    /// The position.
    pub hcp: Hcp,
    /// The evaluation (cshogi's `eval`), usually from Black's point of view in Apery's tools.
    pub eval: i16,
    /// The best move (cshogi's `bestMove16`).
    pub best_move: Move16,
    /// Who won the game.
    pub result: HcpeResult,
}

/// YaneuraOu's PackedSfenValue (PSV), 40 bytes little-endian: the [`PackedSfen`] (32), the
/// score (`i16`), the move as [`PsvMove16`] (`u16`), the game ply (`u16`), the result from
/// the side to move (`i8`, [`PsvResult`]) and one padding byte, written 0 and ignored when
/// read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Psv {
    /// The position.
    pub sfen: PackedSfen,
    /// The score, from the side to move's point of view.
    pub score: i16,
    /// The move (best move or the move played).
    pub best_move: PsvMove16,
    /// The game ply of the position: its move number (1 at the start).
    pub game_ply: u16,
    /// The game's result for the side to move.
    pub result: PsvResult,
}

/// Why an entry (or a buffer of them) cannot be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EntryErrorKind {
    /// The buffer ends inside the entry.
    Truncated {
        /// How many bytes are left.
        len: usize,
    },
    /// The game result byte is not one of the format's values.
    BadResult {
        /// The byte, as a signed value.
        value: i8,
    },
}

/// The error of [`Hcpe::from_bytes`], [`Psv::from_bytes`] and [`Entries`]: the entry's
/// byte offset in the buffer and what is wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{}", DisplayEntry(*self))]
pub struct EntryError {
    /// The format (`"hcpe"` or `"psv"`).
    pub format: &'static str,
    /// The byte offset of the entry in the buffer.
    pub offset: usize,
    /// What is wrong.
    pub kind: EntryErrorKind,
}

struct DisplayEntry(EntryError);

impl core::fmt::Display for DisplayEntry {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let e = self.0;
        write!(f, "{} entry at byte {}: ", e.format, e.offset)?;
        match e.kind {
            EntryErrorKind::Truncated { len } => {
                write!(f, "only {len} bytes left, expected {}", entry_len(e.format))
            }
            EntryErrorKind::BadResult { value } => {
                if e.format == "psv" {
                    write!(f, "game result {value}, expected -1, 0 or 1")
                } else {
                    write!(f, "game result {value}, expected 0, 1 or 2")
                }
            }
        }
    }
}

fn entry_len(format: &str) -> usize {
    if format == "psv" { Psv::LEN } else { Hcpe::LEN }
}

/// A fixed-size entry that [`Entries`] can read from a buffer: [`Hcpe`] or [`Psv`].
pub trait FixedEntry: Sized {
    /// The size of one entry in bytes.
    const LEN: usize;

    /// Reads one entry from the start of `bytes`, reporting errors at `offset`.
    ///
    /// # Errors
    /// [`EntryError`] if `bytes` is shorter than [`FixedEntry::LEN`] or a field is invalid.
    fn read_at(bytes: &[u8], offset: usize) -> Result<Self, EntryError>;
}

fn take<const N: usize>(bytes: &[u8], at: usize) -> [u8; N] {
    let mut out = [0u8; N];
    if let Some(src) = bytes.get(at..at + N) {
        out.copy_from_slice(src);
    }
    out
}

impl FixedEntry for Hcpe {
    const LEN: usize = 38;

    fn read_at(bytes: &[u8], offset: usize) -> Result<Hcpe, EntryError> {
        let err = |kind| EntryError {
            format: "hcpe",
            offset,
            kind,
        };
        if bytes.len() < Self::LEN {
            return Err(err(EntryErrorKind::Truncated { len: bytes.len() }));
        }
        let result = HcpeResult::from_byte(bytes[36]).ok_or(err(EntryErrorKind::BadResult {
            value: bytes[36] as i8,
        }))?;
        Ok(Hcpe {
            hcp: Hcp::from_bytes(take(bytes, 0)),
            eval: i16::from_le_bytes(take(bytes, 32)),
            best_move: Move16::from_bits(u16::from_le_bytes(take(bytes, 34))),
            result,
        })
    }
}

impl FixedEntry for Psv {
    const LEN: usize = 40;

    fn read_at(bytes: &[u8], offset: usize) -> Result<Psv, EntryError> {
        let err = |kind| EntryError {
            format: "psv",
            offset,
            kind,
        };
        if bytes.len() < Self::LEN {
            return Err(err(EntryErrorKind::Truncated { len: bytes.len() }));
        }
        let value = bytes[38] as i8;
        let result = PsvResult::from_byte(value).ok_or(err(EntryErrorKind::BadResult { value }))?;
        Ok(Psv {
            sfen: PackedSfen::from_bytes(take(bytes, 0)),
            score: i16::from_le_bytes(take(bytes, 32)),
            best_move: PsvMove16::from_bits(u16::from_le_bytes(take(bytes, 34))),
            game_ply: u16::from_le_bytes(take(bytes, 36)),
            result,
        })
    }
}

impl Hcpe {
    /// The size in bytes.
    pub const LEN: usize = 38;

    /// Reads one entry (the padding byte is ignored).
    ///
    /// # Errors
    /// [`EntryError`] if the game result byte is not 0, 1 or 2.
    pub fn from_bytes(bytes: &[u8; 38]) -> Result<Hcpe, EntryError> {
        Hcpe::read_at(bytes, 0)
    }

    /// The 38 bytes of the entry (padding 0).
    #[must_use]
    pub fn to_bytes(&self) -> [u8; 38] {
        let mut out = [0u8; 38];
        out[..32].copy_from_slice(self.hcp.as_bytes());
        out[32..34].copy_from_slice(&self.eval.to_le_bytes());
        out[34..36].copy_from_slice(&self.best_move.to_bits().to_le_bytes());
        out[36] = self.result.to_byte();
        out
    }

    /// The entries of a buffer of concatenated HCPE entries (a `.hcpe` file), in order.
    #[must_use]
    pub fn read_all(bytes: &[u8]) -> Entries<'_, Hcpe> {
        Entries::new(bytes)
    }
}

impl Psv {
    /// The size in bytes.
    pub const LEN: usize = 40;

    /// The entry of `pos` with `score`, `best_move` and `result`; the game ply is the
    /// position's move number.
    ///
    /// # Errors
    /// [`PackError`] if the position cannot be packed, the move cannot be encoded, or the move
    /// number is above 65 535.
    pub fn new<R: VariantHooks>(
        pos: &Position<R>,
        score: i16,
        best_move: Move,
        result: PsvResult,
    ) -> Result<Psv, PackError> {
        let move_number = pos.move_number();
        let game_ply = u16::try_from(move_number.get())
            .map_err(|_| PackError::MoveNumberTooLarge { move_number })?;
        Ok(Psv {
            sfen: pos.to_packed_sfen()?,
            score,
            best_move: PsvMove16::from_move(best_move)?,
            game_ply,
            result,
        })
    }

    /// The position, validated, with the game ply as its move number (0 reads as 1).
    ///
    /// # Errors
    /// [`UnpackError`] as for [`PackedSfen::to_position`].
    pub fn to_position<R: VariantHooks>(&self) -> Result<Position<R>, UnpackError<R>> {
        let pos = self.sfen.to_position::<R>()?;
        Ok(pos
            .with_move_number(NonZeroU32::new(u32::from(self.game_ply)).unwrap_or(NonZeroU32::MIN)))
    }

    /// Reads one entry (the padding byte is ignored).
    ///
    /// # Errors
    /// [`EntryError`] if the game result byte is not -1, 0 or 1.
    pub fn from_bytes(bytes: &[u8; 40]) -> Result<Psv, EntryError> {
        Psv::read_at(bytes, 0)
    }

    /// The 40 bytes of the entry (padding 0).
    #[must_use]
    pub fn to_bytes(&self) -> [u8; 40] {
        let mut out = [0u8; 40];
        out[..32].copy_from_slice(self.sfen.as_bytes());
        out[32..34].copy_from_slice(&self.score.to_le_bytes());
        out[34..36].copy_from_slice(&self.best_move.to_bits().to_le_bytes());
        out[36..38].copy_from_slice(&self.game_ply.to_le_bytes());
        out[38] = self.result.to_byte() as u8;
        out
    }

    /// The entries of a buffer of concatenated PSV entries (a `.bin` file of YaneuraOu), in
    /// order.
    #[must_use]
    pub fn read_all(bytes: &[u8]) -> Entries<'_, Psv> {
        Entries::new(bytes)
    }
}

/// An iterator over the entries of a buffer ([`Hcpe::read_all`], [`Psv::read_all`]).
///
/// Each item is an entry or the error of the entry at its byte offset; after a truncated
/// last entry the iterator ends. The entries' positions are not decoded here.
///
/// ```
/// use shogi_movegen::packed::{Hcpe, EntryErrorKind};
///
/// let buf = [0u8; 38 + 5];
/// let mut it = Hcpe::read_all(&buf);
/// assert!(it.next().unwrap().is_ok()); // bytes only: the position is decoded later
/// let err = it.next().unwrap().unwrap_err();
/// assert_eq!((err.offset, err.kind), (38, EntryErrorKind::Truncated { len: 5 }));
/// assert_eq!(err.to_string(), "hcpe entry at byte 38: only 5 bytes left, expected 38");
/// assert!(it.next().is_none());
/// ```
#[derive(Debug, Clone)]
pub struct Entries<'a, T> {
    bytes: &'a [u8],
    offset: usize,
    _entry: PhantomData<T>,
}

impl<'a, T: FixedEntry> Entries<'a, T> {
    /// The entries of `bytes`.
    #[must_use]
    pub fn new(bytes: &'a [u8]) -> Entries<'a, T> {
        Entries {
            bytes,
            offset: 0,
            _entry: PhantomData,
        }
    }
}

impl<T: FixedEntry> Iterator for Entries<'_, T> {
    type Item = Result<T, EntryError>;

    fn next(&mut self) -> Option<Self::Item> {
        let rest = self.bytes.get(self.offset..).filter(|r| !r.is_empty())?;
        let item = T::read_at(rest, self.offset);
        self.offset = if rest.len() < T::LEN {
            self.bytes.len()
        } else {
            self.offset + T::LEN
        };
        Some(item)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.bytes.len().saturating_sub(self.offset);
        let n = left.div_ceil(T::LEN);
        (n, Some(n))
    }
}
