//! Whether a board move may, must or cannot promote: the one question a board UI asks between
//! the destination click and the promotion dialog.

use shogi_types::{Move, Square};

use crate::{Position, VariantHooks};

/// The promotion choices of a legal board move from one square to another
/// ([`Position::promotion_choice`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PromotionChoice {
    /// Only the unpromoted move is legal (the piece does not promote, is promoted already,
    /// or neither square is in the promotion zone).
    Never,
    /// Both are legal: ask the player.
    Optional,
    /// Only the promoting move is legal (a pawn, lance or knight that would have no move
    /// left).
    Forced,
}

impl<R: VariantHooks> Position<R> {
    /// Whether the board move from `from` to `to` may, must or cannot promote; `None` if no
    /// legal move goes from `from` to `to`. With [`Position::legal_moves_from`] (the dots) and
    /// [`Position::legal_drops`] (the drop squares of a hand piece), what a board UI needs.
    ///
    /// ```
    /// use shogi_movegen::Position;
    /// use shogi_movegen::PromotionChoice;
    /// use shogi_types::Square;
    ///
    /// let pos: Position = "4k4/9/9/2P6/9/9/9/9/4K1B2 b - 1".parse()?;
    /// let sq = |s: &str| s.parse::<Square>();
    /// assert_eq!(pos.promotion_choice(sq("7d")?, sq("7c")?), Some(PromotionChoice::Optional));
    /// assert_eq!(pos.promotion_choice(sq("3i")?, sq("4h")?), Some(PromotionChoice::Never));
    /// assert_eq!(pos.promotion_choice(sq("3i")?, sq("3h")?), None);
    /// let pawn: Position = "4k4/2P6/9/9/9/9/9/9/4K4 b - 1".parse()?;
    /// assert_eq!(pawn.promotion_choice(sq("7b")?, sq("7a")?), Some(PromotionChoice::Forced));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn promotion_choice(&self, from: Square, to: Square) -> Option<PromotionChoice> {
        let plain = self.is_legal(Move::Normal {
            from,
            to,
            promote: false,
        });
        let promoting = self.is_legal(Move::Normal {
            from,
            to,
            promote: true,
        });
        match (plain, promoting) {
            (true, true) => Some(PromotionChoice::Optional),
            (true, false) => Some(PromotionChoice::Never),
            (false, true) => Some(PromotionChoice::Forced),
            (false, false) => None,
        }
    }
}
