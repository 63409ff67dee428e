//! The mating line read back from the table after a proof.
//!
//! From the root, the attacker plays a check with the shortest proven mate. The defender plays
//! the longest defence: with an exact length (after the post-search of tsume mode), a defence
//! after which the attacker has no mate two plies shorter, proved by a search if the table does
//! not know; otherwise the defence with the longest proof in the table. Among equally long
//! defences near the end, the one after which the attacker is left with the fewest pieces in
//! hand (駒余り) is chosen. A child whose entry was replaced is searched again. No position is
//! visited twice, so the line ends.

use std::collections::HashSet;

use shogi_movegen::{MoveList, VariantHooks};
use shogi_types::Move;

use crate::checks::checks_into;
use crate::key::position_key;
use crate::search::{Node, Res, Searcher};
use crate::table::{Found, INF, LEN_INF};

/// Ties between longest defences are broken by looking ahead when at most this many plies
/// remain.
const TIE_BREAK_PLIES: u16 = 24;

impl<R: VariantHooks> Searcher<'_, R> {
    /// Whether `node` is proved within `len` plies (searching if the table does not know):
    /// `Some(length)` if so, `None` if disproved or not decided within the limits.
    fn proof_within(&mut self, node: &Node<R>, len: u16) -> Option<u16> {
        match self.tt.look_up(node.board ^ self.salt, node.hand, len) {
            Found::Proven { len, .. } => return Some(len),
            Found::Disproven { .. } => return None,
            Found::Unknown { .. } => {}
        }
        if self.stopped.is_some() {
            return None;
        }
        self.enter_path(node);
        let r = self.dfpn(node, INF, INF, len);
        self.leave_path(node);
        match r.res {
            Res::Proven { len, .. } => Some(len),
            _ => None,
        }
    }

    /// Whether `node` is disproved within `len` plies (searching if the table does not know).
    fn disproved_within(&mut self, node: &Node<R>, len: u16) -> bool {
        match self.tt.look_up(node.board ^ self.salt, node.hand, len) {
            Found::Proven { .. } => return false,
            Found::Disproven { .. } => return true,
            Found::Unknown { .. } => {}
        }
        if self.stopped.is_some() {
            return false;
        }
        self.enter_path(node);
        let r = self.dfpn(node, INF, INF, len);
        self.leave_path(node);
        matches!(r.res, Res::Disproven { .. })
    }

    /// The mating line from `root` (an OR node proved within `len` plies), or `None` if it
    /// could not be read back within the limits. With `exact`, `len` must be the exact length.
    pub(crate) fn principal_variation(
        &mut self,
        root: &Node<R>,
        len: u16,
        exact: bool,
    ) -> Option<Vec<Move>> {
        let mut seen = HashSet::new();
        seen.insert(position_key(root.board, root.hand));
        self.enter_path(root);
        let line = self.line_from(root, len, exact, &mut seen, true);
        self.leave_path(root);
        line
    }

    /// The line from `node` with `remaining` plies; `seen` holds the positions of the line
    /// so far (and `node`), which are also on the search path.
    fn line_from(
        &mut self,
        start: &Node<R>,
        remaining: u16,
        exact: bool,
        seen: &mut HashSet<u64>,
        tie_break: bool,
    ) -> Option<Vec<Move>> {
        let mut line = Vec::new();
        let mut path = Vec::new();
        let mut node = *start;
        let mut remaining = remaining;
        let result = loop {
            if line.len() > usize::from(LEN_INF) {
                break None;
            }
            let step = if self.is_or(&node) {
                self.attack_step(&node, remaining, seen)
            } else {
                let mut list = MoveList::new();
                self.defences_into(&node.pos, &mut list);
                if list.is_empty() {
                    break Some(line);
                }
                self.defence_step(&node, &list, remaining, exact, seen, tie_break)
            };
            let Some((m, child, l)) = step else {
                break None;
            };
            line.push(m);
            seen.insert(position_key(child.board, child.hand));
            self.enter_path(&child);
            path.push(child);
            node = child;
            remaining = l;
        };
        for n in &path {
            self.leave_path(n);
            seen.remove(&position_key(n.board, n.hand));
        }
        result
    }

    /// The attacker's move at `node`: the check with the shortest proof within
    /// `remaining - 1` plies.
    fn attack_step(
        &mut self,
        node: &Node<R>,
        remaining: u16,
        seen: &HashSet<u64>,
    ) -> Option<(Move, Node<R>, u16)> {
        if remaining == 0 {
            return None;
        }
        let mut list = MoveList::new();
        checks_into(&node.pos, &mut list);
        let mut best: Option<(Move, Node<R>, u16)> = None;
        for &m in list.iter() {
            let child = self.child(node, m);
            if seen.contains(&position_key(child.board, child.hand)) {
                continue;
            }
            if self.mated_now(&child.pos) {
                return Some((m, child, 0));
            }
            if let Found::Proven { len, .. } =
                self.tt
                    .look_up(child.board ^ self.salt, child.hand, remaining - 1)
                && best.is_none_or(|(_, _, l)| len < l)
            {
                best = Some((m, child, len));
            }
        }
        if best.is_some() {
            return best;
        }
        // The table lost the proving child: search the checks again.
        for &m in list.iter() {
            let child = self.child(node, m);
            if seen.contains(&position_key(child.board, child.hand)) {
                continue;
            }
            if let Some(l) = self.proof_within(&child, remaining - 1) {
                return Some((m, child, l));
            }
        }
        None
    }

    /// The defender's move at `node` among `defences`.
    fn defence_step(
        &mut self,
        node: &Node<R>,
        defences: &MoveList,
        remaining: u16,
        exact: bool,
        seen: &mut HashSet<u64>,
        tie_break: bool,
    ) -> Option<(Move, Node<R>, u16)> {
        if remaining == 0 {
            return None;
        }
        let mut candidates: Vec<(Move, Node<R>, u16)> = Vec::new();
        let mut longest = 0u16;
        for &m in defences.iter() {
            let child = self.child(node, m);
            let l = self.proof_within(&child, remaining - 1)?;
            if seen.contains(&position_key(child.board, child.hand)) {
                continue;
            }
            if exact {
                // The longest defences are those the attacker cannot answer two plies faster.
                if remaining < 3 || self.disproved_within(&child, remaining - 3) {
                    candidates.push((m, child, remaining - 1));
                }
            } else if l > longest || candidates.is_empty() {
                longest = l;
                candidates.clear();
                candidates.push((m, child, l));
            } else if l == longest {
                candidates.push((m, child, l));
            }
        }
        if candidates.len() > 1 && tie_break && remaining <= TIE_BREAK_PLIES {
            // 駒余り: prefer the defence after which the attacker ends with the fewest pieces.
            let mut best: Option<(u32, usize)> = None;
            for (i, &(_, child, l)) in candidates.iter().enumerate() {
                seen.insert(position_key(child.board, child.hand));
                self.enter_path(&child);
                let tail = self.line_from(&child, l, exact, seen, false);
                self.leave_path(&child);
                seen.remove(&position_key(child.board, child.hand));
                if let Some(tail) = tail {
                    let mut end = child.pos;
                    for &m in &tail {
                        end.play_unchecked(m);
                    }
                    let left = end.hand(self.attacker).total();
                    if best.is_none_or(|(b, _)| left < b) {
                        best = Some((left, i));
                    }
                }
            }
            if let Some((_, i)) = best {
                return Some(candidates[i]);
            }
        }
        candidates.into_iter().next()
    }
}
