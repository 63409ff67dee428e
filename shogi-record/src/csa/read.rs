//! Reading a CSA game into a [`Record`].

use super::*;

/// Where a `T` statement goes: the thing read just before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Target {
    /// Nothing that takes a time.
    Nothing,
    /// The last move.
    Move,
    /// The ending.
    Ending,
}

/// The state of the reader of one game.
pub(super) struct GameReader {
    headers: Vec<Header>,
    start_comments: Vec<String>,
    /// The board and hands given by the position lines, if any.
    setup: Option<Setup>,
    side: Option<Color>,
    sfen: Option<Setup>,
    builder: Option<Builder>,
    target: Target,
    ended: bool,
    /// The number of move statements of the game: room kept for the moves.
    move_statements: usize,
    /// Whether the comments on moves are kept.
    move_comments: bool,
}

/// Reads one game: its statements, numbered as in the file. Without `move_comments`, the
/// comments on moves are left out (those on the start and the ending are kept).
pub(crate) fn read_game(game: &GameText<'_>, move_comments: bool) -> Result<Record, RecordError> {
    let stmts = &game.stmts;
    let mut r = GameReader {
        headers: Vec::new(),
        start_comments: Vec::new(),
        setup: None,
        side: None,
        sfen: None,
        builder: None,
        target: Target::Nothing,
        ended: false,
        move_statements: stmts
            .iter()
            .filter(|(_, s)| matches!(s, Stmt::Move(_)))
            .count(),
        move_comments,
    };
    // The last move or special move: an `'ENDING:` line after it is the ending.
    let last_play = stmts
        .iter()
        .rposition(|(_, s)| matches!(s, Stmt::Move(_) | Stmt::Special(_)));
    for (i, &(n, stmt)) in stmts.iter().enumerate() {
        match stmt {
            Stmt::Version => {}
            Stmt::Comment(text) => r.comment(text),
            Stmt::Name(color, name) => {
                let key = match color {
                    Color::Black => HeaderKey::Black,
                    Color::White => HeaderKey::White,
                };
                r.header(Header::new(key, name));
            }
            Stmt::Info(key, value) => r.header(Header::new(HeaderKey::from_csa_key(key), value)),
            Stmt::Sfen(text) => r.sfen(n, text)?,
            Stmt::Ending(word) => {
                let special = || ending_comment_word(word);
                if last_play.is_some_and(|j| j > i) {
                    r.comment(&format!("{ENDING}{word}"));
                } else if !r.ended {
                    r.end(n, special())?;
                } else if let Some(ending) = r
                    .builder
                    .as_mut()
                    .and_then(|b| b.record_mut().ending.as_mut())
                {
                    // After the special move: the exact word it stands for (`%TORYO` for a
                    // mate, which other readers take as a win, not a draw).
                    ending.special = special();
                }
            }
            Stmt::Even(rest) => r.position_line(n, |setup| read_even(setup, rest))?,
            Stmt::Rank(rank, rest) => r.position_line(n, |setup| read_rank(setup, rank, rest))?,
            Stmt::Pieces(color, rest) => {
                r.position_line(n, |setup| read_pieces(setup, color, rest))?;
            }
            Stmt::Side(color) => {
                if r.builder.is_some() {
                    return Err(r.fail(n, SyntaxError::CsaSideAfterMoves.into()));
                }
                r.side = Some(color);
            }
            Stmt::Move(text) => r.play(n, text, &stmts[i + 1..])?,
            Stmt::Time(text) => r.time(n, text)?,
            Stmt::Special(word) => r.special(n, word)?,
            Stmt::Unknown(text) => {
                return Err(r.fail(n, SyntaxError::CsaStatement(clip(text)).into()));
            }
        }
    }
    let last = game.last_line;
    r.build(last, None)?;
    match r.builder {
        Some(b) => {
            let mut rec = b.finish();
            if let Some(ending) = &mut rec.ending {
                ending.take_result_comment();
            }
            builder::take_kept_illegal(&mut rec);
            Ok(rec)
        }
        None => Err(RecordError::new(
            last,
            RecordErrorKind::Empty,
            Record::start(),
        )),
    }
}

/// At most 20 characters of `text`, for error messages.
pub(super) fn clip(text: &str) -> String {
    text.chars().take(20).collect()
}

impl GameReader {
    /// Adds a header field.
    pub(super) fn header(&mut self, header: Header) {
        match &mut self.builder {
            Some(b) => b.record_mut().headers.push(header),
            None => self.headers.push(header),
        }
    }

    /// Adds a comment where it belongs.
    pub(super) fn comment(&mut self, text: &str) {
        let comments = match &mut self.builder {
            Some(b) if !self.move_comments && b.comments_go_to_a_move() => return,
            Some(b) => b.comments_mut(),
            None => &mut self.start_comments,
        };
        let text = text.strip_prefix('*').unwrap_or(text).to_string();
        // Most moves have one comment, if any (an engine's reading): room for one.
        if comments.capacity() == 0 {
            comments.reserve_exact(1);
        }
        comments.push(text);
    }

    /// Reads a `'SFEN:` line.
    pub(super) fn sfen(&mut self, line: usize, text: &str) -> Result<(), RecordError> {
        if self.builder.is_some() {
            // Too late to define the start: keep it as the comment it also is.
            self.comment(&format!("SFEN:{text}"));
            return Ok(());
        }
        match text.parse::<Setup>() {
            Ok(sfen) => {
                self.sfen = Some(sfen);
                Ok(())
            }
            Err(e) => Err(self.fail(line, SyntaxError::Sfen(e).into())),
        }
    }

    /// Applies a position line to the setup being read.
    pub(super) fn position_line(
        &mut self,
        line: usize,
        f: impl FnOnce(&mut Setup) -> Result<(), SyntaxError>,
    ) -> Result<(), RecordError> {
        if self.builder.is_some() {
            return Err(self.fail(line, SyntaxError::CsaPositionAfterMoves.into()));
        }
        let setup = self.setup.get_or_insert_with(Setup::empty);
        match f(setup) {
            Ok(()) => Ok(()),
            Err(e) => Err(self.fail(line, e.into())),
        }
    }

    /// Makes the builder from the position read, if not done yet. `hint` is the side of the
    /// first move, used when no side line was given.
    pub(super) fn builder(
        &mut self,
        line: usize,
        hint: Option<Color>,
    ) -> Result<&mut Builder, RecordError> {
        self.build(line, hint)?;
        match self.builder.as_mut() {
            Some(b) => Ok(b),
            None => Err(RecordError::new(
                line,
                RecordErrorKind::Empty,
                Record::start(),
            )),
        }
    }

    /// Makes the builder from the position read, if not done yet.
    pub(super) fn build(&mut self, line: usize, hint: Option<Color>) -> Result<(), RecordError> {
        if self.builder.is_none() {
            let built = if let Some(sfen) = self.sfen.take() {
                Builder::from_marked(sfen)
            } else {
                let mut setup = self.setup.take().unwrap_or_else(Setup::start);
                setup.side_to_move = self.side.or(hint).unwrap_or(Color::Black);
                Builder::new(Variant::Standard, setup)
            };
            let mut b = built.map_err(|kind| self.fail(line, kind))?;
            b.record_mut().headers = core::mem::take(&mut self.headers);
            b.record_mut().start_comments = core::mem::take(&mut self.start_comments);
            b.record_mut().moves.reserve_exact(self.move_statements);
            self.builder = Some(b);
        }
        Ok(())
    }

    /// Gives up at `line` with `kind`, keeping what was read.
    pub(super) fn fail(&mut self, line: usize, kind: RecordErrorKind) -> RecordError {
        match self.builder.take() {
            Some(b) => b.fail(line, kind),
            None => {
                let mut partial = Record::start();
                partial.headers = core::mem::take(&mut self.headers);
                partial.start_comments = core::mem::take(&mut self.start_comments);
                RecordError::new(line, kind, partial)
            }
        }
    }

    /// Reads and plays a move statement; `rest` are the statements after it.
    pub(super) fn play(
        &mut self,
        line: usize,
        text: &str,
        rest: &[(usize, Stmt<'_>)],
    ) -> Result<(), RecordError> {
        if self.ended {
            self.target = Target::Nothing;
            return Ok(());
        }
        let hint = if text.starts_with('-') {
            Color::White
        } else {
            Color::Black
        };
        let b = self.builder(line, Some(hint))?;
        let ply = b.next_ply();
        let (mv, problem) = match parse_move(text, b.position()) {
            Ok(mv) => match b.play(mv) {
                Ok(()) => {
                    self.target = Target::Move;
                    return Ok(());
                }
                Err(e) => (Some(mv), MoveProblem::Illegal(e.kind)),
            },
            Err((mv, problem)) => (mv, problem),
        };
        if let (Some(mv), Some(kind)) = (mv, problem.illegal_kind())
            && ends_in_foul(rest)
        {
            b.record_mut().illegal_move = Some(WrittenMove {
                ply,
                text: text.to_string(),
                mv: Some(mv),
                kind: Some(kind),
            });
            self.target = Target::Nothing;
            return Ok(());
        }
        let kind = RecordErrorKind::IllegalMove {
            ply,
            text: text.to_string(),
            problem,
        };
        Err(self.fail(line, kind))
    }

    /// Reads a `T` statement.
    pub(super) fn time(&mut self, line: usize, text: &str) -> Result<(), RecordError> {
        let Some(spent) = parse_time(text) else {
            return Err(self.fail(line, SyntaxError::CsaTime(clip(text)).into()));
        };
        let target = self.target;
        let Some(b) = &mut self.builder else {
            return Ok(());
        };
        let record = b.record_mut();
        match target {
            Target::Nothing => {}
            Target::Move => {
                if let Some(m) = record.moves.last_mut() {
                    m.time = Some(MoveTime::spent(spent));
                }
            }
            Target::Ending => {
                if let Some(e) = &mut record.ending
                    && e.time.is_none()
                {
                    e.time = Some(MoveTime::spent(spent));
                }
            }
        }
        Ok(())
    }

    /// Reads a `%` statement.
    pub(super) fn special(&mut self, line: usize, word: &str) -> Result<(), RecordError> {
        if self.ended {
            self.target = Target::Nothing;
            return Ok(());
        }
        if word.is_empty() || word.contains(char::is_whitespace) {
            return Err(self.fail(line, SyntaxError::CsaSpecial(clip(word)).into()));
        }
        self.end(line, Special::from_csa_word(word))
    }

    /// Ends the game with `special`.
    pub(super) fn end(&mut self, line: usize, special: Special) -> Result<(), RecordError> {
        let b = self.builder(line, None)?;
        b.record_mut().ending = Some(Ending::new(special));
        self.ended = true;
        self.target = Target::Ending;
        Ok(())
    }
}

/// Whether the next statement that is not a comment, a time or a header is a foul ending.
pub(super) fn ends_in_foul(rest: &[(usize, Stmt<'_>)]) -> bool {
    for (_, stmt) in rest {
        match stmt {
            Stmt::Comment(_) | Stmt::Time(_) | Stmt::Name(..) | Stmt::Info(..) => {}
            Stmt::Special(word) => return Special::from_csa_word(word).is_foul(),
            _ => return false,
        }
    }
    false
}

/// Reads a time: whole seconds with an optional fraction (`12`, `12.345`).
pub(super) fn parse_time(text: &str) -> Option<Duration> {
    let text = crate::lines::trim(text);
    let (whole, frac, dot) = match crate::lines::split_once_ascii(text, b'.') {
        Some((w, f)) => (w, f, true),
        None => (text, "", false),
    };
    if whole.is_empty() || !whole.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if !frac.bytes().all(|b| b.is_ascii_digit()) || (dot && frac.is_empty()) {
        return None;
    }
    let secs: u64 = whole.parse().ok()?;
    let mut nanos: u32 = 0;
    let mut scale: u32 = 100_000_000;
    for b in frac.bytes().take(9) {
        nanos += u32::from(b - b'0') * scale;
        scale /= 10;
    }
    Some(Duration::new(secs, nanos))
}

/// A square written as two digits, file then rank (`77`); `None` for `00` or anything else.
pub(super) fn square(digits: &[u8]) -> Option<Square> {
    match digits {
        [f @ b'1'..=b'9', r @ b'1'..=b'9'] => Square::from_file_rank(f - b'0', r - b'0'),
        _ => None,
    }
}

/// Reads a move statement in `pos`: the move, or why it cannot be read (with the move when
/// the text names one).
pub(super) fn parse_move(
    text: &str,
    pos: &AnyPosition,
) -> Result<Move, (Option<Move>, MoveProblem)> {
    let bad = |e: MoveSyntaxError| Err((None, MoveProblem::Syntax(e)));
    let b = text.as_bytes();
    if b.len() != 7 {
        return bad(MoveSyntaxError::CsaShape);
    }
    let color = if b[0] == b'+' {
        Color::Black
    } else {
        Color::White
    };
    let Some(kind) = kind_from_code(&b[5..7]) else {
        return bad(MoveSyntaxError::CsaPieceCode);
    };
    let Some(to) = square(&b[3..5]) else {
        return bad(MoveSyntaxError::CsaDestination);
    };
    if color != pos.side_to_move() {
        return bad(MoveSyntaxError::CsaWrongSign {
            to_move: pos.side_to_move(),
        });
    }
    if &b[1..3] == b"00" {
        if !kind.is_hand_kind() {
            return bad(MoveSyntaxError::CsaPromotedDrop);
        }
        return Ok(Move::Drop { kind, to });
    }
    let Some(from) = square(&b[1..3]) else {
        return bad(MoveSyntaxError::CsaOrigin);
    };
    let plain = Move::Normal {
        from,
        to,
        promote: false,
    };
    match pos.piece_at(from) {
        Some(p) if p.kind == kind => Ok(plain),
        Some(p) if p.kind.promote() == Some(kind) => Ok(Move::Normal {
            from,
            to,
            promote: true,
        }),
        Some(p) if p.color == pos.side_to_move() => Err((
            Some(plain),
            MoveProblem::WrongPiece {
                square: from,
                named: kind,
                found: p.kind,
            },
        )),
        _ => Err((
            Some(plain),
            MoveProblem::Illegal(IllegalMoveKind::NoSuchPiece),
        )),
    }
}
