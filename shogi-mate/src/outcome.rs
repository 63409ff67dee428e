//! What a search answers: a verified mate, a proof that there is none, or why it stopped.

use core::fmt;

use shogi_types::Move;

/// The answer of [`Solver::solve`](crate::Solver::solve). The three cases are never merged: a
/// search that ran out of nodes says so, it never answers "no mate".
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[must_use]
pub enum Outcome {
    /// The side to move mates. `moves` is the mating line in plies (attacker, defender, …,
    /// attacker), replayed and checked by [`verify::check_mate_line`](crate::verify::check_mate_line)
    /// before it was returned: every attacking move is legal and gives check, every defence is
    /// legal, no position repeats, and the line ends in checkmate that is not a pawn-drop mate
    /// (in [`Mode::Tsume`](crate::Mode::Tsume), a checkmate up to futile interpositions).
    #[doc(alias = "tsumi")]
    Mate {
        /// The mating line, in plies.
        moves: Vec<Move>,
        /// Whether `moves.len()` is proved to be the length of the problem.
        length: Length,
    },
    /// The side to move has no forced mate (不詰, fudzumi): proved over the whole tree, with
    /// repetitions counted as failures of the attacker (perpetual check loses, and sennichite
    /// is no mate).
    #[doc(alias = "fudzumi")]
    NoMate,
    /// The search stopped before it knew.
    Unknown {
        /// Why it stopped.
        reason: Reason,
    },
}

impl Outcome {
    /// The mating line, if the outcome is a mate.
    #[must_use]
    pub fn mate_line(&self) -> Option<&[Move]> {
        match self {
            Outcome::Mate { moves, .. } => Some(moves),
            _ => None,
        }
    }

    /// Whether the outcome is a mate.
    #[must_use]
    pub fn is_mate(&self) -> bool {
        matches!(self, Outcome::Mate { .. })
    }
}

/// What the length of a returned mate is known to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Length {
    /// The length is the problem's length: the attacker has no shorter mate against the
    /// longest defence (proved by the shortening post-search of [`Mode::Tsume`](crate::Mode::Tsume)).
    Exact,
    /// The attacker's moves of the line force mate (the search proved every defence), but the
    /// length is not proved to be the problem's ([`Mode::AnyMate`](crate::Mode::AnyMate), or a
    /// [`Mode::Tsume`](crate::Mode::Tsume) post-search stopped by a limit). In both cases the
    /// defender's moves of the line are one defence, not always the longest: against the best
    /// defence the mate may take more plies than the line shows, even more than the problem's
    /// length (so a search limited to fewer plies than that may answer [`Reason::MaxPlies`]
    /// for a position whose unlimited search shows a shorter line).
    UpperBound,
}

/// Why a search ended without an answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Reason {
    /// The node limit was reached.
    Nodes,
    /// The time limit was reached.
    Time,
    /// The transposition table could not be allocated.
    Memory,
    /// The stop flag was set.
    Stopped,
    /// Every remaining line is longer than the maximum number of plies: the attacker cannot
    /// force mate within that many plies against every defence, but may force a longer one.
    MaxPlies,
    /// A mate was found but its line could not be replayed as one. This is a bug of the solver,
    /// reported instead of a mate that might be false.
    Unverified,
}

impl Reason {
    /// The reason as one lowercase word, as the `shogi mate` command prints it.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            Reason::Nodes => "nodes",
            Reason::Time => "time",
            Reason::Memory => "memory",
            Reason::Stopped => "stopped",
            Reason::MaxPlies => "max-plies",
            Reason::Unverified => "unverified",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Display for Outcome {
    /// One line: `mate <plies> <usi moves…>`, `nomate` or `unknown <reason>` (the output of
    /// the `shogi mate` command).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Mate { moves, .. } => {
                write!(f, "mate {}", moves.len())?;
                for m in moves {
                    write!(f, " {m}")?;
                }
                Ok(())
            }
            Outcome::NoMate => f.write_str("nomate"),
            Outcome::Unknown { reason } => write!(f, "unknown {reason}"),
        }
    }
}
