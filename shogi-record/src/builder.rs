//! The move-checking [`Builder`] that every reader (KIF, KI2, CSA, USI) builds its record
//! with: it validates the start, plays each move on the current position before appending
//! it, and gives up with a [`RecordError`] that keeps what was read.

use shogi_movegen::{IllegalMove, Position};
use shogi_notation::ResolveError;
use shogi_notation::japanese::JapaneseMove;
use shogi_types::{Move, Setup};
use shogi_variants::{AnyPosition, AnyPositionError, UntakeableSilver, Variant};

use crate::error::{RecordError, RecordErrorKind};
use crate::model::{Record, RecordMove};

/// Builds a record move by move, checking each: the shared core of the readers.
#[derive(Debug)]
pub(crate) struct Builder {
    record: Record,
    pos: AnyPosition,
}

impl Builder {
    /// A builder from `setup` of `variant`. The faults a composed problem may show (the
    /// attacker's missing king, extra pieces, pawns lined up on a file, pieces that can never
    /// move) are waived.
    pub(crate) fn new(variant: Variant, setup: Setup) -> Result<Builder, RecordErrorKind> {
        let start = AnyPosition::from_setup(variant, setup)
            .or_else(AnyPositionError::ignore_problem_faults)
            .map_err(RecordErrorKind::InvalidStart)?;
        Ok(Builder::from_position(start))
    }

    /// A builder from a setup read from an SFEN: the untakeable-silver variant if a piece is
    /// marked protected (the only variant with protected pieces), standard shogi otherwise.
    pub(crate) fn from_marked(setup: Setup) -> Result<Builder, RecordErrorKind> {
        if setup.protected.is_empty() {
            return Builder::new(Variant::Standard, setup);
        }
        let pos = Position::<UntakeableSilver>::from_setup(setup)
            .or_else(shogi_movegen::PositionError::ignore_problem_faults)
            .map_err(|e| RecordErrorKind::InvalidStart(e.into()))?;
        Ok(Builder::from_position(AnyPosition::from(pos)))
    }

    /// A builder from a validated start.
    pub(crate) fn from_position(start: AnyPosition) -> Builder {
        Builder {
            record: Record::new(start),
            pos: start,
        }
    }

    /// The record so far.
    pub(crate) fn record(&self) -> &Record {
        &self.record
    }

    /// The record so far, to add headers and comments.
    pub(crate) fn record_mut(&mut self) -> &mut Record {
        &mut self.record
    }

    /// The current position.
    pub(crate) fn position(&self) -> &AnyPosition {
        &self.pos
    }

    /// The last move played.
    pub(crate) fn previous(&self) -> Option<Move> {
        self.record.moves.last().map(|m| m.mv)
    }

    /// The number of the next move (1 for the first).
    pub(crate) fn next_ply(&self) -> usize {
        self.record.moves.len() + 1
    }

    /// Plays `mv` and appends it.
    pub(crate) fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.pos.play(mv)?;
        self.record.moves.push(RecordMove::new(mv));
        Ok(())
    }

    /// Where a comment read now belongs: the ending, the last move, or the start.
    pub(crate) fn comments_mut(&mut self) -> &mut Vec<String> {
        if let Some(ending) = &mut self.record.ending {
            &mut ending.comments
        } else if let Some(last) = self.record.moves.last_mut() {
            &mut last.comments
        } else {
            &mut self.record.start_comments
        }
    }

    /// Gives up with `kind` at `line`, keeping what was read.
    pub(crate) fn fail(mut self, line: usize, kind: RecordErrorKind) -> RecordError {
        shrink(&mut self.record);
        RecordError::new(line, kind, self.record)
    }

    /// The record read, its lists cut to their lengths (a file of many games keeps no spare
    /// room in each).
    pub(crate) fn finish(mut self) -> Record {
        shrink(&mut self.record);
        self.record
    }
}

/// Cuts the lists of `record` that grow move by move to their lengths.
pub(crate) fn shrink(record: &mut Record) {
    record.moves.shrink_to_fit();
    record.headers.shrink_to_fit();
    record.start_comments.shrink_to_fit();
}

/// Resolves a Japanese move against `pos` (after `previous`), whatever its variant.
pub(crate) fn resolve_japanese(
    pos: &AnyPosition,
    previous: Option<Move>,
    j: &JapaneseMove,
) -> Result<Move, ResolveError> {
    j.resolve(pos, previous)
}
