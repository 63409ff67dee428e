//! The contract of `shogi mate`: one output line per input line (`mate <plies> <moves…>`,
//! `nomate`, `unknown <reason>`, `error: <message>`), never stopping on a bad line. The
//! expected answers were worked out by hand (see the comments).

mod common;

/// Runs `shogi mate <args>` with `stdin`; returns stdout, stderr and the exit code.
fn mate(args: &[&str], stdin: &str) -> (String, String, i32) {
    let mut all = vec!["mate"];
    all.extend_from_slice(args);
    common::shogi(&all, stdin)
}

/// A hard problem (将棋図巧 第50番): far more than a few thousand nodes.
const HARD: &str = "9/9/6n2/8n/6+pl1/7Sn/4+pp1k1/7N1/7s+R b R2B4g2s3l15p 1";

#[test]
fn one_line_per_input_line() {
    let input = [
        // 頭金 after a sacrifice: G*5b is taken by a silver, G*4b (or 6b) mates.
        "3sks3/9/4+P4/9/9/9/9/9/9 b 2G 1",
        // The same problem as a USI position command, with a CR line end.
        "position sfen 3sks3/9/4+P4/9/9/9/9/9/9 b 2G 1\r",
        // A lone rook never mates.
        "8k/R8/9/9/9/9/9/9/9 b - 1",
        "",
        "not an sfen",
        "position startpos moves 7g7f 7g7f",
        HARD,
        // The untakeable silver of the variant mates where a plain one is taken.
        "8k/9/6S!2/7N1/9/9/9/9/9 b - 1",
        "8k/9/6S2/7N1/9/9/9/9/9 b - 1",
    ]
    .join("\n");
    let (out, err, code) = mate(
        &["--mode", "tsume", "--nodes", "20000", "--hash", "8"],
        &input,
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        err.is_empty(),
        "no progress on stderr when it is no terminal: {err}"
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 9, "{out}");
    for line in &lines[..2] {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words[..3], ["mate", "3", "G*5b"], "{line}");
        assert!(words[4] == "G*4b" || words[4] == "G*6b", "{line}");
    }
    assert_eq!(lines[2], "nomate");
    assert_eq!(lines[3], "error: empty line");
    assert!(lines[4].starts_with("error: sfen"), "{}", lines[4]);
    assert!(lines[5].starts_with("error: move 2 (7g7f)"), "{}", lines[5]);
    assert_eq!(lines[6], "unknown nodes");
    assert_eq!(lines[7], "mate 1 3c2b");
    assert_eq!(lines[8], "nomate");
}

#[test]
fn modes_and_limits() {
    // In tsume mode the pawn drops between rook and king are futile: a mate in one. In any
    // mode they are moves, and the line ends in a real mate.
    let futile = "8k/6G2/9/7N1/9/9/9/9/R8 b 2p 1\n";
    let (out, _, code) = mate(&["--mode", "tsume"], futile);
    assert_eq!((out.as_str(), code), ("mate 1 9i9a+\n", 0));
    let (out, _, _) = mate(&["--mode", "any", "--hash", "4"], futile);
    let plies: usize = out
        .split(' ')
        .nth(1)
        .and_then(|n| n.parse().ok())
        .expect("plies");
    assert!(out.starts_with("mate ") && plies >= 5, "{out}");
    let (out, _, _) = mate(&["--time-ms", "20"], &format!("{HARD}\n"));
    assert_eq!(out, "unknown time\n");
    let (_, err, code) = mate(&["--mode", "fast"], "");
    assert_ne!(code, 0);
    assert!(err.contains("fast"), "{err}");
}
