use shogi_types::{Color, PieceKind};

use crate::Rgba;

/// How the files and ranks are labelled, above and to the right of the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Coordinates {
    /// Full-width digits for files (`９`…`１`) and kanji numerals for ranks (`一`…`九`), as in
    /// Japanese books and ShogiHome.
    #[default]
    Japanese,
    /// ASCII digits for files (`9`…`1`) and letters for ranks (`a`…`i`), as in USI and
    /// Western notation.
    Western,
}

/// How pieces are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PieceStyle {
    /// One kanji per piece, as in printed diagrams: 玉/王 飛 龍 角 馬 金 銀 全 桂 圭 香 杏 歩 と.
    #[default]
    Kanji,
    /// The two kanji of the piece's full name, one above the other, as on the wooden pieces:
    /// 玉将/王将 飛車 龍王 角行 龍馬 金将 銀将 成銀 桂馬 成桂 香車 成香 歩兵 と金.
    TwoKanji,
    /// Western letters: `K R B G S N L P`, promoted `+R +B +S +N +L +P`.
    Western,
}

/// The kanji of a king: 玉 (gyoku) or 王 (ō).
///
/// In a game between players of different rank the stronger (usually White, 上手) takes the
/// king written 王; a diagram shows which. [`Diagram`](crate::Diagram) writes Black's king 玉
/// and White's 王 unless told otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[doc(alias("gyoku", "ou", "玉", "王"))]
pub enum KingGlyph {
    /// 玉 (玉将, gyokushō).
    Gyoku,
    /// 王 (王将, ōshō).
    Ou,
}

/// The colours of a diagram. [`Theme::default`] is a light wooden board with black lines and
/// pieces, promoted pieces in red, and translucent highlights.
///
/// ```
/// use shogi_svg::{Rgba, Theme};
///
/// let mut theme = Theme::default();
/// theme.board = Rgba::rgb(255, 255, 255); // a white board, as in printed diagrams
/// theme.promoted = theme.text; // promoted pieces in black
/// # let _ = theme;
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Theme {
    /// The whole picture behind the board and hands; `None` leaves it transparent.
    pub background: Option<Rgba>,
    /// The 81 squares.
    pub board: Rgba,
    /// Grid lines, star points and coordinates.
    pub lines: Rgba,
    /// Pieces, hand counts, side markers and names.
    pub text: Rgba,
    /// Promoted pieces.
    pub promoted: Rgba,
    /// The from and to squares of the last move.
    pub last_move: Rgba,
    /// The square of a king in check.
    pub check: Rgba,
    /// The selected square.
    pub selected: Rgba,
    /// Move dots.
    pub dots: Rgba,
    /// Arrows added without a colour of their own (`shogi svg --arrow`).
    pub arrow: Rgba,
}

impl Default for Theme {
    fn default() -> Theme {
        Theme {
            background: Some(Rgba::rgb(255, 255, 255)),
            board: Rgba::rgb(0xf3, 0xd3, 0x9b),
            lines: Rgba::rgb(0x20, 0x20, 0x20),
            text: Rgba::rgb(0, 0, 0),
            promoted: Rgba::rgb(0xc0, 0x10, 0x10),
            last_move: Rgba::new(0xe8, 0x8a, 0x1a, 0x80),
            check: Rgba::new(0xe0, 0x10, 0x10, 0x99),
            selected: Rgba::new(0x20, 0x70, 0xe0, 0x80),
            dots: Rgba::new(0x10, 0x60, 0x20, 0xb0),
            arrow: Rgba::new(0x10, 0x80, 0x30, 0xc0),
        }
    }
}

/// The text of a piece of `kind` in `style`, with `king` the kanji of a king of its side.
/// Two-kanji names are returned as two characters; the writer stacks them.
pub(crate) fn label(style: PieceStyle, kind: PieceKind, king: KingGlyph) -> &'static str {
    use PieceKind::*;
    match style {
        PieceStyle::Kanji => match kind {
            Pawn => "歩",
            Lance => "香",
            Knight => "桂",
            Silver => "銀",
            Gold => "金",
            Bishop => "角",
            Rook => "飛",
            King => match king {
                KingGlyph::Gyoku => "玉",
                KingGlyph::Ou => "王",
            },
            ProPawn => "と",
            ProLance => "杏",
            ProKnight => "圭",
            ProSilver => "全",
            Horse => "馬",
            Dragon => "龍",
        },
        PieceStyle::TwoKanji => match kind {
            Pawn => "歩兵",
            Lance => "香車",
            Knight => "桂馬",
            Silver => "銀将",
            Gold => "金将",
            Bishop => "角行",
            Rook => "飛車",
            King => match king {
                KingGlyph::Gyoku => "玉将",
                KingGlyph::Ou => "王将",
            },
            ProPawn => "と金",
            ProLance => "成香",
            ProKnight => "成桂",
            ProSilver => "成銀",
            Horse => "龍馬",
            Dragon => "龍王",
        },
        PieceStyle::Western => match kind {
            Pawn => "P",
            Lance => "L",
            Knight => "N",
            Silver => "S",
            Gold => "G",
            Bishop => "B",
            Rook => "R",
            King => "K",
            ProPawn => "+P",
            ProLance => "+L",
            ProKnight => "+N",
            ProSilver => "+S",
            Horse => "+B",
            Dragon => "+R",
        },
    }
}

/// The side marker: ☗ for Black (sente), ☖ for White (gote).
pub(crate) const fn marker(color: Color) -> &'static str {
    match color {
        Color::Black => "☗",
        Color::White => "☖",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_label_has_its_length() {
        for kind in PieceKind::ALL {
            for king in [KingGlyph::Gyoku, KingGlyph::Ou] {
                assert_eq!(label(PieceStyle::Kanji, kind, king).chars().count(), 1);
                assert_eq!(label(PieceStyle::TwoKanji, kind, king).chars().count(), 2);
                let western = label(PieceStyle::Western, kind, king);
                assert_eq!(western.starts_with('+'), kind.is_promoted(), "{kind:?}");
                assert!(
                    western.ends_with(kind.unpromote().base_letter()),
                    "{kind:?}"
                );
            }
        }
        assert_eq!(
            label(PieceStyle::Kanji, PieceKind::King, KingGlyph::Ou),
            "王"
        );
    }
}
