//! Handicaps (駒落ち, koma-ochi): the standard start position with some of White's pieces
//! removed.
//!
//! In a handicap game the stronger player, the giver (上手, uwate), plays White and removes
//! pieces from its side of the standard start position; the weaker player (下手, shitate) plays
//! Black with the full set. **The giver moves first**: every handicap start is written with
//! White to move, SFEN `w - 1` (CSA first turn `-`, KIF numbering starting with 上手). This is
//! what KIF, CSA, JKF, shogiops/lishogi, tsshogi and cshogi do; a few tools write `b`, and
//! [`Handicap::from_setup`] does not recognise such a position.
//!
//! Squares are named from Black's side as usual; White's right-hand side is the file-9 side,
//! so White's "left lance" is on 1a (１一) and its "right lance" on 9a (９一).
//!
//! [`Handicap`] lists the 16 handicaps a KIF `手合割` line can name (the 17th KIF name, その他
//! "other", means the record carries a board diagram instead; see [`Handicap::KIF_OTHER`]),
//! the second reading of 三枚落ち, and the handicaps KIF does not name (両香落ち, 九枚落ち,
//! 歩三兵, 裸玉 and the three トンボ forms). Sources: Kakinoki's KIF format description
//! (<http://kakinoki.o.oo7.jp/kif_format.html>) for the names; the JKF normalizer
//! (na2hiro/json-kifu-format, `src/normalizer.ts`), cshogi, python-shogi, MyShogi, tsshogi and
//! shogiops (`src/handicaps.ts`) for the squares; shogiops and the English Wikipedia
//! ([Handicap (shogi)](https://en.wikipedia.org/wiki/Handicap_(shogi))) for the English names
//! and the non-KIF handicaps.
//!
//! Where sources differ we chose:
//! - **三枚落ち** (3-Piece): [`Handicap::ThreePiece`] removes the 1a lance, like 香落ち (cshogi,
//!   python-shogi, MyShogi); [`Handicap::ThreePieceRightLance`] removes the 9a lance (the JKF
//!   normalizer, shogiops). Both are recognised; [`Handicap::kif_name`] is `None` for both, so
//!   a KIF writer gives the board diagram rather than the ambiguous name.
//! - **九枚落ち** (9-Piece): White keeps king and the 4a gold (`4kg3`, as shogiops and lishogi
//!   write it); the English Wikipedia says the 6a gold stays instead.
//!
//! ```
//! use shogi_movegen::{Position, Standard};
//! use shogi_types::Color;
//! use shogi_variants::handicap::Handicap;
//!
//! let h: Handicap = "角落ち".parse()?;
//! assert_eq!(h, Handicap::Bishop);
//! assert_eq!(h.english_name(), "Bishop");
//! assert_eq!(h.sfen(), "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
//!
//! let pos: Position<Standard> = h.position();
//! assert_eq!(pos.side_to_move(), Color::White); // the giver moves first
//! assert_eq!(pos.legal_moves().len(), 33);
//!
//! // A start position is named back.
//! assert_eq!(Handicap::from_setup(&pos.to_setup()), Some(Handicap::Bishop));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;

use shogi_movegen::{Position, Standard};
use shogi_types::{Color, Hand, PieceKind, Setup, Square};

/// A handicap (駒落ち, koma-ochi; 手合割, teai-wari): which of White's pieces are removed from
/// the standard start position.
///
/// Each variant's docs give its Japanese name (as a KIF `手合割` line writes it), its English
/// name, the pieces removed and the start SFEN. The giver is White and moves first (SFEN
/// `w - 1`); [`Handicap::Even`] is the even game, with Black to move.
///
/// See the [module docs](self) for sources and the choices made where sources differ.
#[doc(alias = "komaochi")]
#[doc(alias = "teaiwari")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[non_exhaustive]
pub enum Handicap {
    /// 平手 (hirate), Even: no handicap, Black moves first.
    ///
    /// `lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1`
    #[doc(alias = "hirate")]
    Even,
    /// 香落ち (kyō-ochi), Lance: the 1a lance removed.
    ///
    /// `lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1`
    Lance,
    /// 右香落ち (migi kyō-ochi), Right Lance: the 9a lance removed (historical, Edo records).
    ///
    /// `1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1`
    RightLance,
    /// 角落ち (kaku-ochi), Bishop: the bishop removed.
    ///
    /// `lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1`
    Bishop,
    /// 飛車落ち (hisha-ochi), Rook: the rook removed.
    ///
    /// `lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1`
    Rook,
    /// 飛香落ち (hikyō-ochi), Rook–Lance: the rook and the 1a lance removed.
    ///
    /// `lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1`
    RookLance,
    /// 二枚落ち (nimai-ochi), 2-Piece: rook and bishop removed.
    ///
    /// `lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1`
    TwoPiece,
    /// 三枚落ち (sanmai-ochi), 3-Piece: rook, bishop and the 1a lance removed (the canonical
    /// reading; see [`Handicap::ThreePieceRightLance`] for the other).
    ///
    /// `lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1`
    ThreePiece,
    /// 三枚落ち, 3-Piece (Right Lance): rook, bishop and the 9a lance removed, as the JKF
    /// normalizer and shogiops read 三枚落ち.
    ///
    /// `1nsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1`
    ThreePieceRightLance,
    /// 四枚落ち (yonmai-ochi), 4-Piece: rook, bishop and both lances removed.
    ///
    /// `1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1`
    FourPiece,
    /// 五枚落ち (gomai-ochi), 5-Piece: the 4-Piece handicap and the 8a (right) knight.
    ///
    /// `2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1`
    FivePiece,
    /// 左五枚落ち (hidari gomai-ochi), Left 5-Piece: the 4-Piece handicap and the 2a (left)
    /// knight.
    ///
    /// `1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1`
    LeftFivePiece,
    /// 六枚落ち (rokumai-ochi), 6-Piece: rook, bishop, both lances and both knights removed.
    ///
    /// `2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1`
    SixPiece,
    /// 左七枚落ち (hidari nanamai-ochi), Left 7-Piece: the 6-Piece handicap and the 3a (left)
    /// silver.
    ///
    /// `2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1`
    LeftSevenPiece,
    /// 右七枚落ち (migi nanamai-ochi), Right 7-Piece: the 6-Piece handicap and the 7a (right)
    /// silver (shogiops calls this one 七枚落ち).
    ///
    /// `3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1`
    RightSevenPiece,
    /// 八枚落ち (hachimai-ochi), 8-Piece: White keeps only king, golds and pawns.
    ///
    /// `3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1`
    EightPiece,
    /// 九枚落ち (kyūmai-ochi), 9-Piece: White keeps king, the 4a gold and pawns (as shogiops
    /// writes it; the English Wikipedia keeps the 6a gold instead). Not a KIF name.
    ///
    /// `4kg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1`
    NinePiece,
    /// 十枚落ち (jūmai-ochi), 10-Piece: White keeps only king and pawns.
    ///
    /// `4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1`
    TenPiece,
    /// 両香落ち (ryōkyō-ochi), Both Lances: both lances removed. Not a KIF name.
    ///
    /// `1nsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1`
    BothLances,
    /// 歩三兵 (fu sanpei), Three Pawns: White has only its king on the board and three pawns in
    /// hand. Not a KIF name.
    ///
    /// `4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w 3p 1`
    ThreePawns,
    /// 裸玉 (hadaka gyoku), Naked King: White has only its king (bioshogi: 十九枚落ち). Not a KIF
    /// name.
    ///
    /// `4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1`
    NakedKing,
    /// トンボ (tonbo), Dragonfly: White keeps king, rook, bishop and pawns (an 81Dojo
    /// handicap). Not a KIF name.
    ///
    /// `4k4/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1`
    Dragonfly,
    /// トンボ＋香, Dragonfly + Lances: the Dragonfly with both lances. Not a KIF name.
    ///
    /// `l3k3l/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1`
    DragonflyLances,
    /// トンボ＋桂香, Dragonfly + Knights and Lances: the Dragonfly with both knights and both
    /// lances. Not a KIF name.
    ///
    /// `ln2k2nl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1`
    DragonflyKnightsLances,
}

use PieceKind::Silver as S;
use PieceKind::{Bishop as B, Gold as G, Knight as N, Lance as L, Pawn as P, Rook as R};
use Square::*;

/// White's pawns, 9c to 1c.
const PAWNS: [(Square, PieceKind); 9] = [
    (SQ_9C, P),
    (SQ_8C, P),
    (SQ_7C, P),
    (SQ_6C, P),
    (SQ_5C, P),
    (SQ_4C, P),
    (SQ_3C, P),
    (SQ_2C, P),
    (SQ_1C, P),
];

/// Everything White has but its king and pawns: the 10-Piece handicap.
const TEN: [(Square, PieceKind); 10] = [
    (SQ_8B, R),
    (SQ_2B, B),
    (SQ_1A, L),
    (SQ_9A, L),
    (SQ_2A, N),
    (SQ_8A, N),
    (SQ_3A, S),
    (SQ_7A, S),
    (SQ_4A, G),
    (SQ_6A, G),
];

/// Everything White has but its king: the Naked King handicap.
const NINETEEN: [(Square, PieceKind); 19] = {
    let mut out = [(SQ_1A, P); 19];
    let mut i = 0;
    while i < 10 {
        out[i] = TEN[i];
        i += 1;
    }
    while i < 19 {
        out[i] = PAWNS[i - 10];
        i += 1;
    }
    out
};

/// The first `N` entries of [`TEN`]: the 2-, 3-, 4-, left 5-, 6-, left 7- and 8-Piece
/// handicaps remove pieces in this order.
const fn ten_prefix<const N: usize>() -> [(Square, PieceKind); N] {
    let mut out = [(SQ_1A, P); N];
    let mut i = 0;
    while i < N {
        out[i] = TEN[i];
        i += 1;
    }
    out
}

const TWO: [(Square, PieceKind); 2] = ten_prefix();
const THREE: [(Square, PieceKind); 3] = ten_prefix();
const FOUR: [(Square, PieceKind); 4] = ten_prefix();
const LEFT_FIVE: [(Square, PieceKind); 5] = ten_prefix();
const SIX: [(Square, PieceKind); 6] = ten_prefix();
const LEFT_SEVEN: [(Square, PieceKind); 7] = ten_prefix();
const EIGHT: [(Square, PieceKind); 8] = ten_prefix();

/// The 9-Piece handicap: the 8-Piece one and the 6a gold.
const NINE: [(Square, PieceKind); 9] = [
    (SQ_8B, R),
    (SQ_2B, B),
    (SQ_1A, L),
    (SQ_9A, L),
    (SQ_2A, N),
    (SQ_8A, N),
    (SQ_3A, S),
    (SQ_7A, S),
    (SQ_6A, G),
];

/// Three pawns in White's hand: the Three Pawns handicap.
const THREE_PAWNS: Hand = match Hand::EMPTY.with_count(P, 3) {
    Some(h) => h,
    None => Hand::EMPTY,
};

impl Handicap {
    /// Every handicap: the KIF names from 平手 to 十枚落ち (with both readings of 三枚落ち, and
    /// 九枚落ち after 八枚落ち), then the handicaps KIF does not name.
    pub const ALL: [Handicap; 24] = [
        Handicap::Even,
        Handicap::Lance,
        Handicap::RightLance,
        Handicap::Bishop,
        Handicap::Rook,
        Handicap::RookLance,
        Handicap::TwoPiece,
        Handicap::ThreePiece,
        Handicap::ThreePieceRightLance,
        Handicap::FourPiece,
        Handicap::FivePiece,
        Handicap::LeftFivePiece,
        Handicap::SixPiece,
        Handicap::LeftSevenPiece,
        Handicap::RightSevenPiece,
        Handicap::EightPiece,
        Handicap::NinePiece,
        Handicap::TenPiece,
        Handicap::BothLances,
        Handicap::ThreePawns,
        Handicap::NakedKing,
        Handicap::Dragonfly,
        Handicap::DragonflyLances,
        Handicap::DragonflyKnightsLances,
    ];

    /// The 17th KIF `手合割` name, その他 ("other"): the record gives its start position as a
    /// board diagram. A KIF writer uses it when [`Handicap::kif_name`] is `None` or the start
    /// is no handicap at all ([`Handicap::from_setup`] returns `None`).
    pub const KIF_OTHER: &'static str = "その他";

    /// The Japanese name, as a KIF `手合割` line writes it (`"角落ち"`); for handicaps KIF does
    /// not define, the usual name (`"両香落ち"`, `"トンボ＋香"` with a full-width plus).
    ///
    /// Both readings of 三枚落ち have the name `"三枚落ち"`; every other name is unique.
    #[must_use]
    pub const fn japanese_name(self) -> &'static str {
        match self {
            Handicap::Even => "平手",
            Handicap::Lance => "香落ち",
            Handicap::RightLance => "右香落ち",
            Handicap::Bishop => "角落ち",
            Handicap::Rook => "飛車落ち",
            Handicap::RookLance => "飛香落ち",
            Handicap::TwoPiece => "二枚落ち",
            Handicap::ThreePiece | Handicap::ThreePieceRightLance => "三枚落ち",
            Handicap::FourPiece => "四枚落ち",
            Handicap::FivePiece => "五枚落ち",
            Handicap::LeftFivePiece => "左五枚落ち",
            Handicap::SixPiece => "六枚落ち",
            Handicap::LeftSevenPiece => "左七枚落ち",
            Handicap::RightSevenPiece => "右七枚落ち",
            Handicap::EightPiece => "八枚落ち",
            Handicap::NinePiece => "九枚落ち",
            Handicap::TenPiece => "十枚落ち",
            Handicap::BothLances => "両香落ち",
            Handicap::ThreePawns => "歩三兵",
            Handicap::NakedKing => "裸玉",
            Handicap::Dragonfly => "トンボ",
            Handicap::DragonflyLances => "トンボ＋香",
            Handicap::DragonflyKnightsLances => "トンボ＋桂香",
        }
    }

    /// The English name (`"Bishop"`, `"2-Piece"`, `"Left 7-Piece"`); unique for every
    /// handicap, and what [`Display`](fmt::Display) writes.
    #[must_use]
    pub const fn english_name(self) -> &'static str {
        match self {
            Handicap::Even => "Even",
            Handicap::Lance => "Lance",
            Handicap::RightLance => "Right Lance",
            Handicap::Bishop => "Bishop",
            Handicap::Rook => "Rook",
            Handicap::RookLance => "Rook–Lance",
            Handicap::TwoPiece => "2-Piece",
            Handicap::ThreePiece => "3-Piece",
            Handicap::ThreePieceRightLance => "3-Piece (Right Lance)",
            Handicap::FourPiece => "4-Piece",
            Handicap::FivePiece => "5-Piece",
            Handicap::LeftFivePiece => "Left 5-Piece",
            Handicap::SixPiece => "6-Piece",
            Handicap::LeftSevenPiece => "Left 7-Piece",
            Handicap::RightSevenPiece => "Right 7-Piece",
            Handicap::EightPiece => "8-Piece",
            Handicap::NinePiece => "9-Piece",
            Handicap::TenPiece => "10-Piece",
            Handicap::BothLances => "Both Lances",
            Handicap::ThreePawns => "Three Pawns",
            Handicap::NakedKing => "Naked King",
            Handicap::Dragonfly => "Dragonfly",
            Handicap::DragonflyLances => "Dragonfly + Lances",
            Handicap::DragonflyKnightsLances => "Dragonfly + Knights and Lances",
        }
    }

    /// The name a KIF writer may put in its `手合割` line, or `None` when it should write
    /// [`Handicap::KIF_OTHER`] and a board diagram: for both readings of 三枚落ち (ambiguous:
    /// sources differ on which lance goes) and for the handicaps KIF does not define, which
    /// Kakinoki-compatible readers would not know.
    #[must_use]
    pub const fn kif_name(self) -> Option<&'static str> {
        match self {
            Handicap::ThreePiece
            | Handicap::ThreePieceRightLance
            | Handicap::NinePiece
            | Handicap::BothLances
            | Handicap::ThreePawns
            | Handicap::NakedKing
            | Handicap::Dragonfly
            | Handicap::DragonflyLances
            | Handicap::DragonflyKnightsLances => None,
            Handicap::Even
            | Handicap::Lance
            | Handicap::RightLance
            | Handicap::Bishop
            | Handicap::Rook
            | Handicap::RookLance
            | Handicap::TwoPiece
            | Handicap::FourPiece
            | Handicap::FivePiece
            | Handicap::LeftFivePiece
            | Handicap::SixPiece
            | Handicap::LeftSevenPiece
            | Handicap::RightSevenPiece
            | Handicap::EightPiece
            | Handicap::TenPiece => Some(self.japanese_name()),
        }
    }

    /// The pieces removed from White's side of the standard start position, with the squares
    /// they stood on. Empty for [`Handicap::Even`]. For [`Handicap::ThreePawns`] all 19 are
    /// removed and three pawns are then put in White's hand ([`Handicap::giver_hand`]).
    ///
    /// ```
    /// use shogi_types::{PieceKind, Square};
    /// use shogi_variants::handicap::Handicap;
    ///
    /// assert_eq!(
    ///     Handicap::RookLance.removed(),
    ///     [(Square::SQ_8B, PieceKind::Rook), (Square::SQ_1A, PieceKind::Lance)]
    /// );
    /// assert_eq!(Handicap::TenPiece.removed().len(), 10);
    /// ```
    #[must_use]
    pub const fn removed(self) -> &'static [(Square, PieceKind)] {
        match self {
            Handicap::Even => &[],
            Handicap::Lance => &[(SQ_1A, L)],
            Handicap::RightLance => &[(SQ_9A, L)],
            Handicap::Bishop => &[(SQ_2B, B)],
            Handicap::Rook => &[(SQ_8B, R)],
            Handicap::RookLance => &[(SQ_8B, R), (SQ_1A, L)],
            Handicap::TwoPiece => &TWO,
            Handicap::ThreePiece => &THREE,
            Handicap::ThreePieceRightLance => &[(SQ_8B, R), (SQ_2B, B), (SQ_9A, L)],
            Handicap::FourPiece => &FOUR,
            Handicap::FivePiece => &[(SQ_8B, R), (SQ_2B, B), (SQ_1A, L), (SQ_9A, L), (SQ_8A, N)],
            Handicap::LeftFivePiece => &LEFT_FIVE,
            Handicap::SixPiece => &SIX,
            Handicap::LeftSevenPiece => &LEFT_SEVEN,
            Handicap::RightSevenPiece => &[
                (SQ_8B, R),
                (SQ_2B, B),
                (SQ_1A, L),
                (SQ_9A, L),
                (SQ_2A, N),
                (SQ_8A, N),
                (SQ_7A, S),
            ],
            Handicap::EightPiece => &EIGHT,
            Handicap::NinePiece => &NINE,
            Handicap::TenPiece => &TEN,
            Handicap::BothLances => &[(SQ_1A, L), (SQ_9A, L)],
            Handicap::ThreePawns | Handicap::NakedKing => &NINETEEN,
            Handicap::Dragonfly => &[
                (SQ_1A, L),
                (SQ_9A, L),
                (SQ_2A, N),
                (SQ_8A, N),
                (SQ_3A, S),
                (SQ_7A, S),
                (SQ_4A, G),
                (SQ_6A, G),
            ],
            Handicap::DragonflyLances => &[
                (SQ_2A, N),
                (SQ_8A, N),
                (SQ_3A, S),
                (SQ_7A, S),
                (SQ_4A, G),
                (SQ_6A, G),
            ],
            Handicap::DragonflyKnightsLances => &[(SQ_3A, S), (SQ_7A, S), (SQ_4A, G), (SQ_6A, G)],
        }
    }

    /// The pieces the giver holds in hand at the start: three pawns for
    /// [`Handicap::ThreePawns`], none otherwise.
    #[must_use]
    pub const fn giver_hand(self) -> Hand {
        match self {
            Handicap::ThreePawns => THREE_PAWNS,
            Handicap::Even
            | Handicap::Lance
            | Handicap::RightLance
            | Handicap::Bishop
            | Handicap::Rook
            | Handicap::RookLance
            | Handicap::TwoPiece
            | Handicap::ThreePiece
            | Handicap::ThreePieceRightLance
            | Handicap::FourPiece
            | Handicap::FivePiece
            | Handicap::LeftFivePiece
            | Handicap::SixPiece
            | Handicap::LeftSevenPiece
            | Handicap::RightSevenPiece
            | Handicap::EightPiece
            | Handicap::NinePiece
            | Handicap::TenPiece
            | Handicap::BothLances
            | Handicap::NakedKing
            | Handicap::Dragonfly
            | Handicap::DragonflyLances
            | Handicap::DragonflyKnightsLances => Hand::EMPTY,
        }
    }

    /// The handicap giver (上手, uwate): White, or `None` for [`Handicap::Even`].
    #[doc(alias = "uwate")]
    #[must_use]
    pub const fn giver(self) -> Option<Color> {
        match self {
            Handicap::Even => None,
            Handicap::Lance
            | Handicap::RightLance
            | Handicap::Bishop
            | Handicap::Rook
            | Handicap::RookLance
            | Handicap::TwoPiece
            | Handicap::ThreePiece
            | Handicap::ThreePieceRightLance
            | Handicap::FourPiece
            | Handicap::FivePiece
            | Handicap::LeftFivePiece
            | Handicap::SixPiece
            | Handicap::LeftSevenPiece
            | Handicap::RightSevenPiece
            | Handicap::EightPiece
            | Handicap::NinePiece
            | Handicap::TenPiece
            | Handicap::BothLances
            | Handicap::ThreePawns
            | Handicap::NakedKing
            | Handicap::Dragonfly
            | Handicap::DragonflyLances
            | Handicap::DragonflyKnightsLances => Some(Color::White),
        }
    }

    /// The side that moves first: White (the giver) in every handicap, Black in the even game.
    #[must_use]
    pub const fn first_to_move(self) -> Color {
        match self.giver() {
            Some(giver) => giver,
            None => Color::Black,
        }
    }

    /// The start position as an unchecked [`Setup`] (move number 1).
    ///
    /// ```
    /// use shogi_types::{Color, PieceKind, Setup, Square};
    /// use shogi_variants::handicap::Handicap;
    ///
    /// let setup = Handicap::TwoPiece.setup();
    /// assert_eq!(setup.piece_at(Square::SQ_8B), None);
    /// assert_eq!(setup.piece_at(Square::SQ_2B), None);
    /// assert_eq!(setup.side_to_move, Color::White);
    /// assert_eq!(Handicap::Even.setup(), Setup::start());
    /// assert_eq!(Handicap::ThreePawns.setup().hands.white.count(PieceKind::Pawn), 3);
    /// ```
    #[must_use]
    pub const fn setup(self) -> Setup {
        let mut setup = Setup::start();
        let removed = self.removed();
        let mut i = 0;
        while i < removed.len() {
            setup.board[removed[i].0 as usize] = None;
            i += 1;
        }
        setup.hands.white = self.giver_hand();
        setup.side_to_move = self.first_to_move();
        setup
    }

    /// The start position, validated, under standard rules.
    #[must_use]
    pub fn position(self) -> Position<Standard> {
        // Every handicap setup is valid (tested for each one); the start position is only a
        // fallback that cannot be reached.
        Position::from_setup(self.setup()).unwrap_or_else(|_| Position::start())
    }

    /// The start position in SFEN, as [`Setup`]'s SFEN writer writes [`Handicap::setup`].
    #[must_use]
    pub const fn sfen(self) -> &'static str {
        match self {
            Handicap::Even => "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            Handicap::Lance => "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::RightLance => {
                "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
            }
            Handicap::Bishop => "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::Rook => "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::RookLance => "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::TwoPiece => "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::ThreePiece => "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::ThreePieceRightLance => {
                "1nsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
            }
            Handicap::FourPiece => "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::FivePiece => "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::LeftFivePiece => "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::SixPiece => "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::LeftSevenPiece => "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::RightSevenPiece => "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::EightPiece => "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::NinePiece => "4kg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::TenPiece => "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::BothLances => {
                "1nsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
            }
            Handicap::ThreePawns => "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w 3p 1",
            Handicap::NakedKing => "4k4/9/9/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::Dragonfly => "4k4/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::DragonflyLances => {
                "l3k3l/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
            }
            Handicap::DragonflyKnightsLances => {
                "ln2k2nl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"
            }
        }
    }

    /// The handicap whose start position `setup` is: same board, same hands and the same side
    /// to move (the move number is ignored). Both readings of 三枚落ち are recognised.
    /// `None` for any other setup, including a handicap board with Black to move.
    ///
    /// ```
    /// use shogi_types::Setup;
    /// use shogi_variants::handicap::Handicap;
    ///
    /// assert_eq!(Handicap::from_setup(&Setup::start()), Some(Handicap::Even));
    /// for h in Handicap::ALL {
    ///     assert_eq!(Handicap::from_setup(&h.setup()), Some(h));
    /// }
    /// assert_eq!(Handicap::from_setup(&Setup::empty()), None);
    /// ```
    #[must_use]
    pub fn from_setup(setup: &Setup) -> Option<Handicap> {
        Handicap::ALL
            .into_iter()
            .find(|h| crate::same_start(&h.setup(), setup))
    }

    /// The handicap with this Japanese name ([`Handicap::japanese_name`]); `"三枚落ち"` gives
    /// the canonical [`Handicap::ThreePiece`].
    ///
    /// ```
    /// use shogi_variants::handicap::Handicap;
    ///
    /// assert_eq!(Handicap::from_japanese_name("飛香落ち"), Some(Handicap::RookLance));
    /// assert_eq!(Handicap::from_japanese_name("三枚落ち"), Some(Handicap::ThreePiece));
    /// assert_eq!(Handicap::from_japanese_name("その他"), None);
    /// ```
    #[must_use]
    pub fn from_japanese_name(name: &str) -> Option<Handicap> {
        Handicap::ALL
            .into_iter()
            .find(|h| h.japanese_name() == name)
    }

    /// The handicap with this English name ([`Handicap::english_name`]), ignoring ASCII case;
    /// a hyphen may stand for the en dash of `"Rook–Lance"`.
    ///
    /// ```
    /// use shogi_variants::handicap::Handicap;
    ///
    /// assert_eq!(Handicap::from_english_name("left 5-piece"), Some(Handicap::LeftFivePiece));
    /// assert_eq!(Handicap::from_english_name("Rook-Lance"), Some(Handicap::RookLance));
    /// assert_eq!(Handicap::from_english_name("Queen"), None);
    /// ```
    #[must_use]
    pub fn from_english_name(name: &str) -> Option<Handicap> {
        let same = |a: &str, b: &str| {
            a.chars().count() == b.chars().count()
                && a.chars().zip(b.chars()).all(|(x, y)| {
                    let x = if x == '–' { '-' } else { x };
                    let y = if y == '–' { '-' } else { y };
                    x.eq_ignore_ascii_case(&y)
                })
        };
        Handicap::ALL
            .into_iter()
            .find(|h| same(h.english_name(), name))
    }
}

impl fmt::Display for Handicap {
    /// Writes the English name.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.english_name())
    }
}

impl FromStr for Handicap {
    type Err = ParseHandicapError;

    /// Reads a Japanese or an English name (see [`Handicap::from_japanese_name`] and
    /// [`Handicap::from_english_name`]); surrounding whitespace is ignored.
    ///
    /// # Errors
    /// [`ParseHandicapError`] if the text is no handicap name.
    fn from_str(s: &str) -> Result<Handicap, ParseHandicapError> {
        let s = s.trim();
        Handicap::from_japanese_name(s)
            .or_else(|| Handicap::from_english_name(s))
            .ok_or(ParseHandicapError { _private: () })
    }
}

/// The error of reading a [`Handicap`] name that is neither a Japanese nor an English handicap
/// name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "handicap: unknown name, expected a japanese or english handicap name such as 角落ち or Bishop"
)]
pub struct ParseHandicapError {
    _private: (),
}

/// White's piece on `sq` in the standard start position (used by the tests of the removal
/// lists).
#[cfg(test)]
fn standard_piece(sq: Square) -> Option<shogi_types::Piece> {
    Setup::start().piece_at(sq)
}

#[cfg(test)]
#[allow(
    clippy::unwrap_used,
    reason = "tests unwrap what they expect to succeed"
)]
mod tests {
    use super::*;

    #[test]
    fn removed_pieces_are_whites_and_where_the_table_says() {
        for h in Handicap::ALL {
            for &(sq, kind) in h.removed() {
                assert_eq!(
                    standard_piece(sq),
                    Some(shogi_types::Piece::new(Color::White, kind)),
                    "{h}: {sq}"
                );
            }
            let mut squares: Vec<Square> = h.removed().iter().map(|&(sq, _)| sq).collect();
            squares.sort();
            squares.dedup();
            assert_eq!(squares.len(), h.removed().len(), "{h}: a square twice");
        }
    }

    #[test]
    fn names_are_unique_and_read_back() {
        for (i, a) in Handicap::ALL.into_iter().enumerate() {
            for b in &Handicap::ALL[i + 1..] {
                assert_ne!(a.english_name(), b.english_name());
                if a.japanese_name() == b.japanese_name() {
                    assert_eq!(
                        (a, *b),
                        (Handicap::ThreePiece, Handicap::ThreePieceRightLance)
                    );
                }
            }
            assert_eq!(a.english_name().parse::<Handicap>().unwrap(), a);
            assert_eq!(a.to_string().to_uppercase().parse::<Handicap>().unwrap(), a);
            let by_japanese = Handicap::from_japanese_name(a.japanese_name()).unwrap();
            if a == Handicap::ThreePieceRightLance {
                assert_eq!(by_japanese, Handicap::ThreePiece);
            } else {
                assert_eq!(by_japanese, a);
            }
            assert_eq!(
                format!(" {} ", a.japanese_name())
                    .parse::<Handicap>()
                    .unwrap(),
                by_japanese
            );
        }
        assert!("".parse::<Handicap>().is_err());
        assert!(Handicap::KIF_OTHER.parse::<Handicap>().is_err());
        let err = "no such handicap".parse::<Handicap>().unwrap_err();
        assert!(!err.to_string().contains("no such"));
    }

    #[test]
    fn kif_names() {
        let kif: Vec<&str> = Handicap::ALL.iter().filter_map(|h| h.kif_name()).collect();
        assert_eq!(
            kif,
            [
                "平手",
                "香落ち",
                "右香落ち",
                "角落ち",
                "飛車落ち",
                "飛香落ち",
                "二枚落ち",
                "四枚落ち",
                "五枚落ち",
                "左五枚落ち",
                "六枚落ち",
                "左七枚落ち",
                "右七枚落ち",
                "八枚落ち",
                "十枚落ち",
            ]
        );
    }

    #[test]
    fn piece_counts() {
        for h in Handicap::ALL {
            let setup = h.setup();
            let white = setup
                .pieces()
                .filter(|(_, p)| p.color == Color::White)
                .count();
            assert_eq!(white, 20 - h.removed().len(), "{h}");
            let black = setup
                .pieces()
                .filter(|(_, p)| p.color == Color::Black)
                .count();
            assert_eq!(black, 20, "{h}");
        }
    }
}
