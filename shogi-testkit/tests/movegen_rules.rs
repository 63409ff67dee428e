//! Rule boundary tests with hand-built positions (JSA match rules).
//!
//! Every expected move list, count and `IllegalMoveKind` below was worked out by hand from the
//! rules, not taken from a generator; each position is also run through the reference
//! generator of `shogi_testkit::reference` as a second, independent check of the hand count. The
//! uchifuzume positions are the table U1–U6 of pawn-drop mates (checked with tsshogi,
//! shogiops and cshogi) plus variations. The last section covers the protection hook with the
//! untakeable-silver cases of `docs/untakeable-silver.md` of the repository.

use shogi_movegen::{
    Fault, Faults, IllegalMove, IllegalMoveKind, Position, Standard, VariantHooks,
};
use shogi_testkit::walk::{self, SilverRules};
use shogi_testkit::{mv, position, reference, setup};
use shogi_types::{Bitboard, Color, Move, PieceKind, Square};

/// A position under rules that protect Black's unpromoted silvers, with all of them marked
/// protected.
fn protected_position(sfen: &str) -> Position<SilverRules> {
    Position::from_setup(walk::protect_black_silvers(setup(sfen))).expect("valid test position")
}

fn sorted_usi<'a>(moves: impl IntoIterator<Item = &'a Move>) -> Vec<String> {
    let mut out: Vec<String> = moves.into_iter().map(ToString::to_string).collect();
    out.sort();
    out
}

/// The reference generator's legal moves for `pos`.
fn reference_moves<R: VariantHooks>(pos: &Position<R>) -> Vec<Move> {
    let protected = reference::protected_array(pos.protected());
    reference::legal_moves_protected(&pos.to_setup(), &protected)
}

/// Asserts that the legal moves of `pos` are exactly `expected` (USI, any order).
fn assert_moves<R: VariantHooks>(pos: &Position<R>, expected: &[&str]) {
    let mut expected: Vec<String> = expected.iter().map(ToString::to_string).collect();
    expected.sort();
    assert_eq!(sorted_usi(&pos.legal_moves()), expected, "{pos:?}");
    assert_eq!(pos.count_legal_moves(), expected.len() as u64);
    assert_eq!(sorted_usi(&reference_moves(pos)), expected, "reference");
}

/// Asserts that `pos` has exactly `n` legal moves.
fn assert_count<R: VariantHooks>(pos: &Position<R>, n: usize) {
    assert_eq!(pos.legal_moves().len(), n, "{pos:?}");
    assert_eq!(pos.count_legal_moves(), n as u64);
    assert_eq!(reference_moves(pos).len(), n, "reference");
}

/// Asserts that `usi` is legal in `pos` and returns the position after it.
fn assert_legal<R: VariantHooks>(pos: &Position<R>, usi: &str) -> Position<R> {
    let m = mv(usi);
    assert!(pos.is_legal(m), "{usi} should be legal in {pos:?}");
    assert!(pos.legal_moves().contains(&m));
    assert!(reference_moves(pos).contains(&m), "reference: {usi}");
    let mut after = *pos;
    after.play(m).expect("legal move");
    after
}

/// Asserts that `m` is illegal in `pos` for the reason `kind`, and that `play` leaves the
/// position unchanged.
fn assert_illegal_move<R: VariantHooks>(pos: &Position<R>, m: Move, kind: IllegalMoveKind) {
    assert!(!pos.is_legal(m), "{m} should be illegal in {pos:?}");
    assert!(!pos.legal_moves().contains(&m));
    assert!(!reference_moves(pos).contains(&m), "reference: {m}");
    let mut after = *pos;
    assert_eq!(after.play(m), Err(IllegalMove { mv: m, kind }), "{m}");
    assert_eq!(&after, pos);
    assert_eq!(after.to_setup(), pos.to_setup());
    assert_eq!(after.zobrist(), pos.zobrist());
}

fn assert_illegal<R: VariantHooks>(pos: &Position<R>, usi: &str, kind: IllegalMoveKind) {
    assert_illegal_move(pos, mv(usi), kind);
}

/// Asserts that the side to move is checkmated.
fn assert_mated<R: VariantHooks>(pos: &Position<R>) {
    assert!(pos.is_check(), "{pos:?}");
    assert_moves(pos, &[]);
}

fn squares(list: &[Square]) -> Bitboard {
    list.iter().copied().collect()
}

// ---------------------------------------------------------------------------------------------
// Uchifuzume (打ち歩詰め)

/// U1: the king on 1a has no flight (2a holds its knight, the gold on 2c covers 2b) and cannot
/// take the pawn the gold guards: P*1b mates and is refused. Black's moves: king 9i (3), gold
/// 2c (6), pawn drops on the 70 empty squares off rank 1 minus 1b (69) = 78.
#[test]
fn uchifuzume_without_escape_is_refused() {
    let pos = position("7nk/9/7G1/9/9/9/9/9/K8 b P 1");
    assert_illegal(&pos, "P*1b", IllegalMoveKind::DropPawnMate);
    assert_count(&pos, 78);
    assert_eq!(pos.legal_drops(PieceKind::Pawn).count(), 69);
    assert!(!pos.legal_drops(PieceKind::Pawn).has(Square::SQ_1B));
    // The drop would really mate: White would have no reply.
    let after = Position::<Standard>::from_setup(reference::play(&pos.to_setup(), mv("P*1b")))
        .expect("valid");
    assert_mated(&after);
}

/// The same without the knight: 2a is a flight square, so P*1b is only a check. 79 moves.
#[test]
fn uchifuzume_with_escape_square_is_legal() {
    let pos = position("8k/9/7G1/9/9/9/9/9/K8 b P 1");
    let after = assert_legal(&pos, "P*1b");
    assert_count(&pos, 79);
    assert!(after.is_check());
    assert_moves(&after, &["1a2a"]);
}

/// U4: the pawn is not guarded, so the king takes it (or steps to 2b). Black's moves: king (3)
/// and 71 pawn drops.
#[test]
fn uchifuzume_king_can_take_the_pawn() {
    let pos = position("7nk/9/9/9/9/9/9/9/K8 b P 1");
    let after = assert_legal(&pos, "P*1b");
    assert_count(&pos, 74);
    assert_moves(&after, &["1a1b", "1a2b"]);
}

/// U2b: the gold on 2b takes the pawn, so the drop is legal; it is White's only reply.
#[test]
fn uchifuzume_defender_can_take_the_pawn() {
    let pos = position("7nk/7g1/7G1/9/9/9/9/9/K8 b P 1");
    let after = assert_legal(&pos, "P*1b");
    assert_moves(&after, &["2b1b"]);
}

/// U2: the only defender (gold 2b) is pinned by the bishop on 4d, so the drop mates.
#[test]
fn uchifuzume_pinned_defender_cannot_take() {
    let pos = position("7nk/7g1/7G1/5B3/9/9/9/9/K8 b P 1");
    assert_illegal(&pos, "P*1b", IllegalMoveKind::DropPawnMate);
    let after = Position::<Standard>::from_setup(reference::play(&pos.to_setup(), mv("P*1b")))
        .expect("valid");
    assert_eq!(after.pinned(), squares(&[Square::SQ_2B]));
    assert_mated(&after);
}

/// U3 (and the same with a rook): the defender on 5c stands on the king's file, "pinned" by
/// the lance or rook on 5d behind it before the drop. After the drop the pawn on 5b shields the
/// king, the defender is no longer pinned, and its capture stays on the file anyway: the drop
/// is legal and 5c5b is White's only reply (6b and 4b are covered by the gold and the silver).
#[test]
fn uchifuzume_defender_on_the_file_behind_the_pawn() {
    for sfen in [
        "3nkn3/9/2G1rS3/4L4/9/9/9/9/K8 b P 1",
        "3nkn3/9/2G1rS3/4R4/9/9/9/9/K8 b P 1",
    ] {
        // With White to move, the defender on 5c is pinned by the piece on 5d.
        assert_eq!(
            position(&sfen.replace(" b ", " w ")).pinned(),
            squares(&[Square::SQ_5C])
        );
        let pos = position(sfen);
        let after = assert_legal(&pos, "P*5b");
        assert_moves(&after, &["5c5b"]);
    }
}

/// U5: the pawn blocks Black's own rook on 1b, which opens 6b: legal, the king flees there.
/// U5b: a gold on 7c covers 6b as well: the drop mates and is refused.
#[test]
fn uchifuzume_pawn_blocks_own_rook() {
    let pos = position("3nkn3/8R/5S3/9/9/9/9/9/K8 b P 1");
    let after = assert_legal(&pos, "P*5b");
    assert_moves(&after, &["5a6b"]);

    let pos = position("3nkn3/8R/2G2S3/9/9/9/9/9/K8 b P 1");
    assert_illegal(&pos, "P*5b", IllegalMoveKind::DropPawnMate);
}

/// U6: the only guard of the pawn, the silver on 4c, is itself pinned to Black's king by the
/// rook on 4a; a pinned piece still attacks, so the king cannot take the pawn and the drop
/// mates.
#[test]
fn uchifuzume_pinned_guard_still_guards() {
    let pos = position("3nkr3/9/2G2S3/9/9/9/9/9/5K3 b P 1");
    assert_illegal(&pos, "P*5b", IllegalMoveKind::DropPawnMate);
}

/// U1b: pushing a pawn to mate (突き歩詰め) is legal, with or without promotion.
#[test]
fn pawn_push_mate_is_legal() {
    let pos = position("7nk/9/7GP/9/9/9/9/9/K8 b - 1");
    assert_mated(&assert_legal(&pos, "1c1b"));
    assert_mated(&assert_legal(&pos, "1c1b+"));
}

/// Dropping a lance or a gold to mate is legal; only pawn drops are restricted.
#[test]
fn non_pawn_drop_mate_is_legal() {
    assert_mated(&assert_legal(
        &position("7nk/9/7G1/9/9/9/9/9/K8 b L 1"),
        "L*1b",
    ));
    assert_mated(&assert_legal(
        &position("7nk/9/7G1/9/9/9/9/9/K8 b G 1"),
        "G*1b",
    ));
}

// ---------------------------------------------------------------------------------------------
// Nifu (二歩) and dead drops

/// A tokin on a file does not stop a pawn drop there; an unpromoted pawn of the mover does; an
/// opponent's pawn does not. Pawn drops: 78 empty squares, 8 of them on rank 1, so 70; with
/// Black's own pawn on 5e the 6 other squares of file 5 go too.
#[test]
fn tokin_is_not_nifu_but_a_pawn_is() {
    let tokin = position("4k4/9/9/9/4+P4/9/9/9/4K4 b P 1");
    assert_legal(&tokin, "P*5f");
    assert_legal(&tokin, "P*5b"); // a check, not mate: the king has four flights
    assert_eq!(tokin.legal_drops(PieceKind::Pawn).count(), 70);

    let pawn = position("4k4/9/9/9/4P4/9/9/9/4K4 b P 1");
    assert_illegal(&pawn, "P*5f", IllegalMoveKind::TwoPawns);
    assert_illegal(&pawn, "P*5b", IllegalMoveKind::TwoPawns);
    assert_legal(&pawn, "P*4f");
    assert_eq!(pawn.legal_drops(PieceKind::Pawn).count(), 64);

    let theirs = position("4k4/9/9/9/4p4/9/9/9/4K4 b P 1");
    assert_legal(&theirs, "P*5g");
    assert_eq!(theirs.legal_drops(PieceKind::Pawn).count(), 70);

    // White: a white pawn on file 5 stops White's drops there, a black one does not.
    let white = position("4k4/9/9/9/4p4/9/9/9/4K4 w p 1");
    assert_illegal(&white, "P*5d", IllegalMoveKind::TwoPawns);
    let white = position("4k4/9/9/9/4P4/9/9/9/4K4 w p 1");
    assert_legal(&white, "P*5d");
}

/// A composed problem may hold two pawns of one colour on a file
/// ([`PositionError::ignore_problem_faults`](shogi_movegen::PositionError::ignore_problem_faults)): a
/// pawn drop is refused exactly on the files that hold an unpromoted pawn of the dropper,
/// whatever their number. Here Black has pawns on 1h and 1i: file 1 is closed, every other
/// file open. 81 squares, 4 taken, 8 more empty on rank 1, 6 more on file 1: 63 drops.
#[test]
fn nifu_files_in_composed_problems() {
    let composed = Position::<Standard>::from_setup(setup("4k4/9/9/9/9/9/9/8P/4K3P b P 1"))
        .expect_err("two pawns on file 1")
        .ignore_problem_faults()
        .expect("a composed problem");
    assert_legal(&composed, "P*2e");
    assert_legal(&composed, "P*2h");
    assert_illegal(&composed, "P*1e", IllegalMoveKind::TwoPawns);
    assert_illegal(&composed, "P*1b", IllegalMoveKind::TwoPawns);
    assert_eq!(composed.legal_drops(PieceKind::Pawn).count(), 63);

    // Three pawns on file 9 and two on file 5, for White.
    let composed = Position::<Standard>::from_setup(setup("p3k4/p8/p8/9/4p4/4p4/9/9/4K4 w p 1"))
        .expect_err("three pawns on file 9")
        .ignore_problem_faults()
        .expect("a composed problem");
    for file in 1..=9u8 {
        let drop = format!("P*{file}h");
        if file == 9 || file == 5 {
            assert_illegal(&composed, &drop, IllegalMoveKind::TwoPawns);
        } else {
            assert_legal(&composed, &drop);
        }
    }
    // 81 squares, 7 taken, 8 more empty on White's last rank 9: 66; the empty squares of
    // files 9 (9d to 9h) and 5 (5b to 5d, 5g, 5h) above rank 9 go too: 56.
    assert_eq!(composed.legal_drops(PieceKind::Pawn).count(), 56);
}

/// Pawns and lances cannot be dropped on the last rank, knights on the last two.
#[test]
fn dead_drops_are_refused() {
    let pos = position("4k4/9/9/9/9/9/9/9/4K4 b PLN 1");
    assert_illegal(&pos, "P*1a", IllegalMoveKind::StuckPiece);
    assert_illegal(&pos, "L*1a", IllegalMoveKind::StuckPiece);
    assert_illegal(&pos, "N*1a", IllegalMoveKind::StuckPiece);
    assert_illegal(&pos, "N*1b", IllegalMoveKind::StuckPiece);
    assert_legal(&pos, "P*1b");
    assert_legal(&pos, "L*1b");
    assert_legal(&pos, "N*1c");
    // 79 empty squares; 8 on rank 1 and 9 on rank 2.
    assert_eq!(pos.legal_drops(PieceKind::Pawn).count(), 71);
    assert_eq!(pos.legal_drops(PieceKind::Lance).count(), 71);
    assert_eq!(pos.legal_drops(PieceKind::Knight).count(), 62);
    // King moves (5) + 71 + 71 + 62.
    assert_count(&pos, 209);

    let pos = position("4k4/9/9/9/9/9/9/9/4K4 w pln 1");
    assert_illegal(&pos, "P*9i", IllegalMoveKind::StuckPiece);
    assert_illegal(&pos, "L*9i", IllegalMoveKind::StuckPiece);
    assert_illegal(&pos, "N*9i", IllegalMoveKind::StuckPiece);
    assert_illegal(&pos, "N*9h", IllegalMoveKind::StuckPiece);
    assert_legal(&pos, "N*9g");
    assert_eq!(pos.legal_drops(PieceKind::Knight).count(), 62);
}

// ---------------------------------------------------------------------------------------------
// Promotion

/// Pawn 2b, lance 1c and knight 8d must promote where they could not move again; elsewhere in
/// the zone promotion is optional.
#[test]
fn forced_promotion() {
    let pos = position("4k4/7P1/8L/1N7/9/9/9/9/4K4 b - 1");
    assert_moves(
        &pos,
        &[
            "2b2a+", "1c1b", "1c1b+", "1c1a+", "8d7b+", "8d9b+", "5i4h", "5i5h", "5i6h", "5i4i",
            "5i6i",
        ],
    );
    assert_illegal(&pos, "2b2a", IllegalMoveKind::StuckPiece);
    assert_illegal(&pos, "1c1a", IllegalMoveKind::StuckPiece);
    assert_illegal(&pos, "8d7b", IllegalMoveKind::StuckPiece);
    assert_illegal(&pos, "8d9b", IllegalMoveKind::StuckPiece);

    // The same for White, rotated.
    let pos = Position::<Standard>::from_setup(pos.to_setup().flipped()).expect("valid");
    assert_illegal(&pos, "8h8i", IllegalMoveKind::StuckPiece);
    assert_illegal(&pos, "9g9i", IllegalMoveKind::StuckPiece);
    assert_illegal(&pos, "2f3h", IllegalMoveKind::StuckPiece);
    assert_legal(&pos, "8h8i+");
    assert_legal(&pos, "9g9h");
    assert_count(&pos, 11);
}

/// Promotion is optional when a move enters, leaves or stays in the zone; impossible outside
/// it, for golds, kings and promoted pieces.
#[test]
fn optional_promotion_and_bad_promotion() {
    // Silver 6d enters the zone on 6c, 7c, 5c (promotion optional: 6 moves), retreats to 7e
    // and 5e (no promotion: 2 moves); the king has 5 moves.
    let enter = position("4k4/9/9/3S5/9/9/9/9/4K4 b - 1");
    assert_moves(
        &enter,
        &[
            "6d6c", "6d6c+", "6d7c", "6d7c+", "6d5c", "6d5c+", "6d7e", "6d5e", "5i4h", "5i5h",
            "5i6h", "5i4i", "5i6i",
        ],
    );
    assert_illegal(&enter, "6d7e+", IllegalMoveKind::BadPromotion);
    assert_illegal(&enter, "5i5h+", IllegalMoveKind::BadPromotion);

    // Silver 6c, already in the zone, may promote with every move, also leaving it.
    let leave = position("4k4/9/3S5/9/9/9/9/9/4K4 b - 1");
    assert_count(&leave, 15);
    assert_legal(&leave, "6c7d+");
    assert_legal(&leave, "6c7d");

    // Golds, promoted pieces and kings never promote; pawns outside the zone cannot.
    let pos = position("4k4/9/3G1+P3/9/9/9/4P4/9/4K4 b - 1");
    assert_illegal(&pos, "6c6b+", IllegalMoveKind::BadPromotion);
    assert_illegal(&pos, "4c4b+", IllegalMoveKind::BadPromotion);
    assert_illegal(&pos, "5g5f+", IllegalMoveKind::BadPromotion);
    assert_illegal(&pos, "5i4i+", IllegalMoveKind::BadPromotion);
    assert_legal(&pos, "5g5f");
}

// ---------------------------------------------------------------------------------------------
// Checks and pins

/// The gold on 5h is pinned by the rook on 5a: it may only move along the file.
#[test]
fn pinned_piece_stays_on_its_line() {
    let pos = position("4r3k/9/9/9/9/9/9/4G4/4K4 b - 1");
    assert_eq!(pos.pinned(), squares(&[Square::SQ_5H]));
    assert_moves(&pos, &["5h5g", "5i4h", "5i4i", "5i6h", "5i6i"]);
    assert_illegal(&pos, "5h4g", IllegalMoveKind::LeavesKingInCheck);
    assert_illegal(&pos, "5h6h", IllegalMoveKind::LeavesKingInCheck);
    assert_eq!(pos.legal_moves_from(Square::SQ_5H).len(), 1);
}

/// The king may not step onto a square the rook on 6h attacks; it may take the rook.
#[test]
fn king_may_not_move_into_check() {
    let pos = position("4k4/9/9/9/9/9/9/3r5/4K4 b - 1");
    assert!(!pos.is_check());
    assert_moves(&pos, &["5i6h", "5i4i"]);
    assert_illegal(&pos, "5i5h", IllegalMoveKind::LeavesKingInCheck);
    assert_illegal(&pos, "5i4h", IllegalMoveKind::LeavesKingInCheck);
    assert_illegal(&pos, "5i6i", IllegalMoveKind::LeavesKingInCheck);
}

/// Checked along rank i by the rook on 9i, the king cannot retreat along the line (4i is still
/// attacked through the king's own square).
#[test]
fn king_may_not_retreat_along_the_checking_line() {
    let pos = position("4k4/9/9/9/9/9/9/9/r3K4 b - 1");
    assert_eq!(pos.checkers(), squares(&[Square::SQ_9I]));
    assert_moves(&pos, &["5i4h", "5i5h", "5i6h"]);
    assert_illegal(&pos, "5i4i", IllegalMoveKind::LeavesKingInCheck);
}

/// A single check by the rook on 5e: the king steps aside (5h stays attacked) or a gold drop
/// blocks on 5f, 5g or 5h; any other drop ignores the check.
#[test]
fn single_check_evasions() {
    let pos = position("4k4/9/9/9/4r4/9/9/9/4K4 b G 1");
    assert_moves(
        &pos,
        &["5i4h", "5i6h", "5i4i", "5i6i", "G*5f", "G*5g", "G*5h"],
    );
    assert_illegal(&pos, "G*1a", IllegalMoveKind::LeavesKingInCheck);
    assert_illegal(&pos, "5i5h", IllegalMoveKind::LeavesKingInCheck);
}

/// Double check by the rook on 5c and the knight on 4g: only king moves, no block, no drop.
#[test]
fn double_check_allows_only_king_moves() {
    let pos = position("8k/9/4r4/9/9/9/5n3/3G5/4K4 b G 1");
    assert_eq!(pos.checkers(), squares(&[Square::SQ_5C, Square::SQ_4G]));
    assert_moves(&pos, &["5i4h", "5i4i", "5i6i"]);
    assert_illegal(&pos, "6h5h", IllegalMoveKind::LeavesKingInCheck);
    assert_illegal(&pos, "G*5h", IllegalMoveKind::LeavesKingInCheck);
    assert_illegal(&pos, "5i5h", IllegalMoveKind::LeavesKingInCheck);
    assert!(pos.legal_drop_moves().is_empty());
}

/// Every `IllegalMoveKind` that standard shogi can produce, at least once (`CaptureProtected`
/// needs protection: see `untakeable_silver_capture_is_refused`).
#[test]
fn every_illegal_move_kind() {
    use IllegalMoveKind::*;
    let start = Position::default();
    let cases: [(Move, IllegalMoveKind); 10] = [
        (mv("5e5d"), NoSuchPiece),
        (mv("3c3d"), NotYourPiece),
        (mv("7g7e"), CannotReach),
        (mv("8h3c"), CannotReach), // blocked by the pawn on 7g
        (mv("2h2c"), CannotReach), // blocked by the pawn on 2g
        (mv("8h7g"), CaptureOwnPiece),
        (mv("7g7f+"), BadPromotion),
        (mv("P*5e"), NotInHand),
        (
            Move::Drop {
                kind: PieceKind::King,
                to: Square::SQ_5E,
            },
            NotInHand,
        ),
        (
            Move::Drop {
                kind: PieceKind::ProPawn,
                to: Square::SQ_5E,
            },
            NotInHand,
        ),
    ];
    let mut seen = Vec::new();
    for (m, kind) in cases {
        assert_illegal_move(&start, m, kind);
        seen.push(kind);
    }

    let hand = position("4k4/9/9/9/4P4/9/9/9/4K4 b GP 1");
    assert_illegal(&hand, "G*5i", Occupied);
    assert_illegal(&hand, "G*5a", Occupied);
    assert_illegal(&hand, "P*5c", TwoPawns);
    assert_illegal(&position("4k4/9/9/9/9/9/9/9/4K4 b N 1"), "N*5b", StuckPiece);
    assert_illegal(
        &position("4k4/7P1/9/9/9/9/9/9/4K4 b - 1"),
        "2b2a",
        StuckPiece,
    );
    assert_illegal(
        &position("7nk/9/7G1/9/9/9/9/9/K8 b P 1"),
        "P*1b",
        DropPawnMate,
    );
    assert_illegal(
        &position("4k4/9/9/9/9/9/9/3r5/4K4 b - 1"),
        "5i5h",
        LeavesKingInCheck,
    );
    seen.extend([
        Occupied,
        TwoPawns,
        StuckPiece,
        DropPawnMate,
        LeavesKingInCheck,
    ]);

    for kind in [
        NoSuchPiece,
        NotYourPiece,
        CannotReach,
        CaptureOwnPiece,
        BadPromotion,
        StuckPiece,
        NotInHand,
        Occupied,
        TwoPawns,
        DropPawnMate,
        LeavesKingInCheck,
    ] {
        assert!(seen.contains(&kind), "{kind:?} not produced");
    }
}

// ---------------------------------------------------------------------------------------------
// Setup validation (STYLE §4)

fn faults(sfen: &str) -> Faults {
    match Position::<Standard>::from_setup(setup(sfen)) {
        Ok(_) => Faults::NONE,
        Err(e) => e.faults(),
    }
}

fn fault_set(list: &[Fault]) -> Faults {
    list.iter().fold(Faults::NONE, |f, &x| f.with(x))
}

#[test]
fn fault_no_kings() {
    assert_eq!(
        faults("9/9/9/9/9/9/9/9/9 b - 1"),
        fault_set(&[Fault::MissingKing])
    );
    assert_eq!(
        faults("9/9/9/9/9/9/9/9/4K4 b - 1"),
        fault_set(&[Fault::MissingKing])
    );
}

/// Two black kings: too many kings, and (3 kings > 2 in a set) too much material.
#[test]
fn fault_two_black_kings() {
    assert_eq!(
        faults("4k4/9/9/9/9/9/9/9/3KK4 b - 1"),
        fault_set(&[Fault::TooManyKings, Fault::TooMuchMaterial])
    );
    assert!(faults("3kk4/9/9/9/9/9/9/9/4K4 b - 1").contains(Fault::TooManyKings));
}

#[test]
fn fault_nifu() {
    assert_eq!(
        faults("4k4/9/9/9/4P4/9/4P4/9/4K4 b - 1"),
        fault_set(&[Fault::TwoPawns])
    );
    assert_eq!(
        faults("4k4/9/4p4/9/4p4/9/9/9/4K4 b - 1"),
        fault_set(&[Fault::TwoPawns])
    );
    // A tokin and a pawn, or pawns of both colours, on one file are fine.
    assert_eq!(faults("4k4/9/9/9/4+P4/9/4P4/9/4K4 b - 1"), Faults::NONE);
    assert_eq!(faults("4k4/9/4p4/9/9/9/4P4/9/4K4 b - 1"), Faults::NONE);
}

#[test]
fn fault_stuck_pieces() {
    for sfen in [
        "P3k4/9/9/9/9/9/9/9/4K4 b - 1",
        "L3k4/9/9/9/9/9/9/9/4K4 b - 1",
        "N3k4/9/9/9/9/9/9/9/4K4 b - 1",
        "4k4/N8/9/9/9/9/9/9/4K4 b - 1",
        "4k4/9/9/9/9/9/9/9/p3K4 b - 1",
        "4k4/9/9/9/9/9/9/9/l3K4 b - 1",
        "4k4/9/9/9/9/9/9/n8/4K4 b - 1",
    ] {
        assert_eq!(faults(sfen), fault_set(&[Fault::StuckPiece]), "{sfen}");
    }
    // Promoted pieces and knights on the third rank are fine.
    assert_eq!(faults("+P3k4/+N8/N8/9/9/9/9/9/4K4 b - 1"), Faults::NONE);
}

#[test]
fn fault_side_not_to_move_in_check() {
    assert_eq!(
        faults("4k4/4R4/9/9/9/9/9/9/4K4 b - 1"),
        fault_set(&[Fault::OpponentInCheck])
    );
    // The side to move may be in check.
    assert_eq!(faults("4k4/4R4/9/9/9/9/9/9/4K4 w - 1"), Faults::NONE);
}

/// Too much material is soft: `ignore` waives it, and the generator is exact anyway.
#[test]
fn fault_too_much_material_is_soft() {
    let err = Position::<Standard>::from_setup(setup("4k4/9/9/9/9/9/9/9/4K4 b 3R 1"))
        .expect_err("three rooks");
    assert_eq!(err.faults(), fault_set(&[Fault::TooMuchMaterial]));
    let pos = err.clone().ignore(Fault::TooMuchMaterial).expect("soft");
    assert_eq!(pos.to_setup(), setup("4k4/9/9/9/9/9/9/9/4K4 b 3R 1"));
    // King (5) + rook drops on the 79 empty squares.
    assert_count(&pos, 84);
    assert!(err.clone().ignore_soft().is_ok());
    // Waiving an unrelated fault changes nothing.
    assert_eq!(
        err.ignore(Fault::MissingAttackerKing)
            .expect_err("still faulty")
            .faults(),
        fault_set(&[Fault::TooMuchMaterial])
    );
    assert!(faults("4k4/9/9/9/9/9/9/9/4K4 b 19P 1").contains(Fault::TooMuchMaterial));
    assert_eq!(faults("4k4/9/9/9/9/9/9/9/4K4 b 18P 1"), Faults::NONE);
}

/// A mate problem with only White's king needs the explicit opt-in; then the attacker plays
/// without a king (STYLE §8: 72 moves, 355 at depth 2).
#[test]
fn fault_single_king_mate_problem_is_soft() {
    let err = Position::<Standard>::from_setup(setup("4k4/9/9/9/9/9/9/9/9 b 16P 1"))
        .expect_err("no black king");
    assert_eq!(err.faults(), fault_set(&[Fault::MissingAttackerKing]));
    let pos = err.ignore(Fault::MissingAttackerKing).expect("soft");
    assert_eq!(pos.king(Color::Black), None);
    assert_count(&pos, 72);
    assert_eq!(pos.perft(2), 355);
    assert_eq!(reference::perft(&pos.to_setup(), 2), 355);
}

/// Composed problems may line up pawns on a file and leave pieces that can never move; the
/// explicit `ignore_problem_faults` opt-in accepts them (not `ignore_soft`), and the generator agrees
/// with the reference generator on them.
#[test]
fn fault_composed_problems_are_played_exactly() {
    for (sfen, faults) in [
        // 九歩詰め: nine White pawns on file 2, one of them on rank 9.
        (
            "7pk/7p1/7p1/7p1/7p1/7p1/7p1/7p1/7p1 b 2R4L4s4n 1",
            &[
                Fault::TwoPawns,
                Fault::StuckPiece,
                Fault::MissingAttackerKing,
            ][..],
        ),
        // Two Black pawns on file 5, a stuck Black knight and lance, a king of each side.
        (
            "N3k3L/9/9/9/4P4/9/4P4/9/4K4 b P2p 1",
            &[Fault::TwoPawns, Fault::StuckPiece][..],
        ),
        // White to move with a stuck knight on rank 8 and two pawns on file 1.
        (
            "4k4/8p/9/9/9/8p/9/n8/4K4 w Pp 1",
            &[Fault::TwoPawns, Fault::StuckPiece][..],
        ),
    ] {
        let err = Position::<Standard>::from_setup(setup(sfen)).expect_err(sfen);
        assert_eq!(err.faults(), fault_set(faults), "{sfen}");
        assert!(err.clone().ignore_soft().is_err(), "{sfen}");
        let pos = err.ignore_problem_faults().expect(sfen);
        for depth in 1..=3 {
            assert_eq!(
                pos.perft(depth),
                reference::perft(&pos.to_setup(), depth),
                "{sfen} depth {depth}"
            );
        }
    }
    // Other faults stay.
    let err = Position::<Standard>::from_setup(setup("4k4/9/9/9/9/9/9/9/3KK4 b - 1"))
        .expect_err("two kings");
    assert_eq!(
        err.ignore_problem_faults().expect_err("hard").faults(),
        fault_set(&[Fault::TooManyKings])
    );
}

/// All faults are reported at once; soft ones can be waived, hard ones cannot.
#[test]
fn fault_all_at_once() {
    // No white king, a black pawn on rank 1, two black pawns on file 5, 20 pawns in all.
    let err = Position::<Standard>::from_setup(setup("P8/9/9/9/9/9/4P4/4P4/4K4 b 17P 1"))
        .expect_err("many faults");
    let hard = fault_set(&[Fault::MissingKing, Fault::TwoPawns, Fault::StuckPiece]);
    assert_eq!(err.faults(), hard.with(Fault::TooMuchMaterial));
    assert_eq!(err.to_string().matches("; ").count(), 3);
    for fault in [Fault::MissingKing, Fault::TwoPawns, Fault::StuckPiece] {
        assert_eq!(
            err.clone().ignore(fault).expect_err("hard").faults(),
            err.faults()
        );
    }
    assert_eq!(err.clone().ignore_soft().expect_err("hard").faults(), hard);

    // Two black kings, the side not to move in check, a stuck white knight, extra golds.
    let err = Position::<Standard>::from_setup(setup("4k4/4G4/9/9/9/9/9/n8/3KK4 b 4G 1"))
        .expect_err("many faults");
    assert_eq!(
        err.faults(),
        fault_set(&[
            Fault::TooManyKings,
            Fault::StuckPiece,
            Fault::OpponentInCheck,
            Fault::TooMuchMaterial,
        ])
    );
    assert_eq!(err.faults().iter().count(), 4);
}

// ---------------------------------------------------------------------------------------------
// The protection hook (untakeable silver, `docs/untakeable-silver.md` of the repository)

/// The king's only escape would be to take the silver on 1b: mated when the silver is
/// protected, not when it is an ordinary or a promoted silver.
#[test]
fn untakeable_silver_mates_a_king_that_could_only_take_it() {
    let sfen = "8k/8S/9/9/9/9/9/9/K6R1 w - 1";
    let protected = protected_position(sfen);
    assert_eq!(protected.protected(), squares(&[Square::SQ_1B]));
    assert_mated(&protected);
    assert_moves(&position(sfen), &["1a1b"]);
    assert_moves(
        &protected_position("8k/8+S/9/9/9/9/9/9/K6R1 w - 1"),
        &["1a1b"],
    );
}

/// No piece may take a protected silver: the rook on 4h may not take the silver on 5h.
#[test]
fn untakeable_silver_capture_is_refused() {
    let pos = protected_position("4k4/9/9/9/9/9/9/4Sr3/4K4 w - 1");
    assert_illegal(&pos, "4h5h", IllegalMoveKind::CaptureProtected);
    assert_legal(&pos, "4h4i+");
    assert_legal(&position("4k4/9/9/9/9/9/9/4Sr3/4K4 w - 1"), "4h5h");
}

/// Pawn-drop mate judged with protection in force: the silver on 2a guards the pawn and, being
/// protected, cannot be taken by the king, so P*1b mates and is refused; in standard shogi the
/// king takes the silver and the drop is legal.
#[test]
fn untakeable_silver_and_uchifuzume() {
    let sfen = "7Sk/4R4/9/9/9/9/9/9/K8 b P 1";
    let after = assert_legal(&position(sfen), "P*1b");
    assert_moves(&after, &["1a2a"]);
    assert_illegal(
        &protected_position(sfen),
        "P*1b",
        IllegalMoveKind::DropPawnMate,
    );
}

/// A protected silver pinned against its own king still may not leave the pin line.
#[test]
fn untakeable_silver_pinned() {
    let pos = protected_position("4r3k/9/9/9/9/9/9/4S4/4K4 b - 1");
    assert_eq!(pos.protected(), squares(&[Square::SQ_5H]));
    assert_moves(&pos, &["5h5g", "5i4h", "5i4i", "5i6h", "5i6i"]);
    assert_illegal(&pos, "5h4g", IllegalMoveKind::LeavesKingInCheck);
}

/// Protection moves with an unpromoted silver, is lost on promotion, and is part of the
/// position's identity.
#[test]
fn untakeable_silver_protection_follows_the_piece() {
    let pos = protected_position("4k4/9/9/4S4/9/9/9/9/4K4 b - 1");
    assert_eq!(pos.protected(), squares(&[Square::SQ_5D]));
    let kept = assert_legal(&pos, "5d5c");
    assert_eq!(kept.protected(), squares(&[Square::SQ_5C]));
    let lost = assert_legal(&pos, "5d5c+");
    assert_eq!(lost.protected(), Bitboard::EMPTY);

    let mut unmarked = pos.to_setup();
    assert_eq!(unmarked.protected, squares(&[Square::SQ_5D]));
    unmarked.protected = Bitboard::EMPTY;
    let plain = Position::<SilverRules>::from_setup(unmarked.clone()).expect("valid");
    assert_eq!(plain.protected(), Bitboard::EMPTY);
    assert_ne!(plain, pos);
    assert_ne!(plain.zobrist(), pos.zobrist());
    assert_eq!(plain.to_setup(), unmarked);

    // The marks travel with the position: to_setup and from_setup round-trip, before and
    // after a move.
    for p in [pos, kept, lost, plain] {
        let again = Position::<SilverRules>::from_setup(p.to_setup()).expect("round trip");
        assert_eq!(again, p);
        assert_eq!(again.protected(), p.protected());
        assert_eq!(again.zobrist(), p.zobrist());
    }
    assert_eq!(kept.to_string(), "4k4/9/4S!4/9/9/9/9/9/4K4 w - 2");
    assert_eq!(lost.to_string(), "4k4/9/4+S4/9/9/9/9/9/4K4 w - 2");
}

/// A setup marks its protected pieces (`!` in SFEN), and the SFEN of a position writes them
/// back: the text round-trips through a position of protecting rules.
#[test]
fn untakeable_silver_marks_round_trip_through_sfen() {
    for text in [
        "4k4/9/9/4S!4/9/9/9/9/4K4 b - 1",
        "8k/8S!/9/9/9/9/9/9/K6R1 w - 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS!GKGSNL b - 1",
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/9/1NS!1K1S!N1 b - 1",
        "4k4/9/9/9/9/9/9/3S!S4/4K4 b S2P 17",
    ] {
        let marked = setup(text);
        let pos = Position::<SilverRules>::from_setup(marked.clone()).expect(text);
        assert_eq!(pos.protected(), marked.protected, "{text}");
        assert_eq!(pos.to_string(), text);
        assert_eq!(pos.to_setup(), marked, "{text}");
        assert_eq!(pos.to_setup().to_string(), text);
        let mut written = String::new();
        pos.write_sfen(&mut written)
            .expect("a String takes any text");
        assert_eq!(written, text);
        let again: Position<SilverRules> =
            Position::from_setup(pos.to_string().parse().expect("sfen")).expect(text);
        assert_eq!(again, pos);
    }
    // Only the marked silver of 3h is protected here; the one on 4h is an ordinary piece.
    let pos = Position::<SilverRules>::from_setup(setup("4k4/9/9/9/9/9/9/4SS!3/4K4 b - 1"))
        .expect("valid");
    assert_eq!(pos.protected(), squares(&[Square::SQ_4H]));
    let pos = Position::<SilverRules>::from_setup(setup("4k4/9/9/9/9/9/9/4S!S3/4K4 b - 1"))
        .expect("valid");
    assert_eq!(pos.protected(), squares(&[Square::SQ_5H]));
    // Standard positions write no mark.
    assert_eq!(
        position("4k4/9/9/4S4/9/9/9/9/4K4 b - 1").to_string(),
        "4k4/9/9/4S4/9/9/9/9/4K4 b - 1"
    );
}

/// A mark is `Fault::BadProtection` when it is on an empty square or on a piece the rules
/// cannot protect (here anything but a black unpromoted silver), and any mark is under
/// standard rules. The other faults are still reported beside it.
#[test]
fn bad_protection_marks() {
    let base = setup("4k4/9/9/4S4/9/9/9/9/4K4 b - 1");
    let marked = |sqs: &[Square]| {
        let mut s = base.clone();
        s.protected = squares(sqs);
        s
    };
    for (sqs, why) in [
        (&[Square::SQ_5E][..], "an empty square"),
        (
            &[Square::SQ_5D, Square::SQ_5E][..],
            "a silver and an empty square",
        ),
        (&[Square::SQ_5A][..], "the white king"),
        (&[Square::SQ_5I][..], "the black king"),
    ] {
        let err = Position::<SilverRules>::from_setup(marked(sqs)).expect_err(why);
        assert_eq!(err.faults(), fault_set(&[Fault::BadProtection]), "{why}");
        assert!(!Fault::BadProtection.is_soft());
        assert!(err.ignore_soft().is_err(), "{why}: BadProtection is hard");
    }
    for (text, why) in [
        ("4k4/9/9/4+S!4/9/9/9/9/4K4 b - 1", "a promoted silver"),
        ("4k4/9/9/4s!4/9/9/9/9/4K4 b - 1", "a white silver"),
        ("4k4/9/9/4G!4/9/9/9/9/4K4 b - 1", "a black gold"),
        ("4k4/9/9/4P!4/9/9/9/9/4K4 b - 1", "a black pawn"),
    ] {
        let err = Position::<SilverRules>::from_setup(setup(text)).expect_err(why);
        assert_eq!(err.faults(), fault_set(&[Fault::BadProtection]), "{why}");
    }

    // Standard shogi protects nothing: the one mark that SilverRules accepts is a fault.
    let silver = marked(&[Square::SQ_5D]);
    assert!(Position::<SilverRules>::from_setup(silver.clone()).is_ok());
    let err = Position::<Standard>::from_setup(silver).expect_err("a mark under Standard");
    assert_eq!(err.faults(), fault_set(&[Fault::BadProtection]));
    let err = Position::<Standard>::from_setup(setup("4k4/9/9/4S!4/9/9/9/9/4K4 b - 1"))
        .expect_err("a mark under Standard");
    assert_eq!(err.faults(), fault_set(&[Fault::BadProtection]));
    let standard = Position::<Standard>::from_setup(base.clone()).expect("valid");
    assert_eq!(standard.protected(), Bitboard::EMPTY);
    assert_eq!(standard.to_setup(), base);

    // Reported with the other faults of the setup.
    let err = Position::<SilverRules>::from_setup(setup("4k4/4R4/9/4S!4/9/9/9/9/4K!4 b - 1"))
        .expect_err("two faults");
    assert_eq!(
        err.faults(),
        fault_set(&[Fault::OpponentInCheck, Fault::BadProtection])
    );
    let err = Position::<Standard>::from_setup(setup("4k4/9/9/9/9/9/9/4S!4/4K4 b 5S 1"))
        .expect_err("two faults");
    assert_eq!(
        err.faults(),
        fault_set(&[Fault::TooMuchMaterial, Fault::BadProtection])
    );
    assert!(err.ignore(Fault::TooMuchMaterial).is_err());
}
