//! The reader core of KIF and KI2: numbered KIF move lines (`   1 ７六歩(77)   ( 0:16/00:00:16)`)
//! and KI2 move lines (`▲７六歩    △３四歩`), comments, terminal words, the `まで…` summary
//! line and `変化：N手` headers, read line by line by one state machine ([`Reader`]). Every
//! move of the main line is checked on the position before it ([`Builder`]).

use shogi_types::{Color, Move};

use super::header::{Preamble, RESERVED_KEYS, hand_key, shorten, split_header};
use crate::builder::Builder;
use crate::ending::{Ending, Special};
use crate::error::{MoveProblem, RecordError, RecordErrorKind, SyntaxError};
use crate::model::{Header, HeaderKey, Record, WrittenMove};
use crate::time::MoveTime;

use super::*;

/// The side marks a KI2 move may start with.
pub(crate) const MARKS: [char; 6] = ['▲', '△', '☗', '☖', '▼', '▽'];

/// A move that could not be played, kept until the record says how it ends.
#[derive(Debug)]
pub(super) struct Pending {
    pub(super) line: usize,
    pub(super) ply: usize,
    pub(super) text: String,
    pub(super) mv: Option<Move>,
    pub(super) problem: MoveProblem,
}

impl Pending {
    /// The move `text` (ply `ply`, on line `line`) that could not be played: the move it
    /// names, if known, and why.
    pub(super) fn new(
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

/// The reader of KIF and KI2 text.
#[derive(Debug, Default)]
pub(crate) struct Reader {
    pub(super) pre: Preamble,
    pub(super) builder: Option<Builder>,
    pub(super) pending: Option<Pending>,
    /// Comments after a pending illegal move.
    pub(super) held: Vec<String>,
    pub(super) ended: bool,
    pub(super) in_variations: bool,
    /// The number written on the first numbered move line of the main line (1 if none).
    pub(super) main_first: Option<usize>,
    /// The checkpoints of the main line, made when the first variation block starts.
    pub(super) main_checkpoints: Checkpoints,
    /// The open variation lines, the current one last; the main line is below them, and each
    /// kept line branches off the line just below it. A line is hung onto the move it replaces
    /// when it closes (leaves the stack), so that only the open lines are held apart from the
    /// record.
    pub(super) stack: Vec<VarLine>,
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
    pub(super) fn fail(&mut self, line: usize, kind: RecordErrorKind) -> RecordError {
        self.close_all();
        match self.builder.take() {
            Some(b) => RecordError::new(line, kind, b.finish()),
            None => RecordError::new(line, kind, self.pre.partial()),
        }
    }

    /// Gives up on the pending illegal move.
    pub(super) fn fail_pending(&mut self, p: Pending) -> RecordError {
        let kind = RecordErrorKind::IllegalMove {
            ply: p.ply,
            text: p.text,
            problem: p.problem,
        };
        self.fail(p.line, kind)
    }

    /// The builder, made from the preamble on first use.
    pub(super) fn builder(&mut self, n: usize) -> Result<&mut Builder, RecordError> {
        let b = self.take_builder(n)?;
        Ok(self.builder.insert(b))
    }

    /// Takes the builder, made from the preamble if there is none yet.
    pub(super) fn take_builder(&mut self, n: usize) -> Result<Builder, RecordError> {
        match self.builder.take() {
            Some(b) => Ok(b),
            None => self.pre.start().map_err(|(line, kind)| {
                let line = if line == 0 { n } else { line };
                RecordError::new(line, kind, self.pre.partial())
            }),
        }
    }

    /// Reads line `n`.
    pub(super) fn line(&mut self, n: usize, raw: &str) -> Result<(), RecordError> {
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
    pub(super) fn comment(&mut self, text: String) {
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
    pub(super) fn end_main_line(&mut self, n: usize) -> Result<(), RecordError> {
        self.builder(n)?;
        match self.pending.take() {
            Some(p) => Err(self.fail_pending(p)),
            None => Ok(()),
        }
    }

    /// A `まで…` line.
    pub(super) fn summary(&mut self, n: usize, t: &str) -> Result<(), RecordError> {
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
    pub(super) fn end(
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
    pub(super) fn move_text(
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
    pub(super) fn finish(mut self, n: usize) -> Result<Record, RecordError> {
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
