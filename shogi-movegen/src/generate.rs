//! Legal move generation.
//!
//! The generator computes, for every piece, the bitboard of its legal destinations (pins,
//! checks and the king's safety already applied) split into the destinations reachable without
//! promotion and those reachable with promotion. A [`Sink`] either turns them into moves or
//! just counts them, which is how perft counts the last ply without building moves.

use shogi_types::{Bitboard, Color, Move, PieceKind, Square};

use crate::attacks::{
    between, bishop_attacks, dragon_attacks, gold_attacks, horse_attacks, king_attacks,
    knight_attacks, lance_attacks, line, pawn_attacks, rook_attacks, silver_attacks,
};
use crate::error::IllegalMoveKind;
use crate::hooks::ProtectedSet;
use crate::movelist::Fill;
use crate::position::{AttackerSets, slot};
use crate::{MoveList, Position, VariantHooks};

/// Receives the legal moves of a position, grouped by piece.
pub(crate) trait Sink {
    /// Whether the generator may stop as soon as [`Sink::found`] is true (for a sink that only
    /// asks whether there is a legal move). When `false`, the checks are compiled out.
    const STOP_AT_FIRST: bool = false;
    /// Whether the sink has seen what it was looking for (read only if `STOP_AT_FIRST`).
    #[inline(always)]
    fn found(&self) -> bool {
        false
    }
    /// The piece on `from` can move to each square of `plain` without promoting and to each
    /// square of `promote` with promotion.
    fn moves(&mut self, from: Square, plain: Bitboard, promote: Bitboard);
    /// A piece of `kind` can be dropped on each square of `to`.
    fn drops(&mut self, kind: PieceKind, to: Bitboard);
    /// A piece of each kind of `kinds` can be dropped on each square of `to`. Sinks that
    /// build moves emit them by square, then in the order of `kinds`; by default this is
    /// [`Sink::drops`] once per kind.
    #[inline(always)]
    fn drops_per_square(&mut self, kinds: &[PieceKind], to: Bitboard) {
        for &kind in kinds {
            self.drops(kind, to);
        }
    }
    /// Unpinned pawns of `color` step forward onto each square of `plain` without promoting and
    /// of `promote` with promotion; each comes from the square behind its destination.
    #[inline(always)]
    fn pawn_pushes(&mut self, color: Color, plain: Bitboard, promote: Bitboard) {
        let back = if color == Color::Black { 1 } else { -1 };
        for to in plain | promote {
            if let Some(from) = to.offset(0, back) {
                let only = Bitboard::from_square(to);
                self.moves(from, plain & only, promote & only);
            }
        }
    }
}

/// Counts moves.
pub(crate) struct Counter(pub(crate) u64);

impl Sink for Counter {
    #[inline(always)]
    fn moves(&mut self, _: Square, plain: Bitboard, promote: Bitboard) {
        self.0 += u64::from(plain.count() + promote.count());
    }
    #[inline(always)]
    fn drops(&mut self, _: PieceKind, to: Bitboard) {
        self.0 += u64::from(to.count());
    }
    #[inline(always)]
    fn drops_per_square(&mut self, kinds: &[PieceKind], to: Bitboard) {
        self.0 += u64::from(to.count()) * kinds.len() as u64;
    }
    #[inline(always)]
    fn pawn_pushes(&mut self, _: Color, plain: Bitboard, promote: Bitboard) {
        self.0 += u64::from(plain.count() + promote.count());
    }
}

/// Calls a closure for each move.
pub(crate) struct EachMove<F: FnMut(Move)>(pub(crate) F);

impl<F: FnMut(Move)> Sink for EachMove<F> {
    #[inline(always)]
    fn moves(&mut self, from: Square, plain: Bitboard, promote: Bitboard) {
        for to in promote {
            (self.0)(Move::Normal {
                from,
                to,
                promote: true,
            });
        }
        for to in plain {
            (self.0)(Move::Normal {
                from,
                to,
                promote: false,
            });
        }
    }
    #[inline(always)]
    fn drops(&mut self, kind: PieceKind, to: Bitboard) {
        for to in to {
            (self.0)(Move::Drop { kind, to });
        }
    }
    #[inline(always)]
    fn drops_per_square(&mut self, kinds: &[PieceKind], to: Bitboard) {
        for to in to {
            for &kind in kinds {
                (self.0)(Move::Drop { kind, to });
            }
        }
    }
}

/// Records whether there is any move, and stops the generator at the first one.
struct AnyMove(bool);

impl Sink for AnyMove {
    const STOP_AT_FIRST: bool = true;
    #[inline(always)]
    fn found(&self) -> bool {
        self.0
    }
    #[inline(always)]
    fn moves(&mut self, _: Square, plain: Bitboard, promote: Bitboard) {
        self.0 |= (plain | promote).is_nonempty();
    }
    #[inline(always)]
    fn drops(&mut self, _: PieceKind, to: Bitboard) {
        self.0 |= to.is_nonempty();
    }
    #[inline(always)]
    fn pawn_pushes(&mut self, _: Color, plain: Bitboard, promote: Bitboard) {
        self.0 |= (plain | promote).is_nonempty();
    }
}

/// The far rank of `color` (where pawns and lances must promote).
#[inline(always)]
fn last_rank(color: Color) -> Bitboard {
    Bitboard::relative_ranks(color, 1, 1)
}

/// The far two ranks of `color` (where knights must promote).
#[inline(always)]
fn last_two_ranks(color: Color) -> Bitboard {
    Bitboard::relative_ranks(color, 1, 2)
}

/// Rank 9 (the highest bit of each file's 9-bit group).
const RANK_9: u128 = {
    let mut bits = 0u128;
    let mut f = 0;
    while f < 9 {
        bits |= 1 << (f * 9 + 8);
        f += 1;
    }
    bits
};

/// The lower eight ranks of every file (all bits of each file's 9-bit group but rank 9).
const RANKS_1_TO_8: u128 = (RANK_9 >> 8) * 0xFF;

/// All squares of the files that hold none of `pawns`, whatever the number of pawns on a file
/// (a composed problem may hold two unpromoted pawns of one colour on a file).
#[inline(always)]
pub(crate) fn files_without(pawns: Bitboard) -> Bitboard {
    // Per 9-bit file group: adding 0xFF to the low eight bits carries into the top bit exactly
    // when one of them is set, and never out of the group (0xFF + 0xFF < 0x200); or-ing the
    // group back in adds the top bit itself. The top bits left clear mark the empty files;
    // then each is spread over its group.
    let bits = pawns.to_bits();
    let occupied_tops = (((bits & RANKS_1_TO_8) + RANKS_1_TO_8) | bits) & RANK_9;
    let empty_tops = RANK_9 ^ occupied_tops;
    Bitboard::from_bits_truncate(empty_tops | empty_tops.wrapping_sub(empty_tops >> 8))
}

impl<R: VariantHooks> Position<R> {
    /// Runs the generator for the pieces on `from_mask`, the destinations in `to_mask`, and drops
    /// if `with_drops`.
    #[inline(always)]
    pub(crate) fn generate<S: Sink>(
        &self,
        sink: &mut S,
        from_mask: Bitboard,
        to_mask: Bitboard,
        with_drops: bool,
    ) {
        let us = self.side;
        let them = !us;
        let own = self.by_color[us.index()];
        let occ = own | self.by_color[them.index()];
        let mut capturable = !own & to_mask;
        if R::Protected::ACTIVE {
            capturable -= self.protected.squares();
        }

        let king = self.kings[us.index()];
        if let Some(ksq) = king
            && from_mask.has(ksq)
        {
            let candidates = king_attacks(ksq) & capturable;
            if candidates.is_nonempty() {
                let danger = self.king_danger(them, ksq, candidates, occ.without(ksq));
                sink.moves(ksq, candidates - danger, Bitboard::EMPTY);
            }
            if S::STOP_AT_FIRST && sink.found() {
                return;
            }
        }

        let (checkers, pinned) = self.check_info();
        let (target, drop_target) = if checkers.is_empty() {
            (capturable, !occ & to_mask)
        } else if checkers.has_more_than_one() {
            return;
        } else {
            match (king, checkers.first()) {
                (Some(ksq), Some(checker)) => {
                    let block = between(ksq, checker);
                    ((block | checker) & capturable, block & to_mask)
                }
                _ => return,
            }
        };

        let zone = Bitboard::promotion_zone(us);
        let last1 = last_rank(us);
        let last2 = last_two_ranks(us);
        let k = &self.by_kind;
        let mine = own & from_mask;

        // Restricts the destinations of a pinned piece to its pin line. Most positions have
        // no pin, and then the test per piece is of `pin_king` alone.
        let pin_king = king.filter(|_| pinned.is_nonempty());
        let pin_filter = |from: Square, dests: Bitboard| -> Bitboard {
            match pin_king {
                Some(ksq) if pinned.has(from) => dests & line(ksq, from),
                _ => dests,
            }
        };

        let pawns = k[slot(PieceKind::Pawn)] & mine;
        let to = (pawns - pinned).shift_forward(us) & target;
        sink.pawn_pushes(us, to - last1, to & zone);
        if S::STOP_AT_FIRST && sink.found() {
            return;
        }
        for from in pawns & pinned {
            let to = pin_filter(from, pawn_attacks(us, from) & target);
            sink.moves(from, to - last1, to & zone);
            if S::STOP_AT_FIRST && sink.found() {
                return;
            }
        }
        for from in k[slot(PieceKind::Lance)] & mine {
            let to = pin_filter(from, lance_attacks(us, from, occ) & target);
            sink.moves(from, to - last1, to & zone);
            if S::STOP_AT_FIRST && sink.found() {
                return;
            }
        }
        for from in k[slot(PieceKind::Knight)] & mine {
            let to = pin_filter(from, knight_attacks(us, from) & target);
            sink.moves(from, to - last2, to & zone);
            if S::STOP_AT_FIRST && sink.found() {
                return;
            }
        }
        for from in k[slot(PieceKind::Silver)] & mine {
            let to = pin_filter(from, silver_attacks(us, from) & target);
            let promo = if zone.has(from) { to } else { to & zone };
            sink.moves(from, to, promo);
            if S::STOP_AT_FIRST && sink.found() {
                return;
            }
        }
        for from in self.gold_movers() & mine {
            let to = pin_filter(from, gold_attacks(us, from) & target);
            sink.moves(from, to, Bitboard::EMPTY);
            if S::STOP_AT_FIRST && sink.found() {
                return;
            }
        }
        for from in k[slot(PieceKind::Bishop)] & mine {
            let to = pin_filter(from, bishop_attacks(from, occ) & target);
            let promo = if zone.has(from) { to } else { to & zone };
            sink.moves(from, to, promo);
            if S::STOP_AT_FIRST && sink.found() {
                return;
            }
        }
        for from in k[slot(PieceKind::Rook)] & mine {
            let to = pin_filter(from, rook_attacks(from, occ) & target);
            let promo = if zone.has(from) { to } else { to & zone };
            sink.moves(from, to, promo);
            if S::STOP_AT_FIRST && sink.found() {
                return;
            }
        }
        for from in k[slot(PieceKind::Horse)] & mine {
            let to = pin_filter(from, horse_attacks(from, occ) & target);
            sink.moves(from, to, Bitboard::EMPTY);
            if S::STOP_AT_FIRST && sink.found() {
                return;
            }
        }
        for from in k[slot(PieceKind::Dragon)] & mine {
            let to = pin_filter(from, dragon_attacks(from, occ) & target);
            sink.moves(from, to, Bitboard::EMPTY);
            if S::STOP_AT_FIRST && sink.found() {
                return;
            }
        }

        if with_drops && drop_target.is_nonempty() {
            self.generate_drops(sink, drop_target);
        }
    }

    #[inline(always)]
    fn generate_drops<S: Sink>(&self, sink: &mut S, drop_target: Bitboard) {
        let us = self.side;
        let hand = self.hands[us];
        if hand.is_empty() {
            return;
        }
        let last1 = last_rank(us);
        if hand.has(PieceKind::Pawn) {
            let mut to = (drop_target - last1) & files_without(self.pieces(us, PieceKind::Pawn));
            if let Some(their_king) = self.kings[(!us).index()] {
                // The only square where a pawn drop gives check: in front of the enemy king.
                if let Some(check_sq) = (pawn_attacks(!us, their_king) & to).first()
                    && self.is_pawn_drop_mate(check_sq)
                {
                    to = to.without(check_sq);
                }
            }
            sink.drops(PieceKind::Pawn, to);
        }
        // The other kinds by rank band, a whole band's kinds per square: lances and knights
        // are kept off the ranks where they could never move.
        let mut kinds = [PieceKind::Rook; 6];
        let mut n = 0;
        for kind in [
            PieceKind::Lance,
            PieceKind::Knight,
            PieceKind::Silver,
            PieceKind::Gold,
            PieceKind::Bishop,
            PieceKind::Rook,
        ] {
            if hand.has(kind) {
                kinds[n] = kind;
                n += 1;
            }
        }
        let last2 = last_two_ranks(us);
        let knight = usize::from(hand.has(PieceKind::Knight));
        let lance = usize::from(hand.has(PieceKind::Lance));
        sink.drops_per_square(&kinds[..n], drop_target - last2);
        let mut second = kinds;
        second.copy_within(lance + knight..n, lance);
        sink.drops_per_square(&second[..n - knight], drop_target & (last2 - last1));
        sink.drops_per_square(&kinds[lance + knight..n], drop_target & last1);
    }

    /// Whether dropping a pawn of the side to move on `to` (which must give check) mates.
    ///
    /// Decided exactly: the king may take the pawn only if no piece of the dropping side
    /// (pinned or not) guards it; another defender may take it unless pinned (pins judged with
    /// the pawn on the board); the king may flee to any square not attacked with the pawn on the
    /// board. Interposing is impossible because the pawn stands next to the king.
    #[doc(alias = "uchifuzume")]
    pub(crate) fn is_pawn_drop_mate(&self, to: Square) -> bool {
        let us = self.side;
        let them = !us;
        let Some(ksq) = self.kings[them.index()] else {
            return false;
        };
        let occ = self.occupied().with(to);
        // 1. The king takes the pawn (judged with the king lifted from its square).
        let attackers = AttackerSets::new(self, us);
        let occ_without_king = occ.without(ksq);
        if !attackers.attack(to, occ_without_king) {
            return false;
        }
        // 2. Another defender takes the pawn.
        let defenders = self.attackers_to(to, them, occ).without(ksq);
        if defenders.is_nonempty() {
            let (pinned, _) = self.slider_pins_and_checks(them, ksq, occ);
            for d in defenders {
                if !pinned.has(d) || line(ksq, d).has(to) {
                    return false;
                }
            }
        }
        // 3. The king flees.
        let mut flight = king_attacks(ksq) - self.by_color[them.index()] - to;
        if R::Protected::ACTIVE {
            flight -= self.protected.squares();
        }
        for s in flight {
            if !attackers.attack(s, occ_without_king) {
                return false;
            }
        }
        true
    }

    /// All legal moves.
    ///
    /// ```
    /// use shogi_movegen::Position;
    /// assert_eq!(Position::default().legal_moves().len(), 30);
    /// ```
    ///
    /// A search loop should refill one list per ply with [`Position::legal_moves_into`]
    /// instead, which neither builds nor returns a list per node.
    #[must_use]
    #[inline]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// Whether the side to move has a legal move: always equal to
    /// `!self.legal_moves().is_empty()`, but stops at the first legal move found.
    ///
    /// The generator runs in its usual order (king moves first; in check, then captures of and
    /// interpositions against the single checker; then the other pieces, then drops) with every
    /// rule applied (pins, nifu, dead pieces, uchifuzume, protected pieces), and returns at the
    /// first piece or hand kind with a legal destination. What decides mate and stalemate-like
    /// endings ([`Position::is_check`] tells which).
    ///
    /// ```
    /// use shogi_movegen::Position;
    /// use shogi_types::Setup;
    ///
    /// assert!(Position::default().has_legal_move());
    /// // Black's king is mated by the gold on 5h, guarded by the pawn on 5g.
    /// let setup: Setup = "4k4/9/9/9/9/9/4p4/4g4/4K4 b - 1".parse()?;
    /// let mated: Position = Position::from_setup(setup)?;
    /// assert!(mated.is_check() && !mated.has_legal_move());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn has_legal_move(&self) -> bool {
        let mut sink = AnyMove(false);
        self.generate(&mut sink, Bitboard::FULL, Bitboard::FULL, true);
        sink.0
    }

    /// Calls `f` for every legal move, without building a list.
    pub fn for_each_legal_move(&self, f: impl FnMut(Move)) {
        self.generate(&mut EachMove(f), Bitboard::FULL, Bitboard::FULL, true);
    }

    /// The number of legal moves, counted without building them (with the `popcnt`
    /// instruction when the CPU has it, detected at run time on x86-64 with the `std` feature).
    #[must_use]
    pub fn count_legal_moves(&self) -> u64 {
        use crate::cpu::{FastBitOps, Kernel};

        /// The count, run in the build with the fast bit instructions.
        struct CountLegalMoves<'a, R: VariantHooks>(&'a Position<R>);

        impl<R: VariantHooks> Kernel for CountLegalMoves<'_, R> {
            type Output = u64;
            #[inline(always)]
            fn run(self, _: FastBitOps) -> u64 {
                self.0.count_in_this_build()
            }
        }

        match FastBitOps::detect() {
            Some(fast) => fast.run(CountLegalMoves(self)),
            None => self.count_in_this_build(),
        }
    }

    /// [`Position::count_legal_moves`] in the portable build, even where the CPU has the
    /// faster instructions; the same count.
    ///
    /// For [`crate::testing`]: it lets the tests cover both builds on x86-64.
    #[must_use]
    pub(crate) fn count_legal_moves_portable(&self) -> u64 {
        self.count_in_this_build()
    }

    /// The body of [`Position::count_legal_moves`], inlined into the build that calls it.
    #[inline(always)]
    fn count_in_this_build(&self) -> u64 {
        let mut c = Counter(0);
        self.generate(&mut c, Bitboard::FULL, Bitboard::FULL, true);
        c.0
    }

    /// The legal moves of the piece on `from` (empty if it is not the side to move's piece).
    /// What a GUI needs to mark the squares a selected piece can go to.
    #[must_use]
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = MoveList::new();
        self.generate(
            &mut Fill(&mut list),
            Bitboard::from_square(from),
            Bitboard::FULL,
            false,
        );
        list
    }

    /// The squares where the side to move may legally drop a piece of `kind` (empty if it has
    /// none in hand or `kind` cannot be dropped).
    #[must_use]
    pub fn legal_drops(&self, kind: PieceKind) -> Bitboard {
        struct Drops(PieceKind, Bitboard);
        impl Sink for Drops {
            fn moves(&mut self, _: Square, _: Bitboard, _: Bitboard) {}
            fn drops(&mut self, kind: PieceKind, to: Bitboard) {
                if kind == self.0 {
                    self.1 |= to;
                }
            }
        }
        if !kind.is_hand_kind() {
            return Bitboard::EMPTY;
        }
        let mut sink = Drops(kind, Bitboard::EMPTY);
        self.generate(&mut sink, Bitboard::EMPTY, Bitboard::FULL, true);
        sink.1
    }

    /// The legal captures (board moves onto an enemy piece).
    #[must_use]
    pub fn legal_captures(&self) -> MoveList {
        let mut list = MoveList::new();
        let theirs = self.by_color[(!self.side).index()];
        self.generate(&mut Fill(&mut list), Bitboard::FULL, theirs, false);
        list
    }

    /// The legal drops.
    #[must_use]
    pub fn legal_drop_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut Fill(&mut list), Bitboard::EMPTY, Bitboard::FULL, true);
        list
    }

    /// Whether `m` is legal. Always equal to `self.legal_moves().contains(&m)`.
    ///
    /// Decided for the one move, without the generator: the piece moves as it may (or is in
    /// hand and may be dropped there), and the king is not attacked afterwards.
    #[must_use]
    pub fn is_legal(&self, m: Move) -> bool {
        match m {
            Move::Normal { from, to, promote } => self.is_legal_normal(from, to, promote),
            Move::Drop { kind, to } => self.is_legal_drop(kind, to),
        }
    }

    /// [`Position::is_legal`] for a board move.
    #[inline]
    fn is_legal_normal(&self, from: Square, to: Square, promote: bool) -> bool {
        let us = self.side;
        let Some(piece) = self.piece_at(from) else {
            return false;
        };
        if piece.color != us || self.by_color[us.index()].has(to) {
            return false;
        }
        if R::Protected::ACTIVE && self.protected.squares().has(to) {
            return false;
        }
        let occ = self.occupied();
        if !crate::attacks::attacks(us, piece.kind, from, occ).has(to) {
            return false;
        }
        if promote {
            if !piece.kind.can_promote()
                || !(from.is_promotion_zone(us) || to.is_promotion_zone(us))
            {
                return false;
            }
        } else if to.rank().relative_to(us).get() < piece.kind.first_legal_rank() {
            return false;
        }
        let Some(ksq) = self.kings[us.index()] else {
            return true;
        };
        if ksq == from {
            return !self.is_attacked_by(to, !us, occ.without(from));
        }
        // The piece taken on `to`, if any, no longer attacks.
        let after = occ.without(from).with(to);
        !AttackerSets::new(self, !us).without(to).attack(ksq, after)
    }

    /// [`Position::is_legal`] for a drop.
    #[inline]
    fn is_legal_drop(&self, kind: PieceKind, to: Square) -> bool {
        let us = self.side;
        if !kind.is_hand_kind() || !self.hands[us].has(kind) {
            return false;
        }
        let occ = self.occupied();
        if occ.has(to) || to.rank().relative_to(us).get() < kind.first_legal_rank() {
            return false;
        }
        if kind == PieceKind::Pawn {
            if !files_without(self.pieces(us, PieceKind::Pawn)).has(to) {
                return false;
            }
            if let Some(their_king) = self.kings[(!us).index()]
                && pawn_attacks(!us, their_king).has(to)
                && self.is_pawn_drop_mate(to)
            {
                return false;
            }
        }
        // A drop takes nothing: it must leave the king out of check (block the check, if any).
        self.kings[us.index()].is_none_or(|ksq| !self.is_attacked_by(ksq, !us, occ.with(to)))
    }

    /// Why `m`, known to be illegal, is illegal.
    pub(crate) fn diagnose(&self, m: Move) -> IllegalMoveKind {
        let us = self.side;
        let occ = self.occupied();
        match m {
            Move::Normal { from, to, promote } => {
                let Some(piece) = self.piece_at(from) else {
                    return IllegalMoveKind::NoSuchPiece;
                };
                if piece.color != us {
                    return IllegalMoveKind::NotYourPiece;
                }
                if self.by_color[us.index()].has(to) {
                    return IllegalMoveKind::CaptureOwnPiece;
                }
                if self.protected().has(to) {
                    return IllegalMoveKind::CaptureProtected;
                }
                if !crate::attacks::attacks(us, piece.kind, from, occ).has(to) {
                    return IllegalMoveKind::CannotReach;
                }
                if promote
                    && (!piece.kind.can_promote()
                        || !(from.is_promotion_zone(us) || to.is_promotion_zone(us)))
                {
                    return IllegalMoveKind::BadPromotion;
                }
                if !promote && to.rank().relative_to(us).get() < piece.kind.first_legal_rank() {
                    return IllegalMoveKind::StuckPiece;
                }
                IllegalMoveKind::LeavesKingInCheck
            }
            Move::Drop { kind, to } => {
                if !kind.is_hand_kind() || !self.hands[us].has(kind) {
                    return IllegalMoveKind::NotInHand;
                }
                if occ.has(to) {
                    return IllegalMoveKind::Occupied;
                }
                if to.rank().relative_to(us).get() < kind.first_legal_rank() {
                    return IllegalMoveKind::StuckPiece;
                }
                if kind == PieceKind::Pawn
                    && !files_without(self.pieces(us, PieceKind::Pawn)).has(to)
                {
                    return IllegalMoveKind::TwoPawns;
                }
                let checkers = self.checkers();
                if let (Some(ksq), Some(checker)) = (self.kings[us.index()], checkers.first())
                    && (checkers.has_more_than_one() || !between(ksq, checker).has(to))
                {
                    return IllegalMoveKind::LeavesKingInCheck;
                }
                if kind == PieceKind::Pawn {
                    return IllegalMoveKind::DropPawnMate;
                }
                IllegalMoveKind::LeavesKingInCheck
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_without_pawns() {
        let pawns = Bitboard::from_square(Square::SQ_5G) | Square::SQ_1I | Square::SQ_9A;
        let free = files_without(pawns);
        assert_eq!(free.count(), 6 * 9);
        assert!(!free.has(Square::SQ_5A));
        assert!(!free.has(Square::SQ_1E));
        assert!(!free.has(Square::SQ_9I));
        assert!(free.has(Square::SQ_2A));
        assert_eq!(files_without(Bitboard::EMPTY), Bitboard::FULL);
    }

    /// Composed problems may hold several pawns on a file: the file is still closed, and its
    /// neighbours stay open (`4k4/9/9/9/9/9/9/8P/4K3P b P 1` once closed file 2 and opened
    /// file 1).
    #[test]
    fn files_without_several_pawns_on_a_file() {
        for file in 1..=9u8 {
            for ranks in 1u32..(1 << 9) {
                let mut pawns = Bitboard::EMPTY;
                for rank in 1..=9u8 {
                    if ranks & (1 << (rank - 1)) != 0 {
                        let sq = Square::from_file_rank(file, rank).expect("1 to 9");
                        pawns |= sq;
                    }
                }
                let free = files_without(pawns);
                for sq in Square::ALL {
                    assert_eq!(
                        free.has(sq),
                        sq.file().get() != file,
                        "file {file}, ranks {ranks:09b}, square {sq}"
                    );
                }
            }
        }
        let two_files = Bitboard::from_square(Square::SQ_1H) | Square::SQ_1I | Square::SQ_9A;
        assert_eq!(files_without(two_files).count(), 7 * 9);
    }
}
