//! Writing a [`Record`] as JKF.

use super::*;

// ---------------------------------------------------------------------------------------------
// Writing.

/// The `special` word for `special` when `mover` is to move at the end, and whether it stands
/// in for another word (then an `ENDING:` comment follows); `None` for the words JKF cannot
/// write ([`Special::Other`] but `MATTA`).
pub(super) fn jkf_special(special: &Special, mover: Color) -> Option<(&'static str, bool)> {
    let foul = |c: Color| match c {
        Color::Black => "+ILLEGAL_ACTION",
        Color::White => "-ILLEGAL_ACTION",
    };
    Some(match special {
        Special::Resign => ("TORYO", false),
        Special::Interrupt => ("CHUDAN", false),
        Special::Repetition => ("SENNICHITE", false),
        Special::Impasse => ("JISHOGI", false),
        Special::EnteringKingWin => ("KACHI", false),
        Special::EnteringKingDraw => ("HIKIWAKE", false),
        Special::TimeUp => ("TIME_UP", false),
        Special::IllegalLoss => ("ILLEGAL_MOVE", false),
        Special::IllegalAction(c) => (foul(*c), false),
        Special::Mate => ("TSUMI", false),
        Special::NoMate => ("FUZUMI", false),
        Special::Error => ("ERROR", false),
        Special::IllegalWin | Special::ForfeitWin => (foul(!mover), true),
        Special::Try | Special::ForfeitLoss => ("TORYO", true),
        Special::MaxMoves => ("HIKIWAKE", true),
        Special::Sealed => ("CHUDAN", true),
        Special::Other(word) if word == "MATTA" => ("MATTA", false),
        Special::Other(_) => return None,
    })
}

/// Appends `s` as a JSON string.
pub(super) fn push_str(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

pub(super) fn push_comments(out: &mut String, comments: &[String]) {
    out.push_str("\"comments\":[");
    for (i, c) in comments.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_str(out, c);
    }
    out.push(']');
}

pub(super) fn push_square(out: &mut String, sq: Square) {
    let _ = write!(
        out,
        "{{\"x\":{},\"y\":{}}}",
        sq.file().get(),
        sq.rank().get()
    );
}

pub(super) fn push_time(out: &mut String, spent: Duration, total: Duration) {
    let now = spent.as_secs();
    let total = total.as_secs();
    let _ = write!(
        out,
        "\"time\":{{\"now\":{{\"m\":{},\"s\":{}}},\"total\":{{\"h\":{},\"m\":{},\"s\":{}}}}}",
        now / 60,
        now % 60,
        total / 3600,
        total / 60 % 60,
        total % 60
    );
}

/// The `relative` letters of `mv` in `pos`, as the JSA disambiguation gives them.
pub(super) fn relative_letters(pos: &AnyPosition, mv: Move, previous: Option<Move>) -> String {
    let Ok(j) = japanese::describe(pos, mv, previous) else {
        return String::new();
    };
    let mut out = String::new();
    if j.drop {
        out.push('H');
        return out;
    }
    if let Some(r) = j.relative {
        out.push(match r {
            Relative::Left => 'L',
            Relative::Straight => 'C',
            Relative::Right => 'R',
        });
    }
    if let Some(m) = j.motion {
        out.push(match m {
            Motion::Up => 'U',
            Motion::Sideways => 'M',
            Motion::Back => 'D',
        });
    }
    out
}

/// Writes the `move` object of `mv` in `pos`.
pub(super) fn push_move(out: &mut String, pos: &AnyPosition, mv: Move, previous: Option<Move>) {
    let mover = pos.side_to_move();
    let _ = write!(out, "\"move\":{{\"color\":{}", mover.index());
    let to = mv.to();
    match mv {
        Move::Drop { kind, .. } => {
            out.push_str(",\"to\":");
            push_square(out, to);
            let _ = write!(out, ",\"piece\":\"{}\"", piece_code(kind));
        }
        Move::Normal { from, promote, .. } => {
            let kind = pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind);
            out.push_str(",\"from\":");
            push_square(out, from);
            out.push_str(",\"to\":");
            push_square(out, to);
            let _ = write!(out, ",\"piece\":\"{}\"", piece_code(kind));
            if previous.is_some_and(|p| p.to() == to) {
                out.push_str(",\"same\":true");
            }
            if promote {
                out.push_str(",\"promote\":true");
            } else if kind.can_promote()
                && (from.is_promotion_zone(mover) || to.is_promotion_zone(mover))
            {
                out.push_str(",\"promote\":false");
            }
            if let Some(captured) = pos.piece_at(to) {
                let _ = write!(out, ",\"capture\":\"{}\"", piece_code(captured.kind));
            }
        }
    }
    let relative = relative_letters(pos, mv, previous);
    if !relative.is_empty() {
        let _ = write!(out, ",\"relative\":\"{relative}\"");
    }
    out.push('}');
}

/// The state before a move of a line: the position, the previous move and the time each
/// player had used.
#[derive(Debug, Clone, Copy)]
pub(super) struct Before {
    pos: AnyPosition,
    previous: Option<Move>,
    used: [Duration; 2],
}

/// Writes the entries of a line (comma-separated, each after `sep`); returns the entries'
/// texts joined. `illegal` is the kept illegal move (main line only).
pub(super) fn write_entries(
    out: &mut String,
    sep: &str,
    moves: &[RecordMove],
    ending: Option<&Ending>,
    illegal: Option<&WrittenMove>,
    mut state: Before,
    trailing_ending_comment: &mut Option<String>,
) {
    // The main line follows the start entry; a fork starts its array.
    let mut first = sep.is_empty();
    let mut begin = |out: &mut String| {
        if !first {
            out.push(',');
        }
        first = false;
        out.push_str(sep);
        out.push('{');
    };
    for (i, m) in moves.iter().enumerate() {
        begin(out);
        push_move(out, &state.pos, m.mv, state.previous);
        let mover = state.pos.side_to_move().index();
        if let Some(t) = m.time {
            let total = t.total.unwrap_or(state.used[mover].saturating_add(t.spent));
            out.push(',');
            push_time(out, t.spent, total);
            state.used[mover] = total;
        }
        let mut comments = m.comments.clone();
        if i + 1 == moves.len()
            && let Some(c) = trailing_ending_comment.take()
        {
            comments.push(c);
        }
        if !comments.is_empty() {
            out.push(',');
            push_comments(out, &comments);
        }
        if !m.variations.is_empty() {
            out.push_str(",\"forks\":[");
            for (k, v) in m.variations.iter().enumerate() {
                if k > 0 {
                    out.push(',');
                }
                out.push('[');
                let mut trailing = other_ending_comment(v.ending.as_ref());
                write_entries(
                    out,
                    "",
                    &v.moves,
                    v.ending.as_ref(),
                    None,
                    state,
                    &mut trailing,
                );
                out.push(']');
            }
            out.push(']');
        }
        out.push('}');
        if state.pos.play(m.mv).is_err() {
            return;
        }
        state.previous = Some(m.mv);
    }
    let Some(ending) = ending else {
        return;
    };
    let mover = state.pos.side_to_move();
    let Some((word, stands_in)) = jkf_special(&ending.special, mover) else {
        return;
    };
    begin(out);
    let _ = write!(out, "\"special\":\"{word}\"");
    if let Some(t) = ending.time {
        let used = state.used[mover.index()];
        out.push(',');
        push_time(
            out,
            t.spent,
            t.total.unwrap_or(used.saturating_add(t.spent)),
        );
    }
    let mut comments = ending.comments.clone();
    // The exact word of a stand-in, last (the reader takes the last); or the word itself when
    // a comment of the ending would read as one.
    if stands_in || comments.iter().any(|c| c.starts_with(ENDING)) {
        comments.push(format!("{ENDING}{}", exact_word(&ending.special)));
    }
    if let Some(outcome) = ending.outcome {
        comments.push(format!("{RESULT}{outcome}"));
    }
    if let Some(illegal) = illegal.filter(|_| ending.special.is_foul()) {
        comments.push(illegal_comment(illegal));
    }
    if !comments.is_empty() {
        out.push(',');
        push_comments(out, &comments);
    }
    out.push('}');
}

/// The `ENDING:` comment of an ending JKF has no word for ([`Special::Other`]).
pub(super) fn other_ending_comment(ending: Option<&Ending>) -> Option<String> {
    let special = &ending?.special;
    let Special::Other(word) = special else {
        return None;
    };
    if word == "MATTA" {
        return None;
    }
    let keeps = ending_comment_word(word) == *special && !word.contains(['\n', '\r']);
    Some(format!(
        "{ENDING}{}",
        if keeps { word.as_str() } else { UNKNOWN_WORD }
    ))
}

/// Writes `record` as JKF text (UTF-8, one entry of `moves` per line, a final line end).
///
/// See the [module docs](super) for what is written and what JKF cannot hold.
#[must_use]
pub fn write(record: &Record) -> String {
    let mut out = String::from("{\"header\":{");
    let handicap = record.handicap();
    let handicap_game =
        record.variant() == Variant::Standard && handicap.is_some_and(|h| h != Handicap::Even);
    let mut keys: std::collections::HashSet<String> = std::collections::HashSet::new();
    if record.variant() != Variant::Standard {
        keys.insert(SFEN_KEY.to_string());
        push_str(&mut out, SFEN_KEY);
        out.push(':');
        push_str(&mut out, &record.start_sfen().to_string());
    }
    for h in &record.headers {
        let key = match (&h.key, handicap_game) {
            (HeaderKey::Black, true) => "下手",
            (HeaderKey::White, true) => "上手",
            (key, _) => key.kif_key(),
        };
        // `手合割` and `#SFEN` are the start's, which `initial` and the variant line give.
        if keys.contains(key) || key == "手合割" || key == SFEN_KEY {
            continue;
        }
        if !keys.is_empty() {
            out.push(',');
        }
        keys.insert(key.to_string());
        push_str(&mut out, key);
        out.push(':');
        push_str(&mut out, &h.value);
    }
    out.push_str("},\n\"initial\":");
    let preset = handicap
        .filter(|_| record.variant() == Variant::Standard)
        .and_then(handicap_preset);
    match preset {
        Some(name) => {
            let _ = write!(out, "{{\"preset\":\"{name}\"}}");
        }
        None => write_data(&mut out, &record.start.to_setup()),
    }
    out.push_str(",\n\"moves\":[\n{");
    let mut trailing = other_ending_comment(record.ending.as_ref());
    let mut start_comments = record.start_comments.clone();
    if record.moves.is_empty()
        && let Some(c) = trailing.take()
    {
        start_comments.push(c);
    }
    if !start_comments.is_empty() {
        push_comments(&mut out, &start_comments);
    }
    out.push('}');
    let state = Before {
        pos: record.start,
        previous: None,
        used: [Duration::ZERO; 2],
    };
    write_entries(
        &mut out,
        "\n",
        &record.moves,
        record.ending.as_ref(),
        record.illegal_move.as_ref(),
        state,
        &mut trailing,
    );
    out.push_str("\n]}\n");
    out
}

/// Writes `initial` for a start with no preset: `OTHER` and its `data`.
pub(super) fn write_data(out: &mut String, setup: &Setup) {
    out.push_str("{\"preset\":\"OTHER\",\"data\":{\"board\":[");
    for x in 1..=9u8 {
        if x > 1 {
            out.push(',');
        }
        out.push('[');
        for y in 1..=9u8 {
            if y > 1 {
                out.push(',');
            }
            match Square::from_file_rank(x, y).and_then(|sq| setup.piece_at(sq)) {
                Some(p) => {
                    let _ = write!(
                        out,
                        "{{\"color\":{},\"kind\":\"{}\"}}",
                        p.color.index(),
                        piece_code(p.kind)
                    );
                }
                None => out.push_str("{}"),
            }
        }
        out.push(']');
    }
    let _ = write!(
        out,
        "],\"color\":{},\"hands\":[",
        setup.side_to_move.index()
    );
    for (i, color) in [Color::Black, Color::White].into_iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push('{');
        for (k, kind) in HAND_KINDS.into_iter().enumerate() {
            if k > 0 {
                out.push(',');
            }
            let _ = write!(
                out,
                "\"{}\":{}",
                piece_code(kind),
                setup.hands[color].count(kind)
            );
        }
        out.push('}');
    }
    out.push_str("]}}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relative_letters_read() {
        assert_eq!(parse_relative("H"), Some((None, None, true)));
        assert_eq!(
            parse_relative("LU"),
            Some((Some(Relative::Left), Some(Motion::Up), false))
        );
        assert_eq!(
            parse_relative("C"),
            Some((Some(Relative::Straight), None, false))
        );
        assert_eq!(
            parse_relative("M"),
            Some((None, Some(Motion::Sideways), false))
        );
        for bad in ["", "X", "UL", "LUD", "HH", "RM "] {
            assert_eq!(parse_relative(bad), None, "{bad}");
        }
    }

    #[test]
    fn presets_and_codes_go_both_ways() {
        for (name, handicap) in PRESETS {
            assert_eq!(preset_handicap(name), Some(handicap));
            assert_eq!(handicap_preset(handicap), Some(name));
        }
        assert_eq!(handicap_preset(Handicap::ThreePieceRightLance), None);
        for i in 0..14 {
            let kind = PieceKind::from_index(i).expect("kind");
            assert_eq!(kind_from_code(piece_code(kind).as_bytes()), Some(kind));
        }
    }

    #[test]
    fn special_words_and_stand_ins() {
        assert_eq!(read_special("ILLEGAL_ACTION"), Special::IllegalWin);
        assert_eq!(read_special("TORYO"), Special::Resign);
        for special in Special::KNOWN {
            for mover in [Color::Black, Color::White] {
                let (word, stands_in) = jkf_special(&special, mover).expect("a word");
                assert_eq!(read_special(word) != special, stands_in, "{special:?}");
                // A stand-in names the same winner.
                let (a, b) = (special.outcome(mover), read_special(word).outcome(mover));
                let winner = |o: Option<shogi_rules::Outcome>| match o {
                    Some(shogi_rules::Outcome::Win { winner, .. }) => Some(winner),
                    _ => None,
                };
                assert_eq!(winner(a), winner(b), "{special:?}");
            }
        }
        assert_eq!(jkf_special(&Special::Other("x".into()), Color::Black), None);
    }

    #[test]
    fn json_strings_are_escaped() {
        let mut out = String::new();
        push_str(&mut out, "a\"b\\c\nd\u{1}");
        assert_eq!(out, r#""a\"b\\c\nd\u0001""#);
        let Ok(Json::Str(s)) = parse_json(&out) else {
            panic!("reads");
        };
        assert_eq!(s, "a\"b\\c\nd\u{1}");
    }
}
