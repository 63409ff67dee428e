//! The time of a move ([`MoveTime`]), shared by the moves and the ending of a record.

use std::time::Duration;

/// The time of a move: spent on the move and, when the record gives it, the total the player
/// had used after it (KIF writes both; CSA only the first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct MoveTime {
    /// Time spent on this move.
    pub spent: Duration,
    /// Total time the player had used after this move, if written.
    pub total: Option<Duration>,
}

impl MoveTime {
    /// The time `spent`, with no total.
    #[must_use]
    pub const fn spent(spent: Duration) -> MoveTime {
        MoveTime { spent, total: None }
    }
}
