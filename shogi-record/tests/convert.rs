//! The `convert` example's command line and output (its functions, compiled into this test).

#[allow(dead_code)]
#[path = "../examples/convert.rs"]
mod convert;

use convert::{Target, output, parse_args};
use shogi_record as record;

fn args(words: &[&str]) -> Result<convert::Args, String> {
    parse_args(words.iter().map(|w| (*w).to_string()))
}

fn convert_text(text: &str, to: &str) -> String {
    let rec = record::read(text.as_bytes()).expect("reads");
    let target = Target::from_name(to).expect("target");
    output(&rec, target).expect("writes")
}

#[test]
fn command_line() {
    assert!(args(&["--to", "kif"]).is_ok());
    assert!(args(&["--to=csa", "game.kif"]).is_ok());
    assert!(args(&["--to", "pdf"]).is_err());
    assert!(args(&["--to"]).is_err());
    assert!(args(&["game.kif"]).is_err());
    assert!(args(&["--to", "kif", "a", "b"]).is_err());
    assert!(args(&["--from", "kif"]).is_err());
}

#[test]
fn western_and_japanese_move_lists() {
    let usi = "position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e 7a6b 4e3d";
    assert_eq!(
        convert_text(usi, "western"),
        "P-7f\nP-3d\nBx2b+\nSx2b\nB*4e\nS-6b\nBx3d\n"
    );
    assert_eq!(
        convert_text(usi, "japanese"),
        "▲７六歩\n△３四歩\n▲２二角成\n△同　銀\n▲４五角\n△６二銀\n▲３四角\n"
    );
    // Declined promotion, promoted piece, origin for a second silver, drop.
    let usi = "position sfen 4k4/9/4s1s2/9/9/9/2+B6/9/4K4 b SP 1 moves 7g4d";
    assert_eq!(convert_text(usi, "western"), "+B-4d\n");
    let usi = "position sfen 4k4/9/4S1S2/3p5/9/9/9/9/4K4 b P 1 moves 5c4d";
    assert_eq!(convert_text(usi, "western"), "S5c-4d=\n");
}

#[test]
fn positions_and_records() {
    let usi = "position startpos moves 7g7f 3c3d";
    assert_eq!(convert_text(usi, "usi"), format!("{usi}\n"));
    assert_eq!(
        convert_text(usi, "sfen"),
        "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3\n"
    );
    for to in ["kif", "ki2", "csa", "jkf"] {
        let written = convert_text(usi, to);
        assert_eq!(convert_text(&written, "usi"), format!("{usi}\n"), "{to}");
    }
}

#[test]
fn illegal_records_fail() {
    let rec = record::read(b"position startpos moves 7g7f 7g7f");
    let err = rec.expect_err("illegal");
    assert_eq!(
        err.to_string(),
        "line 1: move 2 '7g7f' is illegal: no piece on the origin square"
    );
}

/// `--lenient` keeps the legal moves before the first illegal one (an 81Dojo-style record: an
/// illegal last move and only a comment); without it the record fails as before.
#[test]
fn lenient_keeps_the_moves_before_an_illegal_one() {
    assert!(args(&["--to", "usi", "--lenient"]).is_ok());
    assert!(args(&["--lenient", "--to=kif", "game.kif"]).is_ok());
    let kif = "手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２二角成(88)\n   4 ８八飛(82)\n*反則手にて終局\n";
    assert!(record::read(kif.as_bytes()).is_err());
    let (rec, error) = record::read_lenient(kif.as_bytes()).expect("moves to keep");
    let error = error.expect("the illegal move");
    assert_eq!(error.line(), 5);
    assert_eq!(rec.ending, None);
    assert_eq!(
        output(&rec, Target::Usi).expect("writes"),
        "position startpos moves 7g7f 3c3d 8h2b+\n"
    );
    // A record with no illegal move reads as with `read`, with no error.
    let ok = "position startpos moves 7g7f";
    let (rec, error) = record::read_lenient(ok.as_bytes()).expect("reads");
    assert_eq!(
        (rec, error),
        (record::read(ok.as_bytes()).expect("reads"), None)
    );
    // What is not about a move still fails.
    assert!(record::read_lenient(b"\xff\xfe\xfd not a record").is_err());
    assert!(record::read_lenient("V2.2\nP1 nonsense\n".as_bytes()).is_err());
}
