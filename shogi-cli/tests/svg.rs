//! `shogi svg`: the diagram written for each option is the library's diagram built with the
//! same options (`shogi_kit::svg`), with the move dots and the check worked out by hand; bad
//! input gives `error: …` on stderr, nothing on stdout, and exit status 2.

use std::process::Command;

use shogi_kit::svg::{Coordinates, Diagram, PieceStyle, Rgba, Theme};
use shogi_kit::types::{Bitboard, Move, Setup, Square};

/// Runs `shogi svg <args>` and returns stdout, stderr and the exit code.
fn svg(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_shogi"))
        .arg("svg")
        .args(args)
        .output()
        .expect("the shogi binary runs");
    (
        String::from_utf8(out.stdout).expect("utf-8 stdout"),
        String::from_utf8(out.stderr).expect("utf-8 stderr"),
        out.status.code().unwrap_or(-1),
    )
}

fn ok(args: &[&str]) -> String {
    let (out, err, code) = svg(args);
    assert_eq!(code, 0, "shogi svg {args:?}: {err}");
    assert!(err.is_empty(), "{err}");
    out
}

fn setup(sfen: &str) -> Setup {
    sfen.parse().expect("an SFEN")
}

fn mv(usi: &str) -> Move {
    usi.parse().expect("a USI move")
}

fn squares(list: &[Square]) -> Bitboard {
    list.iter().copied().collect()
}

#[test]
fn the_start_position_by_default() {
    let want = Diagram::new(Setup::start()).to_svg();
    assert_eq!(ok(&[]), want);
    assert_eq!(ok(&["startpos"]), want);
    assert_eq!(
        ok(&[
            "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL",
            "b",
            "-",
            "1"
        ]),
        want,
        "the SFEN as four words"
    );
}

#[test]
fn every_option() {
    let arrow = Theme::default().arrow;
    let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2";
    let out = ok(&[
        "--flip",
        "--western",
        "--last",
        "7g7f",
        "--arrow",
        "3c3d",
        "--arrow",
        "8c8d",
        "--highlight",
        "5e:red",
        "--highlight",
        "1a:#00ff0080",
        "--dots",
        "3c",
        sfen,
    ]);
    let want = Diagram::new(setup(sfen))
        .flip(true)
        .coordinates(Coordinates::Western)
        .piece_style(PieceStyle::Western)
        .last_move(mv("7g7f"))
        .selected(Square::SQ_3C)
        .dots(squares(&[Square::SQ_3D]))
        .highlight(Square::SQ_5E, Rgba::rgb(255, 0, 0))
        .highlight(Square::SQ_1A, Rgba::new(0, 255, 0, 128))
        .arrow(Square::SQ_3C, Square::SQ_3D, arrow)
        .arrow(Square::SQ_8C, Square::SQ_8D, arrow)
        .to_svg();
    assert_eq!(out, want);
}

#[test]
fn dots_as_if_the_piece_were_to_move() {
    // White's pawn on 3c with Black to move: its one step, 3d.
    let out = ok(&["--dots", "3c", "startpos"]);
    let want = Diagram::new(Setup::start())
        .selected(Square::SQ_3C)
        .dots(squares(&[Square::SQ_3D]));
    assert_eq!(out, want.to_svg());
    // Black's knight on 8i: no square (its pawns block 7g and 9g).
    let out = ok(&["--dots", "8i"]);
    assert_eq!(
        out,
        Diagram::new(Setup::start())
            .selected(Square::SQ_8I)
            .to_svg()
    );
}

#[test]
fn untakeable_silvers_are_marked_and_not_dotted() {
    // White's rook on 5f cannot take the untakeable silver on 5e (`S!`): its squares are
    // down the file and along the rank only. In standard shogi 5e would be a capture.
    let sfen = "4k4/9/9/9/4S!4/4r4/9/9/K8 w - 1";
    let out = ok(&["--dots", "5f", sfen]);
    let want = Diagram::new(setup(sfen))
        .selected(Square::SQ_5F)
        .dots(squares(&[
            Square::SQ_5G,
            Square::SQ_5H,
            Square::SQ_5I,
            Square::SQ_6F,
            Square::SQ_7F,
            Square::SQ_8F,
            Square::SQ_9F,
            Square::SQ_4F,
            Square::SQ_3F,
            Square::SQ_2F,
            Square::SQ_1F,
        ]));
    assert_eq!(out, want.to_svg());
    assert!(out.contains(">∞</text>"));
}

#[test]
fn check_and_drops() {
    // White to move, in check from the rook on 5h.
    let sfen = "4k4/9/9/9/9/9/9/4R4/4K4 w P 2";
    assert_eq!(
        ok(&[sfen]),
        Diagram::new(setup(sfen)).check(Square::SQ_5A).to_svg()
    );
    // A drop arrow starts in the hand of the side to move (White here).
    let with_drop = ok(&["--arrow", "P*5b", "4k4/9/9/9/9/9/9/4R4/4K4 w p 2"]);
    let want = Diagram::new(setup("4k4/9/9/9/9/9/9/4R4/4K4 w p 2"))
        .check(Square::SQ_5A)
        .hand_arrow(
            shogi_kit::types::Color::White,
            shogi_kit::types::PieceKind::Pawn,
            Square::SQ_5B,
            Theme::default().arrow,
        );
    assert_eq!(with_drop, want.to_svg());
}

#[test]
fn unchecked_diagrams_are_drawn() {
    // Two Black kings and no White king: no position, still a diagram.
    let sfen = "9/9/9/9/9/9/9/9/3KK4 b - 1";
    assert_eq!(ok(&[sfen]), Diagram::new(setup(sfen)).to_svg());
}

#[test]
fn bad_input_is_an_error_with_status_2() {
    for (args, message) in [
        (&["not an sfen"][..], "error: sfen"),
        (&["--last", "7g"], "error: --last 7g: "),
        (&["--arrow", "P*"], "error: --arrow P*: "),
        (&["--dots", "5e"], "error: --dots 5e: no piece on 5e"),
        (&["--dots", "0a"], "error: --dots 0a: "),
        (
            &["--highlight", "5e"],
            "error: --highlight 5e: expected SQUARE:COLOR",
        ),
        (
            &["--highlight", "5e:reddish"],
            "error: --highlight 5e:reddish: colour",
        ),
        (&["--highlight", "5j:red"], "error: --highlight 5j: "),
        // White's rook checks Black's king: with White to move, the side not to move would be
        // in check, which is no position.
        (
            &["--dots", "5h", "4k4/9/9/9/9/9/9/4r4/4K4 b - 1"][..],
            "error: --dots 5h: ",
        ),
    ] {
        let (out, err, code) = svg(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?} wrote {out}");
        assert!(err.starts_with(message), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
}

/// The command of the workspace README draws the picture of the `shogi-svg` README (the same
/// diagram built with the library, whose bytes `shogi-svg`'s tests compare with the picture).
#[test]
fn the_readme_picture() {
    let sfen = "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4";
    let out = ok(&["--last", "8h2b+", "--arrow", "3a2b", sfen]);
    let want = Diagram::new(setup(sfen)).last_move(mv("8h2b+")).arrow(
        Square::SQ_3A,
        Square::SQ_2B,
        Rgba::rgb(0x10, 0x80, 0x30).with_alpha(0xc0),
    );
    assert_eq!(out, want.to_svg());
}
