//! The variations of KIF and KI2: each variation line checked on its own position (a
//! [`VarLine`], with positions kept every few moves), hung onto the move it replaces when it
//! closes, and the `ENDING:`/`RESULT:` comments taken into the endings of every line.

use shogi_types::Move;
use shogi_variants::AnyPosition;

use crate::builder::{Builder, MAX_NESTING};
use crate::ending::{ENDING, Ending, Special, ending_comment_word};
use crate::error::{MoveProblem, RecordError};
use crate::model::{RecordMove, Variation};
use crate::time::MoveTime;

use super::*;

/// Every how many moves a line keeps the position before its move ([`Checkpoints`]): the
/// position before any move is found by replaying at most this many moves less one.
pub(super) const CHECKPOINT_EVERY: usize = 16;

/// The positions before every [`CHECKPOINT_EVERY`]-th move of a line (the first is the position
/// before its first move), so that a variation block finds the position before the move it
/// replaces in a bounded time, whatever the length of the line.
#[derive(Debug, Clone, Default)]
pub(super) struct Checkpoints(pub(super) Vec<AnyPosition>);

impl Checkpoints {
    /// The position before the move at `index` of `moves` (played from the first checkpoint),
    /// and the move before it (`previous` before the first move). `None` if `index` is past the
    /// end of `moves` or no checkpoint covers it.
    pub(super) fn before(
        &self,
        moves: &[RecordMove],
        previous: Option<Move>,
        index: usize,
    ) -> Option<(AnyPosition, Option<Move>)> {
        let played = moves.get(..index)?;
        let base = index / CHECKPOINT_EVERY;
        let mut pos = *self.0.get(base)?;
        for m in played.get(base * CHECKPOINT_EVERY..)? {
            pos.play(m.mv).ok()?;
        }
        Some((pos, played.last().map_or(previous, |m| Some(m.mv))))
    }
}

/// A variation block being read: an open line, on the reader's stack.
#[derive(Debug)]
pub(super) struct VarLine {
    /// The number of its first move.
    pub(super) first: usize,
    /// The number of moves read (kept for skipped blocks too).
    pub(super) count: usize,
    pub(super) ended: bool,
    /// What a kept line holds; `None` for a skipped block, whose moves are only counted.
    pub(super) kept: Option<Box<Kept>>,
}

/// A variation line that is kept: where it branches off, its moves and positions.
#[derive(Debug)]
pub(super) struct Kept {
    /// The index of the move it replaces in the line below it on the stack (the main line when
    /// it is at the bottom).
    pub(super) index: usize,
    /// How many lines it is nested in (1 for a variation of the main line).
    pub(super) depth: usize,
    /// The move before its first move.
    pub(super) start_previous: Option<Move>,
    /// The positions before every [`CHECKPOINT_EVERY`]-th move, the first before its first
    /// move.
    pub(super) checkpoints: Checkpoints,
    /// The position after the moves read.
    pub(super) pos: AnyPosition,
    pub(super) moves: Vec<RecordMove>,
    pub(super) ending: Option<Ending>,
    /// Comments before the first move, or after a pending illegal move.
    pub(super) held: Vec<String>,
    pub(super) pending: Option<Pending>,
}

impl VarLine {
    /// A skipped block that starts with move `first`.
    pub(super) fn skipped(first: usize) -> VarLine {
        VarLine {
            first,
            count: 0,
            ended: false,
            kept: None,
        }
    }

    /// A kept line that starts with move `first` in `start` (after `start_previous`) and
    /// replaces the move at `index` of the line below it.
    pub(super) fn kept(
        first: usize,
        index: usize,
        depth: usize,
        start: AnyPosition,
        start_previous: Option<Move>,
    ) -> VarLine {
        VarLine {
            first,
            count: 0,
            ended: false,
            kept: Some(Box::new(Kept {
                index,
                depth,
                start_previous,
                checkpoints: Checkpoints(vec![start]),
                pos: start,
                moves: Vec::new(),
                ending: None,
                held: Vec::new(),
                pending: None,
            })),
        }
    }
}

impl Kept {
    /// The last move of the line, or the one before it when it has none.
    pub(super) fn previous(&self) -> Option<Move> {
        self.moves
            .last()
            .map_or(self.start_previous, |m| Some(m.mv))
    }

    /// The position before its first move.
    pub(super) fn start(&self) -> Option<AnyPosition> {
        self.checkpoints.0.first().copied()
    }
}

impl Reader {
    /// The variation line being read, unless it has ended.
    pub(super) fn open_line(&mut self) -> Option<&mut VarLine> {
        self.stack.last_mut().filter(|l| !l.ended)
    }

    /// Closes the current variation line: hangs it (if kept) onto the move it replaces, in the
    /// line below it.
    pub(super) fn close_line(&mut self) {
        let Some(line) = self.stack.pop() else {
            return;
        };
        let Some(kept) = line.kept else {
            return;
        };
        let Kept {
            index,
            moves,
            ending,
            ..
        } = *kept;
        let below = match self.stack.last_mut() {
            Some(below) => below.kept.as_mut().map(|k| &mut k.moves),
            None => self.builder.as_mut().map(|b| &mut b.record_mut().moves),
        };
        if let Some(m) = below.and_then(|moves| moves.get_mut(index)) {
            m.variations.push(Variation { moves, ending });
        }
    }

    /// Closes every open variation line, the current one first.
    pub(super) fn close_all(&mut self) {
        while !self.stack.is_empty() {
            self.close_line();
        }
    }

    /// The number of the first move of the deepest open line (the main line when no variation
    /// is open) and how many moves it has.
    pub(super) fn extent(&self) -> (usize, usize) {
        match self.stack.last() {
            None => (
                self.main_first.unwrap_or(1),
                self.builder.as_ref().map_or(0, |b| b.record().moves.len()),
            ),
            Some(line) => (line.first, line.count),
        }
    }

    /// The position before the move at `index` of the deepest open line, and the move before
    /// it; `None` for a skipped block.
    pub(super) fn before(&self, index: usize) -> Option<(AnyPosition, Option<Move>)> {
        match self.stack.last() {
            None => {
                let moves = &self.builder.as_ref()?.record().moves;
                self.main_checkpoints.before(moves, None, index)
            }
            Some(line) => {
                let kept = line.kept.as_ref()?;
                kept.checkpoints
                    .before(&kept.moves, kept.start_previous, index)
            }
        }
    }

    /// Makes the checkpoints of the main line, once it is complete.
    pub(super) fn make_main_checkpoints(&mut self) {
        let Some(rec) = self.builder.as_ref().map(Builder::record) else {
            return;
        };
        let mut pos = rec.start;
        let mut checkpoints = Vec::with_capacity(rec.moves.len() / CHECKPOINT_EVERY + 1);
        for (i, m) in rec.moves.iter().enumerate() {
            if i % CHECKPOINT_EVERY == 0 {
                checkpoints.push(pos);
            }
            if pos.play(m.mv).is_err() {
                // Every move of the record was played from the same start.
                break;
            }
        }
        self.main_checkpoints = Checkpoints(checkpoints);
    }

    /// A `変化：N手` header: the main line or the current variation ends, and a new line starts
    /// that replaces move `number` of the deepest open line whose first move is numbered
    /// `number` or lower. A line whose first move is `number` itself is a sibling: the new
    /// line replaces the same move as it. When that line has no move `number`, or the new line
    /// would nest too deep, the block is skipped (with the blocks that branch off it).
    pub(super) fn start_variation(&mut self, n: usize, number: usize) -> Result<(), RecordError> {
        if self.in_variations {
            self.close_variation()?;
        } else {
            self.end_main_line(n)?;
            self.in_variations = true;
            self.make_main_checkpoints();
        }
        // The deepest open line whose first move is not after move `number`; the lines after
        // it close.
        while self.stack.last().is_some_and(|top| top.first > number) {
            self.close_line();
        }
        let line = match self.stack.last() {
            Some(top) if top.first == number => {
                // Another alternative to the move that the top line replaces.
                let sibling = top.kept.as_ref().and_then(|k| {
                    let start = k.start()?;
                    Some(VarLine::kept(
                        number,
                        k.index,
                        k.depth,
                        start,
                        k.start_previous,
                    ))
                });
                self.close_line();
                sibling.unwrap_or_else(|| VarLine::skipped(number))
            }
            top => {
                let (first, count) = self.extent();
                let index = number.wrapping_sub(first);
                let (depth, below_kept) = match top {
                    None => (1, true),
                    Some(t) => t
                        .kept
                        .as_ref()
                        .map_or((0, false), |k| (k.depth.saturating_add(1), true)),
                };
                let usable = number >= first && index < count && depth <= MAX_NESTING && below_kept;
                match self.before(index).filter(|_| usable) {
                    Some((pos, previous)) => VarLine::kept(number, index, depth, pos, previous),
                    None => VarLine::skipped(number),
                }
            }
        };
        self.stack.push(line);
        Ok(())
    }

    /// The current variation ends: a pending illegal move is an error.
    pub(super) fn close_variation(&mut self) -> Result<(), RecordError> {
        let pending = self
            .stack
            .last_mut()
            .and_then(|l| l.kept.as_mut())
            .and_then(|k| k.pending.take());
        match pending {
            Some(p) => Err(self.fail_pending(p)),
            None => Ok(()),
        }
    }

    /// A terminal word (or `まで` line) of the current variation. A pending illegal move is
    /// dropped before a foul ending and an error before any other.
    pub(super) fn end_variation(
        &mut self,
        special: Special,
        time: Option<MoveTime>,
    ) -> Result<(), RecordError> {
        let Some(line) = self.open_line() else {
            return Ok(());
        };
        line.ended = true;
        let Some(kept) = &mut line.kept else {
            return Ok(());
        };
        if let Some(p) = kept.pending.take()
            && !special.is_foul()
        {
            return Err(self.fail_pending(p));
        }
        let comments = core::mem::take(&mut kept.held);
        kept.ending = Some(Ending {
            time,
            comments,
            ..Ending::new(special)
        });
        Ok(())
    }

    /// A move text or terminal word of the current variation.
    pub(super) fn variation_move(
        &mut self,
        n: usize,
        text: &str,
        time: Option<MoveTime>,
    ) -> Result<(), RecordError> {
        let Some(line) = self.open_line() else {
            return Ok(());
        };
        if let Some(special) = terminal_word(text) {
            return self.end_variation(special, time);
        }
        let ply = line.first.saturating_add(line.count);
        line.count += 1;
        let Some(kept) = &mut line.kept else {
            return Ok(());
        };
        if let Some(p) = kept.pending.take() {
            return Err(self.fail_pending(p));
        }
        let jm = match parse_move(ply, text) {
            Ok(jm) => jm,
            Err(kind) => return Err(self.fail(n, kind)),
        };
        let mut next = kept.pos;
        let found = find_move(&kept.pos, kept.previous(), &jm).and_then(|mv| {
            next.play(mv)
                .map(|()| mv)
                .map_err(|e| (Some(mv), MoveProblem::Illegal(e.kind)))
        });
        match found {
            Ok(mv) => {
                kept.pos = next;
                let mut m = RecordMove::new(mv);
                m.time = time;
                m.comments = core::mem::take(&mut kept.held);
                kept.moves.push(m);
                if kept.moves.len() % CHECKPOINT_EVERY == 0 {
                    kept.checkpoints.0.push(next);
                }
            }
            Err(failed) => {
                line.count -= 1;
                kept.pending = Some(Pending::new(n, ply, text, failed));
            }
        }
        Ok(())
    }
}

/// After reading a KIF or KI2 line (`moves` and its `ending`) and all its variations: an
/// `ENDING:` comment after the terminal word gives the exact word, and one as the last comment
/// of a line with no terminal word (of `before`, the start comments, for a main line with no
/// move) is its ending; a `RESULT:` comment after the ending gives [`Ending::outcome`].
pub(super) fn take_ending_comments(
    moves: &mut [RecordMove],
    ending: &mut Option<Ending>,
    before: &mut Vec<String>,
) {
    for m in moves.iter_mut() {
        for v in &mut m.variations {
            take_ending_comments(&mut v.moves, &mut v.ending, &mut Vec::new());
        }
    }
    let exact = |c: &String| c.strip_prefix(ENDING).map(ending_comment_word);
    match ending {
        Some(e) => {
            // Only the words this crate writes after a stand-in, or the word itself (which the
            // writers put first when a comment of the ending starts `ENDING:`): any other such
            // comment is the user's.
            let stands_for = |special: &Special| match special {
                same if *same == e.special => true,
                Special::MaxMoves | Special::EnteringKingDraw => e.special == Special::Impasse,
                Special::IllegalAction(_) => {
                    matches!(e.special, Special::IllegalLoss | Special::IllegalWin)
                }
                Special::ForfeitWin => e.special == Special::IllegalWin,
                Special::Try | Special::TimeUp | Special::ForfeitLoss => {
                    e.special == Special::Resign
                }
                _ => false,
            };
            if let Some(i) = e
                .comments
                .iter()
                .position(|c| exact(c).is_some_and(|s| stands_for(&s)))
            {
                let c = e.comments.remove(i);
                if let Some(special) = exact(&c) {
                    e.special = special;
                }
            }
            e.take_result_comment();
        }
        None => {
            // The last `ENDING:` comment of the last move; the comments after it are the
            // ending's.
            let comments = match moves.last_mut() {
                Some(last) => &mut last.comments,
                None => before,
            };
            // Only the endings with no KIF word.
            let unworded =
                |c: &String| exact(c).filter(|s| matches!(s, Special::Error | Special::Other(_)));
            if let Some(i) = comments.iter().rposition(|c| unworded(c).is_some()) {
                let after = comments.split_off(i + 1);
                if let Some(special) = comments.pop().as_ref().and_then(unworded) {
                    let mut e = Ending::new(special);
                    e.comments = after;
                    e.take_result_comment();
                    *ending = Some(e);
                }
            }
        }
    }
}
