//! The façade: [`Solver`] owns the table, runs a search on a thread with room for deep
//! recursion, reads the line back and verifies it.

use std::time::Duration;

use shogi_movegen::{Position, PositionVisitor, VariantHooks, VisitPosition};

use crate::clock::Clock;
use crate::key::{TSUME_MODE_KEY, material_key};
use crate::limits::{Limits, Mode};
use crate::outcome::{Length, Outcome, Reason};
use crate::search::{Res, Searcher};
use crate::table::{INF, LEN_INF, Table};
use crate::verify;

/// The longest mate the solver looks for, in plies.
pub const MAX_PLIES: u32 = 4000;

/// Extra nodes allowed for reading the line back after a proof, beyond the node limit: as
/// many again as the limit, at least 100 000 and at most 2 000 000.
fn pv_extra_nodes(limits: &Limits) -> u64 {
    limits.nodes.unwrap_or(2_000_000).clamp(100_000, 2_000_000)
}

/// A mate solver: df-pn with a transposition table of a fixed size.
///
/// The table is kept between calls (a later problem reuses what an earlier one proved, which
/// helps a GUI that asks again after each move); [`Solver::clear`] empties it.
///
/// ```
/// use shogi_mate::{Limits, Outcome, Solver};
/// use shogi_movegen::{Position, Standard};
/// use shogi_types::Setup;
///
/// // A mate in one: the gold on 1b, guarded by the pawn on 1c.
/// let setup: Setup = "7nk/9/7PP/9/9/9/9/9/9 b GB 1".parse()?;
/// let pos = Position::<Standard>::from_setup(setup).or_else(|e| e.ignore_problem_faults())?;
/// let mut solver = Solver::new(16);
/// match solver.solve(&pos, &Limits::default().with_nodes(100_000)) {
///     Outcome::Mate { moves, .. } => assert_eq!(moves[0].to_string(), "G*1b"),
///     other => panic!("expected a mate, got {other}"),
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Solver {
    table: Table,
    hash_mb: usize,
    stats: Stats,
}

/// [`Solver::solve`] for the typed position inside a [`VisitPosition`].
struct Visit<'a> {
    solver: &'a mut Solver,
    limits: &'a Limits,
}

impl PositionVisitor for Visit<'_> {
    type Output = Outcome;
    fn visit<R: VariantHooks>(self, pos: &Position<R>) -> Outcome {
        self.solver.solve_typed(pos, self.limits)
    }
}

/// What the last [`Solver::solve`] call did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Stats {
    /// Nodes searched (including the post-search and reading the line back).
    pub nodes: u64,
    /// Wall-clock time of the call.
    pub elapsed: Duration,
    /// How full the table was at the end, in permille.
    pub table_permille: u32,
}

impl Stats {
    /// Nodes per second.
    #[must_use]
    pub fn nodes_per_second(&self) -> u64 {
        (self.nodes as f64 / self.elapsed.as_secs_f64().max(1e-9)) as u64
    }
}

impl Solver {
    /// A solver whose table takes `hash_mb` megabytes (at least one cluster of entries). The
    /// memory is taken at the first [`Solver::solve`]; if it cannot be had, that call answers
    /// [`Reason::Memory`].
    #[must_use]
    pub fn new(hash_mb: usize) -> Solver {
        Solver {
            table: Table::new(),
            hash_mb,
            stats: Stats::default(),
        }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// What the last call did.
    #[must_use]
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Searches for a mate by the side to move of `pos`: a [`Position<R>`] of any rules, or a
    /// position whose rules are chosen at run time (any [`VisitPosition`], such as
    /// `shogi_variants::AnyPosition`).
    ///
    /// Either colour may attack; the defender must have a king (a position without the
    /// attacker's king, a mate problem, is fine). The search runs on a thread of its own with
    /// a large stack (deep mates recurse deeply), or on the calling thread where threads
    /// cannot be spawned (always on `wasm32-unknown-unknown`, whose stack is small: bound
    /// [`Limits::max_plies`] there). Time is read from [`Limits::clock`] if it is given. A
    /// [`Outcome::Mate`] has been replayed by [`verify::check_mate_line`] (or
    /// [`verify::check_tsume_line`] in [`Mode::Tsume`]).
    pub fn solve<P: VisitPosition + ?Sized>(&mut self, pos: &P, limits: &Limits) -> Outcome {
        pos.visit(Visit {
            solver: self,
            limits,
        })
    }

    fn solve_typed<R: VariantHooks>(&mut self, pos: &Position<R>, limits: &Limits) -> Outcome {
        let start = Clock::start(limits);
        if !self.table.is_allocated() && !self.table.allocate(self.hash_mb) {
            self.stats = Stats::default();
            return Outcome::Unknown {
                reason: Reason::Memory,
            };
        }
        if cfg!(all(target_arch = "wasm32", target_os = "unknown")) {
            // No threads on this target: search on the caller's stack.
            return self.solve_here(pos, limits, start);
        }
        let max_plies = limits.max_plies.unwrap_or(MAX_PLIES).min(MAX_PLIES);
        let stack = 64 * 1024 * 1024 + 16 * 1024 * max_plies as usize;
        let spawned = std::thread::scope(|s| {
            std::thread::Builder::new()
                .name("shogi-mate".into())
                .stack_size(stack)
                .spawn_scoped(s, || self.solve_here(pos, limits, start))
                .ok()
                .map(|h| h.join())
        });
        match spawned {
            Some(Ok(outcome)) => outcome,
            // The search panicked: a bug, reported as no answer rather than passed on.
            Some(Err(_)) => Outcome::Unknown {
                reason: Reason::Unverified,
            },
            None => self.solve_here(pos, limits, start),
        }
    }

    fn solve_here<R: VariantHooks>(
        &mut self,
        pos: &Position<R>,
        limits: &Limits,
        start: Clock,
    ) -> Outcome {
        let max_plies = limits.max_plies.unwrap_or(MAX_PLIES).min(MAX_PLIES) as u16;
        let attacker = pos.side_to_move();
        let tsume = limits.mode == Mode::Tsume;
        let salt = material_key(pos) ^ if tsume { TSUME_MODE_KEY } else { 0 };
        let mut s = Searcher::<R>::new(&mut self.table, limits, attacker, salt, tsume, start);
        let root = s.root(pos);
        s.enter_path(&root);
        let r = s.dfpn(&root, INF, INF, max_plies);
        s.leave_path(&root);
        let outcome = match r.res {
            Res::Proven { len, .. } => {
                // Tsume: shorten the mate two plies at a time until the shorter search fails.
                let mut best = len;
                let mut exact = !tsume;
                if tsume {
                    // The shortening searches revisit the first search's tree with a tighter
                    // bound; df-pn+ numbers serve them better (see `evasion_numbers`).
                    s.count_replies = false;
                    loop {
                        if best < 3 {
                            exact = true;
                            break;
                        }
                        s.enter_path(&root);
                        let r = s.dfpn(&root, INF, INF, best - 2);
                        s.leave_path(&root);
                        match r.res {
                            Res::Proven { len, .. } => best = len.min(best - 2),
                            Res::Disproven { .. } => {
                                exact = true;
                                break;
                            }
                            Res::Unknown => break,
                        }
                    }
                }
                let stopped = s.stopped.take();
                s.extend_node_limit(pv_extra_nodes(limits));
                let mut line = s.principal_variation(&root, best, tsume && exact);
                if line.is_none() && tsume && exact {
                    line = s.principal_variation(&root, best, false);
                    exact = false;
                }
                match line {
                    Some(moves) => {
                        let ok = if tsume {
                            verify::check_tsume_line(pos, &moves)
                        } else {
                            verify::check_mate_line(pos, &moves)
                        };
                        match ok {
                            Ok(()) => Outcome::Mate {
                                length: if tsume && exact && moves.len() == usize::from(best) {
                                    Length::Exact
                                } else {
                                    Length::UpperBound
                                },
                                moves,
                            },
                            Err(_) => Outcome::Unknown {
                                reason: Reason::Unverified,
                            },
                        }
                    }
                    None => Outcome::Unknown {
                        reason: stopped.or(s.stopped).unwrap_or(Reason::Unverified),
                    },
                }
            }
            Res::Disproven { len, .. } => {
                if len == LEN_INF {
                    Outcome::NoMate
                } else {
                    Outcome::Unknown {
                        reason: Reason::MaxPlies,
                    }
                }
            }
            Res::Unknown => Outcome::Unknown {
                reason: s.stopped.unwrap_or(Reason::Nodes),
            },
        };
        let nodes = s.nodes;
        self.stats = Stats {
            nodes,
            elapsed: start.elapsed(),
            table_permille: self.table.permille(),
        };
        outcome
    }
}
