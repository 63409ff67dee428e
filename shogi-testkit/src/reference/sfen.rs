//! A tiny SFEN reader for tests. Inputs are fixed test data, so it panics on anything malformed.

use std::num::NonZeroU32;

use shogi_types::{Color, Piece, PieceKind, Setup, Square};

use super::Protected;

/// Reads a standard SFEN: board, side to move, hands and an optional move number.
///
/// # Panics
/// If the text is not a well-formed SFEN, or marks a piece with `!`.
pub fn parse(sfen: &str) -> Setup {
    let (setup, marks) = parse_marked(sfen);
    assert!(!marks.contains(&true), "sfen: `!` marks need parse_marked");
    setup
}

/// Reads an SFEN in which a piece on the board may be followed by `!` (an untakeable silver)
/// and returns the setup with the set of marked squares.
///
/// # Panics
/// If the text is not a well-formed SFEN.
pub fn parse_marked(sfen: &str) -> (Setup, Protected) {
    let fields: Vec<&str> = sfen.split_whitespace().collect();
    assert!(
        fields.len() == 3 || fields.len() == 4,
        "sfen: expected 3 or 4 fields"
    );
    let mut setup = Setup::empty();
    let mut marks = [false; 81];

    let ranks: Vec<&str> = fields[0].split('/').collect();
    assert_eq!(ranks.len(), 9, "sfen: expected 9 ranks");
    for (rank, text) in (1u8..).zip(ranks) {
        // Each rank is written from file 9 down to file 1; `file` is the next file to fill.
        let mut file = 9u8;
        let mut promoted = false;
        let mut last = None;
        for c in text.chars() {
            match c {
                '1'..='9' => {
                    let skip = c as u8 - b'0';
                    file = file.checked_sub(skip).expect("sfen: rank too long");
                }
                '+' => promoted = true,
                '!' => marks[last.map(Square::index).expect("sfen: `!` after no piece")] = true,
                _ => {
                    let base = PieceKind::from_letter(c).expect("sfen: bad piece letter");
                    let kind = if promoted {
                        base.promote().expect("sfen: this kind cannot promote")
                    } else {
                        base
                    };
                    let color = if c.is_ascii_uppercase() {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let sq = Square::from_file_rank(file, rank).expect("sfen: rank too long");
                    setup.board[sq.index()] = Some(Piece::new(color, kind));
                    last = Some(sq);
                    promoted = false;
                    file -= 1;
                }
            }
        }
        assert_eq!(file, 0, "sfen: rank {rank} does not have 9 squares");
    }

    let side = fields[1].chars().next().and_then(Color::from_char);
    assert_eq!(fields[1].len(), 1, "sfen: side to move must be b or w");
    setup.side_to_move = side.expect("sfen: side to move must be b or w");

    if fields[2] != "-" {
        let mut count = 0u8;
        for c in fields[2].chars() {
            if let Some(digit) = c.to_digit(10) {
                count = count * 10 + digit as u8;
                continue;
            }
            let kind = PieceKind::from_letter(c).filter(|k| k.is_hand_kind());
            let kind = kind.expect("sfen: bad hand piece letter");
            let color = if c.is_ascii_uppercase() {
                Color::Black
            } else {
                Color::White
            };
            let hand = setup.hands[color];
            let total = hand.count(kind) + count.max(1);
            setup.hands[color] = hand.with_count(kind, total).expect("sfen: bad hand kind");
            count = 0;
        }
        assert_eq!(count, 0, "sfen: hand ends with a count");
    }

    if let Some(number) = fields.get(3) {
        let number = number.parse().ok().and_then(NonZeroU32::new);
        setup.move_number = number.expect("sfen: bad move number");
    }
    (setup, marks)
}
