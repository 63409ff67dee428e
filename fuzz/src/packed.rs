//! The check of the `packed_decode` target: the packed formats of `shogi_movegen::packed`.

use shogi_movegen::packed::{
    Hcp, Hcpe, Move16, Move16ErrorKind, PackedSfen, Psv, PsvMove16, UnpackError,
};
use shogi_movegen::{Position, Standard};
use shogi_types::{Move, PieceKind};

/// Pieces of one set and the length of their hand (and piece-box) codes, which is the same
/// in both formats: pawn, lance, knight, silver, gold, bishop, rook.
const SET: [(PieceKind, u32, u32); 7] = [
    (PieceKind::Pawn, 18, 3),
    (PieceKind::Lance, 4, 5),
    (PieceKind::Knight, 4, 5),
    (PieceKind::Silver, 4, 5),
    (PieceKind::Gold, 4, 5),
    (PieceKind::Bishop, 2, 7),
    (PieceKind::Rook, 2, 7),
];

/// The number of leading bits of the stream that hold the side, the kings and the board:
/// 256 minus the bits of the hand and piece-box codes, one per piece not on the board.
fn board_bits(pos: &Position) -> usize {
    let mut tail = 0;
    for (kind, set, len) in SET {
        let mut on_board = pos.pieces_of_kind(kind).count();
        if let Some(p) = kind.promote() {
            on_board += pos.pieces_of_kind(p).count();
        }
        tail += (set - on_board) * len;
    }
    256 - tail as usize
}

fn same_bits(a: &[u8; 32], b: &[u8; 32], n: usize) -> bool {
    (0..n).all(|i| (a[i / 8] ^ b[i / 8]) >> (i % 8) & 1 == 0)
}

/// Checks a decoded position: valid, key right, and its re-encoding `again` is a fixed point
/// that equals `input` bit for bit up to the end of the board codes (the hand and piece-box
/// codes after them may come in another order in the input; the decoded position shows they
/// hold the same pieces).
fn check_position(pos: &Position, input: &[u8; 32], again: [u8; 32], what: &str) {
    assert_eq!(
        Position::<Standard>::from_setup(pos.to_setup()).as_ref(),
        Ok(pos),
        "{what}: decoded position is not valid: {pos}"
    );
    assert_eq!(
        pos.zobrist(),
        shogi_movegen::testing::compute_hash(pos),
        "{what}: key of {pos}"
    );
    assert_eq!(pos.move_number().get(), 1, "{what}: move number of {pos}");
    let n = board_bits(pos);
    assert!(
        same_bits(input, &again, n),
        "{what}: re-encoding of {pos} differs in the first {n} bits"
    );
}

/// Checks a 16-bit move decoded in `pos`.
fn check_move(
    pos: &Position,
    decoded: Result<Move, shogi_movegen::packed::Move16Error>,
    bits: u16,
    psv: bool,
) {
    match decoded {
        Ok(m) => {
            assert!(
                pos.is_legal(m),
                "move16 {bits:#06x}: {m} is not legal in {pos}"
            );
            let again = if psv {
                PsvMove16::from_move(m).map(|x| x.to_bits())
            } else {
                Move16::from_move(m).map(|x| x.to_bits())
            };
            assert_eq!(
                again,
                Ok(bits),
                "move16 {bits:#06x}: {m} re-encodes differently"
            );
            let m16 = if psv {
                PsvMove16::from_bits(bits).to_move16()
            } else {
                Move16::from_bits(bits)
            };
            assert_eq!(
                m16.to_psv().to_move16(),
                m16,
                "move16 {bits:#06x}: psv conversion"
            );
        }
        Err(e) => {
            assert_eq!(e.bits, bits);
            if let Move16ErrorKind::Illegal { mv, .. } = e.kind {
                assert!(
                    !pos.is_legal(mv),
                    "move16 {bits:#06x}: {mv} refused but legal in {pos}"
                );
            }
        }
    }
}

/// `packed_decode`: bytes read as HCP, PackedSfen, HCPE, PSV and buffers of HCPE and PSV
/// records never panic; whatever decodes re-encodes to the same bytes (records: all but the
/// padding byte; positions: every bit up to the end of the board codes, see
/// [`check_position`]) and to the same position; a decoded move16 is legal and re-encodes to
/// the same bits, a refused one is not legal.
pub fn check_packed_decode(data: &[u8]) {
    let mut head = [0u8; 32];
    let n = data.len().min(32);
    head[..n].copy_from_slice(&data[..n]);
    if let Ok(pos) = Position::<Standard>::from_hcp(&Hcp::from_bytes(head)) {
        let again = pos.to_hcp().expect("a decoded position re-encodes");
        check_position(&pos, &head, again.to_bytes(), "hcp");
        assert_eq!(
            Position::from_hcp(&again).as_ref(),
            Ok(&pos),
            "hcp fixed point"
        );
        assert_eq!(
            Position::<Standard>::from_hcp(&again).map(|p| p.to_hcp()),
            Ok(Ok(again))
        );
    }
    if let Ok(pos) = Position::<Standard>::from_packed_sfen(&PackedSfen::from_bytes(head)) {
        let again = pos.to_packed_sfen().expect("a decoded position re-encodes");
        check_position(&pos, &head, again.to_bytes(), "psfen");
        assert_eq!(
            Position::from_packed_sfen(&again).as_ref(),
            Ok(&pos),
            "psfen fixed point"
        );
    }
    if let Ok(setup) = Hcp::from_bytes(head).to_setup() {
        // The direct validation agrees with `from_setup`.
        let direct = Position::<Standard>::from_hcp(&Hcp::from_bytes(head));
        match (direct, Position::<Standard>::from_setup(setup)) {
            (Ok(a), Ok(b)) => assert_eq!(a, b),
            (Err(UnpackError::Position(a)), Err(b)) => assert_eq!(a, b),
            (a, b) => panic!("hcp: direct validation {a:?}, from_setup {b:?}"),
        }
    }
    if let Some(bytes) = data
        .get(..Hcpe::LEN)
        .and_then(|b| <&[u8; 38]>::try_from(b).ok())
        && let Ok(rec) = Hcpe::from_bytes(bytes)
    {
        assert_eq!(rec.to_bytes()[..37], bytes[..37], "hcpe record re-encodes");
        if let Ok(pos) = rec.hcp.to_position::<Standard>() {
            check_move(
                &pos,
                rec.best_move.to_move(&pos),
                rec.best_move.to_bits(),
                false,
            );
        }
    }
    if let Some(bytes) = data
        .get(..Psv::LEN)
        .and_then(|b| <&[u8; 40]>::try_from(b).ok())
        && let Ok(rec) = Psv::from_bytes(bytes)
    {
        assert_eq!(rec.to_bytes()[..39], bytes[..39], "psv record re-encodes");
        if let Ok(pos) = rec.to_position::<Standard>() {
            assert_eq!(pos.move_number().get(), u32::from(rec.game_ply.max(1)));
            check_move(
                &pos,
                rec.best_move.to_move(&pos),
                rec.best_move.to_bits(),
                true,
            );
        }
    }
    for (offset, item) in (0..).step_by(Hcpe::LEN).zip(Hcpe::read_all(data)) {
        if let Err(e) = item {
            assert_eq!(e.offset, offset, "hcpe error offset");
        }
    }
    for (offset, item) in (0..).step_by(Psv::LEN).zip(Psv::read_all(data)) {
        if let Err(e) = item {
            assert_eq!(e.offset, offset, "psv error offset");
        }
    }
    assert_eq!(Hcpe::read_all(data).count(), data.len().div_ceil(Hcpe::LEN));
}
