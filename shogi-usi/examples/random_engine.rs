//! A USI engine that plays random legal moves, built on [`shogi_usi::serve`].
//!
//! It is weak on purpose, but a correct USI engine that GUIs and match runners can drive:
//!
//! 1. no legal move: `bestmove resign`;
//! 2. a declaration wins under the chosen impasse rule (option `ImpasseRule`): `bestmove win`;
//! 3. a move that wins at once (mate, or a try under the try rule): that move;
//! 4. otherwise a random legal move (xorshift), avoiding moves that lose at once (a perpetual
//!    check) when it can.
//!
//! `go mate <ms>|infinite` is answered with the df-pn solver of `shogi-mate` in tsume mode (the
//! shortest mate against the longest defence): `checkmate <moves>`, `checkmate nomate`, or
//! `checkmate timeout` when the time ran out or `stop` arrived first; then one `info` line
//! with the nodes searched.
//!
//! Options: `ImpasseRule` (combo `none`, `24`, `27`, `24-declaration`, `try`; default `27`)
//! and `Seed` (spin; `0`, the default, seeds from the clock). It sends one
//! `info depth 1 nodes <n> score ... [pv <move>]` line per search.
//!
//! ```text
//! printf 'usi\nisready\nposition startpos\ngo byoyomi 100\nquit\n' | cargo run -q -p shogi-usi --example random_engine
//! printf 'usi\nisready\nposition sfen 3sks3/9/4+P4/9/9/9/9/9/9 b 2G 1\ngo mate 1000\nquit\n' | cargo run -q -p shogi-usi --example random_engine
//! ```

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use shogi_mate::{Limits, Mode, Solver};
use shogi_rules::impasse::ImpasseRule;
use shogi_rules::{Outcome, RuleSet};
use shogi_types::Move;
use shogi_usi::engine_message::{BestMove, Checkmate};
use shogi_usi::info::{Info, Mate, Pv, Score, ScoreValue, Sign};
use shogi_usi::option::{OptionDef, OptionKind};
use shogi_usi::serve::{self, Engine, Search};

/// The random engine: its impasse rule, its random state and its mate solver.
#[derive(Debug)]
pub struct RandomEngine {
    /// The impasse rule of the games it plays.
    pub impasse: ImpasseRule,
    /// The xorshift state (never 0).
    pub state: u64,
    /// The solver of `go mate` (a 64 MB table, taken at the first `go mate`).
    pub solver: Solver,
}

impl Default for RandomEngine {
    fn default() -> RandomEngine {
        RandomEngine {
            impasse: ImpasseRule::Csa27,
            state: seed(0),
            solver: Solver::new(64),
        }
    }
}

/// The xorshift state for a seed: `0` takes the clock.
fn seed(seed: u64) -> u64 {
    let seed = if seed == 0 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    } else {
        seed
    };
    // splitmix64, so that small seeds give well-mixed states.
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (z ^ (z >> 31)).max(1)
}

impl RandomEngine {
    fn next(&mut self) -> u64 {
        let mut x = self.state;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.state = x;
        x
    }
}

fn info(nodes: u64, value: ScoreValue, pv: Option<Move>) -> Info {
    Info {
        depth: Some(1),
        nodes: Some(nodes),
        score: Some(Score { value, bound: None }),
        pv: pv.map(|m| Pv {
            moves: vec![m],
            end: None,
        }),
        ..Info::default()
    }
}

impl Engine for RandomEngine {
    fn name(&self) -> String {
        format!("RandomEngine {}", env!("CARGO_PKG_VERSION"))
    }

    fn author(&self) -> String {
        "The shogi-usi authors".into()
    }

    fn options(&self) -> Vec<OptionDef> {
        vec![
            OptionDef {
                name: "ImpasseRule".into(),
                kind: OptionKind::Combo {
                    default: Some("27".into()),
                    vars: ImpasseRule::ALL.iter().map(|r| r.as_str().into()).collect(),
                },
            },
            OptionDef {
                name: "Seed".into(),
                kind: OptionKind::Spin {
                    default: Some(0),
                    min: Some(0),
                    max: Some(i64::MAX),
                },
            },
        ]
    }

    fn set_option(&mut self, name: &str, value: Option<&str>) {
        let value = value.unwrap_or_default();
        if name.eq_ignore_ascii_case("ImpasseRule") {
            if let Some(&rule) = ImpasseRule::ALL.iter().find(|r| r.as_str() == value) {
                self.impasse = rule;
            }
        } else if name.eq_ignore_ascii_case("Seed")
            && let Ok(n) = value.parse::<u64>()
        {
            self.state = seed(n);
        }
    }

    fn rules(&self) -> RuleSet {
        RuleSet::none().with_impasse(self.impasse)
    }

    fn go(&mut self, search: &Search<'_>) -> BestMove {
        let game = search.game();
        let us = game.position().side_to_move();
        let mut moves = game.position().legal_moves();
        if !search.go().searchmoves.is_empty() {
            moves.retain(|m| search.go().searchmoves.contains(m));
        }
        if moves.is_empty() {
            search.info(info(
                0,
                ScoreValue::Mate(Mate::Plies {
                    plies: 0,
                    sign: Sign::Minus,
                }),
                None,
            ));
            return BestMove::Resign;
        }
        if game.rules().impasse().has_declaration() {
            // What `Game::declare` would record, without recording it.
            let verdict = game.judge_declaration();
            if matches!(verdict, Ok(Outcome::Win { winner, .. }) if winner == us) {
                search.info(info(
                    0,
                    ScoreValue::Mate(Mate::Plies {
                        plies: 0,
                        sign: Sign::Plus,
                    }),
                    None,
                ));
                return BestMove::Win;
            }
        }
        // Try every move: one that wins at once is played, one that loses at once is avoided.
        let mut scratch = game.clone();
        let mut safe = Vec::new();
        let mut nodes = 0;
        for &m in moves.iter() {
            nodes += 1;
            let verdict = scratch.play(m);
            if verdict.is_ok() {
                // Take back the move just played (and any verdict it computed).
                let _ = scratch.undo();
            }
            match verdict {
                Ok(Some(Outcome::Win { winner, .. })) if winner == us => {
                    search.info(info(
                        nodes,
                        ScoreValue::Mate(Mate::Plies {
                            plies: 1,
                            sign: Sign::Plus,
                        }),
                        Some(m),
                    ));
                    return BestMove::Move {
                        best: m,
                        ponder: None,
                    };
                }
                Ok(Some(Outcome::Win { .. })) => {}
                _ => safe.push(m),
            }
        }
        let pool: &[Move] = if safe.is_empty() { &moves } else { &safe };
        let best = pool[(self.next() % pool.len() as u64) as usize];
        search.info(info(nodes, ScoreValue::Cp(0), Some(best)));
        BestMove::Move { best, ponder: None }
    }

    fn mate(&mut self, search: &Search<'_>) -> Checkmate {
        // The solver stops on a flag; a watcher sets it when `stop` arrives or time runs out.
        let stop = Arc::new(AtomicBool::new(false));
        let done = AtomicBool::new(false);
        let mut limits = Limits::default()
            .with_mode(Mode::Tsume)
            .with_stop_flag(Arc::clone(&stop));
        limits.time = search.time_budget();
        let solver = &mut self.solver;
        let outcome = std::thread::scope(|s| {
            s.spawn(|| {
                while !done.load(Ordering::Acquire) {
                    if search.out_of_time() {
                        stop.store(true, Ordering::Release);
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(2));
                }
            });
            let outcome = solver.solve(search.position(), &limits);
            done.store(true, Ordering::Release);
            outcome
        });
        let stats = self.solver.stats();
        search.info(Info {
            nodes: Some(stats.nodes),
            nps: Some(stats.nodes_per_second()),
            time: Some(stats.elapsed.as_millis() as u64),
            ..Info::default()
        });
        match outcome {
            shogi_mate::Outcome::Mate { moves, .. } => Checkmate::Moves(moves),
            shogi_mate::Outcome::NoMate => Checkmate::NoMate,
            shogi_mate::Outcome::Unknown { .. } => Checkmate::Timeout,
        }
    }
}

fn main() -> std::io::Result<()> {
    serve::run_stdio(RandomEngine::default())
}
