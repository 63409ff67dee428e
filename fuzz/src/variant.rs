//! The check of `variant_play_sequence`: play in the untakeable-silver variant.

use arbitrary::{Arbitrary, Unstructured};
use shogi_movegen::attacks::attacks;
use shogi_movegen::{IllegalMoveKind, Position};
use shogi_types::{Color, Move, Setup};
use shogi_variants::{SilverSetup, UntakeableSilver};

type Silver = Position<UntakeableSilver>;

/// More starts besides the three setups of the variant: untakeable silvers next to White's king
/// (mates and pawn-drop mates that hang on the protection), the perpetual-check position S0
/// with its silver protected, an untakeable silver pinned to its king, and a protected silver
/// with an ordinary one in hand.
const EXTRA_STARTS: [&str; 6] = [
    "8k/9/8S!/9/9/9/9/9/K6R1 b - 1",
    "7S!k/9/6G2/9/9/9/9/9/K8 b P 1",
    "9/9/6S!1k/9/9/9/9/R8/4K4 b - 1",
    "k3l4/9/9/9/9/9/9/4S!4/4K4 b - 1",
    "4k4/9/9/9/4S!4/9/9/9/4K4 b S 1",
    "9/9/5n3/3gp4/3+rS!+b3/4k4/9/9/4K4 w - 1",
];

/// `variant_play_sequence`: the bytes drive a game of the untakeable-silver variant from one of
/// its start setups (or a position built around its rules).
///
/// Most steps play a legal move (with `play` or `play_unchecked`); some try an arbitrary move,
/// and some try to capture an untakeable silver with a piece that reaches it. Nothing ever
/// captures an untakeable silver: no generated move lands on one, and `play` refuses every
/// attempt with [`IllegalMoveKind::CaptureProtected`] (or another reason) without changing the
/// position. Protection stays on Black's unpromoted silvers, moves with a silver that moves
/// without promoting, is lost on promotion and never grows. After every step the position is
/// valid with its protection, its incremental Zobrist key equals the key computed from
/// scratch, the pieces are all still there, and its marked SFEN reads back to it.
pub fn check_variant_play_sequence(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(index) = u.choose_index(SilverSetup::ALL.len() + EXTRA_STARTS.len() + 1) else {
        return;
    };
    let mut pos = match index {
        i if i < SilverSetup::ALL.len() => SilverSetup::ALL[i].position(),
        i if i < SilverSetup::ALL.len() + EXTRA_STARTS.len() => {
            marked_position(EXTRA_STARTS[i - SilverSetup::ALL.len()])
        }
        // The standard start with Black's silvers untakeable.
        _ => Silver::start(),
    };
    let pieces = material(&pos);
    assert_consistent(&pos);
    while !u.is_empty() {
        let Ok(step) = u.int_in_range(0..=15u8) else {
            break;
        };
        let before = pos;
        match step {
            0 => {
                let Ok(m) = Move::arbitrary(&mut u) else {
                    break;
                };
                try_move(&mut pos, m);
            }
            1 => {
                let Ok(m) = capture_attempt(&pos, &mut u) else {
                    break;
                };
                if let Some(m) = m {
                    let mut copy = pos;
                    let err = copy.play(m).err();
                    assert!(
                        err.is_some(),
                        "play accepted {m}, which takes an untakeable silver"
                    );
                    assert_eq!(copy, pos, "a refused capture changed the position");
                    if let Some(e) = err
                        && !matches!(m, Move::Normal { promote: true, .. })
                    {
                        assert_eq!(
                            e.kind,
                            IllegalMoveKind::CaptureProtected,
                            "{m} takes an untakeable silver"
                        );
                    }
                }
            }
            _ => {
                let moves = pos.legal_moves();
                for m in moves.iter() {
                    assert!(
                        m.is_drop() || !pos.protected().has(m.to()),
                        "generated move {m} takes an untakeable silver"
                    );
                }
                let Ok(&m) = u.choose(&moves) else {
                    break;
                };
                if step & 1 == 0 {
                    pos.play_unchecked(m);
                } else if let Err(e) = pos.play(m) {
                    panic!("play rejected the generated move {m}: {e}");
                }
                assert_protection_followed(&before, &pos, m);
            }
        }
        assert_consistent(&pos);
        assert_eq!(material(&pos), pieces, "pieces appeared or vanished");
    }
}

/// A position of the variant from a marked SFEN of this file.
fn marked_position(sfen: &str) -> Silver {
    let marked: Setup = match sfen.parse() {
        Ok(s) => s,
        Err(e) => panic!("built-in start {sfen:?} does not read: {e}"),
    };
    match Silver::from_setup(marked) {
        Ok(pos) => pos,
        Err(e) => panic!("built-in start {sfen:?} is invalid: {e}"),
    }
}

/// Pieces on the board plus pieces in both hands.
fn material(pos: &Silver) -> u32 {
    pos.occupied().count() + pos.hand(Color::Black).total() + pos.hand(Color::White).total()
}

/// Plays the arbitrary move `m` if it is legal; checks that `play` agrees with the generator
/// and that a refused move changes nothing.
fn try_move(pos: &mut Silver, m: Move) {
    let legal = pos.legal_moves().contains(&m);
    assert_eq!(
        pos.is_legal(m),
        legal,
        "is_legal({m}) disagrees with legal_moves"
    );
    let before = *pos;
    match pos.play(m) {
        Ok(()) => {
            assert!(legal, "play accepted {m}, which is not generated");
            assert_protection_followed(&before, pos, m);
        }
        Err(e) => {
            assert!(!legal, "play rejected the legal move {m}: {e}");
            assert_eq!(*pos, before, "a refused move changed the position");
            assert_eq!(
                pos.zobrist(),
                before.zobrist(),
                "a refused move changed the key"
            );
        }
    }
}

/// A move of the side to move onto an untakeable silver by a piece that reaches it, if there
/// is one.
fn capture_attempt(pos: &Silver, u: &mut Unstructured<'_>) -> arbitrary::Result<Option<Move>> {
    let us = pos.side_to_move();
    let mut candidates = Vec::new();
    for from in pos.pieces_of_color(us) {
        let Some(piece) = pos.piece_at(from) else {
            continue;
        };
        let reach = attacks(us, piece.kind, from, pos.occupied()) & pos.protected();
        for to in reach - pos.pieces_of_color(us) {
            candidates.push((from, to));
        }
    }
    if candidates.is_empty() {
        return Ok(None);
    }
    let &(from, to) = u.choose(&candidates)?;
    Ok(Some(Move::Normal {
        from,
        to,
        promote: u.arbitrary()?,
    }))
}

/// `after` is `before` with the legal move `m` played: no untakeable silver was taken, and the
/// protection moved with its silver or was lost by promotion.
fn assert_protection_followed(before: &Silver, after: &Silver, m: Move) {
    let old = before.protected();
    let new = after.protected();
    let expected = match m {
        Move::Normal { from, to, promote } => {
            assert!(!old.has(to), "{m} took an untakeable silver");
            if old.has(from) {
                let moved = old.without(from);
                if promote { moved } else { moved.with(to) }
            } else {
                old
            }
        }
        Move::Drop { to, .. } => {
            assert!(!new.has(to), "the silver dropped by {m} is untakeable");
            old
        }
    };
    assert_eq!(new, expected, "protection after {m}");
    assert_eq!(
        after.side_to_move(),
        !before.side_to_move(),
        "side to move after {m}"
    );
}

/// The position is valid with its protection, protects only Black's unpromoted silvers, has the
/// right key, and its marked SFEN reads back to it.
fn assert_consistent(pos: &Silver) {
    for sq in pos.protected() {
        assert_eq!(
            pos.piece_at(sq),
            Some(UntakeableSilver::PROTECTED_PIECE),
            "protection on {sq} without a black unpromoted silver"
        );
    }
    assert_eq!(
        pos.to_setup().protected,
        pos.protected(),
        "to_setup drops marks"
    );
    assert_eq!(
        Silver::from_setup(pos.to_setup()),
        Ok(*pos),
        "from_setup(to_setup()) does not give the position back"
    );
    assert_eq!(
        pos.zobrist(),
        shogi_movegen::testing::compute_hash(pos),
        "incremental Zobrist key differs from the key computed from scratch"
    );
    let text = pos.to_string();
    let read: Setup = text
        .parse()
        .unwrap_or_else(|e| panic!("marked SFEN {text:?} of a position does not read: {e}"));
    assert_eq!(read.protected, pos.protected(), "marks of {text:?}");
    assert_eq!(
        Silver::from_setup(read).map(|p| (p, p.move_number())),
        Ok((*pos, pos.move_number())),
        "marked SFEN {text:?} round trip"
    );
}
