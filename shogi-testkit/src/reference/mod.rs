//! A deliberately simple reference legal move generator, used only by tests as an oracle.
//!
//! It works on a plain [`Setup`] (an 81-square array), walks every piece's movement pattern one
//! square at a time, and decides legality by brute force: a move is legal when, after playing it
//! on a copy, no opponent piece could capture the mover's king. A pawn drop that gives check is
//! illegal when the opponent then has no legal move at all, found by calling this generator
//! again on the resulting position (uchifuzume, the uchifuzume rule, JSA rules §3).
//!
//! Speed is not a goal; being obviously right is. It uses `shogi-types` only (its own SFEN
//! reader included, [`sfen`]) and shares no code with `shogi-movegen`, which it checks.
//!
//! The `_protected` functions take the set of protected squares of the untakeable-silver variant
//! (`docs/untakeable-silver.md` of the repository): a piece on a protected square may not be captured by
//! anyone, the king included. Protection moves with its piece when the piece moves without
//! promoting and is lost when it promotes; a dropped piece is never protected. The reference
//! reads protection from that array only and ignores the marks of a `Setup`
//! ([`Setup::protected`]), which it copies unchanged.

pub mod sfen;

use shogi_types::{Bitboard, Color, Move, Piece, PieceKind, Setup, Square};

/// The squares whose pieces may not be captured, indexed by [`Square::index`].
pub type Protected = [bool; 81];

/// No protected square: standard shogi.
pub const NO_PROTECTION: Protected = [false; 81];

/// The squares of `squares` as the reference's set of protected squares.
#[must_use]
pub fn protected_array(squares: Bitboard) -> Protected {
    let mut out = NO_PROTECTION;
    for sq in squares {
        out[sq.index()] = true;
    }
    out
}

/// The protected squares of `marks` as a bitboard.
#[must_use]
pub fn protected_bitboard(marks: &Protected) -> Bitboard {
    Square::ALL
        .into_iter()
        .filter(|sq| marks[sq.index()])
        .collect()
}

/// A direction as the moving side sees it: `(files to its left, ranks forward)`.
type Dir = (i8, i8);

const FORWARD: [Dir; 1] = [(0, 1)];
const KNIGHT: [Dir; 2] = [(-1, 2), (1, 2)];
const SILVER: [Dir; 5] = [(-1, 1), (0, 1), (1, 1), (-1, -1), (1, -1)];
const GOLD: [Dir; 6] = [(-1, 1), (0, 1), (1, 1), (-1, 0), (1, 0), (0, -1)];
const KING: [Dir; 8] = [
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const DIAGONAL: [Dir; 4] = [(-1, 1), (1, 1), (-1, -1), (1, -1)];
const ORTHOGONAL: [Dir; 4] = [(0, 1), (-1, 0), (1, 0), (0, -1)];

/// How a kind moves: the directions of its single steps and the directions it slides along.
fn movement(kind: PieceKind) -> (&'static [Dir], &'static [Dir]) {
    use PieceKind::*;
    match kind {
        Pawn => (&FORWARD, &[]),
        Lance => (&[], &FORWARD),
        Knight => (&KNIGHT, &[]),
        Silver => (&SILVER, &[]),
        Gold | ProPawn | ProLance | ProKnight | ProSilver => (&GOLD, &[]),
        King => (&KING, &[]),
        Bishop => (&[], &DIAGONAL),
        Rook => (&[], &ORTHOGONAL),
        Horse => (&ORTHOGONAL, &DIAGONAL),
        Dragon => (&DIAGONAL, &ORTHOGONAL),
    }
}

/// The square one step in direction `dir` from `sq`, as `color` sees the board.
///
/// Black looks towards rank 1 and has file 9 on its left; White is rotated by 180 degrees.
fn shift(sq: Square, color: Color, (left, forward): Dir) -> Option<Square> {
    let (df, dr) = match color {
        Color::Black => (left, -forward),
        Color::White => (-left, forward),
    };
    let file = sq.file().get() as i8 + df;
    let rank = sq.rank().get() as i8 + dr;
    if (1..=9).contains(&file) && (1..=9).contains(&rank) {
        Square::from_file_rank(file as u8, rank as u8)
    } else {
        None
    }
}

/// The rank of `sq` counted from `color`'s far side: 1 is the last rank ahead of `color`.
fn relative_rank(sq: Square, color: Color) -> u8 {
    match color {
        Color::Black => sq.rank().get(),
        Color::White => 10 - sq.rank().get(),
    }
}

/// Whether `sq` lies in `color`'s promotion zone (relative ranks 1 to 3).
fn in_zone(sq: Square, color: Color) -> bool {
    relative_rank(sq, color) <= 3
}

/// Whether an unpromoted `kind` of `color` on `sq` could never move again.
fn is_dead(kind: PieceKind, color: Color, sq: Square) -> bool {
    match kind {
        PieceKind::Pawn | PieceKind::Lance => relative_rank(sq, color) == 1,
        PieceKind::Knight => relative_rank(sq, color) <= 2,
        _ => false,
    }
}

/// The squares `piece` standing on `from` reaches: single steps, and slides up to and including
/// the first occupied square. Whose piece stands on a reached square is not looked at.
fn reach(setup: &Setup, from: Square, piece: Piece) -> Vec<Square> {
    let (steps, slides) = movement(piece.kind);
    let mut out = Vec::new();
    for &dir in steps {
        if let Some(to) = shift(from, piece.color, dir) {
            out.push(to);
        }
    }
    for &dir in slides {
        let mut sq = from;
        while let Some(to) = shift(sq, piece.color, dir) {
            out.push(to);
            if setup.piece_at(to).is_some() {
                break;
            }
            sq = to;
        }
    }
    out
}

/// Whether a piece of `us` may end its move on `to`: the square is empty, or holds an
/// unprotected opponent piece.
fn can_land(setup: &Setup, protected: &Protected, us: Color, to: Square) -> bool {
    match setup.piece_at(to) {
        None => true,
        Some(p) => p.color != us && !protected[to.index()],
    }
}

/// Whether `color` has an unpromoted pawn on the file of `sq`.
fn has_pawn_on_file(setup: &Setup, color: Color, sq: Square) -> bool {
    Square::ALL
        .into_iter()
        .filter(|s| s.file() == sq.file())
        .any(|s| setup.piece_at(s) == Some(Piece::new(color, PieceKind::Pawn)))
}

/// Every move of the side to move that obeys the movement, promotion, dead-piece and nifu
/// rules, whether or not it leaves its own king capturable.
pub fn pseudo_legal_moves(setup: &Setup, protected: &Protected) -> Vec<Move> {
    let us = setup.side_to_move;
    let mut moves = Vec::new();
    for from in Square::ALL {
        let Some(piece) = setup.piece_at(from) else {
            continue;
        };
        if piece.color != us {
            continue;
        }
        for to in reach(setup, from, piece) {
            if !can_land(setup, protected, us, to) {
                continue;
            }
            if piece.kind.can_promote() && (in_zone(from, us) || in_zone(to, us)) {
                moves.push(Move::Normal {
                    from,
                    to,
                    promote: true,
                });
            }
            if !is_dead(piece.kind, us, to) {
                moves.push(Move::Normal {
                    from,
                    to,
                    promote: false,
                });
            }
        }
    }
    for kind in PieceKind::HAND_KINDS {
        if !setup.hands[us].has(kind) {
            continue;
        }
        for to in Square::ALL {
            if setup.piece_at(to).is_some() || is_dead(kind, us, to) {
                continue;
            }
            if kind == PieceKind::Pawn && has_pawn_on_file(setup, us, to) {
                continue;
            }
            moves.push(Move::Drop { kind, to });
        }
    }
    moves
}

/// Whether some piece of `color`'s opponent could capture a king of `color` on the next move.
/// A side without a king (a mate-problem setup) is never in check.
pub fn king_capturable(setup: &Setup, protected: &Protected, color: Color) -> bool {
    let king = Some(Piece::new(color, PieceKind::King));
    Square::ALL
        .into_iter()
        .any(|from| match setup.piece_at(from) {
            Some(attacker) if attacker.color != color => reach(setup, from, attacker)
                .into_iter()
                .any(|to| setup.piece_at(to) == king && !protected[to.index()]),
            _ => false,
        })
}

/// Whether the side to move is in check.
pub fn in_check(setup: &Setup) -> bool {
    in_check_protected(setup, &NO_PROTECTION)
}

/// Whether the side to move is in check, with protected squares.
pub fn in_check_protected(setup: &Setup, protected: &Protected) -> bool {
    king_capturable(setup, protected, setup.side_to_move)
}

/// The legal moves of the side to move in standard shogi, in no particular order.
pub fn legal_moves(setup: &Setup) -> Vec<Move> {
    legal_moves_protected(setup, &NO_PROTECTION)
}

/// The legal moves of the side to move when the pieces on `protected` squares may not be
/// captured, in no particular order.
pub fn legal_moves_protected(setup: &Setup, protected: &Protected) -> Vec<Move> {
    let us = setup.side_to_move;
    pseudo_legal_moves(setup, protected)
        .into_iter()
        .filter(|&m| {
            let (after, after_protected) = play_protected(setup, protected, m);
            if king_capturable(&after, &after_protected, us) {
                return false;
            }
            let pawn_drop = matches!(
                m,
                Move::Drop {
                    kind: PieceKind::Pawn,
                    ..
                }
            );
            let mates = pawn_drop
                && king_capturable(&after, &after_protected, !us)
                && legal_moves_protected(&after, &after_protected).is_empty();
            !mates
        })
        .collect()
}

/// Plays `m` on a copy of `setup` (standard shogi) and returns the copy.
///
/// # Panics
/// If the move does not fit the setup (see [`play_protected`]); legality is not checked.
pub fn play(setup: &Setup, m: Move) -> Setup {
    play_protected(setup, &NO_PROTECTION, m).0
}

/// Plays `m` on a copy of `setup` and of its protected squares and returns both copies.
///
/// A captured piece goes to the mover's hand unpromoted; the move number grows by one.
///
/// # Panics
/// If the origin square is empty, the kind cannot promote, the dropped kind is not in hand, or
/// the move captures a king or a protected piece. Legality is not checked otherwise.
pub fn play_protected(setup: &Setup, protected: &Protected, m: Move) -> (Setup, Protected) {
    let us = setup.side_to_move;
    let mut next = setup.clone();
    let mut next_protected = *protected;
    match m {
        Move::Normal { from, to, promote } => {
            let piece = next
                .set_piece(from, None)
                .expect("play: the origin square is empty");
            let kind = if promote {
                piece
                    .kind
                    .promote()
                    .expect("play: this kind cannot promote")
            } else {
                piece.kind
            };
            if let Some(captured) = next.set_piece(to, Some(Piece::new(us, kind))) {
                assert!(
                    !protected[to.index()],
                    "play: {m} captures a protected piece"
                );
                let hand = next.hands[us].checked_add(captured.kind.unpromote());
                next.hands[us] = hand.expect("play: a king cannot be captured");
            }
            next_protected[to.index()] = protected[from.index()] && !promote;
            next_protected[from.index()] = false;
        }
        Move::Drop { kind, to } => {
            let hand = next.hands[us].checked_remove(kind);
            next.hands[us] = hand.expect("play: the dropped kind is not in hand");
            assert!(
                next.set_piece(to, Some(Piece::new(us, kind))).is_none(),
                "play: {m} drops on a piece"
            );
            next_protected[to.index()] = false;
        }
    }
    next.side_to_move = !us;
    next.move_number = next.move_number.saturating_add(1);
    (next, next_protected)
}

/// The number of legal move sequences of length `depth` from `setup` (standard shogi).
pub fn perft(setup: &Setup, depth: u32) -> u64 {
    perft_protected(setup, &NO_PROTECTION, depth)
}

/// The number of legal move sequences of length `depth` from `setup` with protected squares.
pub fn perft_protected(setup: &Setup, protected: &Protected, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = legal_moves_protected(setup, protected);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .into_iter()
        .map(|m| {
            let (next, next_protected) = play_protected(setup, protected, m);
            perft_protected(&next, &next_protected, depth - 1)
        })
        .sum()
}
