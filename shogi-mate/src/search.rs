//! Depth-first proof-number search (df-pn) over the positions of one mate problem.
//!
//! Each call of [`Searcher::dfpn`] expands one node into a local list of its children (moves,
//! keys, their current proof and disproof numbers), searches the most proving child below
//! thresholds set by the 1+ε trick, and stores what it learnt in the transposition table when
//! it returns. The local list keeps what the table must not: results that depend on the path,
//! a child that repeats a position of the path (a repetition is never a mate for the
//! attacker). Such a disproof carries the depth of the repeated ancestor; a node whose
//! disproof only depends on repetitions at or below itself stores it as a plain disproof.
//!
//! Lengths: every search is bounded by `len`, the plies left for the attacker to mate. A proof
//! carries the length of the mate it found, a disproof the length below which there is none
//! (`LEN_INF`: none at all), so that a disproof caused by the bound is never taken for a proof
//! that there is no mate.

use std::collections::HashMap;
use std::time::Duration;

use shogi_movegen::attacks::{attacks, between};
use shogi_movegen::{MoveList, Position, VariantHooks};
use shogi_types::{Bitboard, Color, Move, PieceKind, Square};

use crate::checks::checks_into;
use crate::clock::Clock;
use crate::hand::{KINDS, PHand};
use crate::key::{child_board_key, position_key};
use crate::limits::{Limits, Progress};
use crate::outcome::Reason;
use crate::table::{Found, INF, LEN_INF, PN_MAX, Table};

/// "Depends on no ancestor": the repetition depth of a disproof that holds on every path.
pub(crate) const NO_REP: u32 = u32::MAX;

/// A position of the search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Node<R: VariantHooks> {
    pub(crate) pos: Position<R>,
    /// The board key (no hands, no salt).
    pub(crate) board: u64,
    /// The attacker's hand.
    pub(crate) hand: PHand,
    /// Plies from the root.
    pub(crate) depth: u32,
}

/// A decided or undecided result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Res {
    Unknown,
    /// Mated within `len` plies for every attacker's hand at least `hand`.
    Proven {
        hand: PHand,
        len: u16,
    },
    /// No mate within `len` plies for every attacker's hand at most `hand`, on paths that
    /// contain the ancestor at depth `rep` (every path if `rep == NO_REP`).
    Disproven {
        hand: PHand,
        len: u16,
        rep: u32,
    },
}

/// What a node search returns.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NodeResult {
    pub(crate) pn: u32,
    pub(crate) dn: u32,
    pub(crate) res: Res,
}

/// One child in a node's local list.
#[derive(Clone, Copy, Debug)]
struct Child {
    mv: Move,
    /// Not in the table when the list was made: searching it expands a new node.
    fresh: bool,
    pn: u32,
    dn: u32,
    res: Res,
    /// At an OR node drops share a group per square, at an AND node all drops (the
    /// interpositions) share one, and a board move with and without promotion share one (their
    /// numbers are counted once); 0 for a group of its own.
    group: u16,
}

/// What the expansion of a node found besides its children.
#[derive(Clone, Copy, Debug, Default)]
struct ExpandFlags {
    /// A proof of the node holds for its own hand only (futile drops were set aside).
    exact_hand: bool,
    /// A child's numbers come from an entry first reached on a shorter path.
    old_child: bool,
}

/// Raises the thresholds above the node's numbers (TCA).
fn extend(th: &mut (u32, u32), ev: &Eval) {
    if ev.pn < INF && ev.dn < INF {
        th.0 = th.0.max(ev.pn.saturating_add(1));
        th.1 = th.1.max(ev.dn.saturating_add(1));
    }
}

/// The state of one search call: limits, counters, the path.
pub(crate) struct Searcher<'a, R: VariantHooks> {
    pub(crate) tt: &'a mut Table,
    limits: &'a Limits,
    pub(crate) attacker: Color,
    /// Mixed into every table key: the material, the mode.
    pub(crate) salt: u64,
    /// Tsume semantics: futile interpositions are not defences.
    pub(crate) tsume: bool,
    /// New defender's nodes start with their number of replies (see [`evasion_numbers`]);
    /// otherwise with df-pn+ numbers ([`initial_numbers`]).
    pub(crate) count_replies: bool,
    pub(crate) nodes: u64,
    node_limit: u64,
    start: Clock,
    next_check: u64,
    /// The elapsed time of the next progress report.
    next_progress: Duration,
    pub(crate) stopped: Option<Reason>,
    /// Reading the line back after a proof: only the node limit stops the search.
    finishing: bool,
    /// Positions on the path from the root: position key -> depth.
    path: HashMap<u64, u32, BuildKeyHasher>,
    /// The moves from the root to the current node.
    line: Vec<Move>,
    /// Reused child lists, one per depth.
    pool: Vec<Vec<Child>>,
    /// The children of the node being expanded (reused).
    scratch: Vec<Node<R>>,
    _rules: core::marker::PhantomData<R>,
}

/// The position keys are random already: hash them as they are.
#[derive(Default, Clone, Copy)]
pub(crate) struct BuildKeyHasher;

impl core::hash::BuildHasher for BuildKeyHasher {
    type Hasher = KeyHasher;
    fn build_hasher(&self) -> KeyHasher {
        KeyHasher(0)
    }
}

/// See [`BuildKeyHasher`].
#[derive(Default)]
pub(crate) struct KeyHasher(u64);

impl core::hash::Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n;
    }
}

/// Saturating addition into the range of undecided numbers.
#[inline]
fn add(a: u32, b: u32) -> u32 {
    a.saturating_add(b).min(PN_MAX)
}

impl<'a, R: VariantHooks> Searcher<'a, R> {
    pub(crate) fn new(
        tt: &'a mut Table,
        limits: &'a Limits,
        attacker: Color,
        salt: u64,
        tsume: bool,
        start: Clock,
    ) -> Searcher<'a, R> {
        Searcher {
            tt,
            limits,
            attacker,
            salt,
            tsume,
            count_replies: true,
            nodes: 0,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            start,
            next_check: 0,
            next_progress: start.elapsed() + progress_interval(limits),
            stopped: None,
            finishing: false,
            path: HashMap::with_hasher(BuildKeyHasher),
            line: Vec::new(),
            pool: Vec::new(),
            scratch: Vec::new(),
            _rules: core::marker::PhantomData,
        }
    }

    /// The node of a root position.
    pub(crate) fn root(&self, pos: &Position<R>) -> Node<R> {
        Node {
            pos: *pos,
            board: crate::key::board_key(pos),
            hand: PHand::from_hand(pos.hand(self.attacker)),
            depth: 0,
        }
    }

    /// The child of `node` after `m` (legal).
    pub(crate) fn child(&self, node: &Node<R>, m: Move) -> Node<R> {
        let mut pos = node.pos;
        pos.play_unchecked(m);
        Node {
            board: child_board_key(&node.pos, node.board, m, &pos),
            hand: PHand::from_hand(pos.hand(self.attacker)),
            pos,
            depth: node.depth + 1,
        }
    }

    #[inline]
    pub(crate) fn is_or(&self, node: &Node<R>) -> bool {
        node.pos.side_to_move() == self.attacker
    }

    /// Allows `extra` more nodes from now, whatever the limits, to read the line of a proof
    /// back: the stop flag and the time limit no longer stop the search.
    pub(crate) fn extend_node_limit(&mut self, extra: u64) {
        self.node_limit = self.nodes.saturating_add(extra);
        self.stopped = None;
        self.finishing = true;
    }

    /// Whether a limit has stopped the search (checked every 256 nodes, and at every node
    /// against the node limit).
    fn should_stop(&mut self) -> bool {
        if self.stopped.is_some() {
            return true;
        }
        if self.nodes >= self.node_limit {
            self.stopped = Some(Reason::Nodes);
            return true;
        }
        if self.nodes >= self.next_check && !self.finishing {
            self.next_check = self.nodes + 256;
            if let Some(stop) = &self.limits.stop
                && stop.load(std::sync::atomic::Ordering::Relaxed)
            {
                self.stopped = Some(Reason::Stopped);
                return true;
            }
            let now = self.start.elapsed();
            if let Some(t) = self.limits.time
                && now >= t
            {
                self.stopped = Some(Reason::Time);
                return true;
            }
            if now >= self.next_progress {
                self.next_progress = now + progress_interval(self.limits);
                self.report(now);
            }
        }
        false
    }

    /// Calls the progress callback, if any.
    pub(crate) fn report(&self, elapsed: Duration) {
        if let Some(f) = &self.limits.progress {
            let nps = (self.nodes as f64 / elapsed.as_secs_f64().max(1e-6)) as u64;
            f(&Progress {
                nodes: self.nodes,
                nodes_per_second: nps,
                table_permille: self.tt.permille(),
                elapsed,
                line: &self.line,
            });
        }
    }

    /// Marks `node` as on the path (the root, before a search from it).
    pub(crate) fn enter_path(&mut self, node: &Node<R>) {
        self.path
            .insert(position_key(node.board, node.hand), node.depth);
    }

    /// Removes `node` from the path.
    pub(crate) fn leave_path(&mut self, node: &Node<R>) {
        self.path.remove(&position_key(node.board, node.hand));
    }

    /// Searches `node` until its proof number reaches `th_pn` or its disproof number `th_dn`,
    /// or it is decided, or a limit stops the search; `len` is the number of plies left.
    pub(crate) fn dfpn(&mut self, node: &Node<R>, th_pn: u32, th_dn: u32, len: u16) -> NodeResult {
        self.search(node, (th_pn, th_dn), len, &mut 0)
    }

    /// [`Searcher::dfpn`] with the extension counter of the threshold controlling algorithm
    /// (TCA, Kishimoto): a node whose children's numbers come from entries first reached on a
    /// shorter path (possibly its own ancestors, through a loop) keeps searching past its
    /// thresholds until it has expanded that many new children, so that such loops cannot
    /// bounce between parent and child without progress.
    fn search(&mut self, node: &Node<R>, th: (u32, u32), len: u16, inc: &mut u32) -> NodeResult {
        self.nodes += 1;
        let nodes_before = self.nodes;
        let or = self.is_or(node);
        let depth = node.depth as usize;
        let mut children = self
            .pool
            .get_mut(depth)
            .map(core::mem::take)
            .unwrap_or_default();
        let (early, flags) = self.expand(node, or, len, &mut children);
        let result = match early {
            Some(r) => r,
            None => self.run(node, or, th, flags, &mut children, len, inc),
        };
        let amount = (self.nodes - nodes_before + 1).min(u64::from(u32::MAX)) as u32;
        let key = node.board ^ self.salt;
        match result.res {
            Res::Proven { hand, len } => self.tt.store_proven(key, hand, len, amount),
            Res::Disproven { hand, len, rep } if rep == NO_REP => {
                self.tt.store_disproven(key, hand, len, amount);
            }
            Res::Disproven { .. } => {}
            Res::Unknown => self.tt.store_unknown(
                key,
                node.hand,
                result.pn,
                result.dn,
                amount,
                node.depth.min(u32::from(u16::MAX)) as u16,
            ),
        }
        if self.pool.len() <= depth {
            self.pool.resize_with(depth + 1, Vec::new);
        }
        self.pool[depth] = children;
        result
    }

    /// The main loop over an expanded node.
    #[allow(clippy::too_many_arguments)]
    fn run(
        &mut self,
        node: &Node<R>,
        or: bool,
        (th_pn, th_dn): (u32, u32),
        flags: ExpandFlags,
        children: &mut [Child],
        len: u16,
        inc: &mut u32,
    ) -> NodeResult {
        let orig_inc = *inc;
        if flags.old_child {
            *inc += 1;
        }
        let mut th = (th_pn, th_dn);
        let mut ev = evaluate(children, or);
        if *inc > 0 {
            extend(&mut th, &ev);
        }
        let result = loop {
            if ev.pn == 0 || ev.dn == 0 {
                break self.decide(node, or, flags.exact_hand, children);
            }
            if ev.pn >= th.0 || ev.dn >= th.1 || self.should_stop() {
                break NodeResult {
                    pn: ev.pn,
                    dn: ev.dn,
                    res: Res::Unknown,
                };
            }
            let i = ev.best;
            let c = children[i];
            let (cth_pn, cth_dn) = if or {
                let second = ev.second.saturating_add(ev.second / 4).saturating_add(1);
                (th.0.min(second), sub_threshold(th.1, ev.except))
            } else {
                let second = ev.second.saturating_add(ev.second / 4).saturating_add(1);
                (sub_threshold(th.0, ev.except), th.1.min(second))
            };
            if c.fresh {
                // A new node: the extension has made progress.
                *inc = inc.saturating_sub(1);
                children[i].fresh = false;
            }
            let child = self.child(node, c.mv);
            let pkey = position_key(child.board, child.hand);
            self.path.insert(pkey, child.depth);
            self.line.push(c.mv);
            let r = self.search(
                &child,
                (
                    cth_pn.max(c.pn.saturating_add(1)),
                    cth_dn.max(c.dn.saturating_add(1)),
                ),
                len - 1,
                inc,
            );
            self.line.pop();
            self.path.remove(&pkey);
            let slot = &mut children[i];
            slot.pn = r.pn;
            slot.dn = r.dn;
            slot.res = r.res;
            ev = evaluate(children, or);
            th = (th_pn, th_dn);
            if *inc > 0 {
                extend(&mut th, &ev);
            } else if orig_inc > 0 {
                // The extension asked of this node is done: back to the parent.
                if ev.pn == 0 || ev.dn == 0 {
                    break self.decide(node, or, flags.exact_hand, children);
                }
                break NodeResult {
                    pn: ev.pn,
                    dn: ev.dn,
                    res: Res::Unknown,
                };
            }
        };
        *inc = (*inc).min(orig_inc);
        result
    }

    /// Generates and looks up the children of `node`. Returns the node's result at once when
    /// the expansion decides it (no move; a mate in one at an OR node; no plies left), and
    /// whether a proof of the node holds for its own hand only (futile drops were set aside).
    #[inline(never)]
    fn expand(
        &mut self,
        node: &Node<R>,
        or: bool,
        len: u16,
        children: &mut Vec<Child>,
    ) -> (Option<NodeResult>, ExpandFlags) {
        children.clear();
        let mut list = MoveList::new();
        let mut exact_hand = false;
        let mut old_child = false;
        let none = ExpandFlags::default();
        if or {
            if len == 0 {
                return (Some(disproven(PHand::FULL, 0, NO_REP)), none);
            }
            if !self.tsume
                && let Some(m) = crate::one::mate_in_one(&node.pos)
            {
                // A mate in one, found by the exact test without expanding the checks.
                let child = self.child(node, m);
                let hand = self.widen_proof(&child, PHand::EMPTY);
                self.tt.store_proven(child.board ^ self.salt, hand, 0, 1);
                let hand = before_proof(&node.pos, m, hand).min(node.hand);
                return (Some(proven(hand, 1)), none);
            }
            checks_into(&node.pos, &mut list);
            if list.is_empty() {
                let hand = self.restrict_disproof(node, PHand::FULL);
                return (Some(disproven(hand, LEN_INF, NO_REP)), none);
            }
        } else {
            exact_hand = self.defences_into(&node.pos, &mut list);
            if list.is_empty() {
                let hand = if exact_hand {
                    node.hand
                } else {
                    self.widen_proof(node, PHand::EMPTY)
                };
                return (Some(proven(hand, 0)), none);
            }
            if len == 0 {
                return (Some(disproven(node.hand, 0, NO_REP)), none);
            }
        }
        let child_len = len - 1;
        // The children first, then one read of each one's table cluster in a tight loop: the
        // reads do not depend on each other, so the processor overlaps their cache misses,
        // and the lookups below find the lines in the cache.
        let mut scratch = core::mem::take(&mut self.scratch);
        scratch.clear();
        scratch.extend(list.iter().map(|&m| self.child(node, m)));
        let mut touched = 0u32;
        for child in &scratch {
            touched ^= self.tt.touch(child.board ^ self.salt);
        }
        core::hint::black_box(touched);
        for (&m, child) in list.iter().zip(&scratch) {
            let child = *child;
            let pkey = position_key(child.board, child.hand);
            let mut c = Child {
                mv: m,
                fresh: true,
                pn: 1,
                dn: 1,
                res: Res::Unknown,
                group: group_of(m, or),
            };
            if let Some(&d) = self.path.get(&pkey) {
                c.res = Res::Disproven {
                    hand: child.hand,
                    len: LEN_INF,
                    rep: d,
                };
                c.pn = INF;
                c.dn = 0;
            } else {
                match self
                    .tt
                    .look_up(child.board ^ self.salt, child.hand, child_len)
                {
                    Found::Proven { hand, len } => {
                        c.res = Res::Proven { hand, len };
                        c.pn = 0;
                        c.dn = INF;
                    }
                    Found::Disproven { hand, len } => {
                        c.res = Res::Disproven {
                            hand,
                            len,
                            rep: NO_REP,
                        };
                        c.pn = INF;
                        c.dn = 0;
                    }
                    Found::Unknown {
                        exact,
                        pn_floor,
                        dn_floor,
                    } => {
                        if let Some((pn, dn, min_depth)) = exact {
                            c.pn = pn;
                            c.dn = dn;
                            c.fresh = false;
                            if u32::from(min_depth) < child.depth {
                                old_child = true;
                            }
                        } else {
                            if or && self.tsume && self.mated_now(&child.pos) {
                                // A mate in one (up to futile drops).
                                let hand = if child.pos.has_legal_move() {
                                    child.hand
                                } else {
                                    self.widen_proof(&child, PHand::EMPTY)
                                };
                                self.tt.store_proven(child.board ^ self.salt, hand, 0, 1);
                                c.res = Res::Proven { hand, len: 0 };
                                c.pn = 0;
                                c.dn = INF;
                                children.push(c);
                                continue;
                            }
                            let (pn, dn) = if or && self.count_replies {
                                evasion_numbers(&child.pos)
                            } else {
                                initial_numbers(&node.pos, m, or)
                            };
                            c.pn = pn;
                            c.dn = dn;
                        }
                        c.pn = c.pn.max(pn_floor);
                        c.dn = c.dn.max(dn_floor);
                    }
                }
            }
            children.push(c);
        }
        self.scratch = scratch;
        // The members of a group next to each other, each group in generation order (at an AND
        // node the interpositions nearest the king first).
        children.sort_by_key(|c| c.group);
        (
            None,
            ExpandFlags {
                exact_hand,
                old_child,
            },
        )
    }

    /// The defender's moves at an AND node: every legal move, except (in tsume semantics)
    /// the futile drops ([`futile_squares`]). Returns whether any was set aside.
    pub(crate) fn defences_into(&self, pos: &Position<R>, list: &mut MoveList) -> bool {
        pos.legal_moves_into(list);
        if !self.tsume || list.is_empty() {
            return false;
        }
        let futile = futile_squares(pos);
        if futile.is_empty() {
            return false;
        }
        let before = list.len();
        list.retain(|&m| !matches!(m, Move::Drop { to, .. } if futile.has(to)));
        list.len() != before
    }

    /// The result of a decided node (`pn == 0` or `dn == 0`).
    fn decide(
        &mut self,
        node: &Node<R>,
        or: bool,
        exact_hand: bool,
        children: &[Child],
    ) -> NodeResult {
        if or {
            // Proven by the child with the shortest mate, or disproven by all.
            let best = children
                .iter()
                .filter_map(|c| match c.res {
                    Res::Proven { hand, len } => Some((c, hand, len)),
                    _ => None,
                })
                .min_by_key(|&(_, _, len)| len);
            if let Some((c, hand, clen)) = best {
                let hand = before_proof(&node.pos, c.mv, hand).min(node.hand);
                return proven(hand, clen.saturating_add(1).min(LEN_INF - 1));
            }
            let mut hand = PHand::FULL;
            let mut dlen = LEN_INF;
            let mut rep = NO_REP;
            for c in children {
                if let Res::Disproven {
                    hand: h,
                    len: l,
                    rep: r,
                } = c.res
                {
                    hand = hand.min(before_disproof(&node.pos, c.mv, h));
                    dlen = dlen.min(plus_one(l));
                    rep = rep.min(r);
                }
            }
            let hand = self.restrict_disproof(node, hand);
            disproven(hand, dlen, normalize_rep(rep, node.depth))
        } else {
            // Disproven by one child (the least path-dependent, the longest), or proven by all.
            let best = children
                .iter()
                .filter_map(|c| match c.res {
                    Res::Disproven { hand, len, rep } => Some((c, hand, len, rep)),
                    _ => None,
                })
                .max_by_key(|&(_, _, len, rep)| (rep, len));
            if let Some((c, mut hand, dlen, rep)) = best {
                if let Move::Drop { kind, .. } = c.mv {
                    // With a larger attacker's hand the defender might not hold the piece.
                    let avail = u32::from(node.hand.count(kind))
                        + u32::from(node.pos.hand(!self.attacker).count(kind));
                    if let Some(i) = crate::hand::field(kind) {
                        let cap = avail.saturating_sub(1).min(255) as u8;
                        hand = hand.with(i, hand.get(i).min(cap));
                    }
                }
                return disproven(hand, plus_one(dlen), normalize_rep(rep, node.depth));
            }
            let mut hand = PHand::EMPTY;
            let mut plen = 0u16;
            for c in children {
                if let Res::Proven { hand: h, len: l } = c.res {
                    hand = hand.max(h);
                    plen = plen.max(l);
                }
            }
            let hand = if exact_hand {
                node.hand
            } else {
                self.widen_proof(node, hand)
            };
            proven(hand, plen.saturating_add(1).min(LEN_INF - 1))
        }
    }

    /// The proof hand of an AND node whose children are proven with (at most) `hand`: a kind
    /// the defender does not hold could have been dropped between a long-range checker and the
    /// king, so the attacker must keep every piece of it.
    pub(crate) fn widen_proof(&self, node: &Node<R>, mut hand: PHand) -> PHand {
        let pos = &node.pos;
        let defender = !self.attacker;
        let (Some(checker), Some(king)) = (pos.checkers().single(), pos.king(defender)) else {
            return hand;
        };
        let gap = between(king, checker);
        if gap.is_empty() {
            return hand;
        }
        let theirs = pos.hand(defender);
        for (i, kind) in KINDS.into_iter().enumerate() {
            if theirs.count(kind) > 0 {
                continue;
            }
            if kind == PieceKind::Pawn {
                let pawns = pos.pieces(defender, PieceKind::Pawn);
                let open = gap
                    .iter()
                    .any(|sq| !pawns.iter().any(|p| p.file() == sq.file()));
                if !open {
                    continue;
                }
            }
            hand = hand.with(i, hand.get(i).max(node.hand.get(i)));
        }
        hand
    }

    /// The disproof hand of an OR node from its children's (at most `hand`): a kind the
    /// attacker does not hold could give check by a drop, so the hand must stay without it.
    pub(crate) fn restrict_disproof(&self, node: &Node<R>, mut hand: PHand) -> PHand {
        let pos = &node.pos;
        let defender = !self.attacker;
        let Some(king) = pos.king(defender) else {
            return hand;
        };
        let occ = pos.occupied();
        for (i, kind) in KINDS.into_iter().enumerate() {
            if node.hand.get(i) > 0 || hand.get(i) == 0 {
                continue;
            }
            let squares = attacks(defender, kind, king, occ) & !occ;
            if squares.is_empty() {
                continue;
            }
            if kind == PieceKind::Pawn {
                let pawns = pos.pieces(self.attacker, PieceKind::Pawn);
                if pawns.iter().any(|p| p.file() == king.file()) {
                    continue;
                }
            }
            hand = hand.with(i, 0);
        }
        hand
    }
}

impl<R: VariantHooks> Searcher<'_, R> {
    /// Whether the defender to move in `pos` is mated now: no legal move, or (tsume
    /// semantics) only futile drops.
    pub(crate) fn mated_now(&self, pos: &Position<R>) -> bool {
        if crate::one::is_checkmate(pos) {
            return true;
        }
        if !self.tsume {
            return false;
        }
        let futile = futile_squares(pos);
        futile.is_nonempty() && only_drops_onto(pos, futile)
    }
}

/// The squares between a single long-range checker and the king of the defender to move in
/// `pos` where a drop is futile (無駄合): the checker captures the dropped piece into a
/// position where the defender is in check with no move but again futile drops.
///
/// The board after such a capture does not depend on the kind dropped (only the hands do,
/// and fewer pieces for the defender can only help the attacker), so each square is judged
/// once, with one kind, from the king outwards: the futile squares of the position after a
/// capture on `s` are the futile squares between the king and `s`.
pub(crate) fn futile_squares<R: VariantHooks>(pos: &Position<R>) -> Bitboard {
    let Some(checker) = pos.checkers().single() else {
        return Bitboard::EMPTY;
    };
    let defender = pos.side_to_move();
    let Some(king) = pos.king(defender) else {
        return Bitboard::EMPTY;
    };
    let gap = between(king, checker);
    if gap.is_empty() {
        return Bitboard::EMPTY;
    }
    let mut squares: Vec<Square> = gap.iter().collect();
    squares.sort_by_key(|s| distance(king, *s));
    let hand = pos.hand(defender);
    let mut futile = Bitboard::EMPTY;
    for s in squares {
        let Some(drop) = PieceKind::HAND_KINDS
            .into_iter()
            .filter(|&kind| hand.has(kind))
            .map(|kind| Move::Drop { kind, to: s })
            .find(|&m| pos.is_legal(m))
        else {
            continue;
        };
        let mut dropped = *pos;
        dropped.play_unchecked(drop);
        let taken = [false, true].into_iter().any(|promote| {
            let capture = Move::Normal {
                from: checker,
                to: s,
                promote,
            };
            if !dropped.is_legal(capture) {
                return false;
            }
            let mut after = dropped;
            after.play_unchecked(capture);
            after.is_check() && only_drops_onto(&after, futile)
        });
        if taken {
            futile |= s;
        }
    }
    futile
}

/// Whether every legal move of `pos` is a drop onto `squares` (true if it has none).
fn only_drops_onto<R: VariantHooks>(pos: &Position<R>, squares: Bitboard) -> bool {
    let mut only = true;
    pos.for_each_legal_move(|m| {
        if !matches!(m, Move::Drop { to, .. } if squares.has(to)) {
            only = false;
        }
    });
    only
}

/// The king distance between two squares.
fn distance(a: Square, b: Square) -> u8 {
    let df = a.file().get().abs_diff(b.file().get());
    let dr = a.rank().get().abs_diff(b.rank().get());
    df.max(dr)
}

fn progress_interval(limits: &Limits) -> std::time::Duration {
    if limits.progress_interval.is_zero() {
        std::time::Duration::from_secs(1)
    } else {
        limits.progress_interval
    }
}

#[inline]
fn plus_one(len: u16) -> u16 {
    if len == LEN_INF {
        LEN_INF
    } else {
        len.saturating_add(1).min(LEN_INF - 1)
    }
}

#[inline]
fn normalize_rep(rep: u32, depth: u32) -> u32 {
    if rep >= depth { NO_REP } else { rep }
}

#[inline]
fn sub_threshold(th: u32, except: u32) -> u32 {
    if th == INF {
        INF
    } else {
        th.saturating_sub(except)
    }
}

fn proven(hand: PHand, len: u16) -> NodeResult {
    NodeResult {
        pn: 0,
        dn: INF,
        res: Res::Proven { hand, len },
    }
}

fn disproven(hand: PHand, len: u16, rep: u32) -> NodeResult {
    NodeResult {
        pn: INF,
        dn: 0,
        res: Res::Disproven { hand, len, rep },
    }
}

/// The proof hand before the attacker's move `m`, from the child's.
pub(crate) fn before_proof<R: VariantHooks>(pos: &Position<R>, m: Move, hand: PHand) -> PHand {
    match m {
        Move::Drop { kind, .. } => hand.plus(kind),
        Move::Normal { to, .. } => match pos.piece_at(to) {
            Some(c) => hand.minus(c.kind.unpromote()),
            None => hand,
        },
    }
}

/// The disproof hand before the attacker's move `m`, from the child's.
pub(crate) fn before_disproof<R: VariantHooks>(pos: &Position<R>, m: Move, hand: PHand) -> PHand {
    match m {
        Move::Drop { kind, .. } => hand.plus(kind),
        Move::Normal { to, .. } => match pos.piece_at(to) {
            Some(c) => hand.minus(c.kind.unpromote()),
            None => hand,
        },
    }
}

/// The first proof and disproof numbers of a child not in the table (df-pn+: how many pieces
/// of either side reach the destination, whether the move captures or moves the king): the new
/// OR nodes, and every new node of the shortening searches of `Tsume` mode.
fn initial_numbers<R: VariantHooks>(pos: &Position<R>, m: Move, or: bool) -> (u32, u32) {
    let us = pos.side_to_move();
    let to = m.to();
    let occ = pos.occupied();
    let ours = pos.attackers_to(to, us, occ).count();
    let theirs = pos.attackers_to(to, !us, occ).count();
    let captured = pos.piece_at(to);
    if or {
        let mut pn = 1;
        let mut dn = 1;
        if theirs >= 2 {
            pn += 1;
        }
        if ours + u32::from(m.is_drop()) > theirs {
            dn += 1;
        } else if let Some(c) = captured {
            if matches!(c.kind.unpromote(), PieceKind::Gold | PieceKind::Silver) {
                dn += 1;
            } else {
                pn += 1;
            }
        } else {
            pn += 1;
        }
        (pn, dn)
    } else {
        if captured.is_some() {
            return (2, 1);
        }
        if let Move::Normal { from, .. } = m
            && pos.king(us) == Some(from)
        {
            return (1, 1);
        }
        // `ours` are the defender's pieces here, `theirs` the attacker's.
        if theirs < ours + u32::from(m.is_drop()) {
            (2, 1)
        } else {
            (1, 2)
        }
    }
}

/// The first numbers of a new AND node (the defender to move, in check) in the search for a
/// first mate: its proof number is the number of its defences, the interpositions counted once
/// (late expansion searches them one at a time), its disproof number 1. A check that leaves one
/// reply is searched long before one that leaves five. (On the 100 problems of 将棋図巧 at 2M
/// nodes this solved two more in `AnyMate` mode and spent a quarter fewer nodes than the df-pn+
/// numbers of [`initial_numbers`]; the shortening searches of `Tsume` mode spent 5–10 % more
/// with it, so they keep df-pn+.)
fn evasion_numbers<R: VariantHooks>(pos: &Position<R>) -> (u32, u32) {
    let mut board = 0u32;
    let mut drops = 0u32;
    pos.for_each_legal_move(|m| {
        if m.is_drop() {
            drops = 1;
        } else {
            board += 1;
        }
    });
    ((board + drops).max(1), 1)
}

/// The numbers of a node from its children's, and the child to search.
struct Eval {
    pn: u32,
    dn: u32,
    /// The child to search.
    best: usize,
    /// The second-smallest number of the minimum side (for the 1+ε threshold).
    second: u32,
    /// The summed side without the best child's share.
    except: u32,
}

/// The group of a child (see [`Child::group`]): at an OR node drops by square (1 to 81), at
/// an AND node every drop in one group (82: the interpositions, whatever their square), board
/// moves by origin and destination (from 100 on). Groups of one move are harmless.
fn group_of(m: Move, or: bool) -> u16 {
    match m {
        Move::Drop { to, .. } if or => to.index() as u16 + 1,
        Move::Drop { .. } => 82,
        Move::Normal { from, to, .. } => 100 + from.index() as u16 * 81 + to.index() as u16,
    }
}

/// OR node: pn = min, dn = sum over drop groups of their maximum. AND node: dn = min over the
/// active children, pn = their sum; within a group (every interposition, on any square) only
/// the first child not yet proven is active (late expansion of interpositions), the others
/// wait.
fn evaluate(children: &[Child], or: bool) -> Eval {
    let mut best = usize::MAX;
    let mut best_phi = INF;
    let mut second = INF;
    let mut delta: u32 = 0;
    let mut best_share: u32 = 0;
    let mut waiting = 0u32;
    let mut i = 0;
    while i < children.len() {
        let group = children[i].group;
        let mut end = i + 1;
        if group != 0 {
            while end < children.len() && children[end].group == group {
                end += 1;
            }
        }
        if or {
            // Each child competes for the minimum pn; the group adds its maximum dn.
            let mut gmax = 0;
            let mut gmax_without = [0u32; 2]; // (max, second max) of the group
            for (k, c) in children[i..end].iter().enumerate() {
                let idx = i + k;
                if c.pn < best_phi || (c.pn == best_phi && best == usize::MAX) {
                    second = best_phi;
                    best_phi = c.pn;
                    best = idx;
                } else if c.pn < second {
                    second = c.pn;
                }
                gmax = gmax.max(c.dn);
                if c.dn > gmax_without[0] {
                    gmax_without[1] = gmax_without[0];
                    gmax_without[0] = c.dn;
                } else if c.dn > gmax_without[1] {
                    gmax_without[1] = c.dn;
                }
            }
            delta = add(delta, gmax);
            if (i..end).contains(&best) && best >= i {
                // The best child's share of its group: the group's max minus the max of the rest.
                let bdn = children[best].dn;
                let rest = if bdn == gmax_without[0] {
                    gmax_without[1]
                } else {
                    gmax_without[0]
                };
                best_share = gmax.saturating_sub(rest);
            }
        } else {
            // The active child of the group: the first one not yet proven.
            let active = (i..end).find(|&k| children[k].pn != 0);
            if let Some(k) = active {
                let c = &children[k];
                waiting += (end - k - 1) as u32;
                if c.dn < best_phi || (c.dn == best_phi && best == usize::MAX) {
                    second = best_phi;
                    best_phi = c.dn;
                    best = k;
                } else if c.dn < second {
                    second = c.dn;
                }
                delta = add(delta, c.pn);
            }
        }
        i = end;
    }
    if !or {
        if waiting > 0 {
            delta = add(delta, (waiting / 8).max(1));
        }
        if best != usize::MAX {
            best_share = children[best].pn;
        }
    }
    if best == usize::MAX {
        // No child (OR) or every child proven (AND).
        return if or {
            Eval {
                pn: INF,
                dn: 0,
                best: 0,
                second: INF,
                except: 0,
            }
        } else {
            Eval {
                pn: 0,
                dn: INF,
                best: 0,
                second: INF,
                except: 0,
            }
        };
    }
    let except = delta.saturating_sub(best_share);
    let (pn, dn) = if or {
        (best_phi, if best_phi == 0 { INF } else { delta })
    } else {
        (if best_phi == 0 { INF } else { delta }, best_phi)
    };
    // A node with a decided child on the minimum side is decided; with an infinite minimum it
    // is decided the other way.
    let (pn, dn) = if or {
        if pn == 0 {
            (0, INF)
        } else if pn == INF {
            (INF, 0)
        } else {
            (pn.min(PN_MAX), dn.clamp(1, PN_MAX))
        }
    } else if dn == 0 {
        (INF, 0)
    } else if dn == INF {
        (0, INF)
    } else {
        (pn.clamp(1, PN_MAX), dn.min(PN_MAX))
    };
    Eval {
        pn,
        dn,
        best,
        second,
        except,
    }
}
