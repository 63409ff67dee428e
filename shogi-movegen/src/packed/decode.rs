//! Reading HCP and PackedSfen into a validated [`Position`]: the walk (one code after
//! another), the choice of a vector decoder where the processor has one, and the hand part.

use shogi_types::{Bitboard, Color, Hand, Piece, PieceKind, Setup, Square};

use super::UnpackError;
use super::format::{
    BITS, BoardStep, HAND_INC, HAND_ORDER, SET, SET_PACKED, Tables, hand_code_len,
};
use super::simd::{avx2, avx512};
use crate::cpu::{Avx2, Avx512};
use crate::position::builder::{BoardParts, Builder};
use crate::zobrist;
use crate::{Position, VariantHooks};

// The thresholds below were measured on random placements of every density and are near the
// best (`docs/packed-decoder.md`): the walk costs a dependent step per piece, the vector
// decoders a fixed part and then less per piece, so the walk is faster for boards with few
// pieces. All decoders give the same result.

/// The 1 bits in the first 64 bits of the board from which [`decode`] decodes the board with
/// [`avx2`] (where the processor has it and not AVX-512): about 10 to 14 pieces on the board.
const DENSE_AVX2: u32 = 16;

/// As [`DENSE_AVX2`], for [`avx512`]'s decoder for full boards: about 12 to 20 pieces (its
/// fixed part is smaller than [`avx2`]'s); below it, down to [`SPARSE_AVX512`], [`avx512`]'s
/// decoder for few pieces (the automaton, then each piece on its own), and below that the
/// walk, with the cells kept in vectors.
const DENSE_AVX512: u32 = 17;

/// See [`DENSE_AVX512`]: a board with almost no pieces (about 3 or fewer) is walked.
const SPARSE_AVX512: u32 = 4;

/// The shortest hand part (in bits, about 30 codes) that [`avx512`] decodes; shorter ones are
/// decoded a few codes at a time (the vector decoder's fixed part waits for the end of the
/// board).
const HAND_AVX512: usize = 100;

/// The shortest hand part (in bits) that [`avx2`] decodes; shorter ones are walked.
#[cfg_attr(not(all(feature = "std", target_arch = "x86_64")), allow(dead_code))]
const HAND_AVX2: usize = 140;

/// Decodes `bytes` with `t` into an unchecked setup (move number 1).
pub(super) fn decode_setup(bytes: &[u8; 32], t: &Tables) -> Result<Setup, UnpackError> {
    decode::<crate::Standard>(bytes, t, false).map(|pos| pos.to_setup())
}

/// Decodes `bytes` with `t` and validates the position, falling back to
/// [`Position::from_setup`] to report the faults of an invalid one.
#[inline]
pub(super) fn decode_position<R: VariantHooks>(
    bytes: &[u8; 32],
    t: &Tables,
) -> Result<Position<R>, UnpackError<R>> {
    decode::<R>(bytes, t, true)
}

/// The result of decoding an invalid position: [`Position::from_setup`]'s, which reports
/// its faults. Out of line, so that the decoder's own result can be built in place.
#[cold]
#[inline(never)]
fn invalid<R: VariantHooks>(setup: Setup) -> Result<Position<R>, UnpackError<R>> {
    Position::from_setup(setup).map_err(UnpackError::Position)
}

/// The 64 bits of the stream `words` (four words, then two of zeros) from bit `pos`: zeros
/// past bit 256, wherever `pos` is.
#[inline(always)]
fn peek(words: &[u64; 6], pos: usize) -> u64 {
    let k = (pos >> 6).min(4);
    let off = (pos & 63) as u32;
    // `<< 1 <<` keeps the shift below 64 when `off` is 0.
    words[k] >> off | words[k + 1] << 1 << (63 - off)
}

/// The set of square index `i`, by `i` (a load is cheaper than a variable 128-bit shift; the
/// entries past 80 are empty, so that any index masked to 7 bits is in the table).
const SQUARE_BIT: [Bitboard; 128] = {
    let mut t = [Bitboard::EMPTY; 128];
    let mut i = 0;
    while i < 81 {
        t[i] = Bitboard::from_bits_truncate(1 << i);
        i += 1;
    }
    t
};

const BLACK_KING: Piece = Piece::new(Color::Black, PieceKind::King);

const WHITE_KING: Piece = Piece::new(Color::White, PieceKind::King);

/// Decodes `bytes` with `t` into a position; if `validate`, validates it, falling back to
/// [`Position::from_setup`] to report the faults of an invalid one.
#[inline(always)]
fn decode<R: VariantHooks>(
    bytes: &[u8; 32],
    t: &Tables,
    validate: bool,
) -> Result<Position<R>, UnpackError<R>> {
    let head = u64::from_le_bytes(*bytes.first_chunk::<8>().unwrap_or(&[0; 8]));
    let next = u64::from_le_bytes(*bytes[8..].first_chunk::<8>().unwrap_or(&[0; 8]));
    let ones = (head >> 15 | next << 49).count_ones();
    if let Some(cpu) = Avx512::detect() {
        let board = if ones >= DENSE_AVX512 {
            avx512::Board::Full
        } else if ones >= SPARSE_AVX512 {
            avx512::Board::Sparse
        } else {
            avx512::Board::Walk
        };
        return avx512::decode(cpu, bytes, t, validate, board);
    }
    if let Some(cpu) = Avx2::detect() {
        return avx2::decode(cpu, bytes, t, validate, ones >= DENSE_AVX2);
    }
    decode_with(bytes, t, validate, Via::Walk)
}

/// How [`decode_with`] decodes the board.
#[cfg_attr(not(all(feature = "std", target_arch = "x86_64")), allow(dead_code))]
#[derive(Clone, Copy)]
pub(super) enum Via {
    /// One code after another.
    Walk,
    /// Every code boundary at once ([`avx512`]).
    Avx512(Avx512),
    /// The code starts by an automaton, then each piece on its own ([`avx2`]).
    Avx2(Avx2),
    /// One code after another for the board, the hands as [`avx2`] decodes them.
    Avx2Hands(Avx2),
    /// One code after another for the board, the hands as [`avx512`] decodes them.
    Avx512Walk(Avx512),
    /// The board by [`avx512`]'s decoder for few pieces, the hands as it decodes them.
    Avx512Sparse(Avx512),
}

/// [`decode`], with the board decoded `via` the given decoder.
#[inline(always)]
pub(super) fn decode_with<R: VariantHooks>(
    bytes: &[u8; 32],
    t: &Tables,
    validate: bool,
    via: Via,
) -> Result<Position<R>, UnpackError<R>> {
    // Whole words, read straight from the input (so each later read is of a whole stored
    // word, which the processor forwards).
    let mut words = [0u64; 6];
    for (word, chunk) in words.iter_mut().zip(bytes.chunks_exact(8)) {
        let mut b = [0u8; 8];
        b.copy_from_slice(chunk);
        *word = u64::from_le_bytes(b);
    }
    let head = words[0];
    let side = if head & 1 == 0 {
        Color::Black
    } else {
        Color::White
    };
    let mut kings = [Square::SQ_1A; 2];
    for (i, color) in Color::ALL.into_iter().enumerate() {
        let index = ((head >> (1 + 7 * i)) & 0x7f) as u8;
        let Some(sq) = Square::from_index(index) else {
            return Err(UnpackError::BadKingSquare { color, index });
        };
        kings[i] = sq;
    }
    let [bk, wk] = kings;
    if bk == wk {
        return Err(UnpackError::BadKingSquare {
            color: Color::White,
            index: wk as u8,
        });
    }
    let mut out = Builder::<R>::with_kings(side, [bk, wk]);
    // The board: every code boundary at once where the processor can (AVX-512), else one
    // code after another. Either gives the bit after the board, the pieces of each kind of
    // HAND_ORDER on it (one byte each), its Zobrist keys, and the stream window after it;
    // the vector decoders also whether the board passes validation (tested on the cells in
    // their registers, so that validation need not wait for the stored bitboards).
    let (mut pos, material, mut hash, mut w, mut valid, board_ok) = match via {
        Via::Avx2(cpu) => {
            let (end, material, hash) = avx2::board(cpu, bytes, t, [bk, wk], out.board());
            (end, material, hash, 0, 0, None)
        }
        Via::Avx512(cpu) => {
            let (end, material, hash, ok) =
                avx512::board(cpu, bytes, &t.board_cells, [bk, wk], side, out.board());
            // An empty window: the hands' first step reads the stream from `end`.
            (end, material, hash, 0, 0, Some(ok))
        }
        Via::Avx512Sparse(cpu) => {
            let (end, material, hash, ok) =
                avx512::sparse(cpu, bytes, &t.board_keyed, [bk, wk], side, out.board());
            (end, material, hash, 0, 0, Some(ok))
        }
        Via::Walk | Via::Avx512Walk(_) | Via::Avx2Hands(_) => {
            // The kings are on the board already.
            let BoardParts {
                cells: board,
                colors: by_color,
                kinds: by_kind,
            } = out.board();
            let mut hash =
                zobrist::piece_key(BLACK_KING, bk).wrapping_add(zobrist::piece_key(WHITE_KING, wk));
            // Pieces of each kind of HAND_ORDER on the board, one byte each.
            let mut material = 0u64;
            // The stream from bit `end - valid` is in `w`, of which the low `valid` bits are
            // real (the rest zeros); refilled whenever fewer than 16 are left. Past bit 256 the
            // stream reads as zeros, that is empty squares, so an overrun of the board shows in
            // the final position.
            let mut w = head >> 15;
            let mut end = 64;
            let mut valid = 64 - 15;
            // The stream has a code for each of the 79 squares without a king, in index order:
            // the board square of the stream's `s`-th is `s` plus one for each king square up
            // to it.
            let (first, second) = (bk.index().min(wk.index()), bk.index().max(wk.index()) - 1);
            let square_of = |s: usize| s + usize::from(s >= first) + usize::from(s >= second);
            // With AVX-512 the cells are kept in vectors and the bitboards compared out of
            // them at the end; else each piece is put in the mailbox and its bitboards.
            let mut cells = match via {
                Via::Avx512Walk(cpu) => Some(avx512::Cells::new(cpu, [bk, wk])),
                _ => None,
            };
            // A macro rather than a closure, so that the vector cells' code is compiled with
            // the caller's processor features.
            macro_rules! put {
                ($to:expr, $e:expr) => {{
                    let (to, e): (usize, BoardStep) = ($to, $e);
                    let sq = square_of(to);
                    material += 1 << e.mat_shift;
                    hash = hash.wrapping_add(zobrist::board_key(usize::from(e.zob) + sq));
                    if let Some(cells) = &mut cells {
                        cells.put(sq, e.cell);
                    } else {
                        let bit = SQUARE_BIT[sq & 127];
                        if let Some(cell) = board.get_mut(sq) {
                            *cell = e.cell;
                        }
                        by_color[usize::from(e.color & 1)] |= bit;
                        if let Some(b) = by_kind.get_mut(usize::from(e.slot)) {
                            *b |= bit;
                        }
                    }
                }};
            }
            let mut s = 0;
            while s < 79 {
                if valid < 16 {
                    let pos = end - valid;
                    w = peek(&words, pos);
                    end = pos + 64;
                    valid = 64;
                }
                // Most steps (empty squares, then a piece) are wholly in the next 10 bits.
                let e = t.board_steps[(w & 0x3ff) as usize];
                let to = s + usize::from(e.skip);
                if to < 79 {
                    w >>= e.bits;
                    valid -= usize::from(e.bits);
                    put!(to, e);
                    s = to + 1;
                    continue;
                }
                // Every piece code starts with a 1 and an empty square is a single 0, so the
                // trailing zeros are a run of empty squares, perhaps to the end of the board.
                let zeros = w.trailing_zeros() as usize;
                let run = (79 - s).min(valid - 8);
                if zeros >= run {
                    s += run;
                    w >>= run;
                    valid -= run;
                    continue;
                }
                // The code's 8 bits are in the window, and it is a valid code (every byte with
                // its first bit set is one).
                s += zeros;
                w >>= zeros;
                let e = t.board_pieces[(w & 0xff) as usize];
                w >>= e.bits;
                valid -= zeros + usize::from(e.bits);
                put!(s, e);
                s += 1;
            }
            // With the cells in vectors, the board is validated on them; else afterwards by
            // `Builder::board_faults`.
            let board_ok = cells.map(|cells| {
                let out = BoardParts {
                    cells: board,
                    colors: by_color,
                    kinds: by_kind,
                };
                cells.finish(out, [bk, wk], side)
            });
            (end - valid, material, hash, w, valid, board_ok)
        }
    };
    if pos > BITS {
        return Err(UnpackError::Overrun);
    }
    // Pieces of each kind of HAND_ORDER in both hands and off the board, in the lanes of
    // [`HAND_INC`].
    let mut counts = 0u128;
    if let Via::Avx512(cpu) | Via::Avx512Walk(cpu) | Via::Avx512Sparse(cpu) = via
        && BITS - pos >= HAND_AVX512
        && let Some(found) = avx512::hands(cpu, bytes, pos, &t.hand_decode)
    {
        counts = found;
        pos = BITS;
    }
    if let Via::Avx2(cpu) | Via::Avx2Hands(cpu) = via
        && BITS - pos >= HAND_AVX2
        && let Some(found) = avx2::hands(cpu, bytes, pos, &t.hand_inc)
    {
        counts = found;
        pos = BITS;
    }
    // Up to three codes at a time while they are whole and end by bit 256; the rest (and any
    // error) one at a time.
    while pos < BITS {
        if valid < 10 {
            w = peek(&words, pos);
            valid = 64;
        }
        let next = (w & 0x3ff) as usize;
        let entry = t.hand_multi[next];
        let len = (entry & 15) as usize;
        if entry >> 4 & 3 == 0 || pos + len > BITS {
            break;
        }
        pos += len;
        w >>= len;
        valid -= len;
        counts = counts.wrapping_add(t.hand_multi_inc[next]);
    }
    while pos < BITS {
        if valid < 8 {
            w = peek(&words, pos);
            valid = 64;
        }
        let entry = t.hand_decode[(w & 0x7f) as usize];
        if entry == 0 {
            return Err(UnpackError::BadCode { bit: pos as u16 });
        }
        let len = hand_code_len(w);
        pos += len;
        w >>= len;
        valid -= len;
        if pos > BITS {
            return Err(UnpackError::Overrun);
        }
        counts = counts.wrapping_add(HAND_INC[usize::from(entry & 31)]);
    }
    // Board, hands and piece box together must hold exactly one set: then the stream is the
    // one the encoder writes (up to the order of the hand and box codes).
    let mut off_board = 0u64;
    for i in 0..7 {
        off_board |= ((counts >> (6 * (14 + i))) as u64 & 63) << (8 * i);
    }
    let total = material.wrapping_add(off_board);
    if total != SET_PACKED {
        for (i, kind) in HAND_ORDER.into_iter().enumerate() {
            let count = (total >> (8 * i)) as u8;
            if count != SET[i] {
                return Err(UnpackError::WrongMaterial { kind, count });
            }
        }
    }
    for color in Color::ALL {
        let held = (counts >> (42 * color.index())) as u64 & ((1 << 42) - 1);
        if held == 0 {
            continue;
        }
        let mut n = [0u8; 7];
        for (i, (count, kind)) in n.iter_mut().zip(HAND_ORDER).enumerate() {
            *count = (held >> (6 * i)) as u8 & 63;
            hash =
                hash.wrapping_add(zobrist::hand_key(color, kind).wrapping_mul(u64::from(*count)));
        }
        out.set_hand(color, Hand::from_counts(n));
    }
    if side == Color::White {
        hash = hash.wrapping_add(zobrist::white_key());
    }
    if validate && !board_ok.unwrap_or_else(|| out.board_faults().is_empty()) {
        return invalid(out.position().to_setup());
    }
    // The position is built in place and returned as it is, so that it need not be copied.
    Ok(out.finish(hash))
}

#[cfg(test)]
mod tests {
    use super::peek;

    /// `peek` against a bit-by-bit reading of the stream: zeros past bit 256 from any start.
    #[test]
    fn peek_reads_the_stream_then_zeros() {
        let words = [
            0x0123_4567_89ab_cdef,
            0xfedc_ba98_7654_3210,
            u64::MAX,
            0xa5a5_5a5a_f00f_0ff0,
            0,
            0,
        ];
        let bit = |i: usize| i < 256 && words[i / 64] >> (i % 64) & 1 == 1;
        for pos in 0..400 {
            let expected = (0..64).fold(0u64, |acc, j| acc | u64::from(bit(pos + j)) << j);
            assert_eq!(peek(&words, pos), expected, "from bit {pos}");
        }
    }

    /// Everything a decoded position holds, for comparing two decoders field by field
    /// (`Position`'s `==` compares only what the position is, not its bitboards and key).
    #[cfg(all(feature = "std", target_arch = "x86_64"))]
    fn parts(
        r: &Result<crate::Position, super::UnpackError>,
    ) -> Result<impl PartialEq + core::fmt::Debug, super::UnpackError> {
        r.clone().map(|p| {
            (
                p.board,
                p.by_color,
                p.by_kind,
                p.hands,
                p.kings,
                p.side,
                p.move_number,
                p.hash,
            )
        })
    }

    /// The vector board decoders (those this processor has) against the walk, on the
    /// encodings of the positions of random games (both formats), on those with a bit
    /// flipped, and on random bytes: the same position (every field) or the same error, with
    /// and without validation.
    #[cfg(all(feature = "std", target_arch = "x86_64"))]
    #[test]
    fn vector_decoding_agrees_with_the_walk() {
        use super::super::encode::encode;
        use super::super::format::{HAND_ORDER, HCP, PSFEN, SET, Tables};
        use super::{Via, decode_with};
        use crate::cpu::{Avx2, Avx512};
        use crate::{Position, Standard};

        let decoders = [
            ("AVX-512", Avx512::detect().map(Via::Avx512)),
            ("AVX-512 hands", Avx512::detect().map(Via::Avx512Walk)),
            ("AVX-512 sparse", Avx512::detect().map(Via::Avx512Sparse)),
            ("AVX2", Avx2::detect().map(Via::Avx2)),
            ("AVX2 hands", Avx2::detect().map(Via::Avx2Hands)),
        ];
        for (name, via) in decoders {
            let Some(via) = via else {
                std::eprintln!("{name} decoder skipped: this processor lacks its instructions");
                continue;
            };
            let mut state = 0x9e37_79b9_7f4a_7c15u64;
            let mut random = move || {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                state
            };
            let mut compared = 0;
            let mut check = |bytes: &[u8; 32], t: &Tables| {
                for validate in [true, false] {
                    let walk = decode_with::<Standard>(bytes, t, validate, Via::Walk);
                    let fast = decode_with::<Standard>(bytes, t, validate, via);
                    assert_eq!(
                        parts(&walk),
                        parts(&fast),
                        "{name}: {bytes:02x?} validate {validate}"
                    );
                }
                compared += 1;
            };
            for t in [&HCP, &PSFEN] {
                for _ in 0..60 {
                    let mut pos = Position::<Standard>::start();
                    for _ in 0..160 {
                        let Ok(bytes) = encode(&pos, t) else { break };
                        check(&bytes, t);
                        for _ in 0..3 {
                            let mut flipped = bytes;
                            flipped[random() as usize % 32] ^= 1 << (random() % 8);
                            check(&flipped, t);
                        }
                        let moves = pos.legal_moves();
                        let Some(&m) = moves.as_slice().get(random() as usize % moves.len().max(1))
                        else {
                            break;
                        };
                        pos.play_unchecked(m);
                    }
                }
                // Random placements of a whole set: from almost empty boards to full ones,
                // kings anywhere, pieces promoted or not, in either hand or in the box.
                for _ in 0..30_000 {
                    let mut setup = shogi_types::Setup::empty();
                    let on_board = random() % 8;
                    let mut free: std::vec::Vec<usize> = (0..81).collect();
                    let mut take = |r: u64| free.swap_remove(r as usize % free.len());
                    for color in shogi_types::Color::ALL {
                        setup.board[take(random())] =
                            Some(shogi_types::Piece::new(color, shogi_types::PieceKind::King));
                    }
                    for (kind, count) in HAND_ORDER.into_iter().zip(SET) {
                        for _ in 0..count {
                            let color = shogi_types::Color::ALL[(random() % 2) as usize];
                            match random() % 8 {
                                place if place < on_board => {
                                    let kind = match kind.promote() {
                                        Some(promoted) if random() % 3 == 0 => promoted,
                                        _ => kind,
                                    };
                                    setup.board[take(random())] =
                                        Some(shogi_types::Piece::new(color, kind));
                                }
                                7 => {}
                                _ => {
                                    let hand = &mut setup.hands[color];
                                    *hand = hand
                                        .with_count(kind, hand.count(kind) + 1)
                                        .unwrap_or(*hand);
                                }
                            }
                        }
                    }
                    setup.side_to_move = shogi_types::Color::ALL[(random() % 2) as usize];
                    if let Ok(pos) = Position::<Standard>::from_setup(setup)
                        && let Ok(bytes) = encode(&pos, t)
                    {
                        check(&bytes, t);
                        // With a bit flipped: bad codes and overruns in long hand parts.
                        let mut flipped = bytes;
                        flipped[random() as usize % 32] ^= 1 << (random() % 8);
                        check(&flipped, t);
                    }
                }
                for _ in 0..20_000 {
                    let mut bytes = [0u8; 32];
                    for chunk in bytes.chunks_exact_mut(8) {
                        chunk.copy_from_slice(&random().to_le_bytes());
                    }
                    check(&bytes, t);
                }
            }
            assert!(compared > 50_000, "{name}: {compared} streams compared");
        }
    }
}
