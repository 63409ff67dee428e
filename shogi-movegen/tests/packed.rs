//! Tests of `shogi_movegen::packed`: golden bytes from cshogi, round trips on random positions,
//! and every error path.

// The helpers outside `#[test]` functions unwrap too: a failure is a test failure.
#![allow(clippy::unwrap_used)]

use proptest::prelude::*;
use shogi_movegen::packed::{
    EntryErrorKind, Hcp, Hcpe, HcpeResult, Move16, Move16ErrorKind, PackError, PackedSfen, Psv,
    PsvMove16, PsvResult, UnpackError,
};
use shogi_movegen::{Fault, IllegalMoveKind, MoveList, Position, Standard, VariantHooks};
use shogi_types::{Bitboard, Color, Move, Piece, PieceKind, Setup, Square};

fn pos(sfen: &str) -> Position {
    let setup: Setup = sfen.parse().unwrap();
    Position::from_setup(setup).unwrap()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> [u8; 32] {
    let mut out = [0u8; 32];
    for (i, o) in out.iter_mut().enumerate() {
        *o = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).unwrap();
    }
    out
}

/// Golden vectors written by cshogi 1.1.0 (`Board(sfen).to_hcp`, `Board(sfen).to_psfen`, run
/// from Python by hand): (SFEN, HCP hex, PackedSfen hex). They cover the start position, the
/// 593-move position (every hand kind, White's large hand, piece box empty), a White-to-move
/// handicap position (piece box: the rook and bishop), promoted pieces with both hands, and
/// bare kings with every hand kind (most pieces in the box).
const GOLDEN: [(&str, &str, &str); 5] = [
    (
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
        "58a449210cd757217e8e4d212caf427814c2ab109e4d212cd75f213e8e49210c",
        "58a451220ceb67227e9653221caf447824c22b119e53221ceb6f223e9651220c",
    ),
    (
        "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
        "6e01000bc00200182c1f00c0000030fc00208c723e3f922449922449ce39efbd",
        "6e010007c00100181c1f00c0000030fc002094711e1f922449922449d65aefbd",
    ),
    (
        "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        "59a449210c9742fc1c9b42585e85f0288457213c9b42582e85f8382685303c5e",
        "59a451220cab44fc2ca744385e89f0488457223ca744385689f858468930bc7e",
    ),
    (
        "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
        "8dcb49110c14e11f3c201e808f12342578f8b5896561529738a823180ac979bf",
        "8dcb51120c24e11f3c201e808f14342978f8738ae36094ab58c8251806c97a9f",
    ),
    (
        "4k4/9/9/9/9/9/9/9/4K4 b RBGSNLP 1",
        "582400000000000000000000c228e7f3932449922449524a69add55aebbd3f5e",
        "5824000000000000000000004219e7f1912449922449524aa9b5b6d6da7bbf7e",
    ),
];

#[test]
fn golden_bytes_from_cshogi() {
    for (sfen, hcp, psfen) in GOLDEN {
        let p = pos(sfen);
        assert_eq!(hex(p.to_hcp().unwrap().as_bytes()), hcp, "{sfen}");
        assert_eq!(hex(p.to_packed_sfen().unwrap().as_bytes()), psfen, "{sfen}");
        // Decoding gives the position back, with move number 1.
        let mut setup = p.to_setup();
        setup.move_number = core::num::NonZeroU32::MIN;
        let expected: Position = Position::from_setup(setup).unwrap();
        let a: Position = Position::from_hcp(&Hcp::from_bytes(unhex(hcp))).unwrap();
        let b: Position =
            Position::from_packed_sfen(&PackedSfen::from_bytes(unhex(psfen))).unwrap();
        assert_eq!(a.to_string(), expected.to_string());
        assert_eq!(b.to_string(), expected.to_string());
    }
}

/// cshogi's `move16` and `move16_to_psv` of some moves (from Python by hand).
#[test]
fn golden_moves_from_cshogi() {
    let start = Position::default();
    let m: Move = "7g7f".parse().unwrap();
    assert_eq!(Move16::from_move(m).unwrap().to_bits(), 7739);
    assert_eq!(PsvMove16::from_move(m).unwrap().to_bits(), 7739);
    assert_eq!(Move16::from_bits(7739).to_move(&start).unwrap(), m);
    let bare = pos("4k4/9/9/9/9/9/9/9/4K4 b RBGSNLP 1");
    let g: Move = "G*5e".parse().unwrap();
    assert_eq!(Move16::from_move(g).unwrap().to_bits(), 11176);
    assert_eq!(PsvMove16::from_move(g).unwrap().to_bits(), 17320);
    assert_eq!(Move16::from_bits(11176).to_psv().to_bits(), 17320);
    assert_eq!(PsvMove16::from_bits(17320).to_move16().to_bits(), 11176);
    assert_eq!(PsvMove16::from_bits(17320).to_move(&bare).unwrap(), g);
    // A promotion: bit 14 in cshogi's encoding, bit 15 in YaneuraOu's.
    let p = pos("4k4/9/9/9/9/9/9/1B7/4K4 b - 1");
    let m: Move = "8h3c+".parse().unwrap();
    let m16 = Move16::from_move(m).unwrap();
    assert_eq!(m16.to_bits(), 20 | (70 << 7) | (1 << 14));
    assert_eq!(m16.to_psv().to_bits(), 20 | (70 << 7) | (1 << 15));
    assert_eq!(m16.to_move(&p).unwrap(), m);
    assert_eq!(m16.to_psv().to_move(&p).unwrap(), m);
}

#[test]
fn move16_errors() {
    let start = Position::default();
    for bits in [
        0u16,
        81,
        127 << 7 | 40,
        88 << 7 | 40,
        (81 << 7) | (1 << 14) | 40,
        1 << 15 | 7739,
    ] {
        let err = Move16::from_bits(bits).to_move(&start).unwrap_err();
        assert_eq!(err.kind, Move16ErrorKind::Malformed, "{bits}");
    }
    for bits in [
        0u16,
        8 << 7 | 1 << 14 | 40,
        1 << 14 | 1 << 15 | 1 << 7 | 40,
        81,
    ] {
        let err = PsvMove16::from_bits(bits).to_move(&start).unwrap_err();
        assert_eq!(err.kind, Move16ErrorKind::Malformed, "{bits}");
    }
    // 7g7e is a move, but not a legal one.
    let m: Move = "7g7e".parse().unwrap();
    let err = Move16::from_move(m).unwrap().to_move(&start).unwrap_err();
    assert_eq!(
        err.kind,
        Move16ErrorKind::Illegal {
            mv: m,
            kind: IllegalMoveKind::CannotReach
        }
    );
    assert!(err.to_string().starts_with("move16 0x"), "{err}");
    // A drop without the piece in hand.
    let d: Move = "P*5e".parse().unwrap();
    let err = PsvMove16::from_move(d)
        .unwrap()
        .to_move(&start)
        .unwrap_err();
    assert!(matches!(
        err.kind,
        Move16ErrorKind::Illegal {
            kind: IllegalMoveKind::NotInHand,
            ..
        }
    ));
    // A drop of a king has no code.
    let k = Move::Drop {
        kind: PieceKind::King,
        to: Square::SQ_5E,
    };
    assert_eq!(
        Move16::from_move(k),
        Err(PackError::BadDrop {
            kind: PieceKind::King
        })
    );
}

#[test]
fn unrepresentable_positions() {
    // A mate problem: one king.
    let mut setup = Setup::empty();
    setup.set_piece(
        Square::SQ_5A,
        Some(Piece::new(Color::White, PieceKind::King)),
    );
    setup.hands.black = shogi_types::Hand::EMPTY
        .with_count(PieceKind::Pawn, 2)
        .unwrap();
    let p = Position::<Standard>::from_setup(setup)
        .unwrap_err()
        .ignore(Fault::MissingAttackerKing)
        .unwrap();
    assert_eq!(
        p.to_hcp(),
        Err(PackError::MissingKing {
            color: Color::Black
        })
    );
    assert!(p.to_packed_sfen().is_err());
    // Extra material.
    let setup: Setup = "4k4/9/9/9/9/9/9/9/4K4 b 3R 1".parse().unwrap();
    let p = Position::<Standard>::from_setup(setup)
        .unwrap_err()
        .ignore_soft()
        .unwrap();
    let err = p.to_hcp().unwrap_err();
    assert_eq!(
        err,
        PackError::TooMuchMaterial {
            kind: PieceKind::Rook
        }
    );
    assert_eq!(
        err.to_string(),
        "packed position: more Rook pieces than one set holds"
    );
    assert!(p.to_packed_sfen().is_err());
    // More of one kind on the board than its 5-bit counter holds (32 golds, 33 silvers, 36
    // tokins): still the first kind over its set, never a silent wrap.
    for (sfen, kind) in [
        (
            "4k4/9/GGGGGGGGG/GGGGGGGGG/GGGGGGGGG/GGGGG4/9/9/4K4 b - 1",
            PieceKind::Gold,
        ),
        (
            "4k4/9/SSSSSSSSS/SSSSSSSSS/SSSSSSSSS/SSSSSS3/9/9/4K4 b - 1",
            PieceKind::Silver,
        ),
        (
            "4k4/9/+P+P+P+P+P+P+P+P+P/+P+P+P+P+P+P+P+P+P/+P+P+P+P+P+P+P+P+P/+P+P+P+P+P+P+P+P+P/9/9/4K4 b - 1",
            PieceKind::Pawn,
        ),
    ] {
        let p = Position::<Standard>::from_setup(sfen.parse().unwrap())
            .unwrap_err()
            .ignore_soft()
            .unwrap();
        assert_eq!(
            p.to_hcp(),
            Err(PackError::TooMuchMaterial { kind }),
            "{sfen}"
        );
        assert_eq!(
            p.to_packed_sfen(),
            Err(PackError::TooMuchMaterial { kind }),
            "{sfen}"
        );
    }
    // A protected silver.
    let setup: Setup = "4k4/9/9/9/9/9/9/3S!5/4K4 b - 1".parse().unwrap();
    let p = Position::<Protecting>::from_setup(setup).unwrap();
    assert_eq!(
        p.to_hcp(),
        Err(PackError::Protected {
            square: Square::SQ_6H
        })
    );
    // A move number that does not fit the PSV game ply.
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b G 70000");
    let g: Move = "G*5e".parse().unwrap();
    assert!(matches!(
        Psv::new(&p, 0, g, PsvResult::Draw),
        Err(PackError::MoveNumberTooLarge { .. })
    ));
}

/// Rules under which any silver may be protected (for the error test only).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
struct Protecting;

impl VariantHooks for Protecting {
    type Protected = Bitboard;
    fn can_be_protected(piece: Piece) -> bool {
        piece.kind == PieceKind::Silver
    }
}

#[test]
fn invalid_bytes() {
    let good = unhex(GOLDEN[0].1);
    // Bit 0 is the side to move, bits 1..=7 Black's king square, bits 8..=14 White's.
    // Black's king on index 127.
    let mut b = good;
    b[0] |= 0xfe;
    assert!(matches!(
        Position::<Standard>::from_hcp(&Hcp::from_bytes(b)),
        Err(UnpackError::BadKingSquare {
            color: Color::Black,
            index: 127
        })
    ));
    // Both kings on one square.
    let mut b = good;
    b[1] = (b[1] & 0x80) | (b[0] >> 1);
    assert!(matches!(
        Position::<Standard>::from_hcp(&Hcp::from_bytes(b)),
        Err(UnpackError::BadKingSquare {
            color: Color::White,
            ..
        })
    ));
    // Kings on 1a and 1c, then all zero bits: 79 empty squares and 54 of Black's pawns in hand.
    let mut b = [0u8; 32];
    b[1] = 2;
    let err = Position::<Standard>::from_hcp(&Hcp::from_bytes(b)).unwrap_err();
    assert_eq!(
        err,
        UnpackError::WrongMaterial {
            kind: PieceKind::Pawn,
            count: 54
        }
    );
    assert_eq!(
        err.to_string(),
        "packed position: 54 Pawn pieces in all, expected one set"
    );
    // All one bits after the kings: board codes of 8 bits (dragons) run past the end.
    let mut b = [0xff; 32];
    b[0] = 0;
    b[1] = 0x82;
    let err = Position::<Standard>::from_hcp(&Hcp::from_bytes(b)).unwrap_err();
    assert_eq!(err, UnpackError::Overrun);
    // A valid stream whose position is invalid: White to move while Black is in check.
    let giving: Position = pos("4k4/9/9/9/9/9/9/4r4/4K4 b - 1");
    let mut bytes = giving.to_hcp().unwrap().to_bytes();
    bytes[0] ^= 1;
    match Position::<Standard>::from_hcp(&Hcp::from_bytes(bytes)).unwrap_err() {
        UnpackError::Position(e) => assert!(e.faults().contains(Fault::OpponentInCheck)),
        other => panic!("{other:?}"),
    }
}

/// A PackedSfen of a nifu setup, built bit by bit: the decoder reports the fault.
#[test]
fn nifu_stream_is_rejected() {
    let mut setup = Setup::empty();
    setup.set_piece(
        Square::SQ_5A,
        Some(Piece::new(Color::White, PieceKind::King)),
    );
    setup.set_piece(
        Square::SQ_5I,
        Some(Piece::new(Color::Black, PieceKind::King)),
    );
    setup.set_piece(
        Square::SQ_5F,
        Some(Piece::new(Color::Black, PieceKind::Pawn)),
    );
    setup.set_piece(
        Square::SQ_5G,
        Some(Piece::new(Color::Black, PieceKind::Pawn)),
    );
    let err = Position::<Standard>::from_setup(setup).unwrap_err();
    assert!(err.faults().contains(Fault::TwoPawns));
    // Positions with faults cannot be encoded from a `Position`, so build the stream from a
    // valid position with the same code lengths: pawns on 5f and 4g become 5f and 5g by
    // moving one 4-bit code between squares.
    let valid: Position = pos("4k4/9/9/9/9/4P4/5P3/9/4K4 b - 1");
    let bytes = valid.to_packed_sfen().unwrap().to_bytes();
    let mut bits: Vec<bool> = (0..256).map(|i| bytes[i / 8] >> (i % 8) & 1 == 1).collect();
    // Squares in index order after the 15 header bits, skipping the kings (5a = 36, 5i = 44):
    // every square is 1 bit (empty) except 5f (index 41) and 4g (index 33), 4 bits each.
    let offset = |index: usize| {
        let mut at = 15;
        for sq in 0..index {
            if sq == 36 || sq == 44 {
                continue;
            }
            at += if sq == 41 || sq == 33 { 4 } else { 1 };
        }
        at
    };
    // Remove 4g's code (4 bits at offset(33)) and insert it at 5g (index 42).
    let at33 = offset(33);
    let code: Vec<bool> = bits.drain(at33..at33 + 4).collect();
    bits.insert(at33, false);
    // After the removal, 5g's single empty bit sits at offset(42) - 3; replace it by the code.
    let at42 = offset(42) - 3;
    bits.remove(at42);
    for (k, bit) in code.into_iter().enumerate() {
        bits.insert(at42 + k, bit);
    }
    assert_eq!(bits.len(), 256);
    let mut out = [0u8; 32];
    for (i, &b) in bits.iter().enumerate() {
        out[i / 8] |= u8::from(b) << (i % 8);
    }
    match Position::<Standard>::from_packed_sfen(&PackedSfen::from_bytes(out)).unwrap_err() {
        UnpackError::Position(e) => assert!(e.faults().contains(Fault::TwoPawns), "{e}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn entries_round_trip_and_errors() {
    let p = pos(GOLDEN[3].0);
    let moves = p.legal_moves();
    let m = moves[0];
    let rec = Hcpe {
        hcp: p.to_hcp().unwrap(),
        eval: -1234,
        best_move: Move16::from_move(m).unwrap(),
        result: HcpeResult::WhiteWin,
    };
    let bytes = rec.to_bytes();
    assert_eq!(&bytes[32..], &[0x2e, 0xfb, bytes[34], bytes[35], 2, 0]);
    assert_eq!(Hcpe::from_bytes(&bytes).unwrap(), rec);
    let psv = Psv::new(&p, 77, m, PsvResult::Loss).unwrap();
    assert_eq!(psv.game_ply, 124);
    let pb = psv.to_bytes();
    assert_eq!(&pb[36..], &[124, 0, 0xff, 0]);
    let back = Psv::from_bytes(&pb).unwrap();
    assert_eq!(back, psv);
    let q: Position = back.to_position().unwrap();
    assert_eq!(q.to_string(), p.to_string());
    assert_eq!(back.best_move.to_move(&q).unwrap(), m);
    assert_eq!(PsvResult::Loss.winner(Color::White), Some(Color::Black));
    assert_eq!(
        HcpeResult::from_winner(Some(Color::White)),
        HcpeResult::WhiteWin
    );

    // A buffer of three entries, the second with a bad result, then 10 stray bytes.
    let mut buf = Vec::new();
    buf.extend_from_slice(&bytes);
    let mut bad = bytes;
    bad[36] = 7;
    buf.extend_from_slice(&bad);
    buf.extend_from_slice(&bytes);
    buf.extend_from_slice(&bytes[..10]);
    let items: Vec<_> = Hcpe::read_all(&buf).collect();
    assert_eq!(items.len(), 4);
    assert_eq!(items[0], Ok(rec));
    let e = items[1].unwrap_err();
    assert_eq!(
        (e.offset, e.kind),
        (38, EntryErrorKind::BadResult { value: 7 })
    );
    assert_eq!(
        e.to_string(),
        "hcpe entry at byte 38: game result 7, expected 0, 1 or 2"
    );
    assert_eq!(items[2], Ok(rec));
    let e = items[3].unwrap_err();
    assert_eq!(
        (e.offset, e.kind),
        (114, EntryErrorKind::Truncated { len: 10 })
    );

    let mut buf = pb.to_vec();
    buf.extend_from_slice(&pb[..39]);
    let items: Vec<_> = Psv::read_all(&buf).collect();
    assert_eq!(items[0], Ok(psv));
    let e = items[1].unwrap_err();
    assert_eq!(
        e.to_string(),
        "psv entry at byte 40: only 39 bytes left, expected 40"
    );
    let mut bad = pb;
    bad[38] = 2;
    assert_eq!(
        Psv::from_bytes(&bad).unwrap_err().kind,
        EntryErrorKind::BadResult { value: 2 }
    );
    // Padding is ignored when read.
    let mut padded = pb;
    padded[39] = 0xaa;
    assert_eq!(Psv::from_bytes(&padded).unwrap(), psv);
}

/// A random legal game preferring captures and drops (so hands fill and pieces promote).
fn walk(mut pos: Position, choices: &[u32]) -> Position {
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let theirs = pos.pieces_of_color(!pos.side_to_move());
        let mut preferred = MoveList::new();
        preferred.extend(
            moves
                .iter()
                .copied()
                .filter(|m| theirs.has(m.to()) || m.is_drop() || m.is_promotion()),
        );
        let pool = if c % 4 != 0 && !preferred.is_empty() {
            &preferred
        } else {
            &moves
        };
        pos.play_unchecked(pool[(c / 4) as usize % pool.len()]);
    }
    pos
}

const STARTS: [&str; 3] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 768, ..ProptestConfig::default() })]

    #[test]
    fn round_trips(start in 0usize..3, choices in proptest::collection::vec(any::<u32>(), 0..250)) {
        let p = walk(pos(STARTS[start]), &choices);
        let mut setup = p.to_setup();
        setup.move_number = core::num::NonZeroU32::MIN;
        let expected: Position = Position::from_setup(setup).unwrap();
        let hcp = p.to_hcp().unwrap();
        let decoded: Position = Position::from_hcp(&hcp).unwrap();
        prop_assert_eq!(decoded, expected);
        prop_assert_eq!(decoded.zobrist(), expected.zobrist());
        prop_assert_eq!(decoded.move_number().get(), 1);
        prop_assert_eq!(hcp.to_setup().unwrap(), expected.to_setup());
        prop_assert_eq!(Position::<Standard>::from_hcp(&hcp).unwrap().to_hcp().unwrap(), hcp);
        let ps = p.to_packed_sfen().unwrap();
        prop_assert_eq!(Position::from_packed_sfen(&ps).unwrap(), expected);
        // Every legal move survives both encodings.
        for m in p.legal_moves().iter().copied() {
            prop_assert_eq!(Move16::from_move(m).unwrap().to_move(&p).unwrap(), m);
            let psv = PsvMove16::from_move(m).unwrap();
            prop_assert_eq!(psv.to_move(&p).unwrap(), m);
            prop_assert_eq!(Move16::from_move(m).unwrap().to_psv(), psv);
            prop_assert_eq!(psv.to_move16(), Move16::from_move(m).unwrap());
        }
        let m = p.legal_moves().first().copied().unwrap_or("1a1b".parse().unwrap());
        if let Ok(psv) = Psv::new(&p, -5, m, PsvResult::Draw) {
            let back = Psv::from_bytes(&psv.to_bytes()).unwrap();
            prop_assert_eq!(back, psv);
            let q: Position = back.to_position().unwrap();
            prop_assert_eq!(q.move_number(), p.move_number());
            prop_assert_eq!(q, p);
        }
    }

    /// Random bytes never panic; whatever decodes re-encodes to a stream that decodes to the
    /// same position, bit for bit equal up to the end of the board codes.
    #[test]
    fn random_bytes(bytes in proptest::array::uniform32(any::<u8>())) {
        // The direct validation agrees with `from_setup` on the decoded setup.
        for (direct, setup) in [
            (Position::<Standard>::from_hcp(&Hcp::from_bytes(bytes)), Hcp::from_bytes(bytes).to_setup()),
            (
                Position::<Standard>::from_packed_sfen(&PackedSfen::from_bytes(bytes)),
                PackedSfen::from_bytes(bytes).to_setup(),
            ),
        ] {
            match (direct, setup) {
                (Ok(p), Ok(s)) => {
                    let q = Position::<Standard>::from_setup(s).unwrap();
                    prop_assert_eq!(p, q);
                    prop_assert_eq!(p.zobrist(), q.zobrist());
                }
                (Err(UnpackError::Position(e)), Ok(s)) => {
                    prop_assert_eq!(Position::<Standard>::from_setup(s).unwrap_err(), e);
                }
                (Err(e), Err(f)) => prop_assert_eq!(e.to_string(), f.to_string()),
                (a, b) => prop_assert!(false, "{a:?} vs {b:?}"),
            }
        }
        if let Ok(p) = Position::<Standard>::from_hcp(&Hcp::from_bytes(bytes)) {
            let again = p.to_hcp().unwrap();
            prop_assert_eq!(Position::<Standard>::from_hcp(&again).unwrap(), p);
        }
        if let Ok(p) = Position::<Standard>::from_packed_sfen(&PackedSfen::from_bytes(bytes)) {
            let again = p.to_packed_sfen().unwrap();
            prop_assert_eq!(Position::<Standard>::from_packed_sfen(&again).unwrap(), p);
        }
    }
}

/// The hand and piece-box codes may come in any order (YaneuraOu writes bishop and rook
/// before gold); the encoder writes cshogi's order.
#[test]
fn hand_codes_in_another_order() {
    // Bare kings, Black holding one of each kind: the stream ends with Black's seven hand
    // codes and then the piece box. Swap the gold (5 bits) and bishop (7 bits) codes by
    // re-writing the tail with a different order and check it decodes to the same position.
    let p = pos("4k4/9/9/9/9/9/9/9/4K4 b RBGSNLP 1");
    let bytes = p.to_hcp().unwrap().to_bytes();
    let bits: Vec<bool> = (0..256).map(|i| bytes[i / 8] >> (i % 8) & 1 == 1).collect();
    // 15 header bits, 79 empty squares: Black's hand starts at bit 94 with P(3) L(5) N(5)
    // S(5) G(5) B(7) R(7).
    let start = 94 + 3 + 5 + 5 + 5;
    let mut swapped = bits.clone();
    let gold = &bits[start..start + 5];
    let bishop = &bits[start + 5..start + 12];
    swapped[start..start + 7].copy_from_slice(bishop);
    swapped[start + 7..start + 12].copy_from_slice(gold);
    let mut out = [0u8; 32];
    for (i, &b) in swapped.iter().enumerate() {
        out[i / 8] |= u8::from(b) << (i % 8);
    }
    assert_ne!(out, bytes);
    let q: Position = Position::from_hcp(&Hcp::from_bytes(out)).unwrap();
    assert_eq!(q, p);
    assert_eq!(q.to_hcp().unwrap().to_bytes(), bytes);
}

/// The codes of one format as (bits, length) with the first bit of the stream in bit 0: board
/// codes by colour and `PieceKind` index (kings have none), hand codes by kind (pawn, lance,
/// knight, silver, gold, bishop, rook) and colour, and piece-box codes by kind.
struct RefCodes {
    board: [[(u16, u32); 14]; 2],
    hand: [[(u16, u32); 2]; 7],
    piece_box: [(u16, u32); 7],
}

const REF_HCP: RefCodes = RefCodes {
    board: [
        [
            (0b1, 4),
            (0b11, 6),
            (0b111, 6),
            (0b1011, 6),
            (0b1111, 6),
            (0b11111, 8),
            (0b111111, 8),
            (0, 0),
            (0b1001, 4),
            (0b100011, 6),
            (0b100111, 6),
            (0b101011, 6),
            (0b10011111, 8),
            (0b10111111, 8),
        ],
        [
            (0b101, 4),
            (0b10011, 6),
            (0b10111, 6),
            (0b11011, 6),
            (0b101111, 6),
            (0b1011111, 8),
            (0b1111111, 8),
            (0, 0),
            (0b1101, 4),
            (0b110011, 6),
            (0b110111, 6),
            (0b111011, 6),
            (0b11011111, 8),
            (0b11111111, 8),
        ],
    ],
    hand: [
        [(0b0, 3), (0b100, 3)],
        [(0b1, 5), (0b10001, 5)],
        [(0b11, 5), (0b10011, 5)],
        [(0b101, 5), (0b10101, 5)],
        [(0b111, 5), (0b10111, 5)],
        [(0b11111, 7), (0b1011111, 7)],
        [(0b111111, 7), (0b1111111, 7)],
    ],
    piece_box: [
        (0b10, 3),
        (0b1001, 5),
        (0b1011, 5),
        (0b1101, 5),
        (0b11101, 5),
        (0b1111, 7),
        (0b101111, 7),
    ],
};

const REF_PSFEN: RefCodes = RefCodes {
    board: [
        [
            (0b1, 4),
            (0b11, 6),
            (0b1011, 6),
            (0b111, 6),
            (0b1111, 6),
            (0b11111, 8),
            (0b111111, 8),
            (0, 0),
            (0b101, 4),
            (0b10011, 6),
            (0b11011, 6),
            (0b10111, 6),
            (0b1011111, 8),
            (0b1111111, 8),
        ],
        [
            (0b1001, 4),
            (0b100011, 6),
            (0b101011, 6),
            (0b100111, 6),
            (0b101111, 6),
            (0b10011111, 8),
            (0b10111111, 8),
            (0, 0),
            (0b1101, 4),
            (0b110011, 6),
            (0b111011, 6),
            (0b110111, 6),
            (0b11011111, 8),
            (0b11111111, 8),
        ],
    ],
    hand: [
        [(0b0, 3), (0b100, 3)],
        [(0b1, 5), (0b10001, 5)],
        [(0b101, 5), (0b10101, 5)],
        [(0b11, 5), (0b10011, 5)],
        [(0b111, 5), (0b10111, 5)],
        [(0b1111, 7), (0b1001111, 7)],
        [(0b11111, 7), (0b1011111, 7)],
    ],
    piece_box: [
        (0b10, 3),
        (0b1001, 5),
        (0b1101, 5),
        (0b1011, 5),
        (0b11011, 5),
        (0b101111, 7),
        (0b111111, 7),
    ],
};

/// A slow decoder, one bit at a time, straight from the code lists: the oracle for the fast
/// one (which reads words and looks codes up in tables).
fn reference_decode(bytes: &[u8; 32], codes: &RefCodes) -> Result<Setup, UnpackError> {
    let bit = |i: usize| {
        if i < 256 {
            u16::from(bytes[i / 8] >> (i % 8) & 1)
        } else {
            0
        }
    };
    let read = |at: usize, len: u32| (0..len as usize).fold(0u16, |v, k| v | bit(at + k) << k);
    let mut setup = Setup::empty();
    setup.side_to_move = if bit(0) == 1 {
        Color::White
    } else {
        Color::Black
    };
    let mut kings = [Square::SQ_1A; 2];
    for (i, color) in Color::ALL.into_iter().enumerate() {
        let index = read(1 + 7 * i, 7) as u8;
        let Some(sq) = Square::from_index(index) else {
            return Err(UnpackError::BadKingSquare { color, index });
        };
        kings[i] = sq;
    }
    if kings[0] == kings[1] {
        return Err(UnpackError::BadKingSquare {
            color: Color::White,
            index: kings[1] as u8,
        });
    }
    let mut count = [0u8; 7];
    let mut at = 15;
    for sq in Square::ALL {
        if let Some(i) = kings.iter().position(|&k| k == sq) {
            setup.board[sq.index()] = Some(Piece::new(Color::ALL[i], PieceKind::King));
            continue;
        }
        let mut found = None;
        if bit(at) == 0 {
            found = Some((None, 1));
        }
        for color in Color::ALL {
            for kind in PieceKind::ALL {
                let (bits, len) = codes.board[color.index()][kind.index()];
                if len > 0 && read(at, len) == bits {
                    found = Some((Some(Piece::new(color, kind)), len));
                }
            }
        }
        let Some((piece, len)) = found else {
            return Err(UnpackError::BadCode { bit: at as u16 });
        };
        at += len as usize;
        if at > 256 {
            return Err(UnpackError::Overrun);
        }
        setup.board[sq.index()] = piece;
        if let Some(p) = piece {
            count[p.kind.unpromote().index()] += 1;
        }
    }
    while at < 256 {
        let mut found = None;
        for (k, &kind) in PieceKind::ALL[..7].iter().enumerate() {
            for (owner, &(bits, len)) in codes.hand[k]
                .iter()
                .chain([&codes.piece_box[k]])
                .enumerate()
            {
                if read(at, len) == bits {
                    found = Some((kind, owner, len));
                }
            }
        }
        let Some((kind, owner, len)) = found else {
            return Err(UnpackError::BadCode { bit: at as u16 });
        };
        at += len as usize;
        if at > 256 {
            return Err(UnpackError::Overrun);
        }
        if let Some(&color) = Color::ALL.get(owner) {
            setup.hands[color] = setup.hands[color].checked_add(kind).unwrap();
        }
        count[kind.index()] += 1;
    }
    // In the order pawn, lance, knight, silver, gold, bishop, rook.
    for &kind in &PieceKind::ALL[..7] {
        let set = kind.set_count();
        if count[kind.index()] != set {
            return Err(UnpackError::WrongMaterial {
                kind,
                count: count[kind.index()],
            });
        }
    }
    Ok(setup)
}

/// The fast decoders agree with [`reference_decode`] on `bytes`, errors included, and the
/// validated decoding agrees with `from_setup` of the reference setup.
fn check_against_reference(bytes: [u8; 32]) -> Result<(), TestCaseError> {
    let hcp = Hcp::from_bytes(bytes);
    let psfen = PackedSfen::from_bytes(bytes);
    for (fast, valid, codes) in [
        (hcp.to_setup(), hcp.to_position::<Standard>(), &REF_HCP),
        (
            psfen.to_setup(),
            psfen.to_position::<Standard>(),
            &REF_PSFEN,
        ),
    ] {
        let reference = reference_decode(&bytes, codes);
        prop_assert_eq!(&fast, &reference, "bytes {}", hex(&bytes));
        match (reference, valid) {
            (Ok(setup), Ok(p)) => {
                let q = Position::<Standard>::from_setup(setup).unwrap();
                prop_assert_eq!(p.zobrist(), q.zobrist());
                prop_assert_eq!(p, q);
            }
            (Ok(setup), Err(UnpackError::Position(e))) => {
                prop_assert_eq!(Position::<Standard>::from_setup(setup).unwrap_err(), e);
            }
            (Err(e), Err(f)) => prop_assert_eq!(e.to_string(), f.to_string()),
            (a, b) => prop_assert!(false, "{a:?} vs {b:?}"),
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Random streams (most fail: the errors and their bit offsets must match too).
    #[test]
    fn fast_decoding_matches_reference_on_random_bytes(bytes in proptest::array::uniform32(any::<u8>())) {
        check_against_reference(bytes)?;
    }

    /// Encodings of random positions with a few bits flipped: near-valid streams that end in
    /// every kind of error, or decode to another (valid or invalid) position.
    #[test]
    fn fast_decoding_matches_reference_near_valid_streams(
        start in 0usize..3,
        choices in proptest::collection::vec(any::<u32>(), 0..200),
        flips in proptest::collection::vec(0usize..256, 0..4),
    ) {
        let p = walk(pos(STARTS[start]), &choices);
        for mut bytes in [p.to_hcp().unwrap().to_bytes(), p.to_packed_sfen().unwrap().to_bytes()] {
            check_against_reference(bytes)?;
            for &f in &flips {
                bytes[f / 8] ^= 1 << (f % 8);
                check_against_reference(bytes)?;
            }
        }
    }
}
