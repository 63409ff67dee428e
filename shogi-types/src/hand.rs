use core::fmt;

use crate::PieceKind;

/// The pieces one player holds in hand (持ち駒, mochigoma): a count for each of the seven
/// hand kinds.
///
/// Counts never wrap: [`Hand::checked_add`] and [`Hand::checked_remove`] return `None` instead.
/// A count can reach [`Hand::MAX_COUNT`], more than a set holds, so that setups with extra
/// material can be represented (and rejected, or allowed, by position validation).
///
/// ```
/// use shogi_types::{Hand, PieceKind};
/// let hand = Hand::EMPTY.checked_add(PieceKind::Pawn).and_then(|h| h.checked_add(PieceKind::Pawn));
/// let hand = hand.unwrap();
/// assert_eq!(hand.count(PieceKind::Pawn), 2);
/// assert_eq!(hand.checked_remove(PieceKind::Gold), None);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
#[doc(alias("mochigoma", "持ち駒"))]
pub struct Hand(u64);

impl Hand {
    /// The empty hand.
    pub const EMPTY: Hand = Hand(0);

    /// The largest count of one kind that a hand can hold.
    pub const MAX_COUNT: u8 = 255;

    #[inline]
    const fn shift(kind: PieceKind) -> u32 {
        (kind as u32) * 8
    }

    /// The number of pieces of `kind` in the hand; 0 for kinds that cannot be in hand.
    #[inline]
    #[must_use]
    pub const fn count(self, kind: PieceKind) -> u8 {
        if kind.is_hand_kind() {
            (self.0 >> Self::shift(kind)) as u8
        } else {
            0
        }
    }

    /// Whether the hand holds at least one piece of `kind`.
    #[inline]
    #[must_use]
    pub const fn has(self, kind: PieceKind) -> bool {
        self.count(kind) != 0
    }

    /// Whether the hand is empty.
    #[inline]
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The total number of pieces in the hand.
    #[inline]
    #[must_use]
    pub const fn total(self) -> u32 {
        let mut sum = 0u32;
        let mut i = 0;
        while i < 7 {
            sum += ((self.0 >> (i * 8)) & 0xff) as u32;
            i += 1;
        }
        sum
    }

    /// The hand holding `counts[i]` pieces of the `i`-th hand kind, in the order pawn, lance,
    /// knight, silver, gold, bishop, rook (the order of `PieceKind`).
    ///
    /// ```
    /// use shogi_types::{Hand, PieceKind};
    /// let hand = Hand::from_counts([3, 0, 0, 1, 0, 0, 2]);
    /// assert_eq!(hand.count(PieceKind::Pawn), 3);
    /// assert_eq!(hand.count(PieceKind::Silver), 1);
    /// assert_eq!(hand.count(PieceKind::Rook), 2);
    /// assert_eq!(hand.total(), 6);
    /// ```
    #[inline]
    #[must_use]
    pub const fn from_counts(counts: [u8; 7]) -> Hand {
        let [p, l, n, s, g, b, r] = counts;
        Hand(u64::from_le_bytes([p, l, n, s, g, b, r, 0]))
    }

    /// The hand with `count` pieces of `kind`, or `None` if `kind` cannot be held in hand.
    #[inline]
    #[must_use]
    pub const fn with_count(self, kind: PieceKind, count: u8) -> Option<Hand> {
        if !kind.is_hand_kind() {
            return None;
        }
        let s = Self::shift(kind);
        Some(Hand((self.0 & !(0xff << s)) | ((count as u64) << s)))
    }

    /// The hand with one more piece of `kind` (a promoted kind counts as its unpromoted form),
    /// or `None` for a king or when the count would exceed [`Hand::MAX_COUNT`].
    #[inline]
    #[must_use]
    pub const fn checked_add(self, kind: PieceKind) -> Option<Hand> {
        let kind = kind.unpromote();
        if !kind.is_hand_kind() || self.count(kind) == Self::MAX_COUNT {
            return None;
        }
        Some(Hand(self.0 + (1 << Self::shift(kind))))
    }

    /// The hand with one piece of `kind` less, or `None` if there is none.
    #[inline]
    #[must_use]
    pub const fn checked_remove(self, kind: PieceKind) -> Option<Hand> {
        if self.count(kind) == 0 {
            return None;
        }
        Some(Hand(self.0 - (1 << Self::shift(kind))))
    }

    /// Adds one piece of the hand kind `kind` without the checks of [`Hand::checked_add`]
    /// (they are still `debug_assert!`ed). For move generators that know the count is small.
    #[inline]
    #[must_use]
    pub const fn add_unchecked(self, kind: PieceKind) -> Hand {
        debug_assert!(kind.is_hand_kind() && self.count(kind) < Self::MAX_COUNT);
        Hand(self.0.wrapping_add(1 << (Self::shift(kind) & 63)))
    }

    /// Removes one piece of the hand kind `kind` without the checks of [`Hand::checked_remove`]
    /// (they are still `debug_assert!`ed).
    #[inline]
    #[must_use]
    pub const fn remove_unchecked(self, kind: PieceKind) -> Hand {
        debug_assert!(self.count(kind) > 0);
        Hand(self.0.wrapping_sub(1 << (Self::shift(kind) & 63)))
    }

    /// The kinds present in the hand with their counts, in canonical order (R B G S N L P).
    pub fn iter(self) -> impl Iterator<Item = (PieceKind, u8)> {
        PieceKind::HAND_KINDS
            .into_iter()
            .map(move |k| (k, self.count(k)))
            .filter(|&(_, n)| n > 0)
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut m = f.debug_map();
        for (k, n) in self.iter() {
            m.entry(&k, &n);
        }
        m.finish()
    }
}

#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for Hand {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Hand> {
        let mut hand = Hand::EMPTY;
        for kind in PieceKind::HAND_KINDS {
            let max = if kind == PieceKind::Pawn { 19 } else { 5 };
            let n = u.int_in_range(0..=max)?;
            hand = hand.with_count(kind, n).unwrap_or(hand);
        }
        Ok(hand)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Hand {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeMap;
        let mut m = s.serialize_map(None)?;
        for (k, n) in self.iter() {
            m.serialize_entry(&k.base_letter(), &n)?;
        }
        m.end()
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Hand {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Hand, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Hand;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a map from hand piece letters to counts")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, mut a: A) -> Result<Hand, A::Error> {
                let mut hand = Hand::EMPTY;
                while let Some((k, n)) = a.next_entry::<char, u8>()? {
                    let kind = PieceKind::from_letter(k)
                        .filter(|k| k.is_hand_kind())
                        .ok_or_else(|| serde::de::Error::custom("not a hand piece letter"))?;
                    hand = hand
                        .with_count(kind, n)
                        .ok_or_else(|| serde::de::Error::custom("not a hand piece letter"))?;
                }
                Ok(hand)
            }
        }
        d.deserialize_map(V)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_do_not_wrap() {
        let mut h = Hand::EMPTY;
        for _ in 0..255 {
            h = h.checked_add(PieceKind::Pawn).unwrap();
        }
        assert_eq!(h.count(PieceKind::Pawn), 255);
        assert_eq!(h.checked_add(PieceKind::Pawn), None);
        assert_eq!(h.count(PieceKind::Lance), 0);
        assert_eq!(Hand::EMPTY.checked_remove(PieceKind::Rook), None);
        assert_eq!(Hand::EMPTY.checked_add(PieceKind::King), None);
        assert_eq!(
            Hand::EMPTY
                .checked_add(PieceKind::Dragon)
                .unwrap()
                .count(PieceKind::Rook),
            1
        );
        assert_eq!(h.total(), 255);
    }
}
