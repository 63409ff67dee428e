//! Checks of move notation: Western and Japanese text read, resolved and written back.

use std::sync::LazyLock;

use shogi_movegen::{Position, Standard};
use shogi_notation::japanese;
use shogi_notation::western::{self, WesternOptions};
use shogi_types::{Move, PieceKind, Square};

use crate::position::{STARTS, start_position};

/// Positions for the notation targets: the `play_sequence` starts plus positions where
/// several pieces of one kind reach the same squares (the JSA disambiguation examples).
pub(crate) const NOTATION_EXTRA_STARTS: [&str; 3] = [
    "8k/3G5/3G1G3/9/9/9/9/9/K8 b G 1",
    "k8/7+R1/8+R/9/9/9/9/9/K8 b - 1",
    "3g1g2k/9/9/9/9/9/9/9/K8 w - 1",
];

/// The notation targets' positions: [`STARTS`] then [`NOTATION_EXTRA_STARTS`], read once.
pub(crate) static NOTATION_POSITIONS: LazyLock<Vec<Position<Standard>>> = LazyLock::new(|| {
    STARTS
        .iter()
        .chain(&NOTATION_EXTRA_STARTS)
        .map(|sfen| start_position(sfen))
        .collect()
});

/// The notation targets' position for `data`: chosen by a hash of the bytes, so that any
/// text can meet any position.
pub(crate) fn notation_position(data: &[u8]) -> Position<Standard> {
    let hash = data.iter().fold(0x811c_9dc5_u32, |h, &b| {
        (h ^ u32::from(b)).wrapping_mul(0x0100_0193)
    });
    let positions = &*NOTATION_POSITIONS;
    positions[hash as usize % positions.len()]
}

/// `western_parse`: bytes → `str` → [`western::WesternMove`].
///
/// Reading never panics and errors point inside the text. What reads is written back
/// ([`Display`](std::fmt::Display) and every style) and reads back to the same value. If it
/// resolves to a move of the chosen position, the writer's text for that move (in every
/// style) reads and resolves back to the same move.
pub fn check_western_parse(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = match western::parse(text) {
        Ok(w) => w,
        Err(e) => {
            assert!(
                e.offset() <= text.len(),
                "offset out of range for {text:?}: {e}"
            );
            let _ = e.to_string();
            return;
        }
    };
    let styles = [
        WesternOptions::new(),
        WesternOptions::new().with_numeric_ranks(true),
        WesternOptions::new().with_dragon_horse_letters(true),
    ];
    for style in styles {
        let written = parsed.to_text(style);
        assert_eq!(
            western::parse(&written),
            Ok(parsed),
            "{text:?} written as {written:?}"
        );
    }
    let pos = notation_position(data);
    match parsed.resolve(&pos) {
        Ok(m) => {
            assert!(pos.is_legal(m), "{text:?} resolves to the illegal {m}");
            for style in styles {
                let written = match western::write_with(&pos, m, style) {
                    Ok(w) => w,
                    Err(e) => panic!("cannot write the legal {m} ({text:?}): {e}"),
                };
                let reread = western::parse(&written).map(|w| w.resolve(&pos));
                assert_eq!(reread, Ok(Ok(m)), "{text:?} → {m} → {written:?}");
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// `japanese_parse`: bytes → `str` → [`japanese::JapaneseMove`].
///
/// Reading never panics and errors point at a character boundary inside the text. What reads
/// is written back and reads back to the same value. If it resolves to a move of the chosen
/// position (with a previous move to the square named by the hash, for `同`), the writer's
/// text for that move reads and resolves back to the same move.
pub fn check_japanese_parse(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let parsed = match japanese::parse(text) {
        Ok(j) => j,
        Err(e) => {
            assert!(
                text.is_char_boundary(e.offset()),
                "offset not on a character boundary for {text:?}: {e}"
            );
            let _ = e.to_string();
            return;
        }
    };
    let written = parsed.to_string();
    let reread = match japanese::parse(&written) {
        Ok(j) => j,
        Err(e) => panic!("{text:?} written as {written:?} does not read: {e}"),
    };
    // The writer normalises synonyms (竜 → 龍, 生 → 不成), so compare the values.
    assert_eq!(reread, parsed, "{text:?} written as {written:?}");
    let pos = notation_position(data);
    let previous = u8::try_from(data.len() % 81)
        .ok()
        .and_then(Square::from_index)
        .map(|to| Move::Drop {
            kind: PieceKind::Pawn,
            to,
        });
    match parsed.resolve(&pos, previous) {
        Ok(m) => {
            assert!(pos.is_legal(m), "{text:?} resolves to the illegal {m}");
            let written = match japanese::write(&pos, m, previous) {
                Ok(w) => w,
                Err(e) => panic!("cannot write the legal {m} ({text:?}): {e}"),
            };
            let reread = japanese::parse(&written).map(|j| j.resolve(&pos, previous));
            assert_eq!(reread, Ok(Ok(m)), "{text:?} → {m} → {written:?}");
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}
