//! Impasse (入玉, nyūgyoku; 持将棋, jishōgi): points, declarations and the try rule.
//!
//! When both kings have entered the enemy camp, neither can usually be mated, and the game is
//! decided by counting pieces. The rules differ between organisations; this module implements
//! each as an [`ImpasseRule`] that a [`RuleSet`](crate::RuleSet) carries. Sources:
//! - the JSA's 24-point rule (持将棋; the JSA counts when both players agree, this crate when
//!   the side to move asks) and its declaration rule (入玉宣言法, 2013, amended 2019), as
//!   described by Wikipedia (ja) [持将棋](https://ja.wikipedia.org/wiki/持将棋) and
//!   [入玉](https://ja.wikipedia.org/wiki/入玉);
//! - the 27-point rule of the CSA tournament rules (CSA 大会実施要領,
//!   <http://www2.computer-shogi.org/csc10/youryou.html>), which the JSA also uses in amateur
//!   events;
//! - the try rule (トライルール) of [YaneuraOu](https://github.com/yaneurao/YaneuraOu)
//!   (`EnteringKingRule`, `EKR_TRY_RULE`) and MyShogi.
//!
//! # Points
//! Every rule counts a rook or a bishop, promoted or not (飛, 角, 龍, 馬), as **5** points and
//! every other piece as **1** (promoted minor pieces count as their base piece); kings count
//! **0**. A full set is 54 points, 27 per side at the start. The *camp* of a colour is its
//! promotion zone, the three ranks farthest from it (Black: ranks 1–3, White: ranks 7–9).
//! [`points`] returns every count for both colours at once, so a GUI can show them before the
//! user confirms a declaration.
//!
//! # The rules
//! | rule | who may declare | counted | verdict |
//! |---|---|---|---|
//! | [`ImpasseRule::Jsa24`] | the side to move, not in check, when **both** kings stand in their camps (otherwise [`NotAllowed`]) | every piece of each side on the board and in hand | a side below 24 loses; both 24 or more: draw |
//! | [`ImpasseRule::Jsa24Declaration`] | the side to move, always (judged) | the declarer's pieces in the camp (king excluded) and its hand | 31 or more wins, 24–30 draw; fewer than 24, or any condition failing, loses |
//! | [`ImpasseRule::Csa27`] | the side to move, always (judged) | as above | 28 or more (Black) / 27 or more (White) wins; anything else loses |
//! | [`ImpasseRule::Try`] | nobody declares | — | a king that legally moves onto the opponent king's start square wins ([`try_square`]) |
//!
//! The declaration conditions of [`ImpasseRule::Jsa24Declaration`] and [`ImpasseRule::Csa27`]:
//! the declarer's king is in its camp, at least 10 of its other pieces are in the camp, and
//! its king is not in check. If one fails, the declarer **loses** (CSA tournament rules; the
//! JSA 入玉宣言法 of 2013/2019 likewise).
//!
//! Under [`ImpasseRule::Jsa24`] both sides may fall below 24 points only when material is
//! missing from the set (a handicap start without [handicap credit](handicap_credit), a
//! composed position); neither can then lose alone, and the verdict is a draw.
//!
//! # Handicap credit
//! With [`RuleSet::with_handicap_credit`](crate::RuleSet::with_handicap_credit), the handicap
//! giver (上手, uwate) is credited with the points of the pieces removed at the start, in
//! every count: see [`handicap_credit`]. No official text covers declarations in handicap
//! games; YaneuraOu (`CSARule24H`/`27H`), scalashogi and tsshogi all credit the giver this
//! way.
//!
//! # Examples
//! Black to move, with 10 pieces in the camp and 28 points (the verdicts agree with tsshogi's
//! declaration judge):
//!
//! ```
//! use shogi_movegen::Position;
//! use shogi_rules::impasse::{self, ImpasseRule};
//! use shogi_rules::{DrawReason, Outcome, WinReason};
//! use shogi_types::{ByColor, Color, Setup};
//!
//! let pos: Position = Position::from_setup(
//!     "+R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b 10P 1".parse::<Setup>()?,
//! )?;
//! let points = impasse::points(&pos);
//! assert_eq!(points.declaration.black, 28); // 5 + 5 + 4 + 4 on the board, 10 in hand
//! assert_eq!(points.pieces_in_camp.black, 10);
//!
//! let none = ByColor::new(0, 0);
//! assert_eq!(
//!     impasse::judge(&pos, ImpasseRule::Csa27, Color::Black, none)?,
//!     Outcome::Win { winner: Color::Black, reason: WinReason::Impasse },
//! );
//! assert_eq!(
//!     impasse::judge(&pos, ImpasseRule::Jsa24Declaration, Color::Black, none)?,
//!     Outcome::Draw { reason: DrawReason::Impasse },
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;

use shogi_movegen::{Position, VariantHooks};
use shogi_types::{Bitboard, ByColor, Color, PieceKind, Square};

use crate::outcome::{DrawReason, Outcome, WinReason};

/// The points of all the pieces of one full set (two rooks, two bishops, 34 minor pieces).
pub const FULL_SET_POINTS: u32 = 54;
/// The least number of pieces other than the king that a declarer needs in the camp under
/// [`ImpasseRule::Jsa24Declaration`] and [`ImpasseRule::Csa27`].
pub const DECLARATION_PIECES: u32 = 10;

/// Which impasse rule a game is played under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
#[doc(alias = "nyugyoku")]
#[doc(alias = "jishogi")]
pub enum ImpasseRule {
    /// No impasse rule: nothing can be declared (the game can still end by the move limit).
    #[default]
    None,
    /// The JSA 24-point rule (持将棋, the count of professional games) as a declaration: when
    /// both kings stand in their camps, the side to move, not in check, may ask for the
    /// count. Every piece on the board and in hand counts; a side with fewer than 24 points
    /// loses, both with 24 or more is a draw.
    Jsa24,
    /// The JSA declaration rule (入玉宣言法, 2013, amended 2019): the declarer's king in the
    /// camp and not in check, 10 other pieces in the camp; camp pieces plus hand count. 31 or
    /// more wins, 24 to 30 is a draw, anything else loses.
    Jsa24Declaration,
    /// The 27-point declaration rule of CSA tournaments (and JSA amateur events): the
    /// declarer's king in the camp and not in check, 10 other pieces in the camp; camp pieces
    /// plus hand count, at least 28 for Black or 27 for White. The declarer wins if every
    /// condition holds and loses otherwise.
    Csa27,
    /// The try rule (トライルール): a king that legally moves onto the square where the
    /// opponent's king starts ([`try_square`]) wins at once. Nothing is declared.
    Try,
}

impl ImpasseRule {
    /// Every rule.
    pub const ALL: [ImpasseRule; 5] = [
        ImpasseRule::None,
        ImpasseRule::Jsa24,
        ImpasseRule::Jsa24Declaration,
        ImpasseRule::Csa27,
        ImpasseRule::Try,
    ];

    /// Whether the rule has a declaration ([`judge`] can return a verdict).
    #[must_use]
    pub const fn has_declaration(self) -> bool {
        matches!(
            self,
            ImpasseRule::Jsa24 | ImpasseRule::Jsa24Declaration | ImpasseRule::Csa27
        )
    }

    /// The name used by the `adjudicate` example: `none`, `24`, `24-declaration`, `27` or
    /// `try`.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            ImpasseRule::None => "none",
            ImpasseRule::Jsa24 => "24",
            ImpasseRule::Jsa24Declaration => "24-declaration",
            ImpasseRule::Csa27 => "27",
            ImpasseRule::Try => "try",
        }
    }
}

impl fmt::Display for ImpasseRule {
    /// The name of [`ImpasseRule::as_str`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a declaration cannot even be judged. Nothing is recorded; the game goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum NotAllowed {
    /// The rule has no declaration ([`ImpasseRule::None`], [`ImpasseRule::Try`]).
    #[error("impasse rule {rule}: there is no declaration under this rule")]
    NoDeclaration {
        /// The rule in force.
        rule: ImpasseRule,
    },
    /// [`ImpasseRule::Jsa24`]: a king is outside its camp (or missing).
    #[error("impasse rule 24: both kings must stand in their promotion zones")]
    KingsOutsideZones,
    /// [`ImpasseRule::Jsa24`]: the declarer is in check.
    #[error("impasse rule 24: the declarer is in check")]
    InCheck,
}

/// The impasse points of a piece kind: 5 for rook, bishop, dragon and horse, 0 for the king,
/// 1 for every other kind.
///
/// ```
/// use shogi_rules::impasse::piece_points;
/// use shogi_types::PieceKind;
/// assert_eq!(piece_points(PieceKind::Dragon), 5);
/// assert_eq!(piece_points(PieceKind::ProSilver), 1);
/// assert_eq!(piece_points(PieceKind::King), 0);
/// ```
#[must_use]
pub const fn piece_points(kind: PieceKind) -> u32 {
    match kind {
        PieceKind::Rook | PieceKind::Bishop | PieceKind::Dragon | PieceKind::Horse => 5,
        PieceKind::King => 0,
        _ => 1,
    }
}

/// Every impasse count of a position, for both colours (see [`points`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub struct Points {
    /// The points of every piece of the colour on the board and in its hand: the count of
    /// [`ImpasseRule::Jsa24`] and of the move limit's count.
    pub total: ByColor<u32>,
    /// The points of the colour's pieces inside its camp (king excluded) plus its hand: the
    /// count of [`ImpasseRule::Jsa24Declaration`] and [`ImpasseRule::Csa27`].
    pub declaration: ByColor<u32>,
    /// How many of the colour's pieces other than the king stand in its camp.
    pub pieces_in_camp: ByColor<u32>,
    /// Whether the colour's king stands in its camp.
    pub king_in_camp: ByColor<bool>,
}

/// Counts the impasse points of both colours in `pos`, without any handicap credit.
///
/// ```
/// use shogi_movegen::Position;
/// use shogi_rules::impasse;
///
/// let points = impasse::points(&Position::default());
/// assert_eq!((points.total.black, points.total.white), (27, 27));
/// assert_eq!(points.declaration.black, 0);
/// assert!(!points.king_in_camp.black);
/// ```
#[must_use]
pub fn points<R: VariantHooks>(pos: &Position<R>) -> Points {
    let mut out = Points::default();
    for color in Color::ALL {
        let camp = Bitboard::promotion_zone(color);
        let hand: u32 = pos
            .hand(color)
            .iter()
            .map(|(kind, n)| piece_points(kind) * u32::from(n))
            .sum();
        let mut total = hand;
        let mut in_camp = hand;
        let mut pieces = 0;
        for sq in pos.pieces_of_color(color) {
            let Some(piece) = pos.piece_at(sq) else {
                continue;
            };
            let p = piece_points(piece.kind);
            total += p;
            if camp.has(sq) && piece.kind != PieceKind::King {
                in_camp += p;
                pieces += 1;
            }
        }
        out.total[color] = total;
        out.declaration[color] = in_camp;
        out.pieces_in_camp[color] = pieces;
        out.king_in_camp[color] = pos.king(color).is_some_and(|k| camp.has(k));
    }
    out
}

/// The handicap credit of a game that starts from `start`: the points of the pieces missing
/// from a full set, credited to the handicap giver.
///
/// Exactly: the missing points are [`FULL_SET_POINTS`] minus the points of every piece in
/// `start` (both sides, board and hands; none if that is 54 or more). The giver is the colour
/// with fewer [total points](Points::total) in `start`; if both have as many, there is no
/// giver and no credit. For the standard handicap starts the giver is White (上手) and the
/// credit is the points of the pieces removed: 10 for 二枚落ち (rook and bishop), 5 for
/// 角落ち, 1 for 香落ち.
///
/// Material is never created or destroyed in a game, so the missing points are the same in
/// every position of the game; which side is the giver, though, is only read from the start.
/// For a record that begins in the middle of a handicap game, pass the credit explicitly to
/// [`judge`].
///
/// ```
/// use shogi_movegen::Position;
/// use shogi_rules::impasse;
/// use shogi_types::Setup;
///
/// // 二枚落ち: White plays without rook and bishop.
/// let setup: Setup = "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1".parse()?;
/// let start: Position = Position::from_setup(setup)?;
/// let credit = impasse::handicap_credit(&start);
/// assert_eq!((credit.black, credit.white), (0, 10));
/// assert_eq!(impasse::handicap_credit(&Position::default()).white, 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[must_use]
pub fn handicap_credit<R: VariantHooks>(start: &Position<R>) -> ByColor<u32> {
    let total = points(start).total;
    let missing = FULL_SET_POINTS.saturating_sub(total.black.saturating_add(total.white));
    let mut credit = ByColor::new(0, 0);
    if missing > 0 {
        if total.black < total.white {
            credit.black = missing;
        } else if total.white < total.black {
            credit.white = missing;
        }
    }
    credit
}

/// The square a king must reach under the try rule: where the opponent's king starts (5a,
/// ５一, for Black; 5i, ５九, for White). Fixed squares, whatever the start position.
#[must_use]
pub const fn try_square(color: Color) -> Square {
    match color {
        Color::Black => Square::SQ_5A,
        Color::White => Square::SQ_5I,
    }
}

/// Whether both kings stand in their camps (promotion zones).
#[must_use]
pub fn kings_in_camps<R: VariantHooks>(pos: &Position<R>) -> bool {
    Color::ALL.into_iter().all(|color| {
        pos.king(color)
            .is_some_and(|k| Bitboard::promotion_zone(color).has(k))
    })
}

/// The 24-point count of [`ImpasseRule::Jsa24`] on `total` points (credit included): a side
/// below 24 loses if the other has 24 or more; otherwise a draw. Winners get `win`, draws
/// `draw`.
pub(crate) fn count24(total: ByColor<u32>, win: WinReason, draw: DrawReason) -> Outcome {
    const ENOUGH: u32 = 24;
    match (total.black >= ENOUGH, total.white >= ENOUGH) {
        (true, false) => Outcome::Win {
            winner: Color::Black,
            reason: win,
        },
        (false, true) => Outcome::Win {
            winner: Color::White,
            reason: win,
        },
        _ => Outcome::Draw { reason: draw },
    }
}

/// Adds `credit` to `points`, per colour.
fn credited(points: ByColor<u32>, credit: ByColor<u32>) -> ByColor<u32> {
    ByColor::new(
        points.black.saturating_add(credit.black),
        points.white.saturating_add(credit.white),
    )
}

/// Judges a declaration by `declarer` in `pos` under `rule`, with `credit` added to each
/// colour's points (see [`handicap_credit`]; pass `ByColor::new(0, 0)` for none).
///
/// A pure function: the game is not involved, and `pos` is judged as if it were the
/// declarer's turn (a declaration is only ever made on one's own turn;
/// [`Game::declare`](crate::Game::declare) always lets the side to move declare). The
/// verdict names the winner as an absolute colour with [`WinReason::Impasse`], or is a draw
/// with [`DrawReason::Impasse`]. See the [module docs](self) for the rules.
///
/// # Errors
/// [`NotAllowed`] if the rule has no declaration, or, under [`ImpasseRule::Jsa24`], if a king
/// is outside its camp or the declarer is in check. Under
/// [`ImpasseRule::Jsa24Declaration`] and [`ImpasseRule::Csa27`] every declaration is judged:
/// a failed condition is a loss, not an error.
pub fn judge<R: VariantHooks>(
    pos: &Position<R>,
    rule: ImpasseRule,
    declarer: Color,
    credit: ByColor<u32>,
) -> Result<Outcome, NotAllowed> {
    let in_check = pos.side_to_move() == declarer && pos.is_check();
    let win = Outcome::Win {
        winner: declarer,
        reason: WinReason::Impasse,
    };
    let lose = Outcome::Win {
        winner: !declarer,
        reason: WinReason::Impasse,
    };
    let draw = Outcome::Draw {
        reason: DrawReason::Impasse,
    };
    let pts = points(pos);
    let conditions = pts.king_in_camp[declarer]
        && pts.pieces_in_camp[declarer] >= DECLARATION_PIECES
        && !in_check;
    let declared = credited(pts.declaration, credit)[declarer];
    match rule {
        ImpasseRule::None | ImpasseRule::Try => Err(NotAllowed::NoDeclaration { rule }),
        ImpasseRule::Jsa24 => {
            if !kings_in_camps(pos) {
                Err(NotAllowed::KingsOutsideZones)
            } else if in_check {
                Err(NotAllowed::InCheck)
            } else {
                Ok(count24(
                    credited(pts.total, credit),
                    WinReason::Impasse,
                    DrawReason::Impasse,
                ))
            }
        }
        ImpasseRule::Jsa24Declaration => Ok(if !conditions || declared < 24 {
            lose
        } else if declared >= 31 {
            win
        } else {
            draw
        }),
        ImpasseRule::Csa27 => {
            let needed = match declarer {
                Color::Black => 28,
                Color::White => 27,
            };
            Ok(if conditions && declared >= needed {
                win
            } else {
                lose
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi_types::{Hand, Piece, Setup};

    fn position(setup: Setup) -> Position {
        match Position::from_setup(setup) {
            Ok(p) => p,
            Err(e) => panic!("{e}"),
        }
    }

    #[test]
    fn start_counts() {
        let p = points(&Position::<shogi_movegen::Standard>::start());
        assert_eq!(p.total, ByColor::new(27, 27));
        assert_eq!(p.declaration, ByColor::new(0, 0));
        assert_eq!(p.pieces_in_camp, ByColor::new(0, 0));
        assert_eq!(p.king_in_camp, ByColor::new(false, false));
    }

    #[test]
    fn hands_count() {
        let mut s = Setup::empty();
        s.set_piece(
            Square::SQ_5A,
            Some(Piece::new(Color::White, PieceKind::King)),
        );
        s.set_piece(
            Square::SQ_5I,
            Some(Piece::new(Color::Black, PieceKind::King)),
        );
        s.hands.black = Hand::EMPTY
            .with_count(PieceKind::Rook, 2)
            .and_then(|h| h.with_count(PieceKind::Pawn, 3))
            .unwrap_or(Hand::EMPTY);
        let pos = position(s);
        let p = points(&pos);
        assert_eq!(p.total, ByColor::new(13, 0));
        assert_eq!(p.declaration, ByColor::new(13, 0));
        // Each king stands on its own start square, outside its camp.
        assert!(!kings_in_camps(&pos));
        assert!(!p.king_in_camp.black && !p.king_in_camp.white);
    }

    #[test]
    fn no_declaration_rules() {
        let pos = Position::<shogi_movegen::Standard>::start();
        for rule in [ImpasseRule::None, ImpasseRule::Try] {
            assert_eq!(
                judge(&pos, rule, Color::Black, ByColor::new(0, 0)),
                Err(NotAllowed::NoDeclaration { rule })
            );
            assert!(!rule.has_declaration());
        }
        assert_eq!(
            judge(&pos, ImpasseRule::Jsa24, Color::Black, ByColor::new(0, 0)),
            Err(NotAllowed::KingsOutsideZones)
        );
    }
}
