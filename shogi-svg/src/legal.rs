//! The conveniences that need legality (feature `movegen`): the check highlight of a position
//! and move dots from its legal moves.

use shogi_movegen::{Position, VariantHooks};
use shogi_types::{Bitboard, PieceKind, Square};

use crate::Diagram;

impl Diagram {
    /// A diagram of a validated position, of any variant: its setup (with the protection
    /// marks of the variant), and the square of the side to move's king highlighted when it is
    /// in check.
    ///
    /// ```
    /// use shogi_movegen::Position;
    /// use shogi_svg::Diagram;
    ///
    /// let pos: Position = "4k4/9/4P4/9/9/9/9/9/4K4 b G 1".parse()?;
    /// let svg = Diagram::from_position(&pos).to_svg();
    /// assert!(!svg.contains("class=\"highlights\"")); // White is not in check
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "movegen")))]
    #[must_use]
    pub fn from_position<R: VariantHooks>(pos: &Position<R>) -> Diagram {
        let diagram = Diagram::new(pos.to_setup());
        match pos.king(pos.side_to_move()) {
            Some(king) if pos.is_check() => diagram.check(king),
            _ => diagram,
        }
    }

    /// Adds move dots on the squares that the piece on `from` can legally move to in `pos`
    /// (none when it is not a piece of the side to move): the "move dots" of a rules page or
    /// of a board where a piece was picked up. The diagram is assumed to show `pos`.
    ///
    /// ```
    /// use shogi_movegen::Position;
    /// use shogi_svg::Diagram;
    /// use shogi_types::Square;
    ///
    /// let pos: Position = Position::start();
    /// let svg = Diagram::from_position(&pos)
    ///     .selected(Square::SQ_7G)
    ///     .legal_dots(&pos, Square::SQ_7G)
    ///     .to_svg();
    /// assert_eq!(svg.matches("<circle cx").count(), 4 + 1); // four star points, one dot
    /// ```
    #[cfg_attr(docsrs, doc(cfg(feature = "movegen")))]
    #[must_use]
    pub fn legal_dots<R: VariantHooks>(self, pos: &Position<R>, from: Square) -> Diagram {
        let to: Bitboard = pos.legal_moves_from(from).iter().map(|m| m.to()).collect();
        self.dots(to)
    }

    /// Adds move dots on the squares where the side to move can legally drop a piece of
    /// `kind` from its hand in `pos` (none when it holds none).
    #[cfg_attr(docsrs, doc(cfg(feature = "movegen")))]
    #[must_use]
    pub fn drop_dots<R: VariantHooks>(self, pos: &Position<R>, kind: PieceKind) -> Diagram {
        self.dots(pos.legal_drops(kind))
    }
}
