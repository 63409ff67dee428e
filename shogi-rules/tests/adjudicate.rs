//! The command-line contract of the `adjudicate` example, run through the example's own code.

#[path = "../examples/adjudicate/cli.rs"]
mod cli;

use cli::{adjudicate_line, parse_args};
use shogi_rules::RuleSet;

fn rules(args: &[&str]) -> RuleSet {
    parse_args(args.iter().map(|s| (*s).to_owned())).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

fn run(args: &[&str], line: &str) -> String {
    adjudicate_line(rules(args), line)
}

const S0: &str = "position sfen 9/9/6S1k/9/9/9/9/R8/4K4 b - 1 moves";
const C: &str = "3c2b 1c2d 2b3c 2d1c";
const Q: &str = "9h8h 1c1d 8h9h 1d1c";

#[test]
fn options() {
    assert!(cli::USAGE.contains("--impasse none|24|27|24-declaration|try"));
    assert_eq!(rules(&[]), RuleSet::none());
    assert_eq!(rules(&["--impasse", "27"]), RuleSet::csa27());
    assert_eq!(rules(&["--impasse", "try"]), RuleSet::try_rule());
    assert_eq!(
        rules(&["--impasse", "24", "--move-limit", "400", "--limit-count"]),
        RuleSet::jsa24_limit400()
    );
    assert_eq!(
        rules(&["--impasse", "24-declaration", "--move-limit", "500"]),
        RuleSet::jsa24_declaration()
    );
    assert!(rules(&["--handicap-credit"]).handicap_credit());
    assert_eq!(rules(&["--move-limit", "0"]).move_limit(), None);
    for bad in [
        &["--impasse"][..],
        &["--impasse", "26"],
        &["--move-limit", "-1"],
        &["--move-limit", "many"],
        &["--verbose"],
    ] {
        assert!(
            parse_args(bad.iter().map(|s| (*s).to_owned())).is_err(),
            "{bad:?}"
        );
    }
}

#[test]
fn ongoing_and_mate() {
    assert_eq!(run(&[], "position startpos"), "ongoing");
    assert_eq!(run(&[], "position startpos moves 7g7f 3c3d"), "ongoing");
    assert_eq!(run(&[], "startpos moves 7g7f"), "ongoing");
    assert_eq!(
        run(&[], "position sfen 7lk/9/7GP/9/9/9/9/9/8K b - 1 moves 1c1b"),
        "win black checkmate"
    );
    assert_eq!(
        run(
            &[],
            "position sfen +R+N+SGKG+S+N+R/+B+N+SG+LG+S+N+B/P+LPP+LPP+LP/1P2P2P1/9/9/9/9/4k4 b 9P 200"
        ),
        "win white no-legal-moves"
    );
}

#[test]
fn repetition_and_perpetual_check() {
    assert_eq!(
        run(&[], &format!("{S0} {C} {C} {C}")),
        "win white perpetual-check"
    );
    assert_eq!(run(&[], &format!("{S0} {Q} {C} {C}")), "draw repetition");
    // The game ends at the first move that ends it; the next one is refused.
    assert_eq!(
        run(&[], &format!("{S0} {C} {C} {C} 3c2b")),
        "illegal 12 game-over"
    );
}

#[test]
fn illegal_moves() {
    for (line, expected) in [
        (
            "position startpos moves 7g7f 3c3d 2h2d",
            "illegal 2 cannot-reach",
        ),
        ("position startpos moves 7f7e", "illegal 0 no-such-piece"),
        (
            "position startpos moves 7g7f 7g7f",
            "illegal 1 no-such-piece",
        ),
        (
            "position startpos moves 7g7f 2g2f",
            "illegal 1 not-your-piece",
        ),
        ("position startpos moves 7i7f", "illegal 0 cannot-reach"),
        (
            "position startpos moves 7g7f 3c3d 5i4i",
            "illegal 2 capture-own-piece",
        ),
        ("position startpos moves 7g7f+", "illegal 0 bad-promotion"),
        ("position startpos moves P*5e", "illegal 0 not-in-hand"),
        (
            "position sfen 7lk/9/8S/9/9/9/9/7L1/8K b P 1 moves P*1b",
            "illegal 0 drop-pawn-mate",
        ),
        (
            "position sfen 7lk/9/7GP/9/9/9/9/9/8K b P 1 moves P*1e",
            "illegal 0 two-pawns",
        ),
        (
            "position sfen 7lk/9/7GP/9/9/9/9/9/8K b P 1 moves P*1c",
            "illegal 0 occupied",
        ),
        (
            "position sfen 4k4/9/9/9/9/9/9/9/4K4 b P 1 moves P*1a",
            "illegal 0 stuck-piece",
        ),
        (
            "position sfen 4k4/9/9/9/9/9/9/3r5/4K4 b - 1 moves 5i6i",
            "illegal 0 leaves-king-in-check",
        ),
    ] {
        assert_eq!(run(&[], line), expected, "{line}");
    }
}

#[test]
fn declarations() {
    let row1 = "position sfen +R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b 10P 1";
    let row2 = "position sfen +R+BGGSS1K1/PPPP5/9/9/9/9/9/9/4k4 b 9P 1";
    assert_eq!(
        run(&["--impasse", "27"], &format!("{row1} declare")),
        "win black impasse"
    );
    assert_eq!(
        run(&["--impasse", "27"], &format!("{row2} declare")),
        "win white impasse"
    );
    assert_eq!(
        run(&["--impasse", "24-declaration"], &format!("{row1} declare")),
        "draw impasse"
    );
    assert_eq!(
        run(&["--impasse", "24"], &format!("{row1} declare")),
        "win black impasse"
    );
    // Without `declare` nothing is judged.
    assert_eq!(run(&["--impasse", "27"], row1), "ongoing");
    // A declaration after moves: the side to move (White) declares and fails.
    assert_eq!(
        run(&["--impasse", "27"], &format!("{row1} moves 2a3a declare")),
        "win black impasse"
    );
    // Not allowed: no rule, the try rule, the 24-point rule with a king outside its camp.
    for args in [&[][..], &["--impasse", "none"], &["--impasse", "try"]] {
        assert!(
            run(args, &format!("{row1} declare")).starts_with("error: "),
            "{args:?}"
        );
    }
    assert!(run(&["--impasse", "24"], "position startpos declare").starts_with("error: "));
    // The 27-point rule judges every declaration: from the start, the declarer loses.
    assert_eq!(
        run(&["--impasse", "27"], "position startpos declare"),
        "win white impasse"
    );
    // After the end of the game, a declaration is an error.
    assert!(
        run(
            &["--impasse", "27"],
            "position sfen 7lk/9/7GP/9/9/9/9/9/8K b - 1 moves 1c1b declare"
        )
        .starts_with("error: ")
    );
}

#[test]
fn try_and_move_limit() {
    let sfen = "position sfen 9/4K4/9/9/9/9/9/9/k8 b - 1 moves 5b5a";
    assert_eq!(run(&["--impasse", "try"], sfen), "win black try");
    assert_eq!(run(&[], sfen), "ongoing");
    let moves = "position startpos moves 7g7f 3c3d 2g2f 8c8d";
    assert_eq!(run(&["--move-limit", "4"], moves), "draw move-limit");
    assert_eq!(run(&["--move-limit", "5"], moves), "ongoing");
    assert_eq!(run(&["--move-limit", "3"], moves), "illegal 3 game-over");
    let camps = "position sfen 9/4K4/9/9/9/9/4k4/9/9 b RB14P4g4s4n4l4p 1 moves 5b5c 5g5h";
    assert_eq!(
        run(&["--move-limit", "2", "--limit-count"], camps),
        "win black move-limit"
    );
    assert_eq!(run(&["--move-limit", "2"], camps), "draw move-limit");
    // With the credit White's 20 points become 31: a draw.
    assert_eq!(
        run(
            &["--move-limit", "2", "--limit-count", "--handicap-credit"],
            camps
        ),
        "draw move-limit"
    );
}

#[test]
fn errors_and_mate_problems() {
    for line in [
        "",
        "declare",
        "position",
        "position startpos moves 7g7x",
        "position sfen 9/9/9 b - 1",
        "position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 banana",
        // Two white kings: a hard fault.
        "position sfen 4k4/9/9/9/9/9/9/9/k3K4 b - 1",
    ] {
        assert!(run(&[], line).starts_with("error: "), "{line:?}");
    }
    // A mate problem: Black has no king. The soft fault is waived.
    assert_eq!(
        run(&[], "position sfen 4k4/9/4P4/9/9/9/9/9/9 b G 1 moves G*5b"),
        "win black checkmate"
    );
    // Extra material (a third rook) is accepted the same way.
    assert_eq!(
        run(&[], "position sfen 4k4/9/9/9/9/9/9/9/4K4 b 3R 1"),
        "ongoing"
    );
    // Surrounding white space and a CR are harmless.
    assert_eq!(run(&[], "  position startpos moves 7g7f  "), "ongoing");
}

#[test]
fn position_reader() {
    use cli::read_position_command as read;
    use shogi_types::{Move, Setup};

    let mv = |usi: &str| usi.parse::<Move>().unwrap_or_else(|e| panic!("{usi}: {e}"));
    assert_eq!(read("startpos"), Ok((Setup::start(), vec![])));
    assert_eq!(
        read("position startpos moves 7g7f 3c3d"),
        Ok((Setup::start(), vec![mv("7g7f"), mv("3c3d")]))
    );
    let sfen = "4k4/9/9/9/9/9/9/9/4K4 b P 3";
    let setup: Setup = sfen.parse().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        read(&format!("position  sfen {sfen}\tmoves P*5e")),
        Ok((setup, vec![mv("P*5e")]))
    );
    // The move number may be left out, and `moves` may be followed by nothing.
    assert_eq!(
        read("sfen 4k4/9/9/9/9/9/9/9/4K4 b P moves").map(|(s, m)| (s.move_number.get(), m)),
        Ok((1, vec![]))
    );
    for (line, message) in [
        ("", "usi position: empty, expected 'startpos' or 'sfen'"),
        (
            "position",
            "usi position: expected 'startpos' or 'sfen' at byte 8",
        ),
        (
            "position start",
            "usi position: expected 'startpos' or 'sfen' at byte 9",
        ),
        (
            "position startpos 7g7f",
            "usi position: expected 'moves' or the end at byte 18",
        ),
        (
            "sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1 banana",
            "usi position: expected 'moves' or the end at byte 33",
        ),
        (
            "startpos moves 7g7f resign",
            "usi: 'resign' at byte 20 is an engine answer, not a move",
        ),
    ] {
        assert_eq!(read(line), Err(message.to_owned()), "{line:?}");
    }
    let bad_sfen = read("position sfen 9/9/9 b - 1").unwrap_err();
    assert!(
        bad_sfen.starts_with("usi position: cannot read the sfen at byte 14: sfen board: "),
        "{bad_sfen}"
    );
    let bad_move = read("position startpos moves 7g7f 7g7x").unwrap_err();
    assert!(
        bad_move.starts_with("usi: cannot read moves[1] at byte 29: "),
        "{bad_move}"
    );
}
