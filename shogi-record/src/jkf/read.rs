//! Reading JKF into a [`Record`].

use super::*;

// ---------------------------------------------------------------------------------------------
// Reading.

/// A shape error at `path`.
pub(super) fn shape(path: &str, expected: &'static str) -> RecordErrorKind {
    RecordErrorKind::Syntax(SyntaxError::Jkf {
        path: path.to_string(),
        expected,
    })
}

/// `path` cut to a readable length (keys from the input may be long).
pub(super) fn cut(text: &str) -> String {
    const MAX: usize = 20;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let mut s: String = text.chars().take(MAX).collect();
        s.push('…');
        s
    }
}

/// Reads a JKF record.
///
/// # Errors
/// [`RecordErrorKind::Json`] if the text is not JSON; [`RecordErrorKind::Syntax`] with
/// [`SyntaxError::Jkf`] if a value has the wrong shape (the record read up to there is kept in
/// [`RecordError::partial`]); [`RecordErrorKind::InvalidStart`] for a start position that is
/// not valid; [`RecordErrorKind::IllegalMove`] for a move that cannot be played (see the
/// [module docs](super)).
pub fn read(text: &str) -> Result<Record, RecordError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let json = parse_json(text)?;
    let fail = |kind| RecordError::new(0, kind, Record::start());
    let Json::Object(fields) = &json else {
        return Err(fail(shape("(top)", "an object with 'header' and 'moves'")));
    };
    if !has_jkf_shape(fields) {
        return Err(fail(shape(
            "(top)",
            "a JKF record: 'header' or 'initial', and 'moves'",
        )));
    }
    let (headers, sfen) = read_header(&json).map_err(fail)?;
    let mut builder = read_initial(&json, sfen.as_deref()).map_err(fail)?;
    builder.record_mut().headers = headers;
    let Some(Json::Array(entries)) = json.get("moves") else {
        return Err(builder.fail(0, shape("moves", "an array")));
    };
    if let Some(first) = entries.first() {
        if !matches!(first, Json::Object(_)) {
            return Err(builder.fail(0, shape("moves[0]", "an object")));
        }
        if first.get("move").is_some() {
            return Err(builder.fail(0, shape("moves[0].move", "no move (entry 0 is the start)")));
        }
    }
    let mut start_comments = match entries.first() {
        Some(first) => read_comments(first, "moves[0]").map_err(|k| builder_fail(&builder, k))?,
        None => Vec::new(),
    };
    let start = *builder.position();
    let mut reader = LineReader { main: true };
    let line = reader.read_line(
        entries.get(1..).unwrap_or(&[]),
        1,
        "moves",
        start,
        None,
        &mut start_comments,
    );
    let mut rec = builder.finish();
    rec.start_comments = start_comments;
    match line {
        Ok(line) => {
            rec.moves = line.moves;
            rec.ending = line.ending;
            rec.illegal_move = line.illegal;
            crate::builder::shrink(&mut rec);
            Ok(rec)
        }
        Err((kind, moves)) => {
            rec.moves = moves;
            Err(RecordError::new(0, kind, rec))
        }
    }
}

/// Whether a JSON object has the shape of a JKF record, not only a list of moves of another
/// program: a `header` or an `initial` field (JKF's own; `initial` may be `null`), or, for JKF
/// written without them, a `moves` array with a `move` or `special` entry.
pub(super) fn has_jkf_shape(fields: &[(String, Json)]) -> bool {
    let field = |key: &str| fields.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v);
    if field("header").is_some() || field("initial").is_some() {
        return true;
    }
    match field("moves") {
        Some(Json::Array(entries)) => entries
            .iter()
            .any(|e| e.get("move").is_some() || e.get("special").is_some()),
        // No array: the error is that of `moves`.
        _ => true,
    }
}

/// An error before the first move, with the record read so far.
pub(super) fn builder_fail(builder: &Builder, kind: RecordErrorKind) -> RecordError {
    RecordError::new(0, kind, builder.record().clone())
}

/// The header fields, and the `#SFEN` value if there is one.
pub(super) fn read_header(json: &Json) -> Result<(Vec<Header>, Option<String>), RecordErrorKind> {
    let mut headers = Vec::new();
    let mut sfen = None;
    let Some(header) = json.get("header") else {
        return Ok((headers, sfen));
    };
    let Json::Object(fields) = header else {
        return Err(shape("header", "an object of strings"));
    };
    let last: std::collections::HashMap<&str, usize> = fields
        .iter()
        .enumerate()
        .map(|(i, (k, _))| (k.as_str(), i))
        .collect();
    for (i, (key, value)) in fields.iter().enumerate() {
        let Json::Str(value) = value else {
            return Err(shape(&format!("header.{}", cut(key)), "a string"));
        };
        // A repeated key: JSON keeps the last value.
        if last.get(key.as_str()) != Some(&i) {
            continue;
        }
        match key.as_str() {
            "手合割" => {}
            SFEN_KEY => sfen = Some(value.clone()),
            _ => headers.push(Header::new(HeaderKey::from_kif_key(key), value.clone())),
        }
    }
    Ok((headers, sfen))
}

/// The builder of the start position.
pub(super) fn read_initial(json: &Json, sfen: Option<&str>) -> Result<Builder, RecordErrorKind> {
    if let Some(sfen) = sfen {
        let marked: Setup = sfen
            .trim()
            .parse()
            .map_err(|e| RecordErrorKind::Syntax(SyntaxError::Sfen(e)))?;
        return Builder::from_marked(marked);
    }
    let Some(initial) = json.get("initial") else {
        return Builder::new(Variant::Standard, Setup::start());
    };
    if !matches!(initial, Json::Object(_)) {
        return Err(shape("initial", "an object or null"));
    }
    let Some(Json::Str(preset)) = initial.get("preset") else {
        return Err(shape(
            "initial.preset",
            "a preset name (HIRATE, KY, …, OTHER)",
        ));
    };
    let setup = if preset == "OTHER" {
        let data = initial
            .get("data")
            .ok_or_else(|| shape("initial.data", "an object for the preset OTHER"))?;
        read_data(data)?
    } else {
        preset_handicap(preset)
            .ok_or_else(|| shape("initial.preset", "a preset name (HIRATE, KY, …, OTHER)"))?
            .setup()
    };
    Builder::new(Variant::Standard, setup)
}

/// The presets and their handicaps, as json-kifu-format's player (shogi.js) sets them up.
pub(super) const PRESETS: [(&str, Handicap); 16] = [
    ("HIRATE", Handicap::Even),
    ("KY", Handicap::Lance),
    ("KY_R", Handicap::RightLance),
    ("KA", Handicap::Bishop),
    ("HI", Handicap::Rook),
    ("HIKY", Handicap::RookLance),
    ("2", Handicap::TwoPiece),
    ("3", Handicap::ThreePiece),
    ("4", Handicap::FourPiece),
    ("5", Handicap::FivePiece),
    ("5_L", Handicap::LeftFivePiece),
    ("6", Handicap::SixPiece),
    ("7_L", Handicap::LeftSevenPiece),
    ("7_R", Handicap::RightSevenPiece),
    ("8", Handicap::EightPiece),
    ("10", Handicap::TenPiece),
];

pub(super) fn preset_handicap(name: &str) -> Option<Handicap> {
    PRESETS.iter().find(|(n, _)| *n == name).map(|&(_, h)| h)
}

pub(super) fn handicap_preset(handicap: Handicap) -> Option<&'static str> {
    PRESETS
        .iter()
        .find(|(_, h)| *h == handicap)
        .map(|&(n, _)| n)
}

/// The hand kinds in JKF's order.
pub(super) const HAND_KINDS: [PieceKind; 7] = [
    PieceKind::Pawn,
    PieceKind::Lance,
    PieceKind::Knight,
    PieceKind::Silver,
    PieceKind::Gold,
    PieceKind::Bishop,
    PieceKind::Rook,
];

pub(super) fn read_color(value: Option<&Json>, path: &str) -> Result<Color, RecordErrorKind> {
    match value {
        Some(Json::Int(0)) => Ok(Color::Black),
        Some(Json::Int(1)) => Ok(Color::White),
        _ => Err(shape(path, "0 (Black) or 1 (White)")),
    }
}

/// The setup of `initial.data`.
pub(super) fn read_data(data: &Json) -> Result<Setup, RecordErrorKind> {
    if !matches!(data, Json::Object(_)) {
        return Err(shape("initial.data", "an object"));
    }
    let mut setup = Setup::empty();
    setup.side_to_move = read_color(data.get("color"), "initial.data.color")?;
    match data.get("board") {
        Some(Json::Object(fields)) if fields.is_empty() => {}
        Some(Json::Array(files)) if files.len() == 9 => {
            for (x, file) in (1u8..).zip(files) {
                let path = format!("initial.data.board[{}]", x - 1);
                let Json::Array(squares) = file else {
                    return Err(shape(&path, "an array of 9 squares"));
                };
                if squares.len() != 9 {
                    return Err(shape(&path, "an array of 9 squares"));
                }
                for (y, square) in (1u8..).zip(squares) {
                    let path = format!("{path}[{}]", y - 1);
                    if !matches!(square, Json::Object(_)) {
                        return Err(shape(&path, "a square: {\"color\", \"kind\"} or {}"));
                    }
                    let Some(kind) = square.get("kind") else {
                        continue;
                    };
                    let Json::Str(code) = kind else {
                        return Err(shape(&format!("{path}.kind"), "a piece kind (FU … RY)"));
                    };
                    let kind = kind_from_code(code.as_bytes())
                        .ok_or_else(|| shape(&format!("{path}.kind"), "a piece kind (FU … RY)"))?;
                    let color = read_color(square.get("color"), &format!("{path}.color"))?;
                    if let Some(sq) = Square::from_file_rank(x, y) {
                        setup.set_piece(sq, Some(Piece::new(color, kind)));
                    }
                }
            }
        }
        _ => {
            return Err(shape(
                "initial.data.board",
                "9 files of 9 squares, or {} for an empty board",
            ));
        }
    }
    let Some(Json::Array(hands)) = data.get("hands") else {
        return Err(shape("initial.data.hands", "two hands, Black's first"));
    };
    if hands.len() != 2 {
        return Err(shape("initial.data.hands", "two hands, Black's first"));
    }
    let mut out = [Hand::default(); 2];
    for (i, hand) in hands.iter().enumerate() {
        let path = format!("initial.data.hands[{i}]");
        let Json::Object(fields) = hand else {
            return Err(shape(&path, "an object of counts (FU KY KE GI KI KA HI)"));
        };
        for (code, count) in fields {
            let kind = kind_from_code(code.as_bytes());
            let count = match count {
                Json::Int(n) => *n,
                Json::Null => 0,
                _ => return Err(shape(&path, "counts that are integers from 0 to 255")),
            };
            match kind {
                Some(kind) if kind.is_hand_kind() => {
                    let count = u8::try_from(count)
                        .map_err(|_| shape(&path, "counts that are integers from 0 to 255"))?;
                    if let Some(slot) = out.get_mut(i) {
                        *slot = slot.with_count(kind, count).unwrap_or(*slot);
                    }
                }
                // tsshogi writes every kind, with 0 for those that cannot be held.
                Some(_) if count == 0 => {}
                _ => return Err(shape(&path, "only the kinds FU KY KE GI KI KA HI")),
            }
        }
    }
    setup.hands = ByColor::new(out[0], out[1]);
    Ok(setup)
}

/// The comments of an entry.
pub(super) fn read_comments(entry: &Json, path: &str) -> Result<Vec<String>, RecordErrorKind> {
    match entry.get("comments") {
        None => Ok(Vec::new()),
        Some(Json::Array(items)) => items
            .iter()
            .map(|c| match c {
                Json::Str(s) => Ok(s.clone()),
                _ => Err(shape(&format!("{path}.comments"), "an array of strings")),
            })
            .collect(),
        // Some writers give one string.
        Some(Json::Str(s)) => Ok(vec![s.clone()]),
        Some(_) => Err(shape(&format!("{path}.comments"), "an array of strings")),
    }
}

pub(super) fn read_duration(value: &Json, path: &str) -> Result<Duration, RecordErrorKind> {
    const EXPECTED: &str = "a time {\"h\", \"m\", \"s\"} of non-negative integers";
    if !matches!(value, Json::Object(_)) {
        return Err(shape(path, EXPECTED));
    }
    let mut secs: u64 = 0;
    for (key, scale) in [("h", 3600), ("m", 60), ("s", 1)] {
        match value.get(key) {
            None => {}
            Some(Json::Int(n)) => {
                secs = n
                    .checked_mul(scale)
                    .and_then(|v| secs.checked_add(v))
                    .ok_or_else(|| shape(path, EXPECTED))?;
            }
            Some(_) => return Err(shape(path, EXPECTED)),
        }
    }
    Ok(Duration::from_secs(secs))
}

pub(super) fn read_time(entry: &Json, path: &str) -> Result<Option<MoveTime>, RecordErrorKind> {
    let Some(time) = entry.get("time") else {
        return Ok(None);
    };
    let path = format!("{path}.time");
    if !matches!(time, Json::Object(_)) {
        return Err(shape(&path, "an object {\"now\", \"total\"}"));
    }
    let Some(now) = time.get("now") else {
        return Err(shape(
            &format!("{path}.now"),
            "a time {\"h\", \"m\", \"s\"}",
        ));
    };
    let spent = read_duration(now, &format!("{path}.now"))?;
    let total = match time.get("total") {
        None => None,
        Some(t) => Some(read_duration(t, &format!("{path}.total"))?),
    };
    Ok(Some(MoveTime { spent, total }))
}

pub(super) fn read_square(value: &Json, path: &str) -> Result<Square, RecordErrorKind> {
    const EXPECTED: &str = "a square {\"x\", \"y\"} with x and y from 1 to 9";
    let coord = |key: &str| match value.get(key) {
        Some(Json::Int(n)) => u8::try_from(*n).ok(),
        _ => None,
    };
    if !matches!(value, Json::Object(_)) {
        return Err(shape(path, EXPECTED));
    }
    coord("x")
        .zip(coord("y"))
        .and_then(|(x, y)| Square::from_file_rank(x, y))
        .ok_or_else(|| shape(path, EXPECTED))
}

pub(super) fn read_bool(value: Option<&Json>, path: &str) -> Result<Option<bool>, RecordErrorKind> {
    match value {
        None => Ok(None),
        Some(Json::Bool(b)) => Ok(Some(*b)),
        Some(_) => Err(shape(path, "true, false or null")),
    }
}

/// A `move` object as read, before it is matched against the position.
#[derive(Debug)]
pub(super) struct JkfMove {
    color: Option<Color>,
    from: Option<Square>,
    to: Option<Square>,
    piece: PieceKind,
    promote: Option<bool>,
    relative: Option<Relative>,
    motion: Option<Motion>,
    drop: bool,
}

impl JkfMove {
    pub(super) fn parse(value: &Json, path: &str) -> Result<JkfMove, RecordErrorKind> {
        if !matches!(value, Json::Object(_)) {
            return Err(shape(path, "an object"));
        }
        let color = match value.get("color") {
            None => None,
            c => Some(read_color(c, &format!("{path}.color"))?),
        };
        let from = value
            .get("from")
            .map(|f| read_square(f, &format!("{path}.from")))
            .transpose()?;
        let to = value
            .get("to")
            .map(|t| read_square(t, &format!("{path}.to")))
            .transpose()?;
        let piece = match value.get("piece") {
            Some(Json::Str(code)) => kind_from_code(code.as_bytes()),
            _ => None,
        }
        .ok_or_else(|| shape(&format!("{path}.piece"), "a piece kind (FU … RY)"))?;
        let same = read_bool(value.get("same"), &format!("{path}.same"))? == Some(true);
        let promote = read_bool(value.get("promote"), &format!("{path}.promote"))?;
        let (relative, motion, drop) = match value.get("relative") {
            None => (None, None, false),
            Some(Json::Str(text)) => parse_relative(text).ok_or_else(|| {
                shape(
                    &format!("{path}.relative"),
                    "L, C or R, then U, M or D (or one of them), or H",
                )
            })?,
            Some(_) => {
                return Err(shape(
                    &format!("{path}.relative"),
                    "L, C or R, then U, M or D (or one of them), or H",
                ));
            }
        };
        if to.is_none() && !same {
            return Err(shape(&format!("{path}.to"), "a square (or same: true)"));
        }
        Ok(JkfMove {
            color,
            from,
            to,
            piece,
            promote,
            relative,
            motion,
            drop,
        })
    }

    /// The move CSA-style, for messages: `+7776FU`, `-0055KA`, `+00同KA`.
    pub(super) fn text(&self, mover: Color, previous: Option<Move>) -> String {
        let sign = match self.color.unwrap_or(mover) {
            Color::Black => '+',
            Color::White => '-',
        };
        let sq = |s: Option<Square>| {
            s.map_or_else(
                || "00".to_string(),
                |s| format!("{}{}", s.file().get(), s.rank().get()),
            )
        };
        let to = self.to.or_else(|| previous.map(Move::to));
        format!(
            "{sign}{}{}{}",
            sq(self.from),
            sq(to),
            piece_code(self.piece)
        )
    }

    /// The move this names without a legal move list (by its origin), else as resolved.
    pub(super) fn named(&self, pos: &AnyPosition, previous: Option<Move>) -> Option<Move> {
        let to = self.to.or_else(|| previous.map(Move::to))?;
        match self.from {
            Some(from) => Some(Move::Normal {
                from,
                to,
                promote: self.promote == Some(true),
            }),
            None => self.resolve(pos, previous).ok(),
        }
    }

    /// The move this names in `pos` (after `previous`).
    pub(super) fn resolve(
        &self,
        pos: &AnyPosition,
        previous: Option<Move>,
    ) -> Result<Move, MoveProblem> {
        let mover = pos.side_to_move();
        if let Some(color) = self.color
            && color != mover
        {
            return Err(MoveProblem::Resolve(ResolveError::WrongSide {
                mark: color,
            }));
        }
        let to = match (self.to, previous) {
            (Some(to), _) => to,
            (None, Some(p)) => p.to(),
            (None, None) => return Err(MoveProblem::Resolve(ResolveError::NoPreviousMove)),
        };
        if let Some(from) = self.from {
            if let Some(found) = pos.piece_at(from)
                && found.color == mover
                && found.kind != self.piece
            {
                return Err(MoveProblem::WrongPiece {
                    square: from,
                    named: self.piece,
                    found: found.kind,
                });
            }
            return Ok(Move::Normal {
                from,
                to,
                promote: self.promote == Some(true),
            });
        }
        let notation = JapaneseMove {
            color: None,
            to: Destination::Square(to),
            piece: self.piece,
            relative: self.relative,
            motion: self.motion,
            promotion: self.promote,
            drop: self.drop,
            from: None,
        };
        notation
            .resolve(pos, previous)
            .map_err(MoveProblem::Resolve)
    }
}

/// Reads a `relative` string: (relative word, motion word, drop).
pub(super) fn parse_relative(text: &str) -> Option<(Option<Relative>, Option<Motion>, bool)> {
    if text == "H" {
        return Some((None, None, true));
    }
    let mut chars = text.chars();
    let mut relative = None;
    let mut motion = None;
    let mut next = chars.next();
    if let Some(r) = next.and_then(|c| match c {
        'L' => Some(Relative::Left),
        'C' => Some(Relative::Straight),
        'R' => Some(Relative::Right),
        _ => None,
    }) {
        relative = Some(r);
        next = chars.next();
    }
    if let Some(m) = next.and_then(|c| match c {
        'U' => Some(Motion::Up),
        'M' => Some(Motion::Sideways),
        'D' => Some(Motion::Back),
        _ => None,
    }) {
        motion = Some(m);
        next = chars.next();
    }
    (next.is_none() && (relative.is_some() || motion.is_some()))
        .then_some((relative, motion, false))
}

/// A line as read: its moves, ending and kept illegal move.
#[derive(Debug, Default)]
pub(super) struct Line {
    moves: Vec<RecordMove>,
    ending: Option<Ending>,
    illegal: Option<WrittenMove>,
}

/// The error of a line: why, and the moves read before (of the main line).
pub(super) type LineError = (RecordErrorKind, Vec<RecordMove>);

#[derive(Debug)]
pub(super) struct LineReader {
    /// Whether the line being read is the main line (only it keeps an illegal move).
    main: bool,
}

impl LineReader {
    /// Reads the entries of a line whose first entry is move `first_ply`, from `pos` after
    /// `previous`. `before` gets the comments of leading entries with no move (the start
    /// comments, for the main line).
    #[allow(clippy::too_many_lines)]
    pub(super) fn read_line(
        &mut self,
        entries: &[Json],
        first_ply: usize,
        prefix: &str,
        mut pos: AnyPosition,
        mut previous: Option<Move>,
        before: &mut Vec<String>,
    ) -> Result<Line, LineError> {
        let mut line = Line::default();
        // The index of the first entry in the JSON array of this line.
        let offset = usize::from(self.main);
        let mut ply = first_ply;
        let mut i = 0;
        while let Some(entry) = entries.get(i) {
            let path = format!("{prefix}[{}]", i + offset);
            let err = |kind: RecordErrorKind, line: &Line| (kind, line.moves.clone());
            if !matches!(entry, Json::Object(_)) {
                return Err(err(shape(&path, "an object"), &line));
            }
            let comments = read_comments(entry, &path).map_err(|k| err(k, &line))?;
            let time = read_time(entry, &path).map_err(|k| err(k, &line))?;
            let special = match entry.get("special") {
                None => None,
                Some(Json::Str(word)) => Some(word.as_str()),
                Some(_) => {
                    return Err(err(
                        shape(
                            &format!("{path}.special"),
                            "a special word (TORYO, CHUDAN, …)",
                        ),
                        &line,
                    ));
                }
            };
            if let Some(value) = entry.get("move") {
                let jm =
                    JkfMove::parse(value, &format!("{path}.move")).map_err(|k| err(k, &line))?;
                let mover = pos.side_to_move();
                let text = jm.text(mover, previous);
                let played = jm.resolve(&pos, previous).and_then(|mv| {
                    let mut next = pos;
                    next.play(mv)
                        .map(|()| (mv, next))
                        .map_err(|e| MoveProblem::Illegal(e.kind))
                });
                match played {
                    Ok((mv, next)) => {
                        let mut variations = Vec::new();
                        if let Some(forks) = entry.get("forks") {
                            let Json::Array(forks) = forks else {
                                return Err(err(
                                    shape(&format!("{path}.forks"), "an array of lines"),
                                    &line,
                                ));
                            };
                            let mut sub = LineReader { main: false };
                            for (k, fork) in forks.iter().enumerate() {
                                let fork_path = format!("{path}.forks[{k}]");
                                let Json::Array(fork_entries) = fork else {
                                    return Err(err(
                                        shape(&fork_path, "an array of entries"),
                                        &line,
                                    ));
                                };
                                let read = sub
                                    .read_line(
                                        fork_entries,
                                        ply,
                                        &fork_path,
                                        pos,
                                        previous,
                                        &mut Vec::new(),
                                    )
                                    .map_err(|(k, _)| err(k, &line))?;
                                if read.moves.is_empty() {
                                    continue;
                                }
                                let mut moves = read.moves;
                                // Alternatives to the fork's first move follow it.
                                let nested = moves
                                    .first_mut()
                                    .map(|m| core::mem::take(&mut m.variations))
                                    .unwrap_or_default();
                                variations.push(Variation {
                                    moves,
                                    ending: read.ending,
                                });
                                variations.extend(nested);
                            }
                        }
                        line.moves.push(RecordMove {
                            mv,
                            time,
                            comments,
                            variations,
                        });
                        pos = next;
                        previous = Some(mv);
                        ply += 1;
                    }
                    Err(problem) => {
                        // Kept when a foul ending follows (in this entry or the next).
                        let foul_here = special.map(|w| read_special(w).is_foul());
                        let next_special = entries.get(i + 1).and_then(|e| e.get("special"));
                        let foul_next = match next_special {
                            Some(Json::Str(w)) => read_special(w).is_foul(),
                            _ => false,
                        };
                        if foul_here == Some(true) || (foul_here.is_none() && foul_next) {
                            if self.main {
                                let mv = jm.named(&pos, previous);
                                // The kind as the move gives it (what `ILLEGAL:` gives back).
                                let kind = mv.map_or_else(
                                    || problem.illegal_kind(),
                                    |mv| Some(illegal_kind(&pos, mv, Some(jm.piece))),
                                );
                                line.illegal = Some(WrittenMove {
                                    ply,
                                    text,
                                    mv,
                                    kind,
                                });
                            }
                            if foul_here.is_none() {
                                i += 1;
                            }
                            let Some(end) = entries.get(i) else {
                                return Ok(line);
                            };
                            let end_path = format!("{prefix}[{}]", i + offset);
                            let word = match end.get("special") {
                                Some(Json::Str(w)) => w.as_str(),
                                _ => "",
                            };
                            let comments =
                                read_comments(end, &end_path).map_err(|k| err(k, &line))?;
                            let time = read_time(end, &end_path).map_err(|k| err(k, &line))?;
                            line.ending = Some(self.ending(word, time, comments, &pos, &mut line));
                            return Ok(line);
                        }
                        return Err(err(
                            RecordErrorKind::IllegalMove { ply, text, problem },
                            &line,
                        ));
                    }
                }
                if let Some(word) = special {
                    // A move and a special in one entry: the special follows the move.
                    line.ending = Some(self.ending(word, None, Vec::new(), &pos, &mut line));
                    return Ok(line);
                }
            } else if let Some(word) = special {
                line.ending = Some(self.ending(word, time, comments, &pos, &mut line));
                return Ok(line);
            } else {
                // No move and no special: its comments go to the move before.
                match line.moves.last_mut() {
                    Some(last) => last.comments.extend(comments),
                    None => before.extend(comments),
                }
            }
            i += 1;
        }
        // An `ENDING:` comment last on the line is its ending (an `Other` word).
        let comments = match line.moves.last_mut() {
            Some(last) => &mut last.comments,
            None => before,
        };
        if let Some(word) = comments.last().and_then(|c| c.strip_prefix(ENDING)) {
            let special = ending_comment_word(word);
            if matches!(special, Special::Other(_)) {
                comments.pop();
                line.ending = Some(Ending::new(special));
            }
        }
        Ok(line)
    }

    /// The ending of a `special` entry, with the words and outcome its comments give back, and
    /// (for the main line) the kept illegal move of an `ILLEGAL:` comment.
    pub(super) fn ending(
        &mut self,
        word: &str,
        time: Option<MoveTime>,
        mut comments: Vec<String>,
        pos: &AnyPosition,
        line: &mut Line,
    ) -> Ending {
        let mover = pos.side_to_move();
        let mut special = read_special(word);
        if self.main && special.is_foul() && line.illegal.is_none() {
            line.illegal = take_illegal_comment(&mut comments, pos, line.moves.len() + 1);
        }
        let mut ending = Ending {
            special: special.clone(),
            outcome: None,
            time,
            comments: Vec::new(),
        };
        // The exact word behind a stand-in: only one that this writer stands in for so.
        if let Some(i) = comments.iter().rposition(|c| {
            c.strip_prefix(ENDING).is_some_and(|w| {
                let exact = ending_comment_word(w);
                exact == special
                    || jkf_special(&exact, mover).is_some_and(|(w, _)| read_special(w) == special)
            })
        }) {
            let text = comments.remove(i);
            special = ending_comment_word(text.strip_prefix(ENDING).unwrap_or_default());
            ending.special = special;
        }
        ending.comments = comments;
        ending.take_result_comment();
        ending
    }
}

/// The ending a `special` word names.
pub(super) fn read_special(word: &str) -> Special {
    match word {
        "ILLEGAL_ACTION" => Special::IllegalWin,
        other => Special::from_csa_word(other),
    }
}
