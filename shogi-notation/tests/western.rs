//! Western notation: the spec's examples, and for every legal move of thousands of positions,
//! the written text resolves back to that move and to no other.

mod common;

use common::mv;

use shogi_notation::ResolveError;
use shogi_notation::western::{self, WesternOptions};

/// The spec's side-by-side table (§6): default style and numeric ranks.
#[test]
fn spec_table() {
    let start = common::position("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1");
    let golds = common::position("8k/9/9/9/9/9/9/9/K2G1G3 b G 1");
    let bishop =
        common::position("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1");
    let dragons = common::position("k8/7+R1/8+R/9/9/9/9/9/K8 b - 1");
    let numeric = WesternOptions::new().with_numeric_ranks(true);
    let cases = [
        (&start, "7g7f", "P-7f", "P-76"),
        (&golds, "6i5h", "G6i-5h", "G69-58"),
        (&bishop, "8h2b+", "Bx2b+", "Bx22+"),
        (&bishop, "8h2b", "Bx2b=", "Bx22="),
        (&golds, "G*5h", "G*5h", "G*58"),
        (&dragons, "1c2d", "+R1c-2d", "+R13-24"),
    ];
    for (pos, usi, hodges, number) in cases {
        let m = mv(usi);
        assert_eq!(western::write(pos, m).unwrap(), hodges, "{usi}");
        assert_eq!(
            western::write_with(pos, m, numeric).unwrap(),
            number,
            "{usi}"
        );
        assert_eq!(western::parse(hodges).unwrap().resolve(pos), Ok(m));
        assert_eq!(western::parse(number).unwrap().resolve(pos), Ok(m));
    }
    let dh = WesternOptions::new().with_dragon_horse_letters(true);
    assert_eq!(
        western::write_with(&dragons, mv("1c2d"), dh).unwrap(),
        "D1c-2d"
    );
}

#[test]
fn reader_leniency() {
    let golds = common::position("8k/9/9/9/9/9/9/9/K2G1G3 b G 1");
    let bishop =
        common::position("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1");
    // Hosking: no movement sign, `'` for drops.
    assert_eq!(
        western::parse("G6958").unwrap().resolve(&golds),
        Ok(mv("6i5h"))
    );
    assert_eq!(
        western::parse("G'58").unwrap().resolve(&golds),
        Ok(mv("G*5h"))
    );
    // `-` for a capture, and a missing suffix means no promotion.
    assert_eq!(
        western::parse("B-2b").unwrap().resolve(&bishop),
        Ok(mv("8h2b"))
    );
    // An origin that is not needed is accepted.
    assert_eq!(
        western::parse("P7g-7f").unwrap().resolve(&bishop),
        Err(ResolveError::NoMatchingMove)
    );
    assert_eq!(
        western::parse("P7g-7f").unwrap().resolve(&golds),
        Err(ResolveError::NoMatchingMove)
    );
    assert_eq!(
        western::parse("P2g-2f").unwrap().resolve(&bishop),
        Ok(mv("2g2f"))
    );
}

#[test]
fn ambiguity_and_no_match() {
    let golds = common::position("8k/9/9/9/9/9/9/9/K2G1G3 b G 1");
    match western::parse("G-5h").unwrap().resolve(&golds) {
        Err(ResolveError::Ambiguous { mut candidates }) => {
            candidates.sort_by_key(|m| m.to_string());
            assert_eq!(candidates, [mv("4i5h"), mv("6i5h")]);
        }
        other => panic!("expected ambiguity, got {other:?}"),
    }
    assert_eq!(
        western::parse("R-5h").unwrap().resolve(&golds),
        Err(ResolveError::NoMatchingMove)
    );
    // A gold cannot promote.
    assert_eq!(
        western::parse("G6i-5h+").unwrap().resolve(&golds),
        Err(ResolveError::NoMatchingMove)
    );
    // Illegal moves are not written.
    assert!(western::write(&golds, mv("6i6g")).is_err());
}

/// Declined promotion `=` only when promotion was possible; forced promotion is `+`.
#[test]
fn promotion_suffixes() {
    let pos = common::position("4k4/9/9/9/4N4/9/9/9/4K4 b - 1");
    assert_eq!(western::write(&pos, mv("5e4c")).unwrap(), "N-4c=");
    assert_eq!(western::write(&pos, mv("5e4c+")).unwrap(), "N-4c+");
    let pawn = common::position("4k4/9/P8/9/9/9/9/9/4K4 b - 1");
    assert_eq!(western::write(&pawn, mv("9c9b+")).unwrap(), "P-9b+");
    assert_eq!(western::write(&pawn, mv("9c9b")).unwrap(), "P-9b=");
    let low = common::position("4k4/9/9/9/9/P8/9/9/4K4 b - 1");
    assert_eq!(western::write(&low, mv("9f9e")).unwrap(), "P-9e");
    // Strict reading wants the suffix exactly when promotion was possible.
    let strict = |pos, text: &str| western::parse(text).unwrap().resolve_strict(pos);
    assert_eq!(strict(&pos, "N-4c="), Ok(mv("5e4c")));
    assert_eq!(strict(&pos, "N-4c+"), Ok(mv("5e4c+")));
    assert_eq!(
        strict(&pos, "N-4c"),
        Err(ResolveError::PromotionSuffix { required: true })
    );
    assert_eq!(
        western::parse("N-4c").unwrap().resolve(&pos),
        Ok(mv("5e4c"))
    );
    assert_eq!(strict(&low, "P-9e"), Ok(mv("9f9e")));
    assert_eq!(
        strict(&low, "P-9e="),
        Err(ResolveError::PromotionSuffix { required: false })
    );
}

/// Every legal move of every test position, in all four styles, resolves back to itself.
#[test]
fn every_legal_move_round_trips() {
    let styles = [
        WesternOptions::new(),
        WesternOptions::new().with_numeric_ranks(true),
        WesternOptions::new().with_dragon_horse_letters(true),
        WesternOptions::new()
            .with_numeric_ranks(true)
            .with_dragon_horse_letters(true),
    ];
    let positions = common::positions(60, 120);
    assert!(positions.len() >= 1500, "{} positions", positions.len());
    let mut moves = 0;
    for pos in &positions {
        for &m in pos.legal_moves().iter() {
            for (i, &style) in styles.iter().enumerate() {
                let text = western::write_with(pos, m, style).unwrap();
                let parsed = western::parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
                assert_eq!(parsed.resolve(pos), Ok(m), "{text} in style {i}");
                assert_eq!(parsed.resolve_strict(pos), Ok(m), "{text} strict");
                if i == 0 {
                    assert_eq!(parsed.to_string(), text);
                }
            }
            moves += 1;
        }
    }
    eprintln!(
        "western round trip: {} positions, {moves} moves",
        positions.len()
    );
    assert!(moves > 50_000, "{moves} moves");
}

#[test]
fn random_text_never_panics() {
    let mut rng = common::Rng::new(42);
    let alphabet: Vec<char> = "PLNSGBRKDHT+-x*'=0123456789abcdefghij 歩同\u{3000}"
        .chars()
        .collect();
    let pos = common::position("8k/9/9/9/9/9/9/9/K2G1G3 b G 1");
    for _ in 0..20_000 {
        let len = rng.below(9);
        let text: String = (0..len)
            .map(|_| alphabet[rng.below(alphabet.len())])
            .collect();
        if let Ok(w) = western::parse(&text) {
            let again = western::parse(&w.to_string()).unwrap();
            assert_eq!(again, w, "{text}");
            let _ = w.resolve(&pos);
        } else if let Err(e) = western::parse(&text) {
            assert!(e.offset() <= text.len());
        }
    }
}
