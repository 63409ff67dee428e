use core::fmt;
use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

use crate::{Color, File, Rank, Square};

const MASK: u128 = (1u128 << 81) - 1;

/// `SQUARE_BITS[i] == 1 << i`: a table load is cheaper than a variable 128-bit shift on x86-64.
/// A `static`, not a `const`: indexed at run time, a `const` array may be copied whole onto the
/// stack first (1,296 bytes; seen in `shogi-mate`'s hot loop), a `static` is read in place.
static SQUARE_BITS: [u128; 81] = {
    let mut t = [0u128; 81];
    let mut i = 0;
    while i < 81 {
        t[i] = 1 << i;
        i += 1;
    }
    t
};

/// A set of squares: one bit per square, in the index layout documented on [`Square`].
///
/// The bits live in a private `u128`; bits 81 and above are always zero.
///
/// ```
/// use shogi_types::{bitboard, Bitboard, Square};
/// let bb = bitboard! {
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . X . . . . . .
///     . . . . . . . . .
///     . . . . . . . . .
///     . . . . . . . . X
/// };
/// assert_eq!(bb, Bitboard::from_square(Square::SQ_7F) | Square::SQ_1I);
/// assert_eq!(bb.count(), 2);
/// assert_eq!(bb.iter().collect::<Vec<_>>(), [Square::SQ_1I, Square::SQ_7F]);
/// ```
///
/// It is laid out as its `u128` of square bits (`repr(transparent)`), bit `i` for the
/// square of index `i`, the bits above 80 always clear.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Bitboard(u128);

/// Builds a [`Bitboard`] from a 9×9 picture as Black sees the board: rank 1 at the top,
/// file 9 on the left. `X` marks a member square, `.` an empty one (`*` is also accepted as a
/// non-member, handy to mark the piece whose attacks are drawn).
#[macro_export]
macro_rules! bitboard {
    (@cell X) => { true };
    (@cell .) => { false };
    (@cell *) => { false };
    ($($cell:tt)*) => {
        $crate::Bitboard::from_picture([$($crate::bitboard!(@cell $cell)),*])
    };
}

impl Bitboard {
    /// The empty set.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// All 81 squares.
    pub const FULL: Bitboard = Bitboard(MASK);

    /// The set of the 81 bits of `bits` that stand for squares; higher bits are dropped.
    #[inline]
    #[must_use]
    pub const fn from_bits_truncate(bits: u128) -> Bitboard {
        Bitboard(bits & MASK)
    }

    /// The set with exactly these bits, or `None` if a bit above 80 is set.
    #[inline]
    #[must_use]
    pub const fn from_bits(bits: u128) -> Option<Bitboard> {
        if bits & !MASK == 0 {
            Some(Bitboard(bits))
        } else {
            None
        }
    }

    /// The raw bits (bit `i` is the square with index `i`).
    #[inline]
    #[must_use]
    pub const fn to_bits(self) -> u128 {
        self.0
    }

    /// The set holding only `sq`.
    #[inline]
    #[must_use]
    pub const fn from_square(sq: Square) -> Bitboard {
        Bitboard(SQUARE_BITS[sq as usize])
    }

    /// Builds a set from a picture: 81 cells, rank 1 first, each rank from file 9 to file 1.
    /// Used by the [`bitboard!`](crate::bitboard!) macro.
    #[must_use]
    pub const fn from_picture(cells: [bool; 81]) -> Bitboard {
        let mut bits = 0u128;
        let mut i = 0;
        while i < 81 {
            if cells[i] {
                let rank = (i / 9) as u32; // 0-based
                let file = 8 - (i % 9) as u32; // 0-based
                bits |= 1 << (file * 9 + rank);
            }
            i += 1;
        }
        Bitboard(bits)
    }

    /// All squares of `file`.
    #[inline]
    #[must_use]
    pub const fn file(file: File) -> Bitboard {
        Bitboard(0x1ff << ((file.get() as u32 - 1) * 9))
    }

    /// All squares of `rank`.
    #[inline]
    #[must_use]
    pub const fn rank(rank: Rank) -> Bitboard {
        Bitboard(RANK_1_BITS << (rank.get() as u32 - 1))
    }

    /// The squares whose rank, seen from `color`, is `from` to `to` inclusive (1 = far rank).
    /// `Bitboard::relative_ranks(c, 1, 3)` is `c`'s promotion zone.
    #[must_use]
    pub const fn relative_ranks(color: Color, from: u8, to: u8) -> Bitboard {
        let mut bits = 0u128;
        let mut r = from;
        while r <= to && r <= 9 {
            if r >= 1 {
                let abs = match color {
                    Color::Black => r,
                    Color::White => 10 - r,
                };
                bits |= RANK_1_BITS << (abs as u32 - 1);
            }
            r += 1;
        }
        Bitboard(bits)
    }

    /// The promotion zone of `color`: the three ranks farthest from it.
    #[inline]
    #[must_use]
    pub const fn promotion_zone(color: Color) -> Bitboard {
        match color {
            Color::Black => Bitboard(RANK_1_BITS * 0b111),
            Color::White => Bitboard(RANK_1_BITS * (0b111 << 6)),
        }
    }

    /// Whether the set is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether the set has at least one square.
    #[inline]
    #[must_use]
    pub const fn is_nonempty(self) -> bool {
        self.0 != 0
    }

    /// Whether `sq` is in the set.
    #[inline]
    #[must_use]
    pub const fn has(self, sq: Square) -> bool {
        self.0 & SQUARE_BITS[sq as usize] != 0
    }

    /// The set with `sq` added.
    #[inline]
    #[must_use]
    pub const fn with(self, sq: Square) -> Bitboard {
        Bitboard(self.0 | SQUARE_BITS[sq as usize])
    }

    /// The set with `sq` removed.
    #[inline]
    #[must_use]
    pub const fn without(self, sq: Square) -> Bitboard {
        Bitboard(self.0 & !SQUARE_BITS[sq as usize])
    }

    /// The set with `sq` toggled.
    #[inline]
    #[must_use]
    pub const fn toggled(self, sq: Square) -> Bitboard {
        Bitboard(self.0 ^ SQUARE_BITS[sq as usize])
    }

    /// The number of squares in the set.
    #[inline]
    #[must_use]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set has more than one square.
    #[inline]
    #[must_use]
    pub const fn has_more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The only square of the set, or `None` if it has zero or several.
    #[inline]
    #[must_use]
    pub const fn single(self) -> Option<Square> {
        if self.0 != 0 && !self.has_more_than_one() {
            self.first()
        } else {
            None
        }
    }

    /// The square with the lowest index, if any.
    #[inline]
    #[must_use]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_masked(self.0.trailing_zeros()))
        }
    }

    /// The square with the highest index, if any.
    #[inline]
    #[must_use]
    pub const fn last(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square::from_index_masked(127 - self.0.leading_zeros()))
        }
    }

    /// Removes and returns the square with the lowest index.
    #[inline]
    pub fn pop_first(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    /// Iterates over the squares in index order.
    #[inline]
    pub const fn iter(self) -> BitboardIter {
        BitboardIter {
            low: self.0 as u64,
            high: (self.0 >> 64) as u64,
        }
    }

    /// The set moved one rank towards rank 1 (Black's forward direction); squares on rank 1
    /// fall off the board.
    #[inline]
    #[must_use]
    pub const fn shift_up(self) -> Bitboard {
        Bitboard((self.0 >> 1) & !(RANK_1_BITS << 8))
    }

    /// The set moved one rank towards rank 9 (White's forward direction); squares on rank 9
    /// fall off the board.
    #[inline]
    #[must_use]
    pub const fn shift_down(self) -> Bitboard {
        Bitboard((self.0 << 1) & !RANK_1_BITS & MASK)
    }

    /// The set moved one rank forward as seen by `color`.
    #[inline]
    #[must_use]
    pub const fn shift_forward(self, color: Color) -> Bitboard {
        match color {
            Color::Black => self.shift_up(),
            Color::White => self.shift_down(),
        }
    }

    /// The set rotated by 180 degrees (each square mapped by [`Square::flip`]).
    #[inline]
    #[must_use]
    pub const fn flip(self) -> Bitboard {
        Bitboard(self.0.reverse_bits() >> (128 - 81))
    }

    /// The files that contain at least one square of the set, as a set of whole files.
    #[must_use]
    pub const fn fill_files(self) -> Bitboard {
        let mut out = 0u128;
        let mut f = 0;
        while f < 9 {
            if (self.0 >> (f * 9)) & 0x1ff != 0 {
                out |= 0x1ff << (f * 9);
            }
            f += 1;
        }
        Bitboard(out)
    }
}

const RANK_1_BITS: u128 = {
    let mut bits = 0u128;
    let mut f = 0;
    while f < 9 {
        bits |= 1 << (f * 9);
        f += 1;
    }
    bits
};

/// An iterator over the squares of a [`Bitboard`], in index order.
///
/// It keeps the set as two 64-bit halves (squares 0 to 63, then 64 to 80), so that each
/// step is a 64-bit bit scan and clear rather than the several instructions of a 128-bit one.
#[derive(Debug, Clone)]
pub struct BitboardIter {
    low: u64,
    high: u64,
}

impl Iterator for BitboardIter {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.low != 0 {
            let sq = Square::from_index_masked(self.low.trailing_zeros());
            self.low &= self.low - 1;
            Some(sq)
        } else if self.high != 0 {
            let sq = Square::from_index_masked(64 + self.high.trailing_zeros());
            self.high &= self.high - 1;
            Some(sq)
        } else {
            None
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.low.count_ones() + self.high.count_ones()) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for BitboardIter {}
impl core::iter::FusedIterator for BitboardIter {}

impl IntoIterator for Bitboard {
    type Item = Square;
    type IntoIter = BitboardIter;
    #[inline]
    fn into_iter(self) -> BitboardIter {
        self.iter()
    }
}

impl FromIterator<Square> for Bitboard {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Bitboard {
        iter.into_iter().fold(Bitboard::EMPTY, |bb, sq| bb.with(sq))
    }
}

impl From<Square> for Bitboard {
    #[inline]
    fn from(sq: Square) -> Bitboard {
        Bitboard::from_square(sq)
    }
}

macro_rules! binop {
    ($trait:ident, $fn:ident, $atrait:ident, $afn:ident, $op:tt) => {
        impl<T: Into<Bitboard>> $trait<T> for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $fn(self, rhs: T) -> Bitboard {
                Bitboard(self.0 $op rhs.into().0)
            }
        }
        impl<T: Into<Bitboard>> $atrait<T> for Bitboard {
            #[inline]
            fn $afn(&mut self, rhs: T) {
                self.0 = self.0 $op rhs.into().0;
            }
        }
    };
}

binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<T: Into<Bitboard>> Sub<T> for Bitboard {
    type Output = Bitboard;
    /// Set difference: the squares of `self` that are not in `rhs`.
    #[inline]
    fn sub(self, rhs: T) -> Bitboard {
        Bitboard(self.0 & !rhs.into().0)
    }
}

impl<T: Into<Bitboard>> SubAssign<T> for Bitboard {
    #[inline]
    fn sub_assign(&mut self, rhs: T) {
        self.0 &= !rhs.into().0;
    }
}

impl Not for Bitboard {
    type Output = Bitboard;
    /// The complement within the 81 squares.
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & MASK)
    }
}

impl fmt::Debug for Bitboard {
    /// Draws the board as [`bitboard!`](crate::bitboard!) reads it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("bitboard! {\n")?;
        for rank in Rank::ALL {
            f.write_str("   ")?;
            for file in File::ALL.iter().rev() {
                let sq = Square::new(*file, rank);
                f.write_str(if self.has(sq) { " X" } else { " ." })?;
            }
            f.write_str("\n")?;
        }
        f.write_str("}")
    }
}

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for Bitboard {
    /// Any set of squares (the bits beyond the 81 squares are cleared).
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Bitboard> {
        Ok(Bitboard(u128::arbitrary(u)? & MASK))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shifts_stay_in_file() {
        let rank1 = Bitboard::rank(Rank::new(1).unwrap());
        let rank9 = Bitboard::rank(Rank::new(9).unwrap());
        assert!(rank1.shift_up().is_empty());
        assert!(rank9.shift_down().is_empty());
        assert_eq!(rank9.shift_up(), Bitboard::rank(Rank::new(8).unwrap()));
        assert_eq!(
            Bitboard::from_square(Square::SQ_7G).shift_forward(Color::Black),
            Bitboard::from_square(Square::SQ_7F)
        );
        assert_eq!(
            Bitboard::from_square(Square::SQ_7G).shift_forward(Color::White),
            Bitboard::from_square(Square::SQ_7H)
        );
    }

    #[test]
    fn flip_and_complement() {
        for sq in Square::ALL {
            assert_eq!(
                Bitboard::from_square(sq).flip(),
                Bitboard::from_square(sq.flip())
            );
        }
        assert_eq!((!Bitboard::EMPTY).count(), 81);
        assert_eq!(
            Bitboard::promotion_zone(Color::Black),
            Bitboard::relative_ranks(Color::Black, 1, 3)
        );
        assert_eq!(
            Bitboard::promotion_zone(Color::White),
            Bitboard::relative_ranks(Color::White, 1, 3)
        );
        assert_eq!(Bitboard::promotion_zone(Color::White).count(), 27);
        assert_eq!(
            Bitboard::from_square(Square::SQ_5E).fill_files(),
            Bitboard::file(File::new(5).unwrap())
        );
    }

    #[test]
    fn single_and_more() {
        assert_eq!(Bitboard::EMPTY.single(), None);
        assert_eq!(
            Bitboard::from_square(Square::SQ_9I).single(),
            Some(Square::SQ_9I)
        );
        assert_eq!(
            (Bitboard::from_square(Square::SQ_9I) | Square::SQ_1A).single(),
            None
        );
        assert_eq!(Bitboard::from_bits(1 << 81), None);
    }
}
