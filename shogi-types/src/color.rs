use core::ops::{Index, IndexMut, Not};

/// A side: Black (sente, ▲) or White (gote, △).
///
/// Black moves first in even games; White (上手, the handicap giver) moves first in handicap
/// games. Winners are always stated as an absolute `Color`.
#[doc(alias = "sente")]
#[doc(alias = "gote")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "lowercase"))]
#[repr(u8)]
pub enum Color {
    /// Black, sente (先手), ▲; uppercase letters in SFEN, `b` as the side to move.
    Black = 0,
    /// White, gote (後手), △; lowercase letters in SFEN, `w` as the side to move.
    White = 1,
}

impl Color {
    /// Both colours, Black first.
    pub const ALL: [Color; 2] = [Color::Black, Color::White];

    /// The index of the colour: 0 for Black, 1 for White.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The other colour.
    #[inline]
    #[must_use]
    pub const fn flip(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }

    /// `true` for Black.
    #[inline]
    #[must_use]
    pub const fn is_black(self) -> bool {
        matches!(self, Color::Black)
    }

    /// The SFEN side-to-move letter: `b` or `w`.
    #[inline]
    #[must_use]
    pub const fn to_char(self) -> char {
        match self {
            Color::Black => 'b',
            Color::White => 'w',
        }
    }

    /// Reads the SFEN side-to-move letter `b` or `w`.
    #[inline]
    #[must_use]
    pub const fn from_char(c: char) -> Option<Color> {
        match c {
            'b' => Some(Color::Black),
            'w' => Some(Color::White),
            _ => None,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.flip()
    }
}

impl core::fmt::Display for Color {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Color::Black => "black",
            Color::White => "white",
        })
    }
}

/// A pair of values, one for each colour, indexed by [`Color`].
///
/// ```
/// use shogi_types::{ByColor, Color};
/// let mut kings = ByColor::new(0, 0);
/// kings[Color::White] += 1;
/// assert_eq!(kings.white, 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ByColor<T> {
    /// Black's value.
    pub black: T,
    /// White's value.
    pub white: T,
}

impl<T> ByColor<T> {
    /// Makes a pair from Black's and White's values.
    #[inline]
    pub const fn new(black: T, white: T) -> ByColor<T> {
        ByColor { black, white }
    }

    /// Makes a pair by calling `f` for Black, then for White.
    #[inline]
    pub fn new_with(mut f: impl FnMut(Color) -> T) -> ByColor<T> {
        let black = f(Color::Black);
        let white = f(Color::White);
        ByColor { black, white }
    }

    /// Applies `f` to both values.
    #[inline]
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        ByColor {
            black: f(self.black),
            white: f(self.white),
        }
    }

    /// A reference to the value of `color`.
    #[inline]
    pub const fn get(&self, color: Color) -> &T {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }

    /// A mutable reference to the value of `color`.
    #[inline]
    pub const fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        }
    }
}

impl<T> Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, color: Color) -> &T {
        self.get(color)
    }
}

impl<T> IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, color: Color) -> &mut T {
        self.get_mut(color)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn not_flips() {
        assert_eq!(!Color::Black, Color::White);
        assert_eq!(!Color::White, Color::Black);
        assert_eq!(Color::from_char('w'), Some(Color::White));
        assert_eq!(Color::from_char('x'), None);
    }
}
