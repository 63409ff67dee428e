//! Japanese notation: the worked examples of the notation spec (§5, from the JSA notation
//! guide) for 右 左 上 引 寄 直 打 同 不成, and for every legal move of thousands of positions,
//! the written text resolves back to that move and to no other.

mod common;

use common::mv;

use shogi_notation::ResolveError;
use shogi_notation::japanese;
use shogi_types::Move;

/// (board, side and hands, USI move, expected text without the mark).
const SPEC_EXAMPLES: [(&str, &str, &str, &str); 32] = [
    (
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
        "b -",
        "7g7f",
        "７六歩",
    ),
    ("8k/9/9/9/9/9/9/9/K2G1G3", "b -", "6i5h", "５八金左"),
    ("8k/9/9/9/9/9/9/9/K2G1G3", "b -", "4i5h", "５八金右"),
    ("8k/9/9/9/9/9/9/9/K2GG4", "b -", "5i5h", "５八金直"),
    ("8k/9/9/9/9/9/9/9/K2GG4", "b -", "6i5h", "５八金左"),
    ("8k/9/9/9/9/9/9/3G5/K4G3", "b -", "6h5h", "５八金寄"),
    ("8k/9/9/9/9/9/9/3G5/K4G3", "b -", "4i5h", "５八金上"),
    ("4G3k/9/3G5/9/9/9/9/9/K8", "b -", "5a5b", "５二金引"),
    ("4G3k/9/3G5/9/9/9/9/9/K8", "b -", "6c5b", "５二金上"),
    ("8k/9/3GGG3/9/9/9/9/9/K8", "b -", "6c5b", "５二金左"),
    ("8k/9/3GGG3/9/9/9/9/9/K8", "b -", "5c5b", "５二金直"),
    ("8k/9/3GGG3/9/9/9/9/9/K8", "b -", "4c5b", "５二金右"),
    ("8k/3G5/3G1G3/9/9/9/9/9/K8", "b -", "6c5b", "５二金左上"),
    ("8k/3G5/3G1G3/9/9/9/9/9/K8", "b -", "6b5b", "５二金寄"),
    ("8k/3G5/3G1G3/9/9/9/9/9/K8", "b -", "4c5b", "５二金右"),
    ("8k/9/9/9/9/9/5S3/9/K3S4", "b -", "5i5h", "５八銀上"),
    ("8k/9/9/9/9/9/5S3/9/K3S4", "b -", "4g5h", "５八銀引"),
    ("8k/9/9/9/9/9/3N1N3/9/K8", "b -", "6g5e", "５五桂左"),
    ("8k/9/9/9/9/9/3N1N3/9/K8", "b -", "4g5e", "５五桂右"),
    ("8k/9/9/9/9/9/9/4R2R1/K8", "b -", "2h3h", "３八飛右"),
    ("8k/9/9/9/9/9/9/4R2R1/K8", "b -", "5h3h", "３八飛左"),
    ("8k/9/9/9/9/9/9/9/K2G5", "b G", "G*5h", "５八金打"),
    ("8k/9/9/9/9/9/9/9/K2G5", "b G", "G*1e", "１五金"),
    ("k8/7+R1/8+R/9/9/9/9/9/K8", "b -", "1c2d", "２四龍右"),
    ("k8/7+R1/8+R/9/9/9/9/9/K8", "b -", "2b2d", "２四龍左"),
    ("7+R1/9/2k6/9/9/9/9/9/K6+R1", "b -", "2i2e", "２五龍上"),
    ("7+R1/9/2k6/9/9/9/9/9/K6+R1", "b -", "2a2e", "２五龍引"),
    ("9/9/7+R+R/9/k8/9/9/9/4K4", "b -", "2c2b", "２二龍左"),
    ("9/9/7+R+R/9/k8/9/9/9/4K4", "b -", "1c2b", "２二龍右"),
    ("+B+B7/9/9/9/8k/9/9/9/4K4", "b -", "9a8b", "８二馬左"),
    ("+B+B7/9/9/9/8k/9/9/9/4K4", "b -", "8a8b", "８二馬右"),
    ("4k4/9/9/9/4N4/9/9/9/4K4", "b -", "5e4c", "４三桂不成"),
];

/// More spec examples: White's mirror, promotion, a promoted silver vs a silver drop.
const MORE_EXAMPLES: [(&str, &str, &str, &str); 5] = [
    ("3g1g2k/9/9/9/9/9/9/9/K8", "w -", "4a5b", "５二金左"),
    ("3g1g2k/9/9/9/9/9/9/9/K8", "w -", "6a5b", "５二金右"),
    ("4k4/9/9/9/4N4/9/9/9/4K4", "b -", "5e4c+", "４三桂成"),
    ("4k4/9/9/9/9/9/9/4+S4/K8", "b S", "5h5g", "５七成銀"),
    ("4k4/9/9/9/9/9/9/4+S4/K8", "b S", "S*5g", "５七銀"),
];

#[test]
fn jsa_examples_write_and_read() {
    for (board, rest, usi, expected) in SPEC_EXAMPLES.iter().chain(MORE_EXAMPLES.iter()) {
        let pos = common::position(&format!("{board} {rest} 1"));
        let m = mv(usi);
        let mark = if rest.starts_with('b') { "▲" } else { "△" };
        let text = japanese::write(&pos, m, None).unwrap();
        assert_eq!(text, format!("{mark}{expected}"), "{board} {usi}");
        assert_eq!(
            japanese::parse(expected).unwrap().resolve(&pos, None),
            Ok(m),
            "{expected}"
        );
        assert_eq!(
            japanese::parse(&text).unwrap().resolve(&pos, None),
            Ok(m),
            "{text}"
        );
    }
}

/// The spec's pin example: written with the pseudo-legal candidate set (４八金寄 although the
/// pinned gold on 3i cannot move), read by filtering legal moves first.
#[test]
fn pinned_candidate_still_named() {
    let pos = common::position("9/9/9/9/9/4k4/9/4G4/r5G1K b - 1");
    let m = mv("5h4h");
    assert_eq!(japanese::write(&pos, m, None).unwrap(), "▲４八金寄");
    assert_eq!(
        japanese::parse("４八金").unwrap().resolve(&pos, None),
        Ok(m)
    );
}

#[test]
fn same_square_and_marks() {
    let mut pos =
        common::position("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    let mut previous = None;
    let mut texts = Vec::new();
    for usi in ["7g7f", "3c3d", "8h2b+", "3a2b"] {
        let m = mv(usi);
        texts.push(japanese::write(&pos, m, previous).unwrap());
        pos.play(m).unwrap();
        previous = Some(m);
    }
    assert_eq!(texts, ["▲７六歩", "△３四歩", "▲２二角成", "△同　銀"]);
    let start = common::position("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    assert_eq!(
        japanese::parse("△７六歩").unwrap().resolve(&start, None),
        Err(ResolveError::WrongSide {
            mark: shogi_types::Color::White
        })
    );
    assert_eq!(
        japanese::parse("同　歩").unwrap().resolve(&start, None),
        Err(ResolveError::NoPreviousMove)
    );
    // 同 for a move to the same square, half-width digits, missing 不成.
    let knight = common::position("4k4/9/9/9/4N4/9/9/9/4K4 b - 1");
    assert_eq!(
        japanese::parse("43桂").unwrap().resolve(&knight, None),
        Ok(mv("5e4c"))
    );
    assert_eq!(
        japanese::parse("同桂成")
            .unwrap()
            .resolve(&knight, Some(mv("3a4c"))),
        Ok(mv("5e4c+"))
    );
    assert_eq!(
        japanese::write(&knight, mv("5e4c"), Some(mv("3a4c"))).unwrap(),
        "▲同　桂不成"
    );
}

#[test]
fn ambiguous_and_no_match() {
    let pos = common::position("8k/9/3GGG3/9/9/9/9/9/K8 b - 1");
    match japanese::parse("５二金").unwrap().resolve(&pos, None) {
        Err(ResolveError::Ambiguous { candidates }) => assert_eq!(candidates.len(), 3),
        other => panic!("expected ambiguity, got {other:?}"),
    }
    match japanese::parse("５二金上").unwrap().resolve(&pos, None) {
        Err(ResolveError::Ambiguous { candidates }) => assert_eq!(candidates.len(), 3),
        other => panic!("expected ambiguity, got {other:?}"),
    }
    assert_eq!(
        japanese::parse("５二金引").unwrap().resolve(&pos, None),
        Err(ResolveError::NoMatchingMove)
    );
    assert_eq!(
        japanese::parse("５二銀").unwrap().resolve(&pos, None),
        Err(ResolveError::NoMatchingMove)
    );
    assert_eq!(
        japanese::parse("５二金打").unwrap().resolve(&pos, None),
        Err(ResolveError::NoMatchingMove)
    );
    // Redundant but true words are accepted.
    assert_eq!(
        japanese::parse("５二金直上").unwrap().resolve(&pos, None),
        Ok(mv("5c5b"))
    );
    // The old origin suffix picks the piece.
    assert_eq!(
        japanese::parse("５二金(42)").unwrap().resolve(&pos, None),
        Err(ResolveError::NoMatchingMove)
    );
    assert_eq!(
        japanese::parse("５二金(43)").unwrap().resolve(&pos, None),
        Ok(mv("4c5b"))
    );
}

/// Every legal move of every test position, written after a random previous move (so `同`
/// appears), resolves back to itself and to no other.
#[test]
fn every_legal_move_round_trips() {
    let positions = common::positions(60, 120);
    assert!(positions.len() >= 1500, "{} positions", positions.len());
    let mut moves = 0;
    let mut same = 0;
    let mut qualified = 0;
    for pos in &positions {
        let legal = pos.legal_moves();
        for (i, &m) in legal.iter().enumerate() {
            // Pretend the previous move went to the destination of a neighbour in the list.
            let previous = legal.get(i ^ 1).copied().map(|p| Move::Drop {
                kind: shogi_types::PieceKind::Pawn,
                to: p.to(),
            });
            let text = japanese::write(pos, m, previous).unwrap();
            let parsed = japanese::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(parsed.to_string(), text);
            assert_eq!(parsed.resolve(pos, previous), Ok(m), "{text}");
            same += usize::from(text.contains('同'));
            qualified += usize::from(text.contains(['右', '左', '直', '上', '寄', '引', '(']));
            moves += 1;
        }
    }
    eprintln!(
        "japanese round trip: {} positions, {moves} moves, {same} with 同, {qualified} with words",
        positions.len()
    );
    assert!(moves > 50_000, "{moves} moves");
    assert!(same > 1_000 && qualified > 1_000, "{same} {qualified}");
}

#[test]
fn random_text_never_panics() {
    let mut rng = common::Rng::new(7);
    let alphabet: Vec<char> =
        "▲△☗☖同　 １２５９15一五九歩香桂銀金角飛玉王と成香桂銀馬龍竜右左直上寄引行打不生()（）xX"
            .chars()
            .collect();
    let pos = common::position("8k/3G5/3G1G3/9/9/9/9/9/K8 b G 1");
    for _ in 0..20_000 {
        let len = rng.below(9);
        let text: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        match japanese::parse(&text) {
            Ok(j) => {
                let again = japanese::parse(&j.to_string()).unwrap();
                let _ = j.resolve(&pos, Some(mv("5c5b")));
                assert_eq!(
                    again.resolve(&pos, None).ok(),
                    j.resolve(&pos, None).ok(),
                    "{text}"
                );
            }
            Err(e) => assert!(text.is_char_boundary(e.offset()), "{text}"),
        }
    }
}
