//! Writing a [`Record`] as CSA.

use super::*;

/// The text of one line: line breaks replaced by blanks.
pub(super) fn one_line(text: &str) -> String {
    text.replace(['\r', '\n'], " ")
}

/// Whether `key` can be written as a CSA `$KEY`.
pub(super) fn is_csa_key(key: &str) -> bool {
    key.as_bytes().first().is_some_and(u8::is_ascii_uppercase)
        && key
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b"_+-".contains(&b))
}

/// Writes the header fields: players, then `$` lines, then the fields CSA cannot hold as
/// `'*key:value` comments (right before the start comments, so that the text read back
/// writes the same).
pub(super) fn write_headers(out: &mut String, record: &Record) {
    let mut as_comments = Vec::new();
    for h in &record.headers {
        let value = one_line(h.value.trim());
        match &h.key {
            HeaderKey::Black => {
                let _ = writeln!(out, "N+{value}");
            }
            HeaderKey::White => {
                let _ = writeln!(out, "N-{value}");
            }
            HeaderKey::TimeControl => {
                // V3.0's `$TIME:600+10+0` is seconds; V2.2's `$TIME_LIMIT:00:25+00` has a colon.
                let v3 = !value.is_empty()
                    && value
                        .bytes()
                        .all(|b| b.is_ascii_digit() || b == b'+' || b == b'.');
                let key = if v3 { "TIME" } else { "TIME_LIMIT" };
                let _ = writeln!(out, "${key}:{value}");
            }
            key => match key.csa_key() {
                Some(k) if is_csa_key(k) => {
                    let _ = writeln!(out, "${k}:{value}");
                }
                _ => as_comments.push(format!("{}:{value}", one_line(key.kif_key()))),
            },
        }
    }
    write_comments(out, &as_comments);
}

pub(super) fn write_comments(out: &mut String, comments: &[String]) {
    for c in comments {
        for line in c.split('\n') {
            let _ = writeln!(out, "'*{}", line.trim_end_matches('\r'));
        }
    }
}

pub(super) fn sign(color: Color) -> char {
    match color {
        Color::Black => '+',
        Color::White => '-',
    }
}

pub(super) fn write_start(out: &mut String, start: &AnyPosition) {
    let setup = start.to_setup();
    let side = sign(setup.side_to_move);
    if start.variant() != Variant::Standard || !start.protected().is_empty() {
        let _ = writeln!(out, "'SFEN:{setup}");
    } else if let Some(h) = Handicap::from_setup(&setup)
        && h.giver_hand().is_empty()
    {
        out.push_str("PI");
        for &(sq, kind) in h.removed() {
            let _ = write!(out, "{}{}{}", sq.file(), sq.rank().get(), piece_code(kind));
        }
        let _ = writeln!(out, "\n{side}");
        return;
    }
    for rank in 1..=9 {
        let _ = write!(out, "P{rank}");
        for file in (1..=9).rev() {
            match Square::from_file_rank(file, rank).and_then(|sq| setup.piece_at(sq)) {
                Some(p) => {
                    let _ = write!(out, "{}{}", sign(p.color), piece_code(p.kind));
                }
                None => out.push_str(" * "),
            }
        }
        out.push('\n');
    }
    for color in [Color::Black, Color::White] {
        let hand = setup.hands[color];
        if hand.is_empty() {
            continue;
        }
        let _ = write!(out, "P{}", sign(color));
        for kind in PieceKind::HAND_KINDS {
            for _ in 0..hand.count(kind) {
                let _ = write!(out, "00{}", piece_code(kind));
            }
        }
        out.push('\n');
    }
    let _ = writeln!(out, "{side}");
}

/// A move statement (`+7776FU`) for `mv` in `pos`. The piece code is the piece after the
/// move: of `named` (the piece an illegal move was written with) if given, else of the piece
/// on the origin; a move from an empty square (only an illegal move can be one) names a pawn.
pub(super) fn move_text(pos: &AnyPosition, mv: Move, named: Option<PieceKind>) -> String {
    let side = sign(pos.side_to_move());
    let sq = |s: Square| format!("{}{}", s.file(), s.rank().get());
    match mv {
        Move::Drop { kind, to } => format!("{side}00{}{}", sq(to), piece_code(kind)),
        Move::Normal { from, to, promote } => {
            let kind =
                named.unwrap_or_else(|| pos.piece_at(from).map_or(PieceKind::Pawn, |p| p.kind));
            let after = if promote {
                kind.promote().unwrap_or(kind)
            } else {
                kind
            };
            format!("{side}{}{}{}", sq(from), sq(to), piece_code(after))
        }
    }
}

/// The statement of a kept illegal move: its text when it is a CSA move statement (read
/// from CSA), else one made from the move.
pub(super) fn illegal_move_text(pos: &AnyPosition, written: &WrittenMove) -> String {
    let text = written.text.trim();
    let b = text.as_bytes();
    let csa_like = b.len() == 7
        && b[0] == sign(pos.side_to_move()) as u8
        && b[1..5].iter().all(u8::is_ascii_digit)
        && kind_from_code(&b[5..7]).is_some();
    match written.mv {
        Some(_) if csa_like => text.to_string(),
        Some(mv) => move_text(pos, mv, builder::named_piece(text, mv)),
        None => String::new(),
    }
}

pub(super) fn write_time(out: &mut String, spent: Duration, version: CsaVersion) {
    let millis = spent.subsec_millis();
    match version {
        CsaVersion::V30 if millis != 0 => {
            let _ = writeln!(out, "T{}.{millis:03}", spent.as_secs());
        }
        _ => {
            let _ = writeln!(out, "T{}", spent.as_secs());
        }
    }
}

/// `%TORYO` if `special` is a loss of `mover`, `%KACHI` (without `%`) if a win.
pub(super) fn toryo_or_kachi(special: &Special, mover: Color) -> String {
    match special.outcome(mover).and_then(|o| o.winner()) {
        Some(winner) if winner == mover => "KACHI",
        _ => "TORYO",
    }
    .to_string()
}

/// Writes the kept illegal move and the ending. `last` is the position after the last move.
pub(super) fn write_ending(
    out: &mut String,
    record: &Record,
    last: &AnyPosition,
    version: CsaVersion,
) {
    let Some(ending) = &record.ending else {
        return;
    };
    let mover = last.side_to_move();
    // The special move, and the exact word as an `'ENDING:` comment when the special move
    // stands in for it.
    let (word, exact): (Option<String>, bool) = match &ending.special {
        // A foul word standing in for another reason (see below).
        special @ Special::IllegalAction(_) if ending.outcome.is_some() => {
            (Some(toryo_or_kachi(special, mover)), true)
        }
        special if special.is_foul() => {
            // A kept illegal move with a foul ending is written before it, so that it reads
            // back as kept (the reader keeps it whatever the foul word); one that names no
            // move is kept in an `'*ILLEGAL:` comment after the word.
            let illegal = record.illegal_move.as_ref();
            let written = illegal.filter(|w| w.mv.is_some());
            if let Some(w) = written {
                out.push_str(&illegal_move_text(last, w));
                out.push('\n');
            }
            let word = match special {
                // After the written move, the foul of the side that played it, whatever the
                // word: other readers play the illegal move, so `%ILLEGAL_MOVE` (a loss of
                // the side to move) would name the other side.
                _ if written.is_some() => format!("{}ILLEGAL_ACTION", sign(mover)),
                // Without a kept move, the mover wins: the previous move, by the other side,
                // was the foul. With one (written or not), the mover played it.
                Special::IllegalWin if illegal.is_none() => {
                    format!("{}ILLEGAL_ACTION", sign(!mover))
                }
                Special::IllegalWin => format!("{}ILLEGAL_ACTION", sign(mover)),
                other => other.csa_word().unwrap_or("ILLEGAL_MOVE").to_string(),
            };
            (Some(word), false)
        }
        // cshogi reads `%TSUMI` as a draw; floodgate and cshogi's own match runner write a
        // mate as `%TORYO`.
        Special::Mate => (Some("TORYO".to_string()), true),
        // `%MAX_MOVES` is a V3.0 word; V2.2 has `%JISHOGI` for a drawn game at the limit.
        Special::MaxMoves if version == CsaVersion::V22 => (Some("JISHOGI".to_string()), true),
        // Decided endings that CSA has no word for, and the foul words that stand in for
        // another reason (Ending::outcome is set): `%TORYO` when the mover lost, `%KACHI` when
        // it won, the only words that cshogi 1.1.0 and tsshogi 2.2.0 both read with that
        // winner (tsshogi 2.2.0 reads `%±ILLEGAL_ACTION` with the winner reversed).
        special @ (Special::Try | Special::ForfeitLoss | Special::ForfeitWin) => {
            (Some(toryo_or_kachi(special, mover)), true)
        }
        Special::Other(word) => {
            let plain =
                Special::from_csa_word(word) == Special::Other(word.clone()) && is_csa_key(word);
            (plain.then(|| word.clone()), false)
        }
        special => (special.csa_word().map(str::to_string), false),
    };
    match word {
        Some(word) => {
            let _ = writeln!(out, "%{word}");
            if let Some(t) = ending.time {
                write_time(out, t.spent, version);
            }
            if exact {
                let word = exact_word(&ending.special);
                let _ = writeln!(out, "'{ENDING}{word}");
            }
        }
        None => match &ending.special {
            Special::Other(word) if ending_comment_word(word) != Special::Other(word.clone()) => {
                // Would read back as another ending: an unknown word, as in KIF.
                let _ = writeln!(out, "'{ENDING}{}", UNKNOWN_WORD);
            }
            Special::Other(word) => {
                let _ = writeln!(out, "'{ENDING}{}", one_line(word));
            }
            special => {
                let word = special.kif_word().unwrap_or_default();
                let _ = writeln!(out, "'{ENDING}{word}");
            }
        },
    }
    let mut comments = ending.written_comments();
    if let Some(w) = &record.illegal_move
        && w.mv.is_none()
        && ending.special.is_foul()
    {
        comments.push(builder::illegal_comment(w));
    }
    write_comments(out, &comments);
}
