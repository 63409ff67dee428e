//! The position statements of CSA: `PI`, `P1`…`P9`, `P+`/`P-`.

use super::*;

/// The cells of a rank line: nine `+XX`, `-XX` or `*`, blanks anywhere in between; text
/// after the ninth cell is ignored.
pub(super) fn read_rank(setup: &mut Setup, rank: u8, rest: &str) -> Result<(), SyntaxError> {
    let b = rest.as_bytes();
    let mut cells: Vec<Option<Piece>> = Vec::with_capacity(9);
    let mut i = 0;
    while cells.len() < 9 {
        match b.get(i) {
            Some(b' ') => i += 1,
            Some(b'*') => {
                cells.push(None);
                i += 1;
            }
            Some(&sign @ (b'+' | b'-')) => {
                let kind = b.get(i + 1..i + 3).and_then(kind_from_code).ok_or(
                    SyntaxError::CsaRankPiece {
                        rank,
                        column: i + 3,
                    },
                )?;
                let color = if sign == b'+' {
                    Color::Black
                } else {
                    Color::White
                };
                cells.push(Some(Piece::new(color, kind)));
                i += 3;
            }
            _ => {
                return Err(SyntaxError::CsaRankLength {
                    rank,
                    count: cells.len(),
                });
            }
        }
    }
    for (cell, file) in cells.into_iter().zip((1..=9).rev()) {
        if let Some(sq) = Square::from_file_rank(file, rank) {
            setup.set_piece(sq, cell);
        }
    }
    Ok(())
}

/// A square and a piece code of a `PI`, `P+` or `P-` line.
pub(super) type Group<'a> = (&'a [u8], &'a [u8]);

/// Splits a list of 4-character groups (square and piece code).
pub(super) fn groups<'a>(
    statement: &'static str,
    rest: &'a str,
) -> Result<Vec<Group<'a>>, SyntaxError> {
    let b = rest.as_bytes();
    if !b.len().is_multiple_of(4) {
        return Err(SyntaxError::CsaGroups { statement });
    }
    Ok(b.chunks(4).map(|g| (&g[..2], &g[2..])).collect())
}

/// `PI` with the pieces to remove from the even start.
pub(super) fn read_even(setup: &mut Setup, rest: &str) -> Result<(), SyntaxError> {
    const PI: &str = "PI";
    *setup = Setup::start();
    for (sq, code) in groups(PI, rest)? {
        let sq = square(sq).ok_or(SyntaxError::CsaSquare { statement: PI })?;
        let kind = kind_from_code(code).ok_or_else(|| SyntaxError::CsaPieceCode {
            statement: PI,
            code: code_str(code),
        })?;
        match setup.piece_at(sq) {
            Some(p) if p.kind == kind => {
                setup.set_piece(sq, None);
            }
            _ => {
                return Err(SyntaxError::CsaNothingToRemove {
                    square: sq,
                    code: code_str(code),
                });
            }
        }
    }
    Ok(())
}

/// A piece code for a message.
pub(super) fn code_str(code: &[u8]) -> String {
    String::from_utf8_lossy(code).into_owned()
}

/// `P+` / `P-` with pieces on squares or in hand (`00`), `00AL` for the rest.
pub(super) fn read_pieces(setup: &mut Setup, color: Color, rest: &str) -> Result<(), SyntaxError> {
    let statement = if color == Color::Black { "P+" } else { "P-" };
    for (sq, code) in groups(statement, rest)? {
        if sq == b"00" {
            if code == b"AL" {
                give_rest(setup, color);
                continue;
            }
            let kind = kind_from_code(code)
                .filter(|k| k.is_hand_kind())
                .ok_or_else(|| SyntaxError::CsaNotHandPiece {
                    statement,
                    code: code_str(code),
                })?;
            let hand = &mut setup.hands[color];
            *hand = hand
                .checked_add(kind)
                .ok_or(SyntaxError::CsaHandFull { statement })?;
        } else {
            let sq = square(sq).ok_or(SyntaxError::CsaSquare { statement })?;
            let kind = kind_from_code(code).ok_or_else(|| SyntaxError::CsaPieceCode {
                statement,
                code: code_str(code),
            })?;
            setup.set_piece(sq, Some(Piece::new(color, kind)));
        }
    }
    Ok(())
}

/// Gives `color` every piece (kings apart) that is neither on the board nor in a hand.
pub(super) fn give_rest(setup: &mut Setup, color: Color) {
    for kind in PieceKind::HAND_KINDS {
        let on_board = setup
            .pieces()
            .filter(|(_, p)| p.kind.unpromote() == kind)
            .count();
        let in_hands =
            usize::from(setup.hands.black.count(kind)) + usize::from(setup.hands.white.count(kind));
        let missing = usize::from(kind.set_count()).saturating_sub(on_board + in_hands);
        let hand = &mut setup.hands[color];
        let count = usize::from(hand.count(kind)) + missing;
        let count = u8::try_from(count).unwrap_or(Hand::MAX_COUNT);
        if let Some(h) = hand.with_count(kind, count) {
            *hand = h;
        }
    }
}
