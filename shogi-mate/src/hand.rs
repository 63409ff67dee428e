//! The attacker's hand packed into one word, with the order "at least as many of every kind"
//! that proof and disproof pieces (証明駒, 反証駒) are compared by.

use shogi_types::{Hand, PieceKind};

/// The seven hand kinds in the order of the packed fields.
pub(crate) const KINDS: [PieceKind; 7] = [
    PieceKind::Pawn,
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::Silver,
    PieceKind::Gold,
    PieceKind::Bishop,
    PieceKind::Rook,
];

/// The field of a hand kind (its index in [`KINDS`]), or `None` for other kinds.
#[inline]
pub(crate) const fn field(kind: PieceKind) -> Option<usize> {
    match kind {
        PieceKind::Pawn => Some(0),
        PieceKind::Lance => Some(1),
        PieceKind::Knight => Some(2),
        PieceKind::Silver => Some(3),
        PieceKind::Gold => Some(4),
        PieceKind::Bishop => Some(5),
        PieceKind::Rook => Some(6),
        _ => None,
    }
}

/// Seven 9-bit fields: a count (0 to 255) in the low 8 bits and a guard bit above it, always
/// clear, that catches the borrow of a field when two hands are compared.
const GUARDS: u64 = {
    let mut g = 0u64;
    let mut i = 0;
    while i < 7 {
        g |= 1 << (9 * i + 8);
        i += 1;
    }
    g
};

/// A hand as seven counts, compared field by field.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Debug)]
pub(crate) struct PHand(u64);

impl PHand {
    /// No piece.
    pub(crate) const EMPTY: PHand = PHand(0);
    /// 255 of every kind: the largest hand, above every real one.
    pub(crate) const FULL: PHand = PHand(!GUARDS & ((1 << 63) - 1));

    /// The packed form of `hand`.
    pub(crate) fn from_hand(hand: Hand) -> PHand {
        let mut bits = 0u64;
        for (i, kind) in KINDS.into_iter().enumerate() {
            bits |= u64::from(hand.count(kind)) << (9 * i);
        }
        PHand(bits)
    }

    /// The raw bits (for hashing).
    #[inline]
    pub(crate) const fn bits(self) -> u64 {
        self.0
    }

    /// The count of field `i`.
    #[inline]
    pub(crate) const fn get(self, i: usize) -> u8 {
        (self.0 >> (9 * i)) as u8
    }

    /// The count of `kind` (0 for kinds that cannot be in hand).
    #[inline]
    pub(crate) fn count(self, kind: PieceKind) -> u8 {
        field(kind).map_or(0, |i| self.get(i))
    }

    /// The hand with field `i` set to `n`.
    #[inline]
    #[must_use]
    pub(crate) const fn with(self, i: usize, n: u8) -> PHand {
        PHand((self.0 & !(0xff << (9 * i))) | ((n as u64) << (9 * i)))
    }

    /// One more of `kind` (saturating at 255; other kinds unchanged).
    #[inline]
    #[must_use]
    pub(crate) fn plus(self, kind: PieceKind) -> PHand {
        match field(kind) {
            Some(i) => self.with(i, self.get(i).saturating_add(1)),
            None => self,
        }
    }

    /// One fewer of `kind` (saturating at 0).
    #[inline]
    #[must_use]
    pub(crate) fn minus(self, kind: PieceKind) -> PHand {
        match field(kind) {
            Some(i) => self.with(i, self.get(i).saturating_sub(1)),
            None => self,
        }
    }

    /// Whether every count of `self` is at most the count of `other`.
    #[inline]
    pub(crate) const fn le(self, other: PHand) -> bool {
        (other.0 | GUARDS).wrapping_sub(self.0) & GUARDS == GUARDS
    }

    /// The larger count of each kind.
    #[inline]
    #[must_use]
    pub(crate) fn max(self, other: PHand) -> PHand {
        let mut out = PHand::EMPTY;
        for i in 0..7 {
            out = out.with(i, self.get(i).max(other.get(i)));
        }
        out
    }

    /// The smaller count of each kind.
    #[inline]
    #[must_use]
    pub(crate) fn min(self, other: PHand) -> PHand {
        let mut out = PHand::EMPTY;
        for i in 0..7 {
            out = out.with(i, self.get(i).min(other.get(i)));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn order_is_per_field() {
        let a = PHand::EMPTY.plus(PieceKind::Pawn).plus(PieceKind::Rook);
        let b = a.plus(PieceKind::Gold);
        assert!(a.le(b) && !b.le(a));
        assert!(a.le(a));
        let c = PHand::EMPTY.plus(PieceKind::Gold).plus(PieceKind::Gold);
        assert!(!c.le(b) && !b.le(c));
        assert!(b.le(PHand::FULL) && PHand::EMPTY.le(a));
        assert_eq!(b.max(c).count(PieceKind::Gold), 2);
        assert_eq!(b.min(c), PHand::EMPTY.plus(PieceKind::Gold));
        let full = PHand::from_hand(
            Hand::EMPTY
                .with_count(PieceKind::Pawn, 255)
                .expect("255 fits"),
        );
        assert_eq!(full.count(PieceKind::Pawn), 255);
        assert_eq!(full.plus(PieceKind::Pawn).count(PieceKind::Pawn), 255);
        assert!(full.le(PHand::FULL));
        assert_eq!(PHand::EMPTY.minus(PieceKind::Lance), PHand::EMPTY);
    }
}
