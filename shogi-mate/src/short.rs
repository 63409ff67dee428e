//! Short exhaustive mate searches (3, 5, 7 plies) for engine leaves.
//!
//! An AND/OR search to a fixed depth: at the attacker's turn every legal checking move
//! ([`Position::checking_moves_into`]), at the defender's every legal move (all of them are
//! evasions, since the attacker has just checked). Each attacker node deepens by itself: it
//! first tries the mates in one (as [`mate_in_one`](crate::mate_in_one) decides them), then every check with a
//! three-ply search, and so on up to the plies left, so the attacker's move at every node is
//! the start of its shortest mate and the answer from the root is a shortest mate. Among the
//! defender's replies the line keeps one that holds out longest.
//!
//! No table: every node is searched afresh, so no result ever depends on a path it was not
//! found on. Repetition: a position that already stands on the current path ends that branch
//! as a failure for the attacker (a mate that needs a repetition is no mate: perpetual check
//! loses, and a repeated position is no progress). This loses no mate: along a line of a
//! shortest mate the plies left to mate fall at every move, so no position can come twice.

use shogi_movegen::{MoveList, Position, VariantHooks};
use shogi_types::Move;

use crate::one::{CheckFilter, mates};

/// The deepest search [`mate_in`] runs; larger `plies` are treated as this.
const MAX_PLIES: u32 = 31;

/// The answer of [`mate_in`]: a mate, a proof that there is none within the plies asked, or the
/// budget spent before either. The three are never merged.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShortMate {
    /// A shortest mate: the moves from the given position, the attacker's first and the mating
    /// move last; an odd number of plies, at most the plies asked. Against each attacking
    /// move the line keeps a defence that holds out longest.
    Mate(Vec<Move>),
    /// There is no mate within the plies asked: the whole tree was searched.
    NoMate,
    /// The node budget ran out before the search could decide.
    Budget,
}

/// What a node search found.
enum Value {
    /// A mate in this many more plies; its line is in the search's line table.
    Mate(u32),
    NoMate,
    /// The budget ran out.
    Unknown,
}

/// The state of one [`mate_in`] call.
struct Search<R: VariantHooks> {
    nodes: u64,
    budget: u64,
    /// The positions from the root to the node being searched.
    path: Vec<Position<R>>,
    /// `lines[ply]`: the line found from the node at `ply`.
    lines: Vec<Vec<Move>>,
}

impl<R: VariantHooks> Search<R> {
    /// Counts a node; `false` once the budget is spent.
    #[inline]
    fn spend(&mut self) -> bool {
        self.nodes += 1;
        self.nodes <= self.budget
    }

    fn on_path(&self, pos: &Position<R>) -> bool {
        self.path
            .iter()
            .any(|p| p.zobrist() == pos.zobrist() && p == pos)
    }

    /// Sets `lines[ply]` to `m` followed by `lines[ply + 1]`.
    fn set_line(&mut self, ply: usize, m: Move) {
        let (head, tail) = self.lines.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        if let Some(rest) = tail.first() {
            line.extend_from_slice(rest);
        }
    }

    /// The attacker to move at `ply`; a mate within `depth` plies (odd) is looked for.
    fn attack(&mut self, pos: &Position<R>, ply: usize, depth: u32) -> Value {
        let mut checks = MoveList::new();
        pos.checking_moves_into(&mut checks);
        if checks.is_empty() {
            return Value::NoMate;
        }
        let Some(filter) = CheckFilter::new(pos) else {
            // No king to check.
            return Value::NoMate;
        };
        for &m in &checks {
            if !self.spend() {
                return Value::Unknown;
            }
            if mates(pos, &filter, m) {
                if let Some(next) = self.lines.get_mut(ply + 1) {
                    next.clear();
                }
                self.set_line(ply, m);
                return Value::Mate(1);
            }
        }
        let mut d = 3;
        while d <= depth {
            for &m in &checks {
                if !self.spend() {
                    return Value::Unknown;
                }
                let mut child = *pos;
                child.play_unchecked(m);
                if self.on_path(&child) {
                    continue;
                }
                self.path.push(child);
                let value = self.defend(&child, ply + 1, d - 1);
                self.path.pop();
                match value {
                    Value::Mate(n) => {
                        self.set_line(ply, m);
                        return Value::Mate(n + 1);
                    }
                    Value::Unknown => return Value::Unknown,
                    Value::NoMate => {}
                }
            }
            d += 2;
        }
        Value::NoMate
    }

    /// The defender to move (in check) at `ply`; `depth` (even) plies are left to the attacker.
    fn defend(&mut self, pos: &Position<R>, ply: usize, depth: u32) -> Value {
        let mut replies = MoveList::new();
        pos.legal_moves_into(&mut replies);
        if replies.is_empty() {
            if let Some(line) = self.lines.get_mut(ply) {
                line.clear();
            }
            return Value::Mate(0);
        }
        let mut longest = 0;
        for &r in &replies {
            if !self.spend() {
                return Value::Unknown;
            }
            let mut child = *pos;
            child.play_unchecked(r);
            if self.on_path(&child) {
                return Value::NoMate;
            }
            self.path.push(child);
            let value = self.attack(&child, ply + 1, depth - 1);
            self.path.pop();
            match value {
                Value::Mate(n) => {
                    if n + 1 > longest {
                        longest = n + 1;
                        self.set_line(ply, r);
                    }
                }
                other => return other,
            }
        }
        Value::Mate(longest)
    }
}

/// Searches every line of at most `plies` plies in which the side to move checks at each of
/// its moves, for a forced mate; at most `node_budget` positions are visited.
///
/// Exact: [`ShortMate::Mate`] is a mate against every defence, shortest in plies;
/// [`ShortMate::NoMate`] means that the whole tree was searched and holds none;
/// [`ShortMate::Budget`] that the budget ran out first. `plies` counts both sides' moves, so a
/// mate has an odd length: 1, 3, 5 and 7 are the useful values, an even value searches as the
/// odd number below it, and values above 31 search 31 plies. Every position reached by a move
/// counts against the budget (the checks tried at the last ply included). A position that
/// repeats one on the current line ends that line as a failure for the attacker, so no mate
/// relies on a repetition.
///
/// Callable in check and for either side; generic over the variant hooks.
///
/// ```
/// use shogi_mate::{mate_in, ShortMate};
/// use shogi_movegen::Position;
///
/// // White's king on 1a; Black has a gold on 3c and two silvers in hand: S*2b, K-1b, S*1c.
/// let pos: Position = "8k/9/6G2/9/9/9/9/9/K8 b 2S 1".parse()?;
/// match mate_in(&pos, 3, 100_000) {
///     ShortMate::Mate(line) => {
///         assert_eq!(line.len(), 3);
///         let mut p = pos;
///         for m in line {
///             p.play(m)?;
///         }
///         assert!(p.is_check() && !p.has_legal_move());
///     }
///     other => panic!("expected a mate, got {other:?}"),
/// }
/// // No mate in one there; ten positions are too few to decide the mate in three.
/// assert_eq!(mate_in(&pos, 1, 100_000), ShortMate::NoMate);
/// assert_eq!(mate_in(&pos, 3, 10), ShortMate::Budget);
/// // Without a checking move there is no mate, whatever the budget.
/// assert_eq!(mate_in(&Position::default(), 7, 0), ShortMate::NoMate);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[doc(alias = "tsume")]
#[must_use]
pub fn mate_in<R: VariantHooks>(pos: &Position<R>, plies: u32, node_budget: u64) -> ShortMate {
    let plies = plies.min(MAX_PLIES);
    let depth = if plies.is_multiple_of(2) {
        plies.saturating_sub(1)
    } else {
        plies
    };
    if depth == 0 {
        return ShortMate::NoMate;
    }
    let mut search = Search {
        nodes: 0,
        budget: node_budget,
        path: Vec::with_capacity(depth as usize + 1),
        lines: vec![Vec::with_capacity(depth as usize); depth as usize + 2],
    };
    search.path.push(*pos);
    match search.attack(pos, 0, depth) {
        Value::Mate(_) => ShortMate::Mate(core::mem::take(&mut search.lines[0])),
        Value::NoMate => ShortMate::NoMate,
        Value::Unknown => ShortMate::Budget,
    }
}
