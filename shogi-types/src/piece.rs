use core::fmt;

use crate::Color;

/// The 14 kinds of shogi pieces: eight unpromoted kinds and six promoted ones.
///
/// Gold and king never promote.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[repr(u8)]
pub enum PieceKind {
    /// Pawn (歩兵, fuhyō), `P`.
    #[doc(alias("fu", "fuhyo", "歩"))]
    Pawn = 0,
    /// Lance (香車, kyōsha), `L`.
    #[doc(alias("kyosha", "kyo", "香"))]
    Lance = 1,
    /// Knight (桂馬, keima), `N`.
    #[doc(alias("keima", "kei", "桂"))]
    Knight = 2,
    /// Silver general (銀将, ginshō), `S`.
    #[doc(alias("gin", "ginsho", "銀"))]
    Silver = 3,
    /// Gold general (金将, kinshō), `G`.
    #[doc(alias("kin", "kinsho", "金"))]
    Gold = 4,
    /// Bishop (角行, kakugyō), `B`.
    #[doc(alias("kaku", "kakugyo", "角"))]
    Bishop = 5,
    /// Rook (飛車, hisha), `R`.
    #[doc(alias("hisha", "飛"))]
    Rook = 6,
    /// King (玉将/王将, gyokushō/ōshō), `K`.
    #[doc(alias("gyoku", "osho", "玉", "王"))]
    King = 7,
    /// Promoted pawn (と金, tokin), `+P`.
    #[doc(alias("tokin", "と"))]
    ProPawn = 8,
    /// Promoted lance (成香, narikyō), `+L`.
    #[doc(alias("narikyo", "成香"))]
    ProLance = 9,
    /// Promoted knight (成桂, narikei), `+N`.
    #[doc(alias("narikei", "成桂"))]
    ProKnight = 10,
    /// Promoted silver (成銀, narigin), `+S`.
    #[doc(alias("narigin", "成銀"))]
    ProSilver = 11,
    /// Promoted bishop, horse (竜馬/馬, ryūma/uma), `+B`.
    #[doc(alias("uma", "ryuma", "馬"))]
    Horse = 12,
    /// Promoted rook, dragon (竜王/竜, ryūō/ryū), `+R`.
    #[doc(alias("ryu", "ryuo", "竜", "龍"))]
    Dragon = 13,
}

impl PieceKind {
    /// The number of piece kinds.
    pub const COUNT: usize = 14;

    /// All 14 kinds in index order.
    pub const ALL: [PieceKind; 14] = [
        PieceKind::Pawn,
        PieceKind::Lance,
        PieceKind::Knight,
        PieceKind::Silver,
        PieceKind::Gold,
        PieceKind::Bishop,
        PieceKind::Rook,
        PieceKind::King,
        PieceKind::ProPawn,
        PieceKind::ProLance,
        PieceKind::ProKnight,
        PieceKind::ProSilver,
        PieceKind::Horse,
        PieceKind::Dragon,
    ];

    /// The seven kinds that can be held in hand, in the canonical order of SFEN and of game
    /// records: rook, bishop, gold, silver, knight, lance, pawn.
    pub const HAND_KINDS: [PieceKind; 7] = [
        PieceKind::Rook,
        PieceKind::Bishop,
        PieceKind::Gold,
        PieceKind::Silver,
        PieceKind::Knight,
        PieceKind::Lance,
        PieceKind::Pawn,
    ];

    /// The index of the kind, 0 to 13 (see the discriminants).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind with index `index`, if `index < 14`.
    #[inline]
    #[must_use]
    pub const fn from_index(index: usize) -> Option<PieceKind> {
        if index < 14 {
            Some(PieceKind::ALL[index])
        } else {
            None
        }
    }

    /// The promoted form, or `None` for gold, king and kinds that are already promoted.
    #[inline]
    #[must_use]
    pub const fn promote(self) -> Option<PieceKind> {
        match self {
            PieceKind::Pawn => Some(PieceKind::ProPawn),
            PieceKind::Lance => Some(PieceKind::ProLance),
            PieceKind::Knight => Some(PieceKind::ProKnight),
            PieceKind::Silver => Some(PieceKind::ProSilver),
            PieceKind::Bishop => Some(PieceKind::Horse),
            PieceKind::Rook => Some(PieceKind::Dragon),
            _ => None,
        }
    }

    /// The unpromoted form: the kind itself if it is not promoted.
    ///
    /// A captured piece goes to the hand as its unpromoted kind.
    #[inline]
    #[must_use]
    pub const fn unpromote(self) -> PieceKind {
        match self {
            PieceKind::ProPawn => PieceKind::Pawn,
            PieceKind::ProLance => PieceKind::Lance,
            PieceKind::ProKnight => PieceKind::Knight,
            PieceKind::ProSilver => PieceKind::Silver,
            PieceKind::Horse => PieceKind::Bishop,
            PieceKind::Dragon => PieceKind::Rook,
            k => k,
        }
    }

    /// Whether the kind can promote (pawn, lance, knight, silver, bishop, rook).
    #[inline]
    #[must_use]
    pub const fn can_promote(self) -> bool {
        self.promote().is_some()
    }

    /// Whether the kind is a promoted one.
    #[inline]
    #[must_use]
    pub const fn is_promoted(self) -> bool {
        (self as u8) >= 8
    }

    /// Whether the kind can be held in hand (the seven unpromoted kinds other than the king).
    #[inline]
    #[must_use]
    pub const fn is_hand_kind(self) -> bool {
        (self as u8) < 7
    }

    /// How many pieces of this kind one set holds, promoted forms counted with their
    /// unpromoted kind: 18 pawns; 4 lances, knights, silvers and golds; 2 bishops, rooks and
    /// kings.
    ///
    /// ```
    /// use shogi_types::PieceKind;
    ///
    /// assert_eq!(PieceKind::Pawn.set_count(), 18);
    /// assert_eq!(PieceKind::Horse.set_count(), 2);
    /// ```
    #[inline]
    #[must_use]
    pub const fn set_count(self) -> u8 {
        match self.unpromote() {
            PieceKind::Pawn => 18,
            PieceKind::Bishop | PieceKind::Rook | PieceKind::King => 2,
            _ => 4,
        }
    }

    /// The SFEN letter of the unpromoted form, uppercase (`P L N S G B R K`).
    #[inline]
    #[must_use]
    pub const fn base_letter(self) -> char {
        match self.unpromote() {
            PieceKind::Pawn => 'P',
            PieceKind::Lance => 'L',
            PieceKind::Knight => 'N',
            PieceKind::Silver => 'S',
            PieceKind::Gold => 'G',
            PieceKind::Bishop => 'B',
            PieceKind::Rook => 'R',
            _ => 'K',
        }
    }

    /// Reads an unpromoted SFEN letter in either case (`P L N S G B R K`).
    #[inline]
    #[must_use]
    pub const fn from_letter(c: char) -> Option<PieceKind> {
        match c.to_ascii_uppercase() {
            'P' => Some(PieceKind::Pawn),
            'L' => Some(PieceKind::Lance),
            'N' => Some(PieceKind::Knight),
            'S' => Some(PieceKind::Silver),
            'G' => Some(PieceKind::Gold),
            'B' => Some(PieceKind::Bishop),
            'R' => Some(PieceKind::Rook),
            'K' => Some(PieceKind::King),
            _ => None,
        }
    }

    /// The lowest relative rank (1 = the far rank) on which an unpromoted piece of this kind
    /// can still move: 2 for pawn and lance, 3 for knight, 1 for everything else.
    /// A piece may not be dropped or left unpromoted on a rank closer than this.
    #[inline]
    #[must_use]
    pub const fn first_legal_rank(self) -> u8 {
        match self {
            PieceKind::Pawn | PieceKind::Lance => 2,
            PieceKind::Knight => 3,
            _ => 1,
        }
    }
}

impl fmt::Display for PieceKind {
    /// Writes the uppercase SFEN form: `P`, `+P`, `K`, ...
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_promoted() {
            f.write_str("+")?;
        }
        write!(f, "{}", self.base_letter())
    }
}

/// A piece: a kind and a colour.
///
/// ```
/// use shogi_types::{Color, Piece, PieceKind};
/// let p = Piece::new(Color::White, PieceKind::Dragon);
/// assert_eq!(p.to_string(), "+r");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Piece {
    /// The owner of the piece.
    pub color: Color,
    /// The kind of the piece.
    pub kind: PieceKind,
}

impl Piece {
    /// Makes a piece.
    #[inline]
    #[must_use]
    pub const fn new(color: Color, kind: PieceKind) -> Piece {
        Piece { color, kind }
    }
}

impl fmt::Display for Piece {
    /// Writes the SFEN form: uppercase for Black, lowercase for White, `+` for promoted kinds.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.kind.is_promoted() {
            f.write_str("+")?;
        }
        let c = self.kind.base_letter();
        let c = match self.color {
            Color::Black => c,
            Color::White => c.to_ascii_lowercase(),
        };
        write!(f, "{c}")
    }
}

/// The error returned when a piece in SFEN form (`P`, `+r`, ...) cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("piece: expected an sfen piece such as P, +r or k")]
pub struct ParsePieceError;

impl core::str::FromStr for Piece {
    type Err = ParsePieceError;

    /// Reads the SFEN form written by `Display`: uppercase for Black, lowercase for White, `+`
    /// before a promotable kind.
    fn from_str(s: &str) -> Result<Piece, ParsePieceError> {
        let (promoted, letter) = match s.as_bytes() {
            [b'+', c] => (true, *c),
            [c] => (false, *c),
            _ => return Err(ParsePieceError),
        };
        let kind = PieceKind::from_letter(letter as char).ok_or(ParsePieceError)?;
        let kind = if promoted {
            kind.promote().ok_or(ParsePieceError)?
        } else {
            kind
        };
        let color = if letter.is_ascii_uppercase() {
            Color::Black
        } else {
            Color::White
        };
        Ok(Piece::new(color, kind))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Piece {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Piece {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Piece, D::Error> {
        d.deserialize_str(crate::serde_impl::FromStrVisitor::<Piece>::new(
            "an sfen piece such as P or +r",
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotion_round_trip() {
        for k in PieceKind::ALL {
            if let Some(p) = k.promote() {
                assert!(p.is_promoted());
                assert_eq!(p.unpromote(), k);
                assert!(k.can_promote());
            }
            assert!(!k.unpromote().is_promoted());
            assert_eq!(PieceKind::from_index(k.index()), Some(k));
        }
        assert_eq!(PieceKind::King.promote(), None);
        assert_eq!(PieceKind::Gold.promote(), None);
        assert_eq!(PieceKind::Horse.promote(), None);
        assert_eq!(core::mem::size_of::<Option<Piece>>(), 2);
        for color in [Color::Black, Color::White] {
            for kind in PieceKind::ALL {
                let p = Piece::new(color, kind);
                assert_eq!(std::string::ToString::to_string(&p).parse::<Piece>(), Ok(p));
            }
        }
        assert!("+K".parse::<Piece>().is_err());
        assert!("+".parse::<Piece>().is_err());
        assert!("x".parse::<Piece>().is_err());
    }
}
