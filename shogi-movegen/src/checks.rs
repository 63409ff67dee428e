//! Check generation: the legal moves that give check (王手, ōte), generated directly.
//!
//! A move checks the enemy king in one of two ways, or both:
//! - **directly**: the moved or dropped piece, in its new form (promoted or not), attacks the
//!   king from its destination. The destinations that do so for a piece kind are the
//!   squares from which that kind attacks the king's square: the attacks of the same kind of
//!   the other colour from the king's square (the *check squares*), computed once per kind;
//! - **by discovery**: the moved piece was the only piece between one of the mover's lances,
//!   bishops, rooks, horses or dragons and the king, and leaves that line.
//!
//! The generator looks only at pieces that can do one of these: a slider whose empty-board
//! attacks miss every check square of its kind (promoted and unpromoted) and which unmasks
//! nothing is skipped without computing its attacks. Legality is applied exactly as in the
//! legal generator (pins against the mover's own king, check evasion, the king's safety,
//! forced promotion, nifu, protected pieces, and the pawn drop that would mate, uchifuzume).
//!
//! The check squares of a slider are computed with the current occupancy, which is exact: the
//! only square a move empties is its origin, and a piece that moved away from the king along
//! a line and then attacked it along that line would have attacked it before the move, which
//! a valid position rules out (the side not to move is never in check).

use shogi_types::{Bitboard, Color, Move, PieceKind, Square};

use crate::attacks::{
    attacks, between, bishop_attacks, bishop_pseudo_attacks, dragon_attacks, gold_attacks,
    horse_attacks, king_attacks, knight_attacks, lance_attacks, lance_pseudo_attacks, line,
    pawn_attacks, rook_attacks, rook_pseudo_attacks, silver_attacks,
};
use crate::cpu::{FastBitOps, Kernel};
use crate::generate::{Sink, files_without};
use crate::hooks::ProtectedSet;
use crate::movelist::Fill;
use crate::position::{PROMOTED_MINORS, slot};
use crate::{MoveList, Position, VariantHooks};

/// The squares from which a piece of the side to move attacks the enemy king, per kind, for
/// the current occupancy.
struct CheckSquares {
    pawn: Bitboard,
    lance: Bitboard,
    knight: Bitboard,
    silver: Bitboard,
    gold: Bitboard,
    bishop: Bitboard,
    rook: Bitboard,
    horse: Bitboard,
    dragon: Bitboard,
}

impl CheckSquares {
    #[inline(always)]
    fn new(us: Color, king: Square, occupied: Bitboard) -> CheckSquares {
        let them = !us;
        let bishop = bishop_attacks(king, occupied);
        let rook = rook_attacks(king, occupied);
        let adjacent = king_attacks(king);
        CheckSquares {
            pawn: pawn_attacks(them, king),
            lance: lance_attacks(them, king, occupied),
            knight: knight_attacks(them, king),
            silver: silver_attacks(them, king),
            gold: gold_attacks(them, king),
            bishop,
            rook,
            horse: bishop | adjacent,
            dragon: rook | adjacent,
        }
    }
}

impl<R: VariantHooks> Position<R> {
    /// The legal moves that give check: every legal move after which the opponent is in check
    /// ([`Position::is_check`]), and no other.
    ///
    /// Generated directly, not by playing every legal move: direct checks (promotions
    /// included), discovered checks and drops on the squares that attack the king. A pawn drop
    /// that would mate is illegal (uchifuzume) and so is not among them. In check, these are
    /// the evasions that give check. Without an enemy king (the attacker's king of a mate
    /// problem is missing and the defender is to move) the list is empty.
    ///
    /// ```
    /// use shogi_movegen::Position;
    /// use shogi_types::Move;
    ///
    /// // White's king on 5a; Black has a rook on 1i and a gold in hand.
    /// let pos: Position = "4k4/9/9/9/9/9/9/9/4K3R b G 1".parse()?;
    /// let checks = pos.checking_moves();
    /// // The rook checks along rank a from 1a (promoting or not); the gold drops on the five
    /// // squares from which a gold attacks 5a.
    /// assert_eq!(checks.len(), 7);
    /// assert!(checks.contains(&"1i1a+".parse::<Move>()?));
    /// assert!(checks.contains(&"G*4b".parse::<Move>()?));
    /// for &m in &checks {
    ///     let mut child = pos;
    ///     child.play(m)?;
    ///     assert!(child.is_check());
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// A search loop should refill one list per ply with [`Position::checking_moves_into`].
    #[doc(alias = "ote")]
    #[must_use]
    #[inline]
    pub fn checking_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.checking_moves_into(&mut list);
        list
    }

    /// Replaces the contents of `list` with the legal moves that give check
    /// ([`Position::checking_moves`]).
    ///
    /// As with [`Position::legal_moves_into`], the generator runs in a build with the
    /// `popcnt`, `lzcnt` and BMI1 instructions when the CPU has them (with the `std` feature on
    /// x86-64).
    ///
    /// ```
    /// use shogi_movegen::{MoveList, Position};
    ///
    /// let pos: Position = "4k4/9/9/9/9/9/9/9/4K4 b G 1".parse()?;
    /// let mut list = MoveList::new();
    /// pos.checking_moves_into(&mut list);
    /// assert_eq!(list.len(), 5); // G*4a, G*6a, G*4b, G*5b, G*6b
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn checking_moves_into(&self, list: &mut MoveList) {
        /// The generator, run in the build with the fast bit instructions.
        struct ChecksKernel<'a, 'b, R: VariantHooks>(&'a Position<R>, &'b mut MoveList);

        impl<R: VariantHooks> Kernel for ChecksKernel<'_, '_, R> {
            type Output = ();
            #[inline(always)]
            fn run(self, _: FastBitOps) {
                self.0.generate_checks(&mut Fill(self.1));
            }
        }

        list.clear();
        match FastBitOps::detect() {
            Some(fast) => fast.run(ChecksKernel(self, list)),
            None => self.generate_checks(&mut Fill(list)),
        }
    }

    /// Whether the legal move `m` gives check: whether the opponent is in check after it,
    /// decided without playing it (direct check, discovered check, check by the promoted
    /// piece, check by a drop).
    ///
    /// `m` must be legal in this position; for any other move the answer means nothing (it
    /// never panics).
    ///
    /// ```
    /// use shogi_movegen::Position;
    /// use shogi_types::Move;
    ///
    /// // White's king on 5a, a Black pawn on 4c.
    /// let pos: Position = "4k4/9/5P3/9/9/9/9/9/4K4 b - 1".parse()?;
    /// assert!(pos.gives_check("4c4b+".parse::<Move>()?)); // a tokin on 4b attacks 5a
    /// assert!(!pos.gives_check("4c4b".parse::<Move>()?)); // a pawn on 4b attacks 4a only
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[doc(alias = "ote")]
    #[must_use]
    pub fn gives_check(&self, m: Move) -> bool {
        let us = self.side;
        let Some(king) = self.kings[(!us).index()] else {
            return false;
        };
        let occ = self.occupied();
        match m {
            Move::Drop { kind, to } => attacks(us, kind, to, occ).has(king),
            Move::Normal { from, to, promote } => {
                let Some(piece) = self.piece_at(from) else {
                    return false;
                };
                let kind = if promote {
                    piece.kind.promote().unwrap_or(piece.kind)
                } else {
                    piece.kind
                };
                let after = occ.without(from).with(to);
                if attacks(us, kind, to, after).has(king) {
                    return true;
                }
                // A discovered check: one of the mover's other sliders sees the king once the
                // origin is empty. Only possible if the origin shares a line with the king.
                if line(king, from).is_empty() {
                    return false;
                }
                let others = self.by_color[us.index()].without(from);
                let k = &self.by_kind;
                let sliders = lance_attacks(!us, king, after) & k[slot(PieceKind::Lance)]
                    | rook_attacks(king, after)
                        & (k[slot(PieceKind::Rook)] | k[slot(PieceKind::Dragon)])
                    | bishop_attacks(king, after)
                        & (k[slot(PieceKind::Bishop)] | k[slot(PieceKind::Horse)]);
                (sliders & others).is_nonempty()
            }
        }
    }

    /// The pieces of the side to move that stand alone between one of its sliders and the
    /// enemy king on `king`: moving one off that line gives a discovered check.
    #[inline(always)]
    fn discoverers(&self, king: Square, occupied: Bitboard) -> Bitboard {
        let us = self.side;
        let own = self.by_color[us.index()];
        let k = &self.by_kind;
        let snipers = (lance_pseudo_attacks(!us, king) & k[slot(PieceKind::Lance)]
            | rook_pseudo_attacks(king) & (k[slot(PieceKind::Rook)] | k[slot(PieceKind::Dragon)])
            | bishop_pseudo_attacks(king)
                & (k[slot(PieceKind::Bishop)] | k[slot(PieceKind::Horse)]))
            & own;
        let mut out = Bitboard::EMPTY;
        for s in snipers {
            let b = between(king, s) & occupied;
            if !b.has_more_than_one() && (b & own).is_nonempty() {
                out |= b;
            }
        }
        out
    }

    /// Runs the check generator into `sink`.
    #[inline(always)]
    pub(crate) fn generate_checks<S: Sink>(&self, sink: &mut S) {
        let us = self.side;
        let them = !us;
        let Some(their_king) = self.kings[them.index()] else {
            return;
        };
        let own = self.by_color[us.index()];
        let occ = own | self.by_color[them.index()];
        let mut capturable = !own;
        if R::Protected::ACTIVE {
            capturable -= self.protected.squares();
        }
        let discoverers = self.discoverers(their_king, occ);

        // The king gives check only by discovery.
        let king = self.kings[us.index()];
        if let Some(ksq) = king
            && discoverers.has(ksq)
        {
            let candidates = king_attacks(ksq) & (capturable - line(their_king, ksq));
            if candidates.is_nonempty() {
                let danger = self.king_danger(them, ksq, candidates, occ.without(ksq));
                sink.moves(ksq, candidates - danger, Bitboard::EMPTY);
            }
        }

        let (checkers, pinned) = self.check_info();
        let (target, drop_target) = if checkers.is_empty() {
            (capturable, !occ)
        } else if checkers.has_more_than_one() {
            return;
        } else {
            match (king, checkers.first()) {
                (Some(ksq), Some(checker)) => {
                    let block = between(ksq, checker);
                    ((block | checker) & capturable, block)
                }
                _ => return,
            }
        };

        let cs = CheckSquares::new(us, their_king, occ);
        let zone = Bitboard::promotion_zone(us);
        let last1 = Bitboard::relative_ranks(us, 1, 1);
        let last2 = Bitboard::relative_ranks(us, 1, 2);
        let k = &self.by_kind;

        let pin_king = king.filter(|_| pinned.is_nonempty());
        // The destinations of the piece on `from` (whose moves are `dests`) that give check:
        // those that leave `from` legally (pins), `plain` the ones reached without promotion
        // from `plain_ok`, `promo` the ones reached with promotion from `promo_ok`.
        let emit = |sink: &mut S,
                    from: Square,
                    dests: Bitboard,
                    plain_ok: Bitboard,
                    promo_ok: Bitboard,
                    plain_checks: Bitboard,
                    promo_checks: Bitboard| {
            let mut to = dests & target;
            if let Some(ksq) = pin_king
                && pinned.has(from)
            {
                to &= line(ksq, from);
            }
            if to.is_empty() {
                return;
            }
            let (plain_checks, promo_checks) = if discoverers.has(from) {
                let off_line = !line(their_king, from);
                (plain_checks | off_line, promo_checks | off_line)
            } else {
                (plain_checks, promo_checks)
            };
            sink.moves(
                from,
                to & plain_ok & plain_checks,
                to & promo_ok & promo_checks,
            );
        };

        // Pawns: those that unmask nothing and are not pinned move as a set.
        let pawns = k[slot(PieceKind::Pawn)] & own;
        let free = pawns - pinned - discoverers;
        let to = free.shift_forward(us) & target;
        sink.pawn_pushes(us, to & (cs.pawn - last1), to & zone & cs.gold);
        for from in pawns & (pinned | discoverers) {
            let to = pawn_attacks(us, from);
            emit(sink, from, to, !last1, zone, cs.pawn, cs.gold);
        }
        for from in k[slot(PieceKind::Lance)] & own {
            if !discoverers.has(from)
                && (lance_pseudo_attacks(us, from) & (cs.lance | (cs.gold & zone))).is_empty()
            {
                continue;
            }
            let to = lance_attacks(us, from, occ);
            emit(sink, from, to, !last1, zone, cs.lance, cs.gold);
        }
        for from in k[slot(PieceKind::Knight)] & own {
            let to = knight_attacks(us, from);
            emit(sink, from, to, !last2, zone, cs.knight, cs.gold);
        }
        for from in k[slot(PieceKind::Silver)] & own {
            let to = silver_attacks(us, from);
            let promo_ok = if zone.has(from) { Bitboard::FULL } else { zone };
            emit(sink, from, to, Bitboard::FULL, promo_ok, cs.silver, cs.gold);
        }
        for from in (k[slot(PieceKind::Gold)] | k[PROMOTED_MINORS]) & own {
            let to = gold_attacks(us, from);
            emit(
                sink,
                from,
                to,
                Bitboard::FULL,
                Bitboard::EMPTY,
                cs.gold,
                Bitboard::EMPTY,
            );
        }
        for from in k[slot(PieceKind::Bishop)] & own {
            if !discoverers.has(from) && (bishop_pseudo_attacks(from) & cs.horse).is_empty() {
                continue;
            }
            let to = bishop_attacks(from, occ);
            let promo_ok = if zone.has(from) { Bitboard::FULL } else { zone };
            emit(
                sink,
                from,
                to,
                Bitboard::FULL,
                promo_ok,
                cs.bishop,
                cs.horse,
            );
        }
        for from in k[slot(PieceKind::Rook)] & own {
            if !discoverers.has(from) && (rook_pseudo_attacks(from) & cs.dragon).is_empty() {
                continue;
            }
            let to = rook_attacks(from, occ);
            let promo_ok = if zone.has(from) { Bitboard::FULL } else { zone };
            emit(sink, from, to, Bitboard::FULL, promo_ok, cs.rook, cs.dragon);
        }
        for from in k[slot(PieceKind::Horse)] & own {
            if !discoverers.has(from)
                && ((bishop_pseudo_attacks(from) | king_attacks(from)) & cs.horse).is_empty()
            {
                continue;
            }
            let to = horse_attacks(from, occ);
            emit(
                sink,
                from,
                to,
                Bitboard::FULL,
                Bitboard::EMPTY,
                cs.horse,
                Bitboard::EMPTY,
            );
        }
        for from in k[slot(PieceKind::Dragon)] & own {
            if !discoverers.has(from)
                && ((rook_pseudo_attacks(from) | king_attacks(from)) & cs.dragon).is_empty()
            {
                continue;
            }
            let to = dragon_attacks(from, occ);
            emit(
                sink,
                from,
                to,
                Bitboard::FULL,
                Bitboard::EMPTY,
                cs.dragon,
                Bitboard::EMPTY,
            );
        }

        // Drops on the check squares of each kind in hand.
        let hand = self.hands[us];
        if hand.is_empty() || drop_target.is_empty() {
            return;
        }
        if hand.has(PieceKind::Pawn) {
            let mut to = cs.pawn
                & (drop_target - last1)
                & files_without(self.by_kind[slot(PieceKind::Pawn)] & own);
            if let Some(sq) = to.first()
                && self.is_pawn_drop_mate(sq)
            {
                to = to.without(sq);
            }
            sink.drops(PieceKind::Pawn, to);
        }
        for (kind, squares) in [
            (PieceKind::Lance, cs.lance - last1),
            (PieceKind::Knight, cs.knight - last2),
            (PieceKind::Silver, cs.silver),
            (PieceKind::Gold, cs.gold),
            (PieceKind::Bishop, cs.bishop),
            (PieceKind::Rook, cs.rook),
        ] {
            if hand.has(kind) {
                sink.drops(kind, squares & drop_target);
            }
        }
    }
}
