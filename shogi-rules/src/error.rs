use shogi_movegen::IllegalMove;
use shogi_types::Color;

use crate::impasse::NotAllowed;
use crate::outcome::Outcome;

/// The game has already ended, so nothing more can be played, declared or recorded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("the game is over ({outcome})")]
pub struct GameOver {
    /// How it ended.
    pub outcome: Outcome,
}

/// The error of [`Game::play`](crate::Game::play). The game is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The move is illegal in the current position; the [`IllegalMove`] says why.
    #[error(transparent)]
    IllegalMove(#[from] IllegalMove),
    /// The game has already ended.
    #[error(transparent)]
    GameOver(#[from] GameOver),
}

/// The error of [`Game::declare`](crate::Game::declare). The game is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum DeclareError {
    /// The rule set does not allow a declaration at this moment.
    #[error(transparent)]
    NotAllowed(#[from] NotAllowed),
    /// The game has already ended.
    #[error(transparent)]
    GameOver(#[from] GameOver),
}

/// The error of [`Game::undo`](crate::Game::undo). The game is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum UndoError {
    /// No move has been played, so there is none to take back.
    #[error("no move to take back")]
    NoMoves,
    /// An ending was recorded or declared after the last move; take it back first with
    /// [`Game::undo_ending`](crate::Game::undo_ending).
    #[error("an ending was recorded after the last move ({0}); take it back first")]
    EndingRecorded(Outcome),
}

/// The error of the draw offer calls ([`Game::offer_draw`](crate::Game::offer_draw),
/// [`Game::accept_draw`](crate::Game::accept_draw), [`Game::decline_draw`](crate::Game::decline_draw)).
/// The game is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum DrawOfferError {
    /// The rule set allows no draw offers.
    #[error("the rules allow no draw offers")]
    NotAllowed,
    /// The player has no offers left (its own limit or the game's).
    #[error("{color:?} has no draw offers left")]
    NoneLeft {
        /// The player.
        color: Color,
    },
    /// An offer is already waiting for an answer.
    #[error("a draw offer by {by:?} is already waiting for an answer")]
    Pending {
        /// Who made it.
        by: Color,
    },
    /// There is no offer by the other player to answer.
    #[error("{color:?} has no draw offer to answer")]
    NoOffer {
        /// The player who tried to answer.
        color: Color,
    },
    /// The game has already ended.
    #[error(transparent)]
    GameOver(#[from] GameOver),
}
