//! [`Position`]: the validated position, its accessors, attacks, and playing moves; it is
//! made only through [`builder`].

use core::fmt;
use core::hash::{Hash, Hasher};
use core::num::NonZeroU32;

use shogi_types::{Bitboard, ByColor, Color, Hand, Move, Piece, PieceKind, Setup, Square};

use crate::attacks::{
    between, bishop_attacks, bishop_pseudo_attacks, gold_attacks, king_attacks, knight_attacks,
    lance_attacks, lance_pseudo_attacks, near_king, pawn_attacks, rook_attacks,
    rook_pseudo_attacks, silver_attacks,
};
use crate::error::{Fault, ParsePositionError, PositionError};
use crate::hooks::ProtectedSet;
use crate::zobrist;
use crate::{Standard, VariantHooks};

pub(crate) mod builder;

use builder::Builder;

/// A valid shogi position under the rules `R` (standard shogi by default).
///
/// A `Position` in memory is always valid: it can only be made by [`Position::from_setup`]
/// (or [`Default`], the start position) and changed by legal moves. It keeps no history, so
/// it is cheap to copy; `shogi-rules` keeps the history of a game.
///
/// `Eq` and `Hash` compare the board, both hands, the side to move and the protected squares:
/// the identity used for repetition (sennichite). The move number is ignored.
///
/// ```
/// use shogi_movegen::Position;
/// use shogi_types::Move;
///
/// let mut pos = Position::default();
/// assert_eq!(pos.legal_moves().len(), 30);
/// pos.play("7g7f".parse::<Move>()?)?;
/// assert_eq!(pos.count_legal_moves(), 30); // White's replies
/// assert_eq!(pos.perft(2), 1_110);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct Position<R: VariantHooks = Standard> {
    /// The mailbox: one [`cell`] code per square (0 = empty).
    pub(crate) board: [u8; 81],
    pub(crate) by_color: [Bitboard; 2],
    /// Bitboards by [`slot`]: one per kind, except that the four promoted minor kinds share one.
    pub(crate) by_kind: [Bitboard; SLOTS],
    pub(crate) hands: ByColor<Hand>,
    pub(crate) kings: [Option<Square>; 2],
    pub(crate) side: Color,
    pub(crate) move_number: NonZeroU32,
    pub(crate) hash: u64,
    pub(crate) protected: R::Protected,
}

/// The number of kind bitboards: eight unpromoted kinds, horse, dragon, promoted minors.
pub(crate) const SLOTS: usize = 11;
/// The shared slot of the tokin, promoted lance, promoted knight and promoted silver, which
/// all move like a gold.
pub(crate) const PROMOTED_MINORS: usize = 10;

/// The index of the bitboard that holds pieces of `kind`.
#[inline(always)]
pub(crate) const fn slot(kind: PieceKind) -> usize {
    const SLOT: [u8; 14] = [0, 1, 2, 3, 4, 5, 6, 7, 10, 10, 10, 10, 8, 9];
    SLOT[kind as usize] as usize
}

/// The one-byte mailbox code of a square: 0 for empty, else 1 + colour * 14 + kind.
pub(crate) mod cell {
    use shogi_types::{Color, Piece, PieceKind};

    pub(crate) const EMPTY: u8 = 0;

    const DECODE: [Option<Piece>; 32] = {
        let mut t = [None; 32];
        let mut i = 0;
        while i < 28 {
            let color = if i < 14 { Color::Black } else { Color::White };
            t[i + 1] = Some(Piece::new(color, PieceKind::ALL[i % 14]));
            i += 1;
        }
        t
    };

    #[inline(always)]
    pub(crate) const fn encode(p: Option<Piece>) -> u8 {
        match p {
            Some(p) => 1 + (p.color as u8) * 14 + p.kind as u8,
            None => EMPTY,
        }
    }

    #[inline(always)]
    pub(crate) const fn decode(c: u8) -> Option<Piece> {
        DECODE[(c & 31) as usize]
    }
}

/// How many pieces of each unpromoted kind (indexed by `PieceKind::index`) one set holds.
const SET_COUNTS: [u32; 8] = {
    let mut out = [0; 8];
    let mut i = 0;
    while i < 8 {
        out[i] = PieceKind::ALL[i].set_count() as u32;
        i += 1;
    }
    out
};

impl<R: VariantHooks> Position<R> {
    /// Validates `setup` and builds the position. The pieces the setup marks protected
    /// ([`Setup::protected`]) are protected in the position; none may be under rules without
    /// protection ([`Standard`]).
    ///
    /// # Errors
    /// Returns every [`Fault`] found at once; the error keeps the position so that soft faults
    /// can be waived with [`PositionError::ignore`]. A mark on an empty square, or on a piece
    /// the rules cannot protect ([`VariantHooks::can_be_protected`]; no piece in standard
    /// shogi), is [`Fault::BadProtection`].
    pub fn from_setup(setup: Setup) -> Result<Position<R>, PositionError<R>> {
        let mut b = Builder::<R>::new(setup.side_to_move);
        b.set_move_number(setup.move_number);
        let mut king_count = [0u32; 2];
        let mut material = [0u32; 8];
        for sq in Square::ALL {
            if let Some(p) = setup.board[sq.index()] {
                b.put(sq, p);
                material[p.kind.unpromote().index()] += 1;
                if p.kind == PieceKind::King {
                    king_count[p.color.index()] += 1;
                }
            }
        }
        let mut faults = b.board_faults();
        for color in Color::ALL {
            let hand = setup.hands[color];
            b.set_hand(color, hand);
            for kind in PieceKind::HAND_KINDS {
                material[kind.index()] += u32::from(hand.count(kind));
            }
            if king_count[color.index()] > 1 {
                faults = faults.with(Fault::TooManyKings);
            }
        }
        match (king_count[0], king_count[1]) {
            (0, 0) | (_, 0) => faults = faults.with(Fault::MissingKing),
            (0, _) => faults = faults.with(Fault::MissingAttackerKing),
            _ => {}
        }
        if material.iter().zip(SET_COUNTS).any(|(&n, max)| n > max) {
            faults = faults.with(Fault::TooMuchMaterial);
        }
        if material.iter().any(|&n| n > u32::from(Hand::MAX_COUNT)) {
            faults = faults.with(Fault::MaterialOverflow);
        }
        let protected = setup.protected;
        if protected.is_nonempty() {
            let pos = b.position();
            let ok = R::Protected::ACTIVE
                && protected
                    .iter()
                    .all(|sq| pos.piece_at(sq).is_some_and(R::can_be_protected));
            if !ok {
                faults = faults.with(Fault::BadProtection);
            }
            b.protect(protected);
        }
        let pos = b.finish_hashed();
        if faults.is_empty() {
            Ok(pos)
        } else {
            Err(PositionError::new(pos, faults))
        }
    }

    /// The unchecked setup of this position, its protected pieces marked
    /// ([`Setup::protected`]): `Position::from_setup(pos.to_setup())` gives `pos` back.
    #[must_use]
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board.map(cell::decode),
            hands: self.hands,
            side_to_move: self.side,
            move_number: self.move_number,
            protected: self.protected.squares(),
        }
    }

    /// Writes the SFEN of the position (its protected pieces marked `!`) into `out`, without
    /// allocating; [`Display`](fmt::Display) writes the same text.
    ///
    /// ```
    /// use shogi_movegen::Position;
    ///
    /// let mut text = String::from("position sfen ");
    /// Position::default().write_sfen(&mut text)?;
    /// assert_eq!(text, "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    /// # Ok::<(), std::fmt::Error>(())
    /// ```
    ///
    /// # Errors
    /// Only those of `out`.
    pub fn write_sfen<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        self.to_setup().write_sfen(out)
    }

    /// The side to move.
    #[inline]
    #[must_use]
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// The move number of the move about to be played (as in SFEN).
    #[doc(alias = "ply")]
    #[inline]
    #[must_use]
    pub fn move_number(&self) -> NonZeroU32 {
        self.move_number
    }

    /// Sets the move number of the move about to be played (as in SFEN), for a position that
    /// continues a game from elsewhere. Nothing else changes: the move number is no part of
    /// the position's identity (`Eq`, `Hash` and the Zobrist key ignore it).
    ///
    /// ```
    /// use std::num::NonZeroU32;
    /// use shogi_movegen::Position;
    ///
    /// let mut pos = Position::default();
    /// pos.set_move_number(NonZeroU32::new(41).ok_or("zero")?);
    /// assert_eq!(pos.move_number().get(), 41);
    /// assert_eq!(pos.to_string(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 41");
    /// assert_eq!(pos, Position::default()); // the same position
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn set_move_number(&mut self, move_number: NonZeroU32) {
        self.move_number = move_number;
    }

    /// The position with its move number set to `move_number` ([`Position::set_move_number`]).
    #[inline]
    #[must_use]
    pub fn with_move_number(mut self, move_number: NonZeroU32) -> Position<R> {
        self.set_move_number(move_number);
        self
    }

    /// The piece on `sq`, if any.
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        cell::decode(self.board[sq.index()])
    }

    /// The mailbox: one [`cell`] code per square.
    #[cfg(feature = "packed")]
    #[inline(always)]
    pub(crate) fn cells(&self) -> &[u8; 81] {
        &self.board
    }

    /// The squares of `color`'s pieces of `kind`.
    #[inline]
    #[must_use]
    pub fn pieces(&self, color: Color, kind: PieceKind) -> Bitboard {
        self.pieces_of_kind(kind) & self.by_color[color.index()]
    }

    /// The squares of all pieces of `kind`, of both colours.
    #[inline]
    #[must_use]
    pub fn pieces_of_kind(&self, kind: PieceKind) -> Bitboard {
        let bb = self.by_kind[slot(kind)];
        if slot(kind) == PROMOTED_MINORS {
            bb.iter()
                .filter(|&sq| self.piece_at(sq).is_some_and(|p| p.kind == kind))
                .collect()
        } else {
            bb
        }
    }

    /// The squares of all of `color`'s pieces.
    #[inline]
    #[must_use]
    pub fn pieces_of_color(&self, color: Color) -> Bitboard {
        self.by_color[color.index()]
    }

    /// The occupied squares.
    #[inline]
    #[must_use]
    pub fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    /// The square of `color`'s king (`None` only for the attacker of a mate problem, see
    /// [`Fault::MissingAttackerKing`]).
    #[inline]
    #[must_use]
    pub fn king(&self, color: Color) -> Option<Square> {
        self.kings[color.index()]
    }

    /// The pieces giving check to the side to move.
    ///
    /// Checkers and pinned pieces are computed when asked for (and once per move generation),
    /// not by every move, so that playing a move stays cheap.
    #[inline]
    #[must_use]
    pub fn checkers(&self) -> Bitboard {
        self.check_info().0
    }

    /// Whether the side to move is in check.
    #[inline]
    #[must_use]
    pub fn is_check(&self) -> bool {
        self.checkers().is_nonempty()
    }

    /// The side to move's pieces that are pinned to its king by an enemy lance, bishop, rook,
    /// horse or dragon.
    #[inline]
    #[must_use]
    pub fn pinned(&self) -> Bitboard {
        self.check_info().1
    }

    /// The pieces in `color`'s hand.
    #[inline]
    #[must_use]
    pub fn hand(&self, color: Color) -> Hand {
        self.hands[color]
    }

    /// Both hands.
    #[inline]
    #[must_use]
    pub fn hands(&self) -> ByColor<Hand> {
        self.hands
    }

    /// The squares of pieces that no move may capture (always empty in standard shogi).
    #[inline]
    #[must_use]
    pub fn protected(&self) -> Bitboard {
        self.protected.squares()
    }

    /// The Zobrist key of the position: board, hands, side to move and protected squares.
    /// Updated incrementally by every move; equal positions have equal keys.
    #[doc(alias = "hash")]
    #[inline]
    #[must_use]
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// The key computed from scratch (for tests: always equal to [`Position::zobrist`]).
    #[must_use]
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = 0u64;
        for sq in self.occupied() {
            if let Some(p) = self.piece_at(sq) {
                h = h.wrapping_add(zobrist::piece_key(p, sq));
            }
        }
        for color in Color::ALL {
            for (kind, n) in self.hands[color].iter() {
                h = h.wrapping_add(zobrist::hand_key(color, kind).wrapping_mul(u64::from(n)));
            }
        }
        for sq in self.protected.squares() {
            h = h.wrapping_add(zobrist::protected_key(sq));
        }
        if self.side == Color::White {
            h = h.wrapping_add(zobrist::white_key());
        }
        h
    }

    /// Golds and the pieces that move like a gold (tokin, promoted lance, knight and silver).
    #[inline(always)]
    pub(crate) fn gold_movers(&self) -> Bitboard {
        let k = &self.by_kind;
        k[slot(PieceKind::Gold)] | k[PROMOTED_MINORS]
    }

    #[inline(always)]
    fn rooks_dragons(&self) -> Bitboard {
        self.by_kind[slot(PieceKind::Rook)] | self.by_kind[slot(PieceKind::Dragon)]
    }

    #[inline(always)]
    fn bishops_horses(&self) -> Bitboard {
        self.by_kind[slot(PieceKind::Bishop)] | self.by_kind[slot(PieceKind::Horse)]
    }

    /// The pieces of `color` that attack `sq`, with `occupied` as the occupancy for sliders.
    #[must_use]
    pub fn attackers_to(&self, sq: Square, color: Color, occupied: Bitboard) -> Bitboard {
        let them = !color;
        let k = &self.by_kind;
        let steps = pawn_attacks(them, sq) & k[slot(PieceKind::Pawn)]
            | knight_attacks(them, sq) & k[slot(PieceKind::Knight)]
            | silver_attacks(them, sq) & k[slot(PieceKind::Silver)]
            | gold_attacks(them, sq) & self.gold_movers()
            | king_attacks(sq)
                & (k[slot(PieceKind::King)]
                    | k[slot(PieceKind::Horse)]
                    | k[slot(PieceKind::Dragon)]);
        let sliders = lance_attacks(them, sq, occupied) & k[slot(PieceKind::Lance)]
            | rook_attacks(sq, occupied) & self.rooks_dragons()
            | bishop_attacks(sq, occupied) & self.bishops_horses();
        (steps | sliders) & self.by_color[color.index()]
    }

    /// Whether a piece of `color` attacks `sq`, with `occupied` as the occupancy for sliders.
    #[inline]
    #[must_use]
    pub fn is_attacked_by(&self, sq: Square, color: Color, occupied: Bitboard) -> bool {
        AttackerSets::new(self, color).attack(sq, occupied)
    }

    /// The squares of `targets` attacked by the pieces of `color`, with `occupied` as the
    /// occupancy for sliders: the king danger set, computed once instead of one attack query
    /// per king destination. Lift the defending king from `occupied` so that sliders x-ray
    /// through it. `targets` must lie next to `ksq`: step pieces are looked for only near it
    /// ([`near_king`]); a slider is asked for its attacks only if its empty-board attacks meet
    /// `targets`. Protected pieces attack like any other.
    #[inline(always)]
    pub(crate) fn king_danger(
        &self,
        color: Color,
        ksq: Square,
        targets: Bitboard,
        occupied: Bitboard,
    ) -> Bitboard {
        let k = &self.by_kind;
        let theirs = self.by_color[color.index()];
        let near = theirs & near_king(ksq);
        let mut danger = (k[slot(PieceKind::Pawn)] & theirs).shift_forward(color);
        for s in k[slot(PieceKind::Knight)] & near {
            danger |= knight_attacks(color, s);
        }
        for s in k[slot(PieceKind::Silver)] & near {
            danger |= silver_attacks(color, s);
        }
        for s in self.gold_movers() & near {
            danger |= gold_attacks(color, s);
        }
        let kings =
            k[slot(PieceKind::King)] | k[slot(PieceKind::Horse)] | k[slot(PieceKind::Dragon)];
        for s in kings & near {
            danger |= king_attacks(s);
        }
        for s in k[slot(PieceKind::Lance)] & theirs {
            if (lance_pseudo_attacks(color, s) & targets).is_nonempty() {
                danger |= lance_attacks(color, s, occupied);
            }
        }
        for s in self.rooks_dragons() & theirs {
            if (rook_pseudo_attacks(s) & targets).is_nonempty() {
                danger |= rook_attacks(s, occupied);
            }
        }
        for s in self.bishops_horses() & theirs {
            if (bishop_pseudo_attacks(s) & targets).is_nonempty() {
                danger |= bishop_attacks(s, occupied);
            }
        }
        danger & targets
    }

    /// The pieces of `color` pinned to its king by enemy sliders, for the occupancy `occupied`,
    /// and the enemy pieces that check that king along a line (snipers with nothing between).
    #[inline(always)]
    pub(crate) fn slider_pins_and_checks(
        &self,
        color: Color,
        ksq: Square,
        occupied: Bitboard,
    ) -> (Bitboard, Bitboard) {
        let theirs = self.by_color[(!color).index()];
        let own = self.by_color[color.index()];
        let snipers = (lance_pseudo_attacks(color, ksq) & self.by_kind[slot(PieceKind::Lance)]
            | rook_pseudo_attacks(ksq) & self.rooks_dragons()
            | bishop_pseudo_attacks(ksq) & self.bishops_horses())
            & theirs;
        let mut pinned = Bitboard::EMPTY;
        let mut checks = Bitboard::EMPTY;
        for s in snipers {
            let b = between(ksq, s) & occupied;
            if b.is_empty() {
                checks |= s;
            } else if !b.has_more_than_one() && (b & own).is_nonempty() {
                pinned |= b;
            }
        }
        (pinned, checks)
    }

    /// The checkers of the side to move and its pinned pieces.
    #[inline(always)]
    pub(crate) fn check_info(&self) -> (Bitboard, Bitboard) {
        let us = self.side;
        let Some(ksq) = self.kings[us.index()] else {
            return (Bitboard::EMPTY, Bitboard::EMPTY);
        };
        let k = &self.by_kind;
        let theirs = self.by_color[(!us).index()];
        let steps = (pawn_attacks(us, ksq) & k[slot(PieceKind::Pawn)]
            | knight_attacks(us, ksq) & k[slot(PieceKind::Knight)]
            | silver_attacks(us, ksq) & k[slot(PieceKind::Silver)]
            | gold_attacks(us, ksq) & self.gold_movers()
            | king_attacks(ksq)
                & (k[slot(PieceKind::King)]
                    | k[slot(PieceKind::Horse)]
                    | k[slot(PieceKind::Dragon)]))
            & theirs;
        let (pinned, slider_checks) = self.slider_pins_and_checks(us, ksq, self.occupied());
        (steps | slider_checks, pinned)
    }

    #[inline(always)]
    fn put(&mut self, sq: Square, p: Piece) {
        self.board[sq.index()] = cell::encode(Some(p));
        self.by_color[p.color.index()] |= sq;
        self.by_kind[slot(p.kind)] |= sq;
        self.hash = self.hash.wrapping_add(zobrist::piece_key(p, sq));
    }

    #[inline(always)]
    fn remove(&mut self, sq: Square, p: Piece) {
        self.board[sq.index()] = cell::EMPTY;
        self.by_color[p.color.index()] ^= sq;
        self.by_kind[slot(p.kind)] ^= sq;
        self.hash = self.hash.wrapping_sub(zobrist::piece_key(p, sq));
    }

    /// Plays a board move known to be legal.
    #[inline(always)]
    pub(crate) fn do_normal(&mut self, from: Square, to: Square, promote: bool) {
        let Some(piece) = self.piece_at(from) else {
            return;
        };
        let us = self.side;
        if let Some(captured) = self.piece_at(to) {
            self.remove(to, captured);
            let kind = captured.kind.unpromote();
            if let Some(h) = self.hands[us].checked_add(kind) {
                self.hands[us] = h;
                self.hash = self.hash.wrapping_add(zobrist::hand_key(us, kind));
            }
        }
        self.remove(from, piece);
        let kind = if promote {
            piece.kind.promote().unwrap_or(piece.kind)
        } else {
            piece.kind
        };
        self.put(to, Piece::new(us, kind));
        if kind == PieceKind::King {
            self.kings[us.index()] = Some(to);
        }
        if R::Protected::ACTIVE {
            let mut prot = self.protected.squares();
            if prot.has(to) {
                // Only reachable through `play_unchecked` misuse; keep the set consistent.
                prot = prot.without(to);
                self.hash = self.hash.wrapping_sub(zobrist::protected_key(to));
            }
            if prot.has(from) {
                prot = prot.without(from);
                self.hash = self.hash.wrapping_sub(zobrist::protected_key(from));
                if !promote {
                    prot = prot.with(to);
                    self.hash = self.hash.wrapping_add(zobrist::protected_key(to));
                }
            }
            self.protected.set_squares(prot);
        }
        self.finish_move();
    }

    /// Plays a drop known to be legal.
    #[inline(always)]
    pub(crate) fn do_drop(&mut self, kind: PieceKind, to: Square) {
        let us = self.side;
        let Some(h) = self.hands[us].checked_remove(kind) else {
            return;
        };
        if self.board[to.index()] != cell::EMPTY {
            return;
        }
        self.hands[us] = h;
        self.hash = self.hash.wrapping_sub(zobrist::hand_key(us, kind));
        self.put(to, Piece::new(us, kind));
        self.finish_move();
    }

    #[inline(always)]
    fn finish_move(&mut self) {
        self.side = !self.side;
        self.hash = match self.side {
            Color::White => self.hash.wrapping_add(zobrist::white_key()),
            Color::Black => self.hash.wrapping_sub(zobrist::white_key()),
        };
        self.move_number = self.move_number.saturating_add(1);
    }

    /// Plays `m` without checking that it is legal. For engines and perft, which only play
    /// moves the generator produced.
    ///
    /// The legality check is `debug_assert!`ed. In release builds an illegal move leaves a
    /// position that may break the rules (never memory safety); a move from an empty square or
    /// a drop of a piece not in hand is ignored.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        debug_assert!(self.is_legal(m), "illegal move {m}");
        match m {
            Move::Normal { from, to, promote } => self.do_normal(from, to, promote),
            Move::Drop { kind, to } => self.do_drop(kind, to),
        }
    }

    /// Plays `m` if it is legal.
    ///
    /// # Errors
    /// Returns [`IllegalMove`](crate::IllegalMove) naming the broken rule, and leaves the
    /// position unchanged, if `m` is not legal.
    pub fn play(&mut self, m: Move) -> Result<(), crate::IllegalMove> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(crate::IllegalMove {
                mv: m,
                kind: self.diagnose(m),
            })
        }
    }
}

impl Default for Position<Standard> {
    /// The standard start position.
    fn default() -> Position<Standard> {
        Position::start()
    }
}

impl<R: VariantHooks> Position<R> {
    /// The standard start position (平手, hirate), Black to move, under the rules `R`.
    #[must_use]
    pub fn start() -> Position<R> {
        match Position::from_setup(Setup::start()) {
            Ok(p) => p,
            // The standard setup has no fault; keep the built position regardless.
            Err(e) => e.into_position_unchecked(),
        }
    }
}

impl<R: VariantHooks> PartialEq for Position<R> {
    fn eq(&self, other: &Position<R>) -> bool {
        self.board == other.board
            && self.hands == other.hands
            && self.side == other.side
            && self.protected == other.protected
    }
}

impl<R: VariantHooks> Eq for Position<R> {}

impl<R: VariantHooks> Hash for Position<R> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

impl<R: VariantHooks> core::str::FromStr for Position<R> {
    type Err = ParsePositionError<R>;

    /// Reads an SFEN (with or without the word `sfen`, as [`Setup`] reads it) and validates it
    /// ([`Position::from_setup`]): the reverse of `Display`.
    ///
    /// # Errors
    /// [`ParsePositionError::Sfen`] if the text is no SFEN, [`ParsePositionError::Position`]
    /// (with every fault) if it is no valid position.
    fn from_str(sfen: &str) -> Result<Position<R>, ParsePositionError<R>> {
        Ok(Position::from_setup(sfen.parse::<Setup>()?)?)
    }
}

impl<R: VariantHooks> fmt::Display for Position<R> {
    /// Writes the SFEN of the position, its protected pieces marked `!` (see
    /// [`shogi_types::sfen`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_sfen(f)
    }
}

impl<R: VariantHooks> fmt::Debug for Position<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Position {{")?;
        for rank in shogi_types::Rank::ALL {
            f.write_str("   ")?;
            for file in shogi_types::File::ALL.iter().rev() {
                let sq = Square::new(*file, rank);
                match self.piece_at(sq) {
                    Some(p) => {
                        let mark = if self.protected.squares().has(sq) {
                            "!"
                        } else {
                            " "
                        };
                        if p.kind.is_promoted() {
                            write!(f, "{p:>2}{mark}")?
                        } else {
                            write!(f, " {p:>1}{mark}")?
                        }
                    }
                    None => f.write_str("  .")?,
                }
            }
            f.write_str("\n")?;
        }
        writeln!(
            f,
            "    black hand {:?}, white hand {:?}",
            self.hands.black, self.hands.white
        )?;
        write!(f, "    {} to move, move {} }}", self.side, self.move_number)
    }
}

#[cfg(feature = "serde")]
impl<R: VariantHooks> serde::Serialize for Position<R> {
    /// Serializes the position as its [`Setup`] (with its protected pieces marked).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.to_setup().serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de, R: VariantHooks> serde::Deserialize<'de> for Position<R> {
    /// Deserializes a [`Setup`] and validates it with [`Position::from_setup`]; a setup with
    /// any fault is an error.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Position<R>, D::Error> {
        let setup = Setup::deserialize(d)?;
        Position::from_setup(setup).map_err(serde::de::Error::custom)
    }
}

/// The pieces of one colour grouped by how they attack, computed once to test many squares.
#[derive(Clone, Copy)]
pub(crate) struct AttackerSets {
    /// The colour whose pieces these are.
    color: Color,
    pawns: Bitboard,
    knights: Bitboard,
    silvers: Bitboard,
    golds: Bitboard,
    /// King, horse and dragon: every piece with the king's one-step attacks.
    kings: Bitboard,
    lances: Bitboard,
    rooks: Bitboard,
    bishops: Bitboard,
}

impl AttackerSets {
    #[inline(always)]
    pub(crate) fn new<R: VariantHooks>(pos: &Position<R>, color: Color) -> AttackerSets {
        let k = &pos.by_kind;
        let mine = pos.by_color[color.index()];
        AttackerSets {
            color,
            pawns: k[slot(PieceKind::Pawn)] & mine,
            knights: k[slot(PieceKind::Knight)] & mine,
            silvers: k[slot(PieceKind::Silver)] & mine,
            golds: pos.gold_movers() & mine,
            kings: (k[slot(PieceKind::King)]
                | k[slot(PieceKind::Horse)]
                | k[slot(PieceKind::Dragon)])
                & mine,
            lances: k[slot(PieceKind::Lance)] & mine,
            rooks: pos.rooks_dragons() & mine,
            bishops: pos.bishops_horses() & mine,
        }
    }

    /// These pieces but the one on `sq` (a piece about to be captured there), if any.
    #[inline(always)]
    pub(crate) fn without(self, sq: Square) -> AttackerSets {
        AttackerSets {
            color: self.color,
            pawns: self.pawns.without(sq),
            knights: self.knights.without(sq),
            silvers: self.silvers.without(sq),
            golds: self.golds.without(sq),
            kings: self.kings.without(sq),
            lances: self.lances.without(sq),
            rooks: self.rooks.without(sq),
            bishops: self.bishops.without(sq),
        }
    }

    /// Whether one of these pieces attacks `sq`, with `occupied` as the occupancy for sliders.
    #[inline(always)]
    pub(crate) fn attack(&self, sq: Square, occupied: Bitboard) -> bool {
        let them = !self.color;
        let steps = pawn_attacks(them, sq) & self.pawns
            | knight_attacks(them, sq) & self.knights
            | silver_attacks(them, sq) & self.silvers
            | gold_attacks(them, sq) & self.golds
            | king_attacks(sq) & self.kings;
        if steps.is_nonempty() {
            return true;
        }
        if (lance_pseudo_attacks(them, sq) & self.lances).is_nonempty()
            && (lance_attacks(them, sq, occupied) & self.lances).is_nonempty()
        {
            return true;
        }
        if (rook_pseudo_attacks(sq) & self.rooks).is_nonempty()
            && (rook_attacks(sq, occupied) & self.rooks).is_nonempty()
        {
            return true;
        }
        (bishop_pseudo_attacks(sq) & self.bishops).is_nonempty()
            && (bishop_attacks(sq, occupied) & self.bishops).is_nonempty()
    }
}
