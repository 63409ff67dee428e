//! The mating line read back from the table after a proof.
//!
//! From the root, the attacker plays the check with the shortest proven mate and the defender
//! the defence with the longest; a child whose entry was replaced is searched again. No
//! position is visited twice (a line that would repeat takes another move), so the line ends.

use std::collections::HashSet;

use shogi_movegen::{MoveList, VariantHooks};
use shogi_types::Move;

use crate::checks::checks_into;
use crate::key::position_key;
use crate::search::{Node, Searcher};
use crate::table::{Found, INF, LEN_INF};

impl<R: VariantHooks> Searcher<'_, R> {
    /// The length of the proof of `node` within `len` plies, searching again if the table has
    /// lost it; `None` if it cannot be proved (within the limits).
    fn proven_len(&mut self, node: &Node<R>, len: u16) -> Option<u16> {
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
            crate::search::Res::Proven { len, .. } => Some(len),
            _ => None,
        }
    }

    /// The mating line from `root` (an OR node proved within `len` plies), or `None` if it
    /// could not be read back within the limits.
    pub(crate) fn principal_variation(&mut self, root: &Node<R>, len: u16) -> Option<Vec<Move>> {
        let mut line = Vec::new();
        let mut seen = HashSet::new();
        let mut node = *root;
        let mut remaining = len;
        seen.insert(position_key(node.board, node.hand));
        let mut path = vec![node];
        self.enter_path(&node);
        let result = loop {
            if line.len() > usize::from(LEN_INF) {
                break None;
            }
            let or = self.is_or(&node);
            let mut list = MoveList::new();
            let mut best: Option<(Move, Node<R>, u16)> = None;
            if or {
                if remaining == 0 {
                    break None;
                }
                checks_into(&node.pos, &mut list);
                for &m in list.iter() {
                    let child = self.child(&node, m);
                    if seen.contains(&position_key(child.board, child.hand)) {
                        continue;
                    }
                    if !child.pos.has_legal_move() {
                        best = Some((m, child, 0));
                        break;
                    }
                    if let Found::Proven { len, .. } =
                        self.tt
                            .look_up(child.board ^ self.salt, child.hand, remaining - 1)
                        && best.is_none_or(|(_, _, l)| len < l)
                    {
                        best = Some((m, child, len));
                    }
                }
                if best.is_none() {
                    // The table lost the proving child: search each check again.
                    for &m in list.iter() {
                        let child = self.child(&node, m);
                        if seen.contains(&position_key(child.board, child.hand)) {
                            continue;
                        }
                        if let Some(l) = self.proven_len(&child, remaining - 1) {
                            best = Some((m, child, l));
                            break;
                        }
                    }
                }
            } else {
                node.pos.legal_moves_into(&mut list);
                if list.is_empty() {
                    break Some(line);
                }
                if remaining == 0 {
                    break None;
                }
                let mut all = true;
                for &m in list.iter() {
                    let child = self.child(&node, m);
                    let l =
                        match self
                            .tt
                            .look_up(child.board ^ self.salt, child.hand, remaining - 1)
                        {
                            Found::Proven { len, .. } => Some(len),
                            _ => self.proven_len(&child, remaining - 1),
                        };
                    let Some(l) = l else {
                        all = false;
                        break;
                    };
                    if seen.contains(&position_key(child.board, child.hand)) {
                        continue;
                    }
                    if best.is_none_or(|(_, _, bl)| l > bl) {
                        best = Some((m, child, l));
                    }
                }
                if !all {
                    break None;
                }
            }
            let Some((m, child, l)) = best else {
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
        }
        result
    }
}
