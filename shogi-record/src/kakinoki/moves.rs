//! The reader core of KIF and KI2: numbered KIF move lines (`   1 ７六歩(77)   ( 0:16/00:00:16)`)
//! and KI2 move lines (`▲７六歩    △３四歩`), comments, terminal words, the `まで…` summary
//! line and `変化：N手` headers. Every move is checked on the position before it ([`Builder`]
//! for the main line, a [`VarLine`] for each variation), and the variations read are hung onto
//! the moves they replace, as a tree.

use std::time::Duration;

use shogi_types::{Color, Move};
use shogi_variants::AnyPosition;

use shogi_notation::ResolveError;
use shogi_notation::japanese::{self, Destination, JapaneseMove, WIDE_DIGITS};

use super::header::{Preamble, RESERVED_KEYS, hand_key, shorten, split_header};
use crate::builder::{self, Builder, MAX_NESTING};
use crate::ending::{ENDING, Ending, Special, ending_comment_word};
use crate::error::{MoveProblem, MoveSyntaxError, RecordError, RecordErrorKind, SyntaxError};
use crate::model::{Header, HeaderKey, Record, RecordMove, Variation, WrittenMove};
use crate::time::MoveTime;

/// The side marks a KI2 move may start with.
pub(crate) const MARKS: [char; 6] = ['▲', '△', '☗', '☖', '▼', '▽'];

/// A move that could not be played, kept until the record says how it ends.
#[derive(Debug)]
struct Pending {
    line: usize,
    ply: usize,
    text: String,
    mv: Option<Move>,
    problem: MoveProblem,
}

impl Pending {
    /// The move `text` (ply `ply`, on line `line`) that could not be played: the move it
    /// names, if known, and why.
    fn new(
        line: usize,
        ply: usize,
        text: &str,
        (mv, problem): (Option<Move>, MoveProblem),
    ) -> Pending {
        Pending {
            line,
            ply,
            text: text.to_string(),
            mv,
            problem,
        }
    }
}

/// Every how many moves a line keeps the position before its move ([`Checkpoints`]): the
/// position before any move is found by replaying at most this many moves less one.
const CHECKPOINT_EVERY: usize = 16;

/// The positions before every [`CHECKPOINT_EVERY`]-th move of a line (the first is the position
/// before its first move), so that a variation block finds the position before the move it
/// replaces in a bounded time, whatever the length of the line.
#[derive(Debug, Clone, Default)]
struct Checkpoints(Vec<AnyPosition>);

impl Checkpoints {
    /// The position before the move at `index` of `moves` (played from the first checkpoint),
    /// and the move before it (`previous` before the first move). `None` if `index` is past the
    /// end of `moves` or no checkpoint covers it.
    fn before(
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
struct VarLine {
    /// The number of its first move.
    first: usize,
    /// The number of moves read (kept for skipped blocks too).
    count: usize,
    ended: bool,
    /// What a kept line holds; `None` for a skipped block, whose moves are only counted.
    kept: Option<Box<Kept>>,
}

/// A variation line that is kept: where it branches off, its moves and positions.
#[derive(Debug)]
struct Kept {
    /// The index of the move it replaces in the line below it on the stack (the main line when
    /// it is at the bottom).
    index: usize,
    /// How many lines it is nested in (1 for a variation of the main line).
    depth: usize,
    /// The move before its first move.
    start_previous: Option<Move>,
    /// The positions before every [`CHECKPOINT_EVERY`]-th move, the first before its first
    /// move.
    checkpoints: Checkpoints,
    /// The position after the moves read.
    pos: AnyPosition,
    moves: Vec<RecordMove>,
    ending: Option<Ending>,
    /// Comments before the first move, or after a pending illegal move.
    held: Vec<String>,
    pending: Option<Pending>,
}

impl VarLine {
    /// A skipped block that starts with move `first`.
    fn skipped(first: usize) -> VarLine {
        VarLine {
            first,
            count: 0,
            ended: false,
            kept: None,
        }
    }

    /// A kept line that starts with move `first` in `start` (after `start_previous`) and
    /// replaces the move at `index` of the line below it.
    fn kept(
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
    fn previous(&self) -> Option<Move> {
        self.moves
            .last()
            .map_or(self.start_previous, |m| Some(m.mv))
    }

    /// The position before its first move.
    fn start(&self) -> Option<AnyPosition> {
        self.checkpoints.0.first().copied()
    }
}

/// The reader of KIF and KI2 text.
#[derive(Debug, Default)]
pub(crate) struct Reader {
    pre: Preamble,
    builder: Option<Builder>,
    pending: Option<Pending>,
    /// Comments after a pending illegal move.
    held: Vec<String>,
    ended: bool,
    in_variations: bool,
    /// The number written on the first numbered move line of the main line (1 if none).
    main_first: Option<usize>,
    /// The checkpoints of the main line, made when the first variation block starts.
    main_checkpoints: Checkpoints,
    /// The open variation lines, the current one last; the main line is below them, and each
    /// kept line branches off the line just below it. A line is hung onto the move it replaces
    /// when it closes (leaves the stack), so that only the open lines are held apart from the
    /// record.
    stack: Vec<VarLine>,
}

/// Reads a KIF or KI2 record.
pub(crate) fn read(text: &str) -> Result<Record, RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut reader = Reader::default();
    let mut last = 0;
    for (i, line) in crate::lines::lines(text).enumerate() {
        last = i + 1;
        reader.line(last, line)?;
    }
    let mut rec = reader.finish(last)?;
    crate::builder::take_kept_illegal(&mut rec);
    Ok(rec)
}

impl Reader {
    /// Gives up with `kind` at `line`, keeping the moves and variations read.
    fn fail(&mut self, line: usize, kind: RecordErrorKind) -> RecordError {
        self.close_all();
        match self.builder.take() {
            Some(b) => RecordError::new(line, kind, b.finish()),
            None => RecordError::new(line, kind, self.pre.partial()),
        }
    }

    /// Gives up on the pending illegal move.
    fn fail_pending(&mut self, p: Pending) -> RecordError {
        let kind = RecordErrorKind::IllegalMove {
            ply: p.ply,
            text: p.text,
            problem: p.problem,
        };
        self.fail(p.line, kind)
    }

    /// The builder, made from the preamble on first use.
    fn builder(&mut self, n: usize) -> Result<&mut Builder, RecordError> {
        let b = self.take_builder(n)?;
        Ok(self.builder.insert(b))
    }

    /// Takes the builder, made from the preamble if there is none yet.
    fn take_builder(&mut self, n: usize) -> Result<Builder, RecordError> {
        match self.builder.take() {
            Some(b) => Ok(b),
            None => self.pre.start().map_err(|(line, kind)| {
                let line = if line == 0 { n } else { line };
                RecordError::new(line, kind, self.pre.partial())
            }),
        }
    }

    /// Reads line `n`.
    fn line(&mut self, n: usize, raw: &str) -> Result<(), RecordError> {
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        let t = raw.trim();
        if t.starts_with("変化") && split_header(t).is_some_and(|(k, _)| k == "変化") {
            let Some(number) = variation_number(t) else {
                return Err(self.fail(n, SyntaxError::VariationHeader(shorten(t)).into()));
            };
            return self.start_variation(n, number);
        }
        if t.is_empty() {
            return Ok(());
        }
        if let Some(body) = t.strip_prefix('*') {
            // Keep the comment as written (trailing blanks included).
            let body = raw.trim_start().strip_prefix('*').unwrap_or(body);
            self.comment(body.to_string());
            return Ok(());
        }
        if let Some(rest) = t.strip_prefix('#') {
            if self.in_variations {
                return Ok(());
            }
            let sfen = rest
                .strip_prefix("SFEN：")
                .or_else(|| rest.strip_prefix("SFEN:"));
            if let Some(sfen) = sfen
                && self.builder.is_none()
            {
                self.pre.sfen = Some((n, sfen.trim().to_string()));
            }
            return Ok(());
        }
        if t.starts_with('&') {
            // A bookmark (しおり): not kept.
            return Ok(());
        }
        if t.starts_with(MARKS) {
            for token in ki2_tokens(t) {
                self.move_text(n, token, None)?;
            }
            return Ok(());
        }
        if t.starts_with("まで") {
            return self.summary(n, t);
        }
        if (t.starts_with("手数-") || t.starts_with("手数－")) && split_header(t).is_none() {
            // The line above the moves (`手数----指手---------消費時間--`); one with a colon is a
            // header line.
            return Ok(());
        }
        if let Some((text, time)) = split_move_line(t) {
            if self.main_first.is_none() && !self.in_variations {
                let digits = t.bytes().take_while(u8::is_ascii_digit).count();
                self.main_first = Some(t.get(..digits).and_then(|d| d.parse().ok()).unwrap_or(1));
            }
            let time = time.and_then(parse_time);
            return self.move_text(n, text, time);
        }
        if self.in_variations {
            // Header lines and the like between variations mean nothing.
            return Ok(());
        }
        if self.builder.is_none() {
            if let Err(e) = self.pre.feed(n, t) {
                return Err(self.fail(n, e.into()));
            }
        } else if let Some((key, value)) = split_header(t)
            && !RESERVED_KEYS.contains(&key)
            && hand_key(key).is_none()
            && let Some(b) = &mut self.builder
        {
            b.record_mut()
                .headers
                .push(Header::new(HeaderKey::from_kif_key(key), value));
        }
        Ok(())
    }

    /// A comment line's text.
    fn comment(&mut self, text: String) {
        if self.in_variations {
            // A skipped block keeps nothing.
            if let Some(line) = self.stack.last_mut()
                && let Some(kept) = &mut line.kept
            {
                if kept.pending.is_some() || (kept.moves.is_empty() && !line.ended) {
                    kept.held.push(text);
                } else if let Some(ending) = &mut kept.ending {
                    ending.comments.push(text);
                } else if let Some(last) = kept.moves.last_mut() {
                    last.comments.push(text);
                }
            }
            return;
        }
        if self.pending.is_some() {
            self.held.push(text);
        } else if let Some(b) = &mut self.builder {
            b.comments_mut().push(text);
        } else {
            self.pre.comments.push(text);
        }
    }

    /// The main line ends (a variation starts, or the text ends).
    fn end_main_line(&mut self, n: usize) -> Result<(), RecordError> {
        self.builder(n)?;
        match self.pending.take() {
            Some(p) => Err(self.fail_pending(p)),
            None => Ok(()),
        }
    }

    /// A `まで…` line.
    fn summary(&mut self, n: usize, t: &str) -> Result<(), RecordError> {
        if self.in_variations {
            let Some(line) = self.open_line() else {
                return Ok(());
            };
            // A skipped block only needs to know that it ended.
            let mover = line
                .kept
                .as_ref()
                .map_or(Color::Black, |k| k.pos.side_to_move());
            return match summary_special(t, mover) {
                Some(special) => self.end_variation(special, None),
                None => Ok(()),
            };
        }
        if self.ended {
            return Ok(());
        }
        let mover = self.builder(n)?.record().side_to_move();
        match summary_special(t, mover) {
            Some(special) => self.end(n, special, None),
            None => Ok(()),
        }
    }

    /// A terminal word.
    fn end(
        &mut self,
        n: usize,
        special: Special,
        time: Option<MoveTime>,
    ) -> Result<(), RecordError> {
        if self.ended {
            return Ok(());
        }
        self.builder(n)?;
        let illegal = match self.pending.take() {
            Some(p) if special.is_foul() => Some(WrittenMove {
                ply: p.ply,
                text: p.text,
                mv: p.mv,
                kind: p.problem.illegal_kind(),
            }),
            Some(p) => return Err(self.fail_pending(p)),
            None => None,
        };
        let comments = core::mem::take(&mut self.held);
        let rec = self.builder(n)?.record_mut();
        rec.illegal_move = illegal;
        rec.ending = Some(Ending {
            time,
            comments,
            ..Ending::new(special)
        });
        self.ended = true;
        Ok(())
    }

    /// The text of a move (KIF: after the number; KI2: one token), or a terminal word.
    fn move_text(
        &mut self,
        n: usize,
        text: &str,
        time: Option<MoveTime>,
    ) -> Result<(), RecordError> {
        if self.in_variations {
            return self.variation_move(n, text, time);
        }
        if self.ended {
            return Ok(());
        }
        if let Some(special) = terminal_word(text) {
            return self.end(n, special, time);
        }
        if let Some(p) = self.pending.take() {
            return Err(self.fail_pending(p));
        }
        let b = self.builder(n)?;
        let ply = b.next_ply();
        let jm = match parse_move(ply, text) {
            Ok(jm) => jm,
            Err(kind) => return Err(self.fail(n, kind)),
        };
        let found = find_move(b.position(), b.previous(), &jm).and_then(|mv| {
            b.play(mv)
                .map_err(|e| (Some(mv), MoveProblem::Illegal(e.kind)))
        });
        match found {
            Ok(()) => {
                if let Some(last) = b.record_mut().moves.last_mut() {
                    last.time = time;
                }
            }
            Err(failed) => self.pending = Some(Pending::new(n, ply, text, failed)),
        }
        Ok(())
    }

    /// The end of the text.
    fn finish(mut self, n: usize) -> Result<Record, RecordError> {
        if self.in_variations {
            self.close_variation()?;
        } else {
            self.end_main_line(n)?;
        }
        self.close_all();
        // Made by `end_main_line` at the latest (a variation header ends the main line).
        let mut rec = self.take_builder(n)?.finish();
        take_ending_comments(&mut rec.moves, &mut rec.ending, &mut rec.start_comments);
        Ok(rec)
    }
}

impl Reader {
    /// The variation line being read, unless it has ended.
    fn open_line(&mut self) -> Option<&mut VarLine> {
        self.stack.last_mut().filter(|l| !l.ended)
    }

    /// Closes the current variation line: hangs it (if kept) onto the move it replaces, in the
    /// line below it.
    fn close_line(&mut self) {
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
    fn close_all(&mut self) {
        while !self.stack.is_empty() {
            self.close_line();
        }
    }

    /// The number of the first move of the deepest open line (the main line when no variation
    /// is open) and how many moves it has.
    fn extent(&self) -> (usize, usize) {
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
    fn before(&self, index: usize) -> Option<(AnyPosition, Option<Move>)> {
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
    fn make_main_checkpoints(&mut self) {
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
    fn start_variation(&mut self, n: usize, number: usize) -> Result<(), RecordError> {
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
    fn close_variation(&mut self) -> Result<(), RecordError> {
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
    fn end_variation(
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
    fn variation_move(
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

/// The number N of a `変化：N手` header (ASCII or full-width digits; a
/// number too large for `usize` reads as `usize::MAX`), or `None` if `t` is no such header.
fn variation_number(t: &str) -> Option<usize> {
    let (_, value) = split_header(t)?;
    let number = value.strip_suffix('手')?.trim();
    if number.is_empty() {
        return None;
    }
    number.chars().try_fold(0usize, |acc, c| {
        let digit = c
            .to_digit(10)
            .or_else(|| {
                WIDE_DIGITS
                    .iter()
                    .position(|&w| w == c)
                    .map(|i| i as u32 + 1)
            })
            .or_else(|| (c == '０').then_some(0))?;
        Some(acc.saturating_mul(10).saturating_add(digit as usize))
    })
}

/// The move named by the text alone (KIF's origin `(77)`, or a drop marked `打`).
pub(super) fn direct_move(jm: &JapaneseMove, previous: Option<Move>) -> Option<Move> {
    if jm.from.is_none() && !jm.drop {
        return None;
    }
    let to = match jm.to {
        Destination::Square(sq) => sq,
        Destination::Same => previous?.to(),
    };
    Some(match jm.from {
        Some(from) => Move::Normal {
            from,
            to,
            promote: jm.promotion == Some(true),
        },
        None => Move::Drop { kind: jm.piece, to },
    })
}

/// Reads the Japanese move `text` of ply `ply`; unreadable, it is the record's error.
fn parse_move(ply: usize, text: &str) -> Result<JapaneseMove, RecordErrorKind> {
    japanese::parse(text).map_err(|e| RecordErrorKind::IllegalMove {
        ply,
        text: text.to_string(),
        problem: MoveProblem::Syntax(MoveSyntaxError::Japanese(e)),
    })
}

/// Finds the move a Japanese move names in `pos` (after `previous`): directly when the text
/// gives the origin or says `打`, else by resolving it against the legal moves. The error
/// carries the move when known.
fn find_move(
    pos: &AnyPosition,
    previous: Option<Move>,
    jm: &JapaneseMove,
) -> Result<Move, (Option<Move>, MoveProblem)> {
    let mover = pos.side_to_move();
    if let Some(mark) = jm.color
        && mark != mover
    {
        return Err((None, MoveProblem::Resolve(ResolveError::WrongSide { mark })));
    }
    if jm.from.is_none() && !jm.drop {
        return builder::resolve_japanese(pos, previous, jm)
            .map_err(|e| (None, MoveProblem::Resolve(e)));
    }
    let mv = direct_move(jm, previous)
        .ok_or((None, MoveProblem::Resolve(ResolveError::NoPreviousMove)))?;
    if let Some(from) = jm.from
        && let Some(piece) = pos.piece_at(from)
        && piece.color == mover
        && piece.kind != jm.piece
    {
        // The text names another piece than the one on the origin square.
        return Err((
            Some(mv),
            MoveProblem::WrongPiece {
                square: from,
                named: jm.piece,
                found: piece.kind,
            },
        ));
    }
    Ok(mv)
}

/// The terminal word of a move text, if it is one: a KIF word ([`Special::from_kif_word`],
/// which also knows this crate's `最大手数`). A KI2 side mark before it is ignored. Any other text
/// is a move, so that an unreadable move (`XYZ(77)`, mojibake) fails with its line instead of
/// ending the record.
pub(crate) fn terminal_word(text: &str) -> Option<Special> {
    let word = text.trim_start_matches(MARKS).trim();
    Special::from_kif_word(word)
}

/// After reading a KIF or KI2 line (`moves` and its `ending`) and all its variations: an
/// `ENDING:` comment after the terminal word gives the exact word, and one as the last comment
/// of a line with no terminal word (of `before`, the start comments, for a main line with no
/// move) is its ending; a `RESULT:` comment after the ending gives [`Ending::outcome`].
fn take_ending_comments(
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

/// The colour named first in `text` (`先手`, `下手` → Black; `後手`, `上手` → White).
fn first_side(text: &str) -> Option<Color> {
    [
        ("先手", Color::Black),
        ("下手", Color::Black),
        ("後手", Color::White),
        ("上手", Color::White),
    ]
    .into_iter()
    .filter_map(|(word, color)| text.find(word).map(|at| (at, color)))
    .min_by_key(|&(at, _)| at)
    .map(|(_, color)| color)
}

/// The ending a `まで{n}手で…` line gives when `mover` is to move after the moves read, or
/// `None` for a line that says nothing this reader knows.
fn summary_special(line: &str, mover: Color) -> Option<Special> {
    let rest = line.strip_prefix("まで")?;
    let rest = rest.trim_start_matches(|c: char| {
        c.is_ascii_digit() || ('０'..='９').contains(&c) || c.is_whitespace()
    });
    let rest = rest.strip_prefix('手')?;
    let r = rest.strip_prefix('で').unwrap_or(rest).trim();
    let side = first_side(r);
    Some(if r.contains("不詰") {
        Special::NoMate
    } else if r.starts_with('詰') {
        Special::Mate
    } else if r.contains("中断") {
        Special::Interrupt
    } else if r.contains("千日手") {
        Special::Repetition
    } else if r.contains("持将棋") {
        Special::Impasse
    } else if r.contains("封じ手") {
        Special::Sealed
    } else if r.contains("時間切れ") || r.contains("切れ負け") {
        Special::TimeUp
    } else if r.contains("反則負け") {
        // `side` fouled.
        if side.is_none_or(|s| s == mover) {
            Special::IllegalLoss
        } else {
            Special::IllegalWin
        }
    } else if r.contains("反則勝ち") {
        // `side` won by the other's foul.
        if side.is_none_or(|s| s == mover) {
            Special::IllegalWin
        } else {
            Special::IllegalLoss
        }
    } else if r.contains("入玉勝ち") {
        Special::EnteringKingWin
    } else if r.contains("勝ち") && side == Some(!mover) {
        Special::Resign
    } else {
        return None;
    })
}

/// Splits a numbered KIF move line into the move text and the time in brackets (without the
/// brackets). `None` if the line is not a numbered move line.
fn split_move_line(t: &str) -> Option<(&str, Option<&str>)> {
    let digits = t.bytes().take_while(u8::is_ascii_digit).count();
    if digits == 0 {
        return None;
    }
    let rest = t.get(digits..)?;
    if !rest.starts_with(char::is_whitespace) {
        return None;
    }
    let rest = rest.trim();
    let rest = rest.strip_suffix('+').unwrap_or(rest).trim_end();
    if rest.is_empty() {
        return None;
    }
    if rest.ends_with([')', '）'])
        && let Some(open) = rest.rfind(['(', '（'])
    {
        let inner = rest.get(open..)?;
        let inner = inner
            .trim_start_matches(['(', '（'])
            .trim_end_matches([')', '）']);
        if inner.contains([':', '/', '：', '／']) {
            let text = rest.get(..open)?.trim_end();
            return Some((text, Some(inner)));
        }
    }
    Some((rest, None))
}

/// Reads `m:ss`, `h:mm:ss` (any widths, blanks allowed) as a duration.
fn parse_clock(text: &str) -> Option<Duration> {
    let mut secs: u64 = 0;
    let mut parts = 0;
    for part in text.split([':', '：']) {
        let part = part.trim();
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        secs = secs.checked_mul(60)?.checked_add(part.parse().ok()?)?;
        parts += 1;
    }
    (parts <= 3).then(|| Duration::from_secs(secs))
}

/// Reads a KIF time ` 0:16/00:00:16` (this move / the player's total); the total may be
/// missing (` 0:7/`). `None` if it cannot be read.
fn parse_time(text: &str) -> Option<MoveTime> {
    let (spent, total) = text.split_once(['/', '／']).unwrap_or((text, ""));
    let spent = parse_clock(spent)?;
    let total = if total.trim().is_empty() {
        None
    } else {
        Some(parse_clock(total)?)
    };
    Some(MoveTime { spent, total })
}

/// The moves of a KI2 line: each starts at a side mark.
fn ki2_tokens(line: &str) -> impl Iterator<Item = &str> {
    let mut starts: Vec<usize> = line
        .char_indices()
        .filter(|(_, c)| MARKS.contains(c))
        .map(|(i, _)| i)
        .collect();
    starts.push(line.len());
    let first = starts.first().copied().unwrap_or(0);
    let leading = line.get(..first).map(str::trim).filter(|s| !s.is_empty());
    leading.into_iter().chain(
        starts
            .windows(2)
            .filter_map(move |w| line.get(w[0]..w[1]))
            .map(str::trim)
            .collect::<Vec<_>>(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_lines() {
        assert_eq!(
            split_move_line("1 ７六歩(77)   ( 0:16/00:00:16)+"),
            Some(("７六歩(77)", Some(" 0:16/00:00:16")))
        );
        assert_eq!(
            split_move_line("3 ７六歩(77)   +"),
            Some(("７六歩(77)", None))
        );
        assert_eq!(split_move_line("12 同　銀(31)"), Some(("同　銀(31)", None)));
        assert_eq!(split_move_line("手数"), None);
        assert_eq!(split_move_line("12手"), None);
        assert_eq!(
            parse_time(" 0:7/"),
            Some(MoveTime::spent(Duration::from_secs(7)))
        );
        assert_eq!(
            parse_time("0:9/0:19:1"),
            Some(MoveTime {
                spent: Duration::from_secs(9),
                total: Some(Duration::from_secs(19 * 60 + 1))
            })
        );
        assert_eq!(parse_time("x/y"), None);
    }

    #[test]
    fn tokens() {
        let t: Vec<_> = ki2_tokens("▲７六歩△同　歩    ▲７三桂不成").collect();
        assert_eq!(t, ["▲７六歩", "△同　歩", "▲７三桂不成"]);
    }

    #[test]
    fn summaries() {
        use Color::{Black, White};
        assert_eq!(
            summary_special("まで3手で先手の勝ち", White),
            Some(Special::Resign)
        );
        assert_eq!(summary_special("まで49手詰", White), Some(Special::Mate));
        assert_eq!(summary_special("まで3手で詰", White), Some(Special::Mate));
        assert_eq!(
            summary_special("まで3手で後手の反則勝ち", White),
            Some(Special::IllegalWin)
        );
        assert_eq!(
            summary_special("まで2手で先手の反則負け", Black),
            Some(Special::IllegalLoss)
        );
        assert_eq!(
            summary_special("まで2手で先手の反則負け", White),
            Some(Special::IllegalWin)
        );
        assert_eq!(
            summary_special("まで2手で封じ手", White),
            Some(Special::Sealed)
        );
        assert_eq!(summary_special("まで2手で", White), None);
    }
}
