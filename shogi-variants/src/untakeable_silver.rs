//! Untakeable silver: a handicap variant in which the silver side's starting silvers cannot be
//! captured until they promote.
//!
//! The variant is this project's own: no other library or reference defines it. Its full
//! definition, with what the tests must cover, is
//! [docs/untakeable-silver.md](https://github.com/shogi-rs/shogi/blob/main/docs/untakeable-silver.md). In short:
//!
//! - **Sides.** The silver side, which gives the handicap, is **Black** and **moves first**
//!   (SFEN side `b`, move number 1), unlike the standard handicaps, where the giver is White.
//!   The challenger (White) sets up the usual 20 pieces.
//! - **Protected pieces.** Every unpromoted Black silver on the board in the start position is
//!   *untakeable*: no White piece may capture it, the king included. A move that would is
//!   illegal: it is not generated and `play` rejects it with
//!   [`IllegalMoveKind::CaptureProtected`](shogi_movegen::IllegalMoveKind::CaptureProtected).
//!   Protection belongs to the individual silver, not to the kind: it moves with the silver
//!   when it moves without promoting, and is lost for good when it promotes (the promoted
//!   silver is an ordinary piece and, if captured, goes to White's hand as an ordinary silver).
//!   A silver that Black captures and drops later is ordinary. A promoted silver, a White
//!   silver or a dropped silver is never protected.
//! - **Check and mate.** An untakeable silver still attacks and gives check. A king checked by
//!   one cannot capture it and must move away (a silver's check is adjacent, so it cannot be
//!   blocked); if it cannot, it is mated. Other defenders cannot capture it either.
//! - **Pawn-drop mate** (打ち歩詰め, uchifuzume) is judged with these rules in force: a flight
//!   square holding an untakeable silver is no flight square, so a pawn drop can be an
//!   illegal mate because the king cannot take the silver beside it.
//! - **Everything else is standard shogi**: moves, promotion, drops, nifu, pieces that could
//!   never move, pins (an untakeable silver pinned to its own king still may not leave the pin
//!   line), check.
//! - **Identity.** Which silvers are untakeable cannot be seen from the pieces alone, so the
//!   protected squares are part of the position ([`Position::protected`]): they enter the
//!   Zobrist key, equality and so the repetition test; two positions that differ only in
//!   protection are different positions.
//! - **Text form.** SFEN marks an untakeable silver `S!`: the mark is the protection mark of
//!   [`Setup::protected`], read and written by the SFEN reader and writer of `shogi-types`.
//!   Standard shogi refuses a marked piece
//!   ([`Fault::BadProtection`](shogi_movegen::Fault::BadProtection)), and so does this variant
//!   for any mark on a piece other than an unpromoted Black silver.
//! - **Endings** (applied by `shogi-rules` with [`crate::presets::UNTAKEABLE_SILVER`]):
//!   checkmate wins, no legal move loses, the 4th occurrence of a position is a draw,
//!   perpetual check loses for the checker, no impasse rule by default, an optional move limit.
//!
//! The variant is implemented through the [`VariantHooks`] hook of `shogi-movegen`
//! ([`VariantHooks::Protected`] is a [`Bitboard`]), so standard shogi pays nothing for it.
//!
//! # Setups
//! [`SilverSetup`] lists the three setups of the definition (the untakeable silvers are marked
//! `!`):
//!
//! | setup | Black's pieces | start SFEN |
//! |---|---|---|
//! | [six-piece](SilverSetup::SixPiece) (default) | K 5i, S 7i and 3i, N 8i and 2i, nine pawns | `lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS!1K1S!N1 b - 1` |
//! | [nine-piece](SilverSetup::NinePiece) | K 5i, S 3i, nine pawns | `lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/4K1S!2 b - 1` |
//! | [eighteen-piece](SilverSetup::EighteenPiece) | K 5i, S 3i | `lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/9/4K1S!2 b - 1` |
//!
//! Any other setup may be used: [`Position::from_setup`] protects exactly the silvers the setup
//! marks ([`Setup::protected`]), whatever the position's history (a start setup whose silvers
//! are all meant to be untakeable must mark them all; [`SilverSetup::setup`] does).
//! [`mark_black_silvers`] marks every unpromoted Black silver of a setup.
//!
//! # Examples
//! The king on 1a is checked by the silver that just stepped to 1b. In standard shogi it takes
//! the silver; here it cannot, and the rook covers 2a and 2b: mate.
//!
//! ```
//! use shogi_movegen::{Position, Standard};
//! use shogi_types::{Move, Setup, Square};
//! use shogi_variants::untakeable_silver::UntakeableSilver;
//!
//! # fn setup() -> Setup {
//! #     use shogi_types::{Color, Piece, PieceKind};
//! #     let mut s = Setup::empty();
//! #     s.set_piece(Square::SQ_1A, Some(Piece::new(Color::White, PieceKind::King)));
//! #     s.set_piece(Square::SQ_1C, Some(Piece::new(Color::Black, PieceKind::Silver)));
//! #     s.set_piece(Square::SQ_2I, Some(Piece::new(Color::Black, PieceKind::Rook)));
//! #     s.set_piece(Square::SQ_9I, Some(Piece::new(Color::Black, PieceKind::King)));
//! #     s.protected |= Square::SQ_1C;
//! #     s
//! # }
//! // 8k/9/8S!/9/9/9/9/9/K6R1 b - 1: White king 1a; Black silver 1c (untakeable), rook 2i,
//! // king 9i.
//! let setup: Setup = setup();
//! assert_eq!(setup.to_string(), "8k/9/8S!/9/9/9/9/9/K6R1 b - 1");
//! let silver_to_1b: Move = "1c1b".parse()?;
//!
//! let mut variant = Position::<UntakeableSilver>::from_setup(setup.clone())?;
//! assert!(variant.protected().has(Square::SQ_1C)); // the marked silver
//! variant.play(silver_to_1b)?;
//! assert!(variant.protected().has(Square::SQ_1B)); // protection moves with the silver
//! assert!(variant.is_check() && variant.legal_moves().is_empty()); // mate
//!
//! // Standard shogi refuses the mark; without it, the king takes the silver.
//! assert!(Position::<Standard>::from_setup(setup.clone()).is_err());
//! let mut unmarked = setup;
//! unmarked.protected = Default::default();
//! let mut standard = Position::<Standard>::from_setup(unmarked)?;
//! standard.play(silver_to_1b)?;
//! assert_eq!(standard.legal_moves().as_slice(), ["1a1b".parse::<Move>()?]); // K×1b
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

use shogi_movegen::{Position, VariantHooks};
use shogi_types::{Bitboard, Color, Piece, PieceKind, Setup, Square};

/// The rules of the untakeable-silver variant: Black's starting silvers cannot be captured
/// until they promote (see the [module docs](self) for the whole definition).
///
/// Use it as the rules parameter of [`Position`]: `Position<UntakeableSilver>`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct UntakeableSilver;

impl UntakeableSilver {
    /// The silver side, which gives the handicap and moves first: Black.
    pub const SILVER_SIDE: Color = Color::Black;

    /// The challenger, which may not capture the untakeable silvers: White.
    pub const CHALLENGER: Color = Color::White;

    /// The only piece that can be untakeable: Black's unpromoted silver.
    pub const PROTECTED_PIECE: Piece = Piece::new(Color::Black, PieceKind::Silver);
}

impl VariantHooks for UntakeableSilver {
    type Protected = Bitboard;

    /// Only Black's unpromoted silver.
    fn can_be_protected(piece: Piece) -> bool {
        piece == UntakeableSilver::PROTECTED_PIECE
    }
}

/// One of the three start setups of the untakeable-silver variant. White always has its full
/// set; Black has:
///
/// | setup | Black's pieces |
/// |---|---|
/// | [`SixPiece`](SilverSetup::SixPiece) (default) | K 5i, S 7i and 3i, N 8i and 2i, nine pawns (no rook, bishop, golds or lances) |
/// | [`NinePiece`](SilverSetup::NinePiece) | K 5i, S 3i, nine pawns |
/// | [`EighteenPiece`](SilverSetup::EighteenPiece) | K 5i, S 3i |
///
/// With one silver, Black keeps its right silver (3i): as in the standard handicaps, the
/// giver's left-hand piece goes first.
///
/// ```
/// use shogi_types::Square;
/// use shogi_variants::untakeable_silver::SilverSetup;
///
/// let pos = SilverSetup::SixPiece.position();
/// assert_eq!(pos.protected().count(), 2);
/// assert!(pos.protected().has(Square::SQ_7I) && pos.protected().has(Square::SQ_3I));
/// assert_eq!(SilverSetup::from_setup(&pos.to_setup()), Some(SilverSetup::SixPiece));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[non_exhaustive]
pub enum SilverSetup {
    /// Six pieces removed (rook, bishop, both golds, both lances): the default.
    ///
    /// `lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS!1K1S!N1 b - 1`
    #[default]
    SixPiece,
    /// Nine pieces removed: Black keeps king, the 3i silver and its pawns.
    ///
    /// `lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/4K1S!2 b - 1`
    NinePiece,
    /// Eighteen pieces removed: Black keeps only king and the 3i silver.
    ///
    /// `lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/9/4K1S!2 b - 1`
    EighteenPiece,
}

impl SilverSetup {
    /// The three setups.
    pub const ALL: [SilverSetup; 3] = [
        SilverSetup::SixPiece,
        SilverSetup::NinePiece,
        SilverSetup::EighteenPiece,
    ];

    /// A short English name: `"six-piece"`, `"nine-piece"` or `"eighteen-piece"`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            SilverSetup::SixPiece => "six-piece",
            SilverSetup::NinePiece => "nine-piece",
            SilverSetup::EighteenPiece => "eighteen-piece",
        }
    }

    /// The full English name: `"Untakeable Silver (six-piece)"` and so on. The variant has no
    /// established Japanese name.
    #[must_use]
    pub const fn english_name(self) -> &'static str {
        match self {
            SilverSetup::SixPiece => "Untakeable Silver (six-piece)",
            SilverSetup::NinePiece => "Untakeable Silver (nine-piece)",
            SilverSetup::EighteenPiece => "Untakeable Silver (eighteen-piece)",
        }
    }

    /// The start position as an unchecked [`Setup`]: Black to move, move number 1, its silvers
    /// marked protected. Build the position with [`SilverSetup::position`] or
    /// `Position::<UntakeableSilver>::from_setup`.
    #[must_use]
    pub const fn setup(self) -> Setup {
        let mut setup = Setup::start();
        // Remove Black's pieces but its king, then put back what this setup keeps.
        let mut i = 0;
        while i < 81 {
            if let Some(p) = setup.board[i]
                && matches!(p.color, Color::Black)
                && !matches!(p.kind, PieceKind::King)
            {
                setup.board[i] = None;
            }
            i += 1;
        }
        let silver = Some(UntakeableSilver::PROTECTED_PIECE);
        let knight = Some(Piece::new(Color::Black, PieceKind::Knight));
        setup.board[Square::SQ_3I as usize] = silver;
        setup.protected = setup.protected.with(Square::SQ_3I);
        if matches!(self, SilverSetup::SixPiece) {
            setup.board[Square::SQ_7I as usize] = silver;
            setup.protected = setup.protected.with(Square::SQ_7I);
            setup.board[Square::SQ_8I as usize] = knight;
            setup.board[Square::SQ_2I as usize] = knight;
        }
        if !matches!(self, SilverSetup::EighteenPiece) {
            let mut file = 1;
            while file <= 9 {
                if let Some(sq) = Square::from_file_rank(file, 7) {
                    setup.board[sq as usize] = Some(Piece::new(Color::Black, PieceKind::Pawn));
                }
                file += 1;
            }
        }
        setup
    }

    /// The start position in SFEN with the untakeable silvers marked `S!`, as
    /// [`Setup`]'s SFEN writer writes [`SilverSetup::setup`].
    #[must_use]
    pub const fn sfen(self) -> &'static str {
        match self {
            SilverSetup::SixPiece => {
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS!1K1S!N1 b - 1"
            }
            SilverSetup::NinePiece => "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/4K1S!2 b - 1",
            SilverSetup::EighteenPiece => "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/9/9/4K1S!2 b - 1",
        }
    }

    /// The start position, validated, with Black's silvers protected.
    #[must_use]
    pub fn position(self) -> Position<UntakeableSilver> {
        // The three setups are valid (tested); the fallback cannot be reached.
        Position::from_setup(self.setup()).unwrap_or_else(|_| Position::start())
    }

    /// The setup whose start position `setup` is (board, hands and side to move; the move
    /// number is ignored), if any.
    #[must_use]
    pub fn from_setup(setup: &Setup) -> Option<SilverSetup> {
        SilverSetup::ALL
            .into_iter()
            .find(|s| crate::same_start(&s.setup(), setup))
    }
}

/// `setup` with every unpromoted Black silver on its board marked protected
/// ([`Setup::protected`]), the other marks kept: the untakeable silvers of a start setup.
///
/// ```
/// use shogi_types::Setup;
/// use shogi_variants::untakeable_silver::mark_black_silvers;
///
/// let setup: Setup = "4k4/9/9/9/9/9/9/9/2S1K1S2 b s 1".parse()?;
/// assert_eq!(mark_black_silvers(setup).to_string(), "4k4/9/9/9/9/9/9/9/2S!1K1S!2 b s 1");
/// # Ok::<(), shogi_types::sfen::ParseSfenError>(())
/// ```
#[must_use]
pub fn mark_black_silvers(mut setup: Setup) -> Setup {
    for (sq, piece) in setup.pieces().collect::<Vec<_>>() {
        if piece == UntakeableSilver::PROTECTED_PIECE {
            setup.protected |= sq;
        }
    }
    setup
}

impl fmt::Display for SilverSetup {
    /// Writes the full English name ([`SilverSetup::english_name`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.english_name())
    }
}

#[cfg(test)]
#[allow(
    clippy::unwrap_used,
    reason = "tests unwrap what they expect to succeed"
)]
mod tests {
    use super::*;

    #[test]
    fn setups_have_the_pieces_of_the_spec() {
        let black = |s: SilverSetup| -> Vec<(Square, PieceKind)> {
            s.setup()
                .pieces()
                .filter(|(_, p)| p.color == Color::Black && p.kind != PieceKind::Pawn)
                .map(|(sq, p)| (sq, p.kind))
                .collect()
        };
        let pawns = |s: SilverSetup| {
            s.setup()
                .pieces()
                .filter(|(_, p)| p.color == Color::Black && p.kind == PieceKind::Pawn)
                .count()
        };
        use PieceKind::*;
        let mut six = black(SilverSetup::SixPiece);
        six.sort();
        let mut expected = vec![
            (Square::SQ_2I, Knight),
            (Square::SQ_3I, Silver),
            (Square::SQ_5I, King),
            (Square::SQ_7I, Silver),
            (Square::SQ_8I, Knight),
        ];
        expected.sort();
        assert_eq!(six, expected);
        assert_eq!(pawns(SilverSetup::SixPiece), 9);
        let mut nine = black(SilverSetup::NinePiece);
        nine.sort();
        assert_eq!(nine, [(Square::SQ_3I, Silver), (Square::SQ_5I, King)]);
        assert_eq!(pawns(SilverSetup::NinePiece), 9);
        let mut eighteen = black(SilverSetup::EighteenPiece);
        eighteen.sort();
        assert_eq!(eighteen, [(Square::SQ_3I, Silver), (Square::SQ_5I, King)]);
        assert_eq!(pawns(SilverSetup::EighteenPiece), 0);
        for s in SilverSetup::ALL {
            let white = s
                .setup()
                .pieces()
                .filter(|(_, p)| p.color == Color::White)
                .count();
            assert_eq!(white, 20);
            assert_eq!(s.setup().side_to_move, Color::Black);
        }
    }

    #[test]
    fn start_positions_protect_the_silvers() {
        for s in SilverSetup::ALL {
            let pos = Position::<UntakeableSilver>::from_setup(s.setup()).unwrap();
            assert_eq!(pos, s.position());
            assert_eq!(pos.protected(), pos.pieces(Color::Black, PieceKind::Silver));
            assert_eq!(SilverSetup::from_setup(&s.setup()), Some(s));
        }
        assert_eq!(SilverSetup::from_setup(&Setup::start()), None);
    }

    #[test]
    fn only_black_unpromoted_silvers_can_be_protected() {
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let p = Piece::new(color, kind);
                assert_eq!(
                    UntakeableSilver::can_be_protected(p),
                    color == Color::Black && kind == PieceKind::Silver
                );
            }
        }
    }
}
