//! Checks of positions: SFEN and USI round trips, the `position` command, legal moves and
//! `play`, and the helpers that check a position after every step.

use arbitrary::{Arbitrary, Unstructured};
use shogi_movegen::Fault;
use shogi_movegen::{MoveList, Position, Standard};
use shogi_types::{Color, Move, PieceKind, Setup, Square};
use shogi_usi::position::{self as usi, PositionCommand, ReplayError};

/// Valid start positions for `play_sequence`: the standard start, the handicap starts and
/// published perft positions (each holds at most one set of pieces and both kings).
pub(crate) const STARTS: [&str; 15] = [
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    "9/9/9/3k5/9/5K3/9/9/9 b RB2G2S2N2L9Prb2g2s2n2l9p 1",
    "8l/1l+R2P3/p2pBG1pp/kps1p4/Nn1P2G2/P1P1P2PP/1PS6/1KSG3+r1/LN2+p3L w Sbgn3p 124",
    "lnsgkgsnl/1r5b1/9/9/9/9/9/1B5R1/LNSGKGSNL b 9P9p 1",
    "+R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200",
    "7lk/9/8S/9/9/9/9/7L1/8K b P 1",
    "l2kg2+R1/4n3+L/p1gpps3/4np3/6P1N/PP+rP2pS1/1pG2P3/4P1G2/LN3KB1+p b SPbsl4p 1",
];

/// How many arbitrary moves `legals_are_legal` tries on one position, at most.
pub(crate) const MAX_PROBES: usize = 64;

/// `sfen_roundtrip`: bytes → `str` → [`Setup`] (its SFEN reader).
///
/// If the text reads as an SFEN, writing it and reading it again gives the same `Setup` and the
/// same text; so does writing it through `write_sfen` into a `String`. A setup with pieces
/// marked protected is refused by standard shogi with `Fault::BadProtection`. Validating its setup never panics; a valid position gives back the same setup,
/// and its SFEN reads back to an equal position. A position that is only invalid through soft
/// faults (extra material, the attacker's missing king) is waived and its legal moves are
/// played, so the generator is also exercised on what it claims to live with.
pub fn check_sfen_roundtrip(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(sfen) = text.parse::<Setup>() else {
        return;
    };
    let written = sfen.to_string();
    let mut into = String::from("sfen ");
    sfen.write_sfen(&mut into).expect("a String takes any text");
    assert_eq!(
        into,
        format!("sfen {written}"),
        "write_sfen differs from Display"
    );
    let again: Setup = written
        .parse()
        .unwrap_or_else(|e| panic!("written SFEN {written:?} does not read back: {e}"));
    assert_eq!(again, sfen, "SFEN {written:?} reads back to another setup");
    assert_eq!(again.to_string(), written, "SFEN text is not stable");

    let setup = sfen;
    match Position::<Standard>::from_setup(setup.clone()) {
        Ok(pos) => {
            assert!(
                setup.protected.is_empty(),
                "standard shogi accepted a marked piece"
            );
            assert_eq!(pos.to_setup(), setup, "to_setup differs from the setup");
            assert_valid(&pos);
            let text = pos.to_string();
            let reread: Setup = text
                .parse()
                .unwrap_or_else(|e| panic!("SFEN {text:?} of a position does not read: {e}"));
            assert_eq!(
                Position::<Standard>::from_setup(reread),
                Ok(pos),
                "SFEN {text:?} re-reads to another position"
            );
            check_moves_of(&pos, false);
        }
        Err(err) => {
            assert!(!err.faults().is_empty(), "an error without faults");
            assert_eq!(
                setup.protected.is_nonempty(),
                err.faults().contains(Fault::BadProtection),
                "a mark is refused exactly when there is one"
            );
            let _ = err.to_string();
            if let Ok(pos) = err.ignore_soft() {
                assert_eq!(pos.to_setup(), setup, "to_setup differs from the setup");
                assert_key(&pos);
                check_moves_of(&pos, false);
            }
        }
    }
}

/// `usi_move_roundtrip`: bytes → `str` → USI move.
///
/// [`usi::parse_move`] and `Move`'s `FromStr` agree, and what they read is written back as
/// exactly the same text (the reader is strict). A list read by [`usi::parse_moves`] reads back
/// from its canonical text. An arbitrary `Move` built from the same bytes, if it is one USI can
/// say (a board move, or the drop of a hand kind), reads back from its text.
pub fn check_usi_move_roundtrip(data: &[u8]) {
    if let Ok(text) = std::str::from_utf8(data) {
        let parsed = usi::parse_move(text);
        let from_str = text.parse::<Move>();
        assert_eq!(
            parsed.as_ref().ok(),
            from_str.as_ref().ok(),
            "parse_move and FromStr disagree on {text:?}"
        );
        if let Ok(m) = parsed {
            assert_eq!(
                m.to_string(),
                text,
                "move {m:?} is not written as it was read"
            );
            assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        } else if let Err(e) = parsed {
            let _ = e.to_string();
        }
        match usi::parse_moves(text) {
            Ok(moves) => {
                let joined = moves
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" ");
                assert_eq!(
                    usi::parse_moves(&joined).as_ref(),
                    Ok(&moves),
                    "move list {joined:?} reads back to other moves"
                );
            }
            Err(e) => {
                let _ = e.to_string();
            }
        }
    }
    let mut u = Unstructured::new(data);
    while let Ok(m) = Move::arbitrary(&mut u) {
        if let Move::Drop { kind, .. } = m
            && !kind.is_hand_kind()
        {
            // Not a move USI can say (`K*5e`, a promoted piece dropped); skip it.
        } else {
            let text = m.to_string();
            assert_eq!(
                usi::parse_move(&text),
                Ok(m),
                "{m:?} written as {text:?} does not read back"
            );
        }
        if u.is_empty() {
            break;
        }
    }
}

/// `position_command`: bytes → `str` → [`PositionCommand`].
///
/// If the text reads as a command, writing it and reading it again gives the same command and
/// the same text. Replaying it with `to_position::<Standard>()` never panics; a replayed
/// position is valid and its move number advanced by one per move; an illegal move is reported
/// at the index of the first move that is really illegal; an invalid start is really invalid.
pub fn check_position_command(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(cmd) = text.parse::<PositionCommand>() else {
        return;
    };
    let written = cmd.to_string();
    let again: PositionCommand = written
        .parse()
        .unwrap_or_else(|e| panic!("written command {written:?} does not read back: {e}"));
    assert_eq!(
        again, cmd,
        "command {written:?} reads back to another command"
    );
    assert_eq!(again.to_string(), written, "command text is not stable");

    let start = cmd.start.to_setup();
    match cmd.to_position::<Standard>() {
        Ok(pos) => {
            assert_valid(&pos);
            let plies = u32::try_from(cmd.moves.len()).unwrap_or(u32::MAX);
            assert_eq!(
                pos.move_number(),
                start.move_number.saturating_add(plies),
                "move number after {plies} moves"
            );
        }
        Err(ReplayError::IllegalMove {
            index,
            error: source,
        }) => {
            assert!(index < cmd.moves.len(), "index {index} out of range");
            assert_eq!(source.mv, cmd.moves[index], "the reported move");
            let _ = source.to_string();
            let mut pos = match Position::<Standard>::from_setup(start) {
                Ok(pos) => pos,
                Err(e) => panic!("the start was accepted by to_position but not now: {e}"),
            };
            for (i, &m) in cmd.moves[..index].iter().enumerate() {
                assert!(pos.play(m).is_ok(), "moves[{i}] = {m} should be legal");
            }
            assert!(!pos.is_legal(source.mv), "moves[{index}] is legal");
            assert!(
                !pos.legal_moves().contains(&source.mv),
                "moves[{index}] is generated"
            );
            let before = pos;
            assert!(pos.play(source.mv).is_err());
            assert_unchanged(&pos, &before);
        }
        Err(ReplayError::InvalidStart(err)) => {
            assert!(Position::<Standard>::from_setup(start).is_err());
            let _ = err.to_string();
            if let Ok(mut pos) = err.ignore_soft() {
                // Soft faults waived: replaying must still never panic.
                let _ = cmd.play_moves(&mut pos);
                assert_key(&pos);
            }
        }
        Err(e) => {
            let _ = e.to_string();
        }
    }
}

/// `legals_are_legal`: an arbitrary (always valid) [`Position`], then arbitrary moves.
///
/// Every generated move is accepted by `play` on a copy, which stays valid; the move lists of
/// the partial generators agree with `legal_moves`; `is_legal` agrees with
/// `legal_moves().contains` for the generated moves and for arbitrary moves (random, and
/// near-misses of legal ones); `play` of an illegal move returns `Err` and changes nothing.
pub fn check_legals_are_legal(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(pos) = Position::<Standard>::arbitrary(&mut u) else {
        return;
    };
    assert_valid(&pos);
    let moves = check_moves_of(&pos, true);
    for _ in 0..MAX_PROBES {
        if u.is_empty() {
            break;
        }
        let Ok(m) = probe_move(&mut u, &moves) else {
            break;
        };
        check_probe(&pos, &moves, m);
    }
}

/// `play_sequence`: the bytes drive a game from a valid start position.
///
/// Most steps play one of the legal moves (chosen by the bytes, with `play` or
/// `play_unchecked`); some try an arbitrary move with `play`, which must agree with
/// `is_legal` and change nothing when it fails. After every step the position is valid, its
/// Zobrist key equals the key computed from scratch, its SFEN reads back to it, and the number
/// of pieces on the board and in hand is unchanged.
pub fn check_play_sequence(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Ok(index) = u.choose_index(STARTS.len()) else {
        return;
    };
    let mut pos = start_position(STARTS[index]);
    let pieces = material(&pos);
    while !u.is_empty() {
        let Ok(step) = u.int_in_range(0..=15u8) else {
            break;
        };
        if step == 0 {
            let Ok(m) = Move::arbitrary(&mut u) else {
                break;
            };
            let legal = pos.legal_moves().contains(&m);
            assert_eq!(
                pos.is_legal(m),
                legal,
                "is_legal({m}) disagrees with legal_moves"
            );
            let before = pos;
            match pos.play(m) {
                Ok(()) => {
                    assert!(legal, "play accepted {m}, which is not generated");
                    assert_after_move(&pos, &before);
                }
                Err(e) => {
                    assert!(!legal, "play rejected the legal move {m}: {e}");
                    assert_eq!(e.mv, m);
                    assert_unchanged(&pos, &before);
                }
            }
        } else {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let Ok(&m) = u.choose(&moves) else {
                break;
            };
            let before = pos;
            if step & 1 == 0 {
                pos.play_unchecked(m);
            } else if let Err(e) = pos.play(m) {
                panic!("play rejected the generated move {m}: {e}");
            }
            assert_after_move(&pos, &before);
        }
        assert_valid(&pos);
        assert_eq!(material(&pos), pieces, "pieces appeared or vanished");
        let text = pos.to_string();
        let sfen: Setup = text
            .parse()
            .unwrap_or_else(|e| panic!("SFEN {text:?} of a position does not read: {e}"));
        assert_eq!(sfen, pos.to_setup(), "SFEN {text:?} round trip");
    }
}

/// The start position for `play_sequence`.
pub(crate) fn start_position(sfen: &str) -> Position<Standard> {
    let setup = match sfen.parse::<Setup>() {
        Ok(s) => s,
        Err(e) => panic!("built-in start {sfen:?} does not read: {e}"),
    };
    match Position::from_setup(setup) {
        Ok(pos) => pos,
        Err(e) => panic!("built-in start {sfen:?} is invalid: {e}"),
    }
}

/// Pieces on the board plus pieces in both hands.
pub(crate) fn material(pos: &Position<Standard>) -> u32 {
    pos.occupied().count() + pos.hand(Color::Black).total() + pos.hand(Color::White).total()
}

/// The position is valid and its key is right.
pub(crate) fn assert_valid(pos: &Position<Standard>) {
    assert_eq!(
        Position::from_setup(pos.to_setup()),
        Ok(*pos),
        "from_setup(to_setup()) does not give the position back"
    );
    assert_key(pos);
    assert_eq!(
        pos.is_check(),
        !pos.checkers().is_empty(),
        "is_check and checkers disagree"
    );
}

/// The incremental Zobrist key equals the key computed from scratch.
pub(crate) fn assert_key(pos: &Position<Standard>) {
    assert_eq!(
        pos.zobrist(),
        shogi_movegen::testing::compute_hash(pos),
        "incremental Zobrist key differs from the key computed from scratch"
    );
}

/// `pos` is `before` with one move played.
pub(crate) fn assert_after_move(pos: &Position<Standard>, before: &Position<Standard>) {
    assert_eq!(
        pos.side_to_move(),
        !before.side_to_move(),
        "side to move after a move"
    );
    assert_eq!(
        pos.move_number(),
        before.move_number().saturating_add(1),
        "move number after a move"
    );
    assert_key(pos);
}

/// A failed `play` left the position exactly as it was.
pub(crate) fn assert_unchanged(pos: &Position<Standard>, before: &Position<Standard>) {
    assert_eq!(pos, before, "a failed play changed the position");
    assert_eq!(
        pos.to_setup(),
        before.to_setup(),
        "a failed play changed the setup"
    );
    assert_eq!(
        pos.zobrist(),
        before.zobrist(),
        "a failed play changed the Zobrist key"
    );
    assert_eq!(
        pos.checkers(),
        before.checkers(),
        "a failed play changed the checkers"
    );
    assert_eq!(
        pos.pinned(),
        before.pinned(),
        "a failed play changed the pins"
    );
}

/// Checks the legal moves of `pos` against each other and plays each on a copy. With
/// `full_validation` (a valid position), every position reached is validated from scratch and
/// the move list must not overflow; without it (a position accepted by waiving soft faults,
/// which may hold more material than one set) `legal_moves` may be truncated as documented on
/// `MoveList`, and the moves visited by `for_each_legal_move` are the reference. Returns every
/// legal move.
pub(crate) fn check_moves_of(pos: &Position<Standard>, full_validation: bool) -> Vec<Move> {
    let list = pos.legal_moves();
    let mut moves = Vec::with_capacity(list.len());
    pos.for_each_legal_move(|m| moves.push(m));
    assert_eq!(
        moves.len() as u64,
        pos.count_legal_moves(),
        "count_legal_moves disagrees with for_each_legal_move"
    );

    let mut sorted = moves.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), moves.len(), "the legal moves have duplicates");

    let mut listed: Vec<Move> = list.iter().copied().collect();
    listed.sort_unstable();
    if list.is_truncated() {
        assert!(
            !full_validation,
            "the move list overflowed on a valid position ({} moves)",
            moves.len()
        );
        assert!(moves.len() > MoveList::CAPACITY, "truncated below capacity");
        assert_eq!(
            list.len(),
            MoveList::CAPACITY,
            "a truncated list is not full"
        );
        assert!(
            listed.iter().all(|m| sorted.binary_search(m).is_ok()),
            "a truncated legal_moves holds a move that is not legal"
        );
    } else {
        assert_eq!(
            listed, sorted,
            "for_each_legal_move disagrees with legal_moves"
        );
    }

    let mut board_moves: Vec<Move> = Square::ALL
        .iter()
        .flat_map(|&sq| pos.legal_moves_from(sq).iter().copied().collect::<Vec<_>>())
        .collect();
    board_moves.sort_unstable();
    let expected: Vec<Move> = sorted.iter().copied().filter(|m| !m.is_drop()).collect();
    assert_eq!(
        board_moves, expected,
        "legal_moves_from disagrees with legal_moves"
    );

    let mut drops: Vec<Move> = PieceKind::ALL
        .iter()
        .flat_map(|&kind| {
            pos.legal_drops(kind)
                .iter()
                .map(move |to| Move::Drop { kind, to })
        })
        .collect();
    drops.sort_unstable();
    let expected: Vec<Move> = sorted.iter().copied().filter(|m| m.is_drop()).collect();
    assert_eq!(drops, expected, "legal_drops disagrees with legal_moves");
    let drop_list = pos.legal_drop_moves();
    if !drop_list.is_truncated() {
        let mut drop_moves: Vec<Move> = drop_list.iter().copied().collect();
        drop_moves.sort_unstable();
        assert_eq!(
            drop_moves, expected,
            "legal_drop_moves disagrees with legal_moves"
        );
    }

    let mut captures: Vec<Move> = pos.legal_captures().iter().copied().collect();
    captures.sort_unstable();
    let expected: Vec<Move> = sorted
        .iter()
        .copied()
        .filter(|m| !m.is_drop() && pos.piece_at(m.to()).is_some())
        .collect();
    assert_eq!(
        captures, expected,
        "legal_captures disagrees with legal_moves"
    );

    for &m in &moves {
        assert!(pos.is_legal(m), "generated move {m} is not is_legal");
        let mut after = *pos;
        if let Err(e) = after.play(m) {
            panic!("play rejected the generated move {m}: {e}");
        }
        assert_after_move(&after, pos);
        if full_validation {
            assert_valid(&after);
        }
    }
    moves
}

/// An arbitrary move: random, or a near miss of a legal move (promotion toggled, another
/// origin, destination or drop kind).
pub(crate) fn probe_move(u: &mut Unstructured<'_>, legal: &[Move]) -> arbitrary::Result<Move> {
    if legal.is_empty() || u.ratio(1u8, 3)? {
        return Move::arbitrary(u);
    }
    let m = *u.choose(legal)?;
    let sq = Square::arbitrary(u)?;
    Ok(match (m, u.int_in_range(0..=3u8)?) {
        (Move::Normal { from, to, promote }, 0) => Move::Normal {
            from,
            to,
            promote: !promote,
        },
        (Move::Normal { to, promote, .. }, 1) => Move::Normal {
            from: sq,
            to,
            promote,
        },
        (Move::Normal { from, promote, .. }, 2) => Move::Normal {
            from,
            to: sq,
            promote,
        },
        (Move::Normal { to, .. }, _) => Move::Drop {
            kind: PieceKind::arbitrary(u)?,
            to,
        },
        (Move::Drop { kind, .. }, 0 | 1) => Move::Drop { kind, to: sq },
        (Move::Drop { to, .. }, 2) => Move::Drop {
            kind: PieceKind::arbitrary(u)?,
            to,
        },
        (Move::Drop { to, .. }, _) => Move::Normal {
            from: sq,
            to,
            promote: u.arbitrary()?,
        },
    })
}

/// `is_legal` and `play` agree with the move list on `m`.
pub(crate) fn check_probe(pos: &Position<Standard>, legal: &[Move], m: Move) {
    let generated = legal.contains(&m);
    assert_eq!(
        pos.is_legal(m),
        generated,
        "is_legal({m}) disagrees with legal_moves"
    );
    let mut copy = *pos;
    match copy.play(m) {
        Ok(()) => {
            assert!(generated, "play accepted {m}, which is not generated");
            assert_after_move(&copy, pos);
        }
        Err(e) => {
            assert!(!generated, "play rejected the generated move {m}: {e}");
            assert_eq!(e.mv, m, "the error names another move");
            let _ = e.to_string();
            assert_unchanged(&copy, pos);
        }
    }
}
