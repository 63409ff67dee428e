//! Mate in one (一手詰, itte-zume), exact.
//!
//! Only the checking moves are generated ([`Position::checking_moves_into`]). A check after
//! which the defender surely has a reply is rejected without being played, judged from the
//! position before the move: a flight square that stays free, a drop between the king and a
//! distant checker, or a capture of the checker by a piece that the move cannot have pinned.
//! Every other check is played and the position after it asked [`is_checkmate`], which answers exactly what
//! `is_check() && !has_legal_move()` answers, cheapest question first: a king step to a square
//! no attacker reaches, then, against a single checker, a capture of it by another piece, then
//! an interposition by a board move or a drop. A pawn drop that would mate is illegal
//! (uchifuzume), so it is never among the checks and never a mating move.

use shogi_movegen::attacks::{
    attacks, between, bishop_attacks, bishop_pseudo_attacks, king_attacks, lance_attacks, line,
    rook_attacks, rook_pseudo_attacks,
};
use shogi_movegen::{MoveList, Position, VariantHooks};
use shogi_types::{Bitboard, Color, Move, PieceKind, Square};

/// What the position before the checks tells about the defence, to reject most checks
/// without playing them.
///
/// [`CheckFilter::surely_escapes`] answers `true` only when the defender surely has a legal
/// reply after the check, by one of three sufficient reasons, each judged conservatively from
/// the position before the move:
/// - a flight square: next to the king, holding neither a defender's piece nor a protected
///   one, reached by no attacker before the move, not the destination, not reached by the
///   moved piece from its destination, and seeing the move's origin through no empty line
///   (an emptied origin may open a line onto it);
/// - the check is surely single (a drop, or a move whose origin shares no line with the king,
///   so that it unmasks nothing) and by a distant piece, and the defender can drop a piece
///   other than a pawn between (a pawn drop may be nifu or a mate);
/// - the check is surely single and the checker, not protected, can be taken by a defender's
///   piece other than the king that was not pinned (the origin shares no line with the king,
///   so emptying it pins nothing, and a piece that checks from its destination pins nothing
///   on the same line).
///
/// Every other check is played and decided by [`is_checkmate`], so nothing is approximated.
pub(crate) struct CheckFilter {
    attacker: Color,
    defender: Color,
    king: Square,
    /// Flight squares (not holding a defender's piece nor a protected one) that no attacker
    /// reaches, with the king lifted from its square.
    free: Bitboard,
    /// The occupied squares.
    occupied: Bitboard,
    /// The defender's pieces pinned to its king.
    pinned: Bitboard,
    /// The empty squares where the defender may drop a piece other than a pawn.
    drops: Bitboard,
    protected: Bitboard,
}

impl CheckFilter {
    pub(crate) fn new<R: VariantHooks>(pos: &Position<R>) -> Option<CheckFilter> {
        let attacker = pos.side_to_move();
        let defender = !attacker;
        let king = pos.king(defender)?;
        let occupied = pos.occupied();
        let without_king = occupied.without(king);
        let protected = pos.protected();
        let flight = king_attacks(king) - pos.pieces_of_color(defender) - protected;
        let free = flight
            .iter()
            .filter(|&sq| !pos.is_attacked_by(sq, attacker, without_king))
            .collect();
        // The defender's pieces alone between its king and an attacking lance, bishop, rook,
        // horse or dragon.
        let sliders = lance_attacks(defender, king, Bitboard::EMPTY)
            & pos.pieces(attacker, PieceKind::Lance)
            | bishop_pseudo_attacks(king)
                & (pos.pieces(attacker, PieceKind::Bishop)
                    | pos.pieces(attacker, PieceKind::Horse))
            | rook_pseudo_attacks(king)
                & (pos.pieces(attacker, PieceKind::Rook) | pos.pieces(attacker, PieceKind::Dragon));
        let mut pinned = Bitboard::EMPTY;
        for s in sliders {
            let b = between(king, s) & occupied;
            if b.single().is_some() && (b & pos.pieces_of_color(defender)).is_nonempty() {
                pinned |= b;
            }
        }
        let hand = pos.hand(defender);
        let mut drops = Bitboard::EMPTY;
        if hand.has(PieceKind::Silver)
            || hand.has(PieceKind::Gold)
            || hand.has(PieceKind::Bishop)
            || hand.has(PieceKind::Rook)
        {
            drops = Bitboard::FULL;
        } else {
            if hand.has(PieceKind::Lance) {
                drops |= !Bitboard::relative_ranks(defender, 1, 1);
            }
            if hand.has(PieceKind::Knight) {
                drops |= !Bitboard::relative_ranks(defender, 1, 2);
            }
        }
        Some(CheckFilter {
            attacker,
            defender,
            king,
            free,
            occupied,
            pinned,
            drops: drops - occupied,
            protected,
        })
    }

    /// Whether, after the legal check `m`, the defender surely has a legal reply (decided
    /// without playing `m`; `false` means "maybe not").
    #[inline]
    fn surely_escapes<R: VariantHooks>(&self, pos: &Position<R>, m: Move) -> bool {
        let without_king = self.occupied.without(self.king);
        // The moved piece's kind after the move, its origin and destination, and whether it
        // is protected there (protection moves with a piece that does not promote).
        let (kind, from, to, protected) = match m {
            Move::Drop { kind, to } => (kind, None, to, false),
            Move::Normal { from, to, promote } => {
                let Some(piece) = pos.piece_at(from) else {
                    return false;
                };
                let kind = if promote {
                    piece.kind.promote().unwrap_or(piece.kind)
                } else {
                    piece.kind
                };
                (kind, Some(from), to, self.protected.has(from) && !promote)
            }
        };
        let after = match from {
            Some(from) => self.occupied.without(from).with(to),
            None => self.occupied.with(to),
        };
        // 1. A flight square.
        let mut free = self.free.without(to);
        if free.is_nonempty() {
            if let Some(from) = from
                && (free & (rook_pseudo_attacks(from) | bishop_pseudo_attacks(from))).is_nonempty()
            {
                // The squares that see the origin along an empty line.
                free -= rook_attacks(from, without_king) | bishop_attacks(from, without_king);
            }
            free -= attacks(self.attacker, kind, to, after.without(self.king));
            if free.is_nonempty() {
                return true;
            }
        }
        // 2. and 3. need a single check by the moved piece.
        if from.is_some_and(|from| line(self.king, from).is_nonempty()) {
            return false;
        }
        if (between(self.king, to) & self.drops).is_nonempty() {
            return true;
        }
        if !protected {
            let takers = pos
                .attackers_to(to, self.defender, after)
                .without(self.king);
            // The origin shares no line with the king, so emptying it pins nothing.
            if (takers - self.pinned).is_nonempty() {
                return true;
            }
        }
        false
    }
}

/// Whether the side to move is checkmated: in check, with no legal move.
///
/// Always equal to `pos.is_check() && !pos.has_legal_move()`, decided with fewer questions:
/// the king's flight squares first, then (against a single checker) captures of the checker,
/// then interpositions. Generic over the variant hooks: a protected piece (an untakeable
/// silver) can be neither captured nor stepped on by the king.
///
/// ```
/// use shogi_mate::is_checkmate;
/// use shogi_movegen::Position;
///
/// // Black's king on 5i, mated by the gold on 5h that the pawn on 5g guards.
/// let mated: Position = "4k4/9/9/9/9/9/4p4/4g4/4K4 b - 1".parse()?;
/// assert!(is_checkmate(&mated));
/// assert!(!is_checkmate(&Position::default()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[doc(alias = "tsumi")]
#[must_use]
pub fn is_checkmate<R: VariantHooks>(pos: &Position<R>) -> bool {
    let defender = pos.side_to_move();
    let attacker = !defender;
    let Some(king) = pos.king(defender) else {
        return false;
    };
    let checkers = pos.checkers();
    if checkers.is_empty() {
        return false;
    }
    let occupied = pos.occupied();
    let protected = pos.protected();

    // 1. The king steps to a square no attacker reaches (sliders see through the king's old
    //    square), capturing what stands there unless it is protected.
    let flight = king_attacks(king) - pos.pieces_of_color(defender) - protected;
    let without_king = occupied.without(king);
    for sq in flight {
        if !pos.is_attacked_by(sq, attacker, without_king) {
            return false;
        }
    }
    // 2. Against two checkers only the king could move.
    let Some(checker) = checkers.single() else {
        return true;
    };

    // A piece pinned to the king may move only along its pin line.
    let mut pinned: Option<Bitboard> = None;
    let mut any_may_go = |pieces: Bitboard, to| -> bool {
        if pieces.is_empty() {
            return false;
        }
        let pinned = *pinned.get_or_insert_with(|| pos.pinned());
        pieces
            .iter()
            .any(|from| !pinned.has(from) || line(king, from).has(to))
    };

    // 3. Another piece captures the checker (any piece that reaches a square may move there,
    //    promoting where it must).
    if !protected.has(checker)
        && any_may_go(
            pos.attackers_to(checker, defender, occupied).without(king),
            checker,
        )
    {
        return false;
    }

    // 4. A piece moves or is dropped between the king and a distant checker.
    let block = between(king, checker);
    if block.is_empty() {
        return true;
    }
    let hand = pos.hand(defender);
    let last_rank = Bitboard::relative_ranks(defender, 1, 1);
    let last_two = Bitboard::relative_ranks(defender, 1, 2);
    if hand.has(PieceKind::Silver)
        || hand.has(PieceKind::Gold)
        || hand.has(PieceKind::Bishop)
        || hand.has(PieceKind::Rook)
        || hand.has(PieceKind::Lance) && (block - last_rank).is_nonempty()
        || hand.has(PieceKind::Knight) && (block - last_two).is_nonempty()
    {
        return false;
    }
    for sq in block {
        if any_may_go(pos.attackers_to(sq, defender, occupied).without(king), sq) {
            return false;
        }
    }
    // A pawn drop is legal unless it is nifu, on the last rank, or itself a mate (the
    // generator's own judgement decides these, rare here).
    if hand.has(PieceKind::Pawn) {
        for sq in block - last_rank {
            if pos.is_legal(Move::Drop {
                kind: PieceKind::Pawn,
                to: sq,
            }) {
                return false;
            }
        }
    }
    true
}

/// A move that mates at once: the first legal checking move after which the defender has no
/// legal move, or `None` if there is none.
///
/// Exact, never an approximation: every check is generated and the position after it decided
/// by [`is_checkmate`]. A pawn drop that would mate is illegal (uchifuzume) and never
/// returned. Callable in check (the mate is then one of the evasions) and for either side.
///
/// ```
/// use shogi_mate::mate_in_one;
/// use shogi_movegen::Position;
/// use shogi_types::Move;
///
/// // White's king on 1a, Black's gold on 2c and a gold in hand: G*1b mates (頭金, atama-kin).
/// let pos: Position = "8k/9/7G1/9/9/9/9/9/K8 b G 1".parse()?;
/// let m = mate_in_one(&pos).ok_or("no mate")?;
/// assert!(m == "G*1b".parse::<Move>()? || m == "G*2b".parse::<Move>()?);
/// assert_eq!(mate_in_one(&Position::default()), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[doc(alias = "itte_zume")]
#[must_use]
pub fn mate_in_one<R: VariantHooks>(pos: &Position<R>) -> Option<Move> {
    let mut checks = MoveList::new();
    pos.checking_moves_into(&mut checks);
    if checks.is_empty() {
        return None;
    }
    let filter = CheckFilter::new(pos)?;
    checks.iter().copied().find(|&m| mates(pos, &filter, m))
}

/// Whether the legal check `m` mates (`filter` made from `pos`).
#[inline]
pub(crate) fn mates<R: VariantHooks>(pos: &Position<R>, filter: &CheckFilter, m: Move) -> bool {
    if filter.surely_escapes(pos, m) {
        return false;
    }
    let mut child = *pos;
    child.play_unchecked(m);
    is_checkmate(&child)
}

/// Replaces the contents of `list` with every move that mates at once ([`mate_in_one`]), in
/// the order of [`Position::checking_moves`].
///
/// ```
/// use shogi_mate::mating_moves_into;
/// use shogi_movegen::{MoveList, Position};
///
/// let pos: Position = "8k/9/7G1/9/9/9/9/9/K8 b G 1".parse()?;
/// let mut list = MoveList::new();
/// mating_moves_into(&pos, &mut list);
/// let mut usi: Vec<String> = list.iter().map(|m| m.to_string()).collect();
/// usi.sort();
/// assert_eq!(usi, ["G*1b", "G*2b"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn mating_moves_into<R: VariantHooks>(pos: &Position<R>, list: &mut MoveList) {
    pos.checking_moves_into(list);
    if list.is_empty() {
        return;
    }
    match CheckFilter::new(pos) {
        Some(filter) => list.retain(|&m| mates(pos, &filter, m)),
        None => list.clear(),
    }
}

/// Every move that mates at once ([`mating_moves_into`] into a new list).
#[must_use]
pub fn mating_moves<R: VariantHooks>(pos: &Position<R>) -> MoveList {
    let mut list = MoveList::new();
    mating_moves_into(pos, &mut list);
    list
}
