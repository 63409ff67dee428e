use core::fmt;
use core::str::FromStr;

use crate::Color;

/// A file (筋, suji): a column of the board, numbered 1 to 9 from Black's right.
///
/// ```
/// use shogi_types::File;
/// assert_eq!(File::new(7).map(File::get), Some(7));
/// assert_eq!(File::new(0), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct File(u8);

impl File {
    /// The file numbered `n`, if `1 <= n <= 9`.
    #[inline]
    #[must_use]
    pub const fn new(n: u8) -> Option<File> {
        if n >= 1 && n <= 9 {
            Some(File(n))
        } else {
            None
        }
    }

    /// The number of the file, 1 to 9.
    #[inline]
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// All files from 1 to 9.
    pub const ALL: [File; 9] = [
        File(1),
        File(2),
        File(3),
        File(4),
        File(5),
        File(6),
        File(7),
        File(8),
        File(9),
    ];

    /// The file as seen from `color`'s side: unchanged for Black, mirrored (10 - n) for White.
    #[inline]
    #[must_use]
    pub const fn relative_to(self, color: Color) -> File {
        match color {
            Color::Black => self,
            Color::White => File(10 - self.0),
        }
    }
}

impl fmt::Display for File {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A rank (段, dan): a row of the board, numbered 1 to 9 from White's side (USI letters `a` to `i`).
///
/// ```
/// use shogi_types::{Color, Rank};
/// let r = Rank::new(3).unwrap();
/// assert_eq!(r.to_char(), 'c');
/// assert_eq!(r.relative_to(Color::White).get(), 7);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rank(u8);

impl Rank {
    /// The rank numbered `n`, if `1 <= n <= 9`.
    #[inline]
    #[must_use]
    pub const fn new(n: u8) -> Option<Rank> {
        if n >= 1 && n <= 9 {
            Some(Rank(n))
        } else {
            None
        }
    }

    /// The number of the rank, 1 to 9.
    #[inline]
    #[must_use]
    pub const fn get(self) -> u8 {
        self.0
    }

    /// All ranks from 1 (`a`) to 9 (`i`).
    pub const ALL: [Rank; 9] = [
        Rank(1),
        Rank(2),
        Rank(3),
        Rank(4),
        Rank(5),
        Rank(6),
        Rank(7),
        Rank(8),
        Rank(9),
    ];

    /// The rank as seen from `color`'s side: unchanged for Black, mirrored (10 - n) for White.
    /// A piece of `color` on a square whose relative rank is 1 to 3 stands in the promotion zone.
    #[inline]
    #[must_use]
    pub const fn relative_to(self, color: Color) -> Rank {
        match color {
            Color::Black => self,
            Color::White => Rank(10 - self.0),
        }
    }

    /// The USI letter of the rank, `a` to `i`.
    #[inline]
    #[must_use]
    pub const fn to_char(self) -> char {
        (b'a' + self.0 - 1) as char
    }

    /// Reads a USI rank letter `a` to `i`.
    #[inline]
    #[must_use]
    pub const fn from_char(c: char) -> Option<Rank> {
        match c {
            'a'..='i' => Some(Rank(c as u8 - b'a' + 1)),
            _ => None,
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// One of the 81 squares.
///
/// `Square::SQ_7F` is file 7, rank 6: USI `7f`, Japanese ７六.
///
/// # Index layout
/// The index of a square is file-major: `index = (file - 1) * 9 + (rank - 1)`, so `1a` is 0,
/// `1i` is 8, `2a` is 9 and `9i` is 80. The bits of a [`Bitboard`](crate::Bitboard) follow the
/// same layout. Within a file, Black's "forward" (towards rank 1) is index - 1 and White's is
/// index + 1. This is the only place where the layout is defined; other crates use the methods
/// of this type and of `Bitboard` instead of index arithmetic.
///
/// `Option<Square>` takes one byte.
///
/// ```
/// use shogi_types::{File, Rank, Square};
/// let sq: Square = "7f".parse()?;
/// assert_eq!(sq, Square::SQ_7F);
/// assert_eq!((sq.file().get(), sq.rank().get()), (7, 6));
/// assert_eq!(Square::new(File::new(7).unwrap(), Rank::new(6).unwrap()), sq);
/// assert_eq!(sq.to_string(), "7f");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[allow(non_camel_case_types)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[repr(u8)]
pub enum Square {
    /// The square 1a (file 1, rank 1).
    SQ_1A = 0,
    /// The square 1b (file 1, rank 2).
    SQ_1B = 1,
    /// The square 1c (file 1, rank 3).
    SQ_1C = 2,
    /// The square 1d (file 1, rank 4).
    SQ_1D = 3,
    /// The square 1e (file 1, rank 5).
    SQ_1E = 4,
    /// The square 1f (file 1, rank 6).
    SQ_1F = 5,
    /// The square 1g (file 1, rank 7).
    SQ_1G = 6,
    /// The square 1h (file 1, rank 8).
    SQ_1H = 7,
    /// The square 1i (file 1, rank 9).
    SQ_1I = 8,
    /// The square 2a (file 2, rank 1).
    SQ_2A = 9,
    /// The square 2b (file 2, rank 2).
    SQ_2B = 10,
    /// The square 2c (file 2, rank 3).
    SQ_2C = 11,
    /// The square 2d (file 2, rank 4).
    SQ_2D = 12,
    /// The square 2e (file 2, rank 5).
    SQ_2E = 13,
    /// The square 2f (file 2, rank 6).
    SQ_2F = 14,
    /// The square 2g (file 2, rank 7).
    SQ_2G = 15,
    /// The square 2h (file 2, rank 8).
    SQ_2H = 16,
    /// The square 2i (file 2, rank 9).
    SQ_2I = 17,
    /// The square 3a (file 3, rank 1).
    SQ_3A = 18,
    /// The square 3b (file 3, rank 2).
    SQ_3B = 19,
    /// The square 3c (file 3, rank 3).
    SQ_3C = 20,
    /// The square 3d (file 3, rank 4).
    SQ_3D = 21,
    /// The square 3e (file 3, rank 5).
    SQ_3E = 22,
    /// The square 3f (file 3, rank 6).
    SQ_3F = 23,
    /// The square 3g (file 3, rank 7).
    SQ_3G = 24,
    /// The square 3h (file 3, rank 8).
    SQ_3H = 25,
    /// The square 3i (file 3, rank 9).
    SQ_3I = 26,
    /// The square 4a (file 4, rank 1).
    SQ_4A = 27,
    /// The square 4b (file 4, rank 2).
    SQ_4B = 28,
    /// The square 4c (file 4, rank 3).
    SQ_4C = 29,
    /// The square 4d (file 4, rank 4).
    SQ_4D = 30,
    /// The square 4e (file 4, rank 5).
    SQ_4E = 31,
    /// The square 4f (file 4, rank 6).
    SQ_4F = 32,
    /// The square 4g (file 4, rank 7).
    SQ_4G = 33,
    /// The square 4h (file 4, rank 8).
    SQ_4H = 34,
    /// The square 4i (file 4, rank 9).
    SQ_4I = 35,
    /// The square 5a (file 5, rank 1).
    SQ_5A = 36,
    /// The square 5b (file 5, rank 2).
    SQ_5B = 37,
    /// The square 5c (file 5, rank 3).
    SQ_5C = 38,
    /// The square 5d (file 5, rank 4).
    SQ_5D = 39,
    /// The square 5e (file 5, rank 5).
    SQ_5E = 40,
    /// The square 5f (file 5, rank 6).
    SQ_5F = 41,
    /// The square 5g (file 5, rank 7).
    SQ_5G = 42,
    /// The square 5h (file 5, rank 8).
    SQ_5H = 43,
    /// The square 5i (file 5, rank 9).
    SQ_5I = 44,
    /// The square 6a (file 6, rank 1).
    SQ_6A = 45,
    /// The square 6b (file 6, rank 2).
    SQ_6B = 46,
    /// The square 6c (file 6, rank 3).
    SQ_6C = 47,
    /// The square 6d (file 6, rank 4).
    SQ_6D = 48,
    /// The square 6e (file 6, rank 5).
    SQ_6E = 49,
    /// The square 6f (file 6, rank 6).
    SQ_6F = 50,
    /// The square 6g (file 6, rank 7).
    SQ_6G = 51,
    /// The square 6h (file 6, rank 8).
    SQ_6H = 52,
    /// The square 6i (file 6, rank 9).
    SQ_6I = 53,
    /// The square 7a (file 7, rank 1).
    SQ_7A = 54,
    /// The square 7b (file 7, rank 2).
    SQ_7B = 55,
    /// The square 7c (file 7, rank 3).
    SQ_7C = 56,
    /// The square 7d (file 7, rank 4).
    SQ_7D = 57,
    /// The square 7e (file 7, rank 5).
    SQ_7E = 58,
    /// The square 7f (file 7, rank 6).
    SQ_7F = 59,
    /// The square 7g (file 7, rank 7).
    SQ_7G = 60,
    /// The square 7h (file 7, rank 8).
    SQ_7H = 61,
    /// The square 7i (file 7, rank 9).
    SQ_7I = 62,
    /// The square 8a (file 8, rank 1).
    SQ_8A = 63,
    /// The square 8b (file 8, rank 2).
    SQ_8B = 64,
    /// The square 8c (file 8, rank 3).
    SQ_8C = 65,
    /// The square 8d (file 8, rank 4).
    SQ_8D = 66,
    /// The square 8e (file 8, rank 5).
    SQ_8E = 67,
    /// The square 8f (file 8, rank 6).
    SQ_8F = 68,
    /// The square 8g (file 8, rank 7).
    SQ_8G = 69,
    /// The square 8h (file 8, rank 8).
    SQ_8H = 70,
    /// The square 8i (file 8, rank 9).
    SQ_8I = 71,
    /// The square 9a (file 9, rank 1).
    SQ_9A = 72,
    /// The square 9b (file 9, rank 2).
    SQ_9B = 73,
    /// The square 9c (file 9, rank 3).
    SQ_9C = 74,
    /// The square 9d (file 9, rank 4).
    SQ_9D = 75,
    /// The square 9e (file 9, rank 5).
    SQ_9E = 76,
    /// The square 9f (file 9, rank 6).
    SQ_9F = 77,
    /// The square 9g (file 9, rank 7).
    SQ_9G = 78,
    /// The square 9h (file 9, rank 8).
    SQ_9H = 79,
    /// The square 9i (file 9, rank 9).
    SQ_9I = 80,
}

/// Maps every 7-bit index to a square (indices 81 and above map to 9i), so that converting a
/// bit index known to be below 81 needs neither a bounds check nor `unsafe`.
const INDEX_TABLE: [Square; 128] = {
    let mut table = [Square::SQ_9I; 128];
    let mut i = 0;
    while i < 81 {
        table[i] = Square::ALL[i];
        i += 1;
    }
    table
};

impl Square {
    /// The number of squares.
    pub const COUNT: usize = 81;

    /// All squares in index order (1a, 1b, ..., 1i, 2a, ..., 9i).
    pub const ALL: [Square; 81] = [
        Square::SQ_1A,
        Square::SQ_1B,
        Square::SQ_1C,
        Square::SQ_1D,
        Square::SQ_1E,
        Square::SQ_1F,
        Square::SQ_1G,
        Square::SQ_1H,
        Square::SQ_1I,
        Square::SQ_2A,
        Square::SQ_2B,
        Square::SQ_2C,
        Square::SQ_2D,
        Square::SQ_2E,
        Square::SQ_2F,
        Square::SQ_2G,
        Square::SQ_2H,
        Square::SQ_2I,
        Square::SQ_3A,
        Square::SQ_3B,
        Square::SQ_3C,
        Square::SQ_3D,
        Square::SQ_3E,
        Square::SQ_3F,
        Square::SQ_3G,
        Square::SQ_3H,
        Square::SQ_3I,
        Square::SQ_4A,
        Square::SQ_4B,
        Square::SQ_4C,
        Square::SQ_4D,
        Square::SQ_4E,
        Square::SQ_4F,
        Square::SQ_4G,
        Square::SQ_4H,
        Square::SQ_4I,
        Square::SQ_5A,
        Square::SQ_5B,
        Square::SQ_5C,
        Square::SQ_5D,
        Square::SQ_5E,
        Square::SQ_5F,
        Square::SQ_5G,
        Square::SQ_5H,
        Square::SQ_5I,
        Square::SQ_6A,
        Square::SQ_6B,
        Square::SQ_6C,
        Square::SQ_6D,
        Square::SQ_6E,
        Square::SQ_6F,
        Square::SQ_6G,
        Square::SQ_6H,
        Square::SQ_6I,
        Square::SQ_7A,
        Square::SQ_7B,
        Square::SQ_7C,
        Square::SQ_7D,
        Square::SQ_7E,
        Square::SQ_7F,
        Square::SQ_7G,
        Square::SQ_7H,
        Square::SQ_7I,
        Square::SQ_8A,
        Square::SQ_8B,
        Square::SQ_8C,
        Square::SQ_8D,
        Square::SQ_8E,
        Square::SQ_8F,
        Square::SQ_8G,
        Square::SQ_8H,
        Square::SQ_8I,
        Square::SQ_9A,
        Square::SQ_9B,
        Square::SQ_9C,
        Square::SQ_9D,
        Square::SQ_9E,
        Square::SQ_9F,
        Square::SQ_9G,
        Square::SQ_9H,
        Square::SQ_9I,
    ];

    /// The square on `file` and `rank`.
    #[inline]
    #[must_use]
    pub const fn new(file: File, rank: Rank) -> Square {
        INDEX_TABLE[((file.0 - 1) * 9 + (rank.0 - 1)) as usize & 127]
    }

    /// The square on file `file` and rank `rank` given as numbers, if both are in 1..=9.
    #[inline]
    #[must_use]
    pub const fn from_file_rank(file: u8, rank: u8) -> Option<Square> {
        if file >= 1 && file <= 9 && rank >= 1 && rank <= 9 {
            Some(INDEX_TABLE[((file - 1) * 9 + (rank - 1)) as usize])
        } else {
            None
        }
    }

    /// The square with index `index` (see the layout above), if `index < 81`.
    #[inline]
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 81 {
            Some(INDEX_TABLE[index as usize])
        } else {
            None
        }
    }

    /// The square with index `index & 127`; indices 81 to 127 give 9i.
    ///
    /// This is for bit scans of bitboards, whose indices are always below 81.
    #[inline]
    #[must_use]
    pub(crate) const fn from_index_masked(index: u32) -> Square {
        INDEX_TABLE[(index & 127) as usize]
    }

    /// The index of the square, 0 to 80.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The file of the square.
    #[inline]
    #[must_use]
    pub const fn file(self) -> File {
        File(self as u8 / 9 + 1)
    }

    /// The rank of the square.
    #[inline]
    #[must_use]
    pub const fn rank(self) -> Rank {
        Rank(self as u8 % 9 + 1)
    }

    /// The square as seen from `color`'s side: unchanged for Black, rotated by 180 degrees for
    /// White. `sq.relative_to(c).rank().get() <= 3` tells whether `sq` is in `c`'s promotion zone.
    #[inline]
    #[must_use]
    pub const fn relative_to(self, color: Color) -> Square {
        match color {
            Color::Black => self,
            Color::White => self.flip(),
        }
    }

    /// The square rotated by 180 degrees (file f, rank r becomes file 10 - f, rank 10 - r).
    #[inline]
    #[must_use]
    pub const fn flip(self) -> Square {
        INDEX_TABLE[80 - self as usize]
    }

    /// The square mirrored left to right (file f becomes file 10 - f).
    #[inline]
    #[must_use]
    pub const fn mirror(self) -> Square {
        Square::new(File(10 - self.file().0), self.rank())
    }

    /// Whether the square lies in the promotion zone of `color` (the three ranks farthest from it).
    #[inline]
    #[must_use]
    pub const fn is_promotion_zone(self, color: Color) -> bool {
        self.rank().relative_to(color).0 <= 3
    }

    /// The square `df` files and `dr` ranks away, if that is on the board.
    #[inline]
    #[must_use]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file().0 as i8 + df;
        let r = self.rank().0 as i8 + dr;
        if f >= 1 && f <= 9 && r >= 1 && r <= 9 {
            Some(INDEX_TABLE[((f - 1) * 9 + (r - 1)) as usize])
        } else {
            None
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().0, self.rank().to_char())
    }
}

/// The error returned when a USI square such as `7f` cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseSquareError {
    /// The text is not two characters long.
    #[error("square: expected a file digit 1-9 and a rank letter a-i")]
    BadLength,
    /// The first character is not a digit 1 to 9.
    #[error("square: file must be a digit 1-9")]
    BadFile,
    /// The second character is not a letter a to i.
    #[error("square: rank must be a letter a-i")]
    BadRank,
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let b = s.as_bytes();
        if b.len() != 2 {
            return Err(ParseSquareError::BadLength);
        }
        let file = match b[0] {
            b'1'..=b'9' => b[0] - b'0',
            _ => return Err(ParseSquareError::BadFile),
        };
        let rank = match b[1] {
            b'a'..=b'i' => b[1] - b'a' + 1,
            _ => return Err(ParseSquareError::BadRank),
        };
        Square::from_file_rank(file, rank).ok_or(ParseSquareError::BadFile)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Square {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Square, D::Error> {
        d.deserialize_str(crate::serde_impl::FromStrVisitor::<Square>::new(
            "a USI square such as 7f",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn option_square_is_one_byte() {
        assert_eq!(core::mem::size_of::<Option<Square>>(), 1);
        assert_eq!(core::mem::size_of::<Square>(), 1);
    }

    #[test]
    fn layout_and_names() {
        for (i, sq) in Square::ALL.iter().enumerate() {
            assert_eq!(sq.index(), i);
            assert_eq!(Square::from_index(i as u8), Some(*sq));
            assert_eq!(Square::new(sq.file(), sq.rank()), *sq);
            assert_eq!(sq.flip().flip(), *sq);
            assert_eq!(sq.flip().file().get(), 10 - sq.file().get());
            assert_eq!(sq.flip().rank().get(), 10 - sq.rank().get());
        }
        assert_eq!(Square::SQ_7F.file().get(), 7);
        assert_eq!(Square::SQ_7F.rank().get(), 6);
        assert_eq!(Square::from_index(81), None);
    }

    #[test]
    fn parse_and_display() {
        for sq in Square::ALL {
            let text = sq.to_string();
            assert_eq!(text.parse::<Square>(), Ok(sq));
        }
        assert_eq!("0j".parse::<Square>(), Err(ParseSquareError::BadFile));
        assert_eq!("5j".parse::<Square>(), Err(ParseSquareError::BadRank));
        assert_eq!("5".parse::<Square>(), Err(ParseSquareError::BadLength));
        assert_eq!("５e".parse::<Square>(), Err(ParseSquareError::BadLength));
    }

    #[test]
    fn promotion_zone() {
        assert!(Square::SQ_1C.is_promotion_zone(Color::Black));
        assert!(!Square::SQ_1D.is_promotion_zone(Color::Black));
        assert!(Square::SQ_1G.is_promotion_zone(Color::White));
        assert!(!Square::SQ_1F.is_promotion_zone(Color::White));
    }
}
