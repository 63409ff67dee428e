//! The test kit of the diagram tests: a strict XML reader (`xml`), the golden diagrams, and a
//! check that reads a written diagram back and compares it with its setup.

#![allow(dead_code)]

pub mod xml;

use shogi_svg::{Coordinates, Diagram, KingGlyph, PieceStyle, Rgba, Theme};
use shogi_types::{Color, Move, Setup, Square};

/// Reads an SFEN of the tests.
pub fn setup(sfen: &str) -> Setup {
    sfen.parse().unwrap_or_else(|e| panic!("{sfen}: {e}"))
}

fn mv(usi: &str) -> Move {
    usi.parse().unwrap_or_else(|e| panic!("{usi}: {e}"))
}

pub const START: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
pub const MIDGAME: &str =
    "l7l/3s5/prnp2kp1/2p1Gppnp/1P7/PnPP1P3/3BP2PP/1S1G5/LN1K1G1+rL b BGSs3p 91";

/// The golden diagrams: a name (the file `tests/golden/<name>.svg`) and the diagram. Together
/// they use every option of `Diagram` at least once.
pub fn goldens() -> Vec<(&'static str, Diagram)> {
    let green = Rgba::rgb(0x10, 0x80, 0x30).with_alpha(0xc0);
    let blue = Rgba::rgb(0x20, 0x40, 0xe0).with_alpha(0xa0);
    let red = Rgba::rgb(0xe0, 0x20, 0x20).with_alpha(0xa0);
    let mut printed = Theme::default();
    printed.board = Rgba::rgb(255, 255, 255);
    printed.promoted = printed.text;
    let mut transparent = Theme::default();
    transparent.background = None;
    vec![
        // The defaults: Black at the bottom, Japanese coordinates, one kanji.
        ("start", Diagram::new(setup(START))),
        // From White's side.
        ("start_flipped", Diagram::new(setup(START)).flip(true)),
        // Western coordinates and letters, after 1. P-7f P-3d 2. Bx2b+ (last move).
        (
            "western",
            Diagram::new(setup(
                "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4",
            ))
            .coordinates(Coordinates::Western)
            .piece_style(PieceStyle::Western)
            .last_move(mv("8h2b+")),
        ),
        // Two kanji per piece, a middlegame with hands on both sides.
        (
            "two_kanji",
            Diagram::new(setup(MIDGAME)).piece_style(PieceStyle::TwoKanji),
        ),
        // The bench diagram: last move, selected square, squares in colours, dots, arrows.
        (
            "midgame_highlights",
            Diagram::new(setup(MIDGAME))
                .last_move(mv("2h1i+"))
                .selected(Square::SQ_5D)
                .highlight(Square::SQ_3C, Rgba::rgb(255, 0, 0).with_alpha(96))
                .highlight(Square::SQ_4D, Rgba::rgb(0, 0, 255).with_alpha(96))
                .dots(
                    [Square::SQ_5C, Square::SQ_4C, Square::SQ_6C]
                        .into_iter()
                        .collect(),
                )
                .arrow(Square::SQ_5D, Square::SQ_4C, green)
                .move_arrow(mv("G*4b"), blue),
        ),
        // A king in check (the rook on 5h checks 5a through the open file).
        (
            "check",
            Diagram::new(setup("4k4/9/9/9/9/9/9/4R4/4K4 w - 2"))
                .check(Square::SQ_5A)
                .last_move(mv("2h5h")),
        ),
        // Move dots of the rook on 5e: dots on empty squares, rings on captures.
        (
            "dots",
            Diagram::new(setup("4k4/9/4p4/9/1p2R2p1/9/9/9/4K4 b - 1"))
                .selected(Square::SQ_5E)
                .dots(
                    [
                        Square::SQ_5D,
                        Square::SQ_5C,
                        Square::SQ_5F,
                        Square::SQ_5G,
                        Square::SQ_5H,
                        Square::SQ_6E,
                        Square::SQ_7E,
                        Square::SQ_8E,
                        Square::SQ_4E,
                        Square::SQ_3E,
                        Square::SQ_2E,
                    ]
                    .into_iter()
                    .collect(),
                ),
        ),
        // Arrows of every kind: a knight's jump, a long diagonal, drops from both hands (and
        // from a hand without the piece, which starts at the marker), an arrow to itself
        // (drawn as nothing).
        (
            "arrows",
            Diagram::new(setup("4k4/9/9/9/9/9/9/1B5N1/4K4 b GP2p 1"))
                .arrow(Square::SQ_2H, Square::SQ_3F, green)
                .arrow(Square::SQ_8H, Square::SQ_2B, red)
                .hand_arrow(
                    Color::Black,
                    shogi_types::PieceKind::Gold,
                    Square::SQ_5B,
                    blue,
                )
                .hand_arrow(
                    Color::White,
                    shogi_types::PieceKind::Pawn,
                    Square::SQ_5H,
                    red,
                )
                .hand_arrow(
                    Color::White,
                    shogi_types::PieceKind::Rook,
                    Square::SQ_9I,
                    green,
                )
                .arrow(Square::SQ_5I, Square::SQ_5I, red),
        ),
        // A mate problem with every kind in hand and large counts: the order 飛 角 金 銀 桂 香 歩.
        (
            "hands",
            Diagram::new(setup("8k/9/9/9/9/9/9/9/9 b 2R2B3G4S4N4L16Pg2p 1")),
        ),
        // Names (escaped), from White's side, with both kings written 王.
        (
            "names_flipped",
            Diagram::new(setup(START))
                .flip(true)
                .name(Color::Black, "Sente & <Black> \"☗\"")
                .name(Color::White, "後手 'White'")
                .kings(KingGlyph::Ou, KingGlyph::Ou),
        ),
        // The untakeable-silver variant: its two protected silvers carry ∞, one of them White's
        // in this diagram; kings written 玉.
        (
            "untakeable_silver",
            Diagram::new(setup(
                "lnsgkgsnl/1r5b1/ppppppppp/9/9/6S!2/PPPPPPPPP/9/1NS!1K2N1 w - 2",
            ))
            .kings(KingGlyph::Gyoku, KingGlyph::Gyoku)
            .last_move(mv("3i3f")),
        ),
        // Every promoted piece of both sides, on a printed (white, one-colour) theme.
        (
            "promoted_printed",
            Diagram::new(setup("+R+B+S+N+L+P3/9/9/4k4/9/4K4/9/9/3+p+l+n+s+b+r b - 1"))
                .theme(printed),
        ),
        // Western letters from White's side, promoted pieces, an arrow; a transparent
        // background.
        (
            "western_flipped",
            Diagram::new(setup("4k4/9/9/9/9/9/9/+R+B7/4K3+p w - 1"))
                .flip(true)
                .coordinates(Coordinates::Western)
                .piece_style(PieceStyle::Western)
                .theme(transparent)
                .arrow(Square::SQ_9H, Square::SQ_9A, green),
        ),
        // An empty board and empty hands.
        ("empty", Diagram::new(Setup::empty())),
    ]
}

/// The diagram of the crate README, also written to `docs/example.svg`; `shogi svg --last
/// 8h2b+ --arrow 3a2b <sfen>` draws it too (tested in `shogi-cli`).
pub fn readme_example() -> Diagram {
    Diagram::new(setup(
        "lnsgkgsnl/1r5+B1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w B 4",
    ))
    .last_move(mv("8h2b+"))
    .arrow(
        Square::SQ_3A,
        Square::SQ_2B,
        Rgba::rgb(0x10, 0x80, 0x30).with_alpha(0xc0),
    )
}

/// The kanji of each SFEN piece letter, from the JSA's piece names (one kanji): an independent
/// table to compare the pieces drawn with.
fn expected_label(sfen_piece: &str, style: PieceStyle, king: KingGlyph) -> String {
    let upper = sfen_piece.to_ascii_uppercase();
    match style {
        PieceStyle::Western => upper,
        PieceStyle::Kanji | PieceStyle::TwoKanji => {
            let (one, two) = match upper.as_str() {
                "P" => ("歩", "歩兵"),
                "L" => ("香", "香車"),
                "N" => ("桂", "桂馬"),
                "S" => ("銀", "銀将"),
                "G" => ("金", "金将"),
                "B" => ("角", "角行"),
                "R" => ("飛", "飛車"),
                "K" if king == KingGlyph::Gyoku => ("玉", "玉将"),
                "K" => ("王", "王将"),
                "+P" => ("と", "と金"),
                "+L" => ("杏", "成香"),
                "+N" => ("圭", "成桂"),
                "+S" => ("全", "成銀"),
                "+B" => ("馬", "龍馬"),
                "+R" => ("龍", "龍王"),
                other => panic!("no piece {other}"),
            };
            if style == PieceStyle::Kanji { one } else { two }.to_string()
        }
    }
}

/// The pieces of an SFEN board field, square by square: `(file, rank, text)`, where text is the
/// SFEN piece (`+r`), read here without `shogi-types`.
fn sfen_pieces(sfen: &str) -> Vec<(u8, u8, String)> {
    let board = sfen.split(' ').next().unwrap_or("");
    let mut out = Vec::new();
    for (r, row) in board.split('/').enumerate() {
        let mut file = 9u8;
        let mut plus = false;
        for c in row.chars() {
            match c {
                '1'..='9' => file -= c as u8 - b'0',
                '+' => plus = true,
                '!' => {}
                _ => {
                    let text = if plus { format!("+{c}") } else { c.to_string() };
                    out.push((file, r as u8 + 1, text));
                    file -= 1;
                    plus = false;
                }
            }
        }
    }
    out
}

fn num(e: &xml::Element, name: &str) -> f64 {
    e.attr(name)
        .unwrap_or_else(|| panic!("<{}> has no {name}", e.name))
        .parse()
        .unwrap_or_else(|_| panic!("<{}> {name} is not a number", e.name))
}

/// Parses `svg` with the strict reader and checks it against what `d` says it shows: the root
/// and its size, the title (the SFEN), each piece on its square with its text and turn, the
/// ∞ marks, the highlights, dots and arrows counted, and the hands' counts.
pub fn check(
    svg: &str,
    d: &Diagram,
    flipped: bool,
    style: PieceStyle,
    kings: (KingGlyph, KingGlyph),
) {
    let root = xml::parse(svg).unwrap_or_else(|e| panic!("not well-formed: {e}\n{svg}"));
    assert_eq!(root.name, "svg");
    assert_eq!(root.attr("xmlns"), Some("http://www.w3.org/2000/svg"));
    let (w, h) = d.size();
    assert_eq!(root.attr("viewBox"), Some(format!("0 0 {w} {h}").as_str()));
    assert_eq!(root.attr("width"), Some(w.to_string().as_str()));
    assert_eq!(root.attr("height"), Some(h.to_string().as_str()));
    assert!(
        root.attr("font-family")
            .is_some_and(|f| f.contains("Noto Serif CJK JP"))
    );
    let sfen = d.setup().to_string();
    let title = root.elements().next().expect("a first element");
    assert_eq!(title.name, "title");
    assert_eq!(title.text(), sfen);

    // The board's squares, from the board rectangle.
    let board = root
        .elements()
        .find(|e| e.attr("class") == Some("board"))
        .expect("a board rectangle");
    let (bx, by, bw, bh) = (
        num(board, "x"),
        num(board, "y"),
        num(board, "width"),
        num(board, "height"),
    );
    let (cw, ch) = (bw / 9.0, bh / 9.0);
    let square_at = |x: f64, y: f64| -> (u8, u8) {
        let col = ((x - bx) / cw).floor();
        let row = ((y - by) / ch).floor();
        assert!(
            (0.0..9.0).contains(&col) && (0.0..9.0).contains(&row),
            "({x}, {y}) is off the board"
        );
        let (col, row) = (col as u8, row as u8);
        if flipped {
            (col + 1, 9 - row)
        } else {
            (9 - col, row + 1)
        }
    };

    // Pieces: one text per piece, on its square, with its label, turned iff it is the top
    // player's.
    let pieces = root.group("pieces").expect("a pieces layer");
    let mut drawn: Vec<(u8, u8, String, bool)> = pieces
        .elements()
        .map(|t| {
            assert_eq!(t.name, "text");
            let anchor = t.elements().next().unwrap_or(t);
            let (f, r) = square_at(num(anchor, "x"), num(anchor, "y"));
            (f, r, t.text(), t.attr("transform").is_some())
        })
        .collect();
    drawn.sort();
    let mut expected: Vec<(u8, u8, String, bool)> = sfen_pieces(&sfen)
        .into_iter()
        .map(|(f, r, p)| {
            let white = p.chars().any(|c| c.is_ascii_lowercase());
            let king = if white { kings.1 } else { kings.0 };
            (f, r, expected_label(&p, style, king), white != flipped)
        })
        .collect();
    expected.sort();
    assert_eq!(drawn, expected, "the pieces drawn");

    // Marks, one per `!`.
    let marks = root.group("marks").map_or(0, |g| g.elements().count());
    assert_eq!(marks, sfen.matches('!').count(), "∞ marks");
    if let Some(g) = root.group("marks") {
        assert!(g.elements().all(|t| t.text() == "∞"));
    }

    // Hands: the marker of each side, then one text per kind held and one per count above 1,
    // in the order R B G S N L P.
    let hands = root.group("hands").expect("a hands layer");
    let texts: Vec<String> = hands.elements().map(xml::Element::text).collect();
    let mut want = Vec::new();
    let order = if flipped {
        [Color::Black, Color::White]
    } else {
        [Color::White, Color::Black]
    };
    for player in order {
        want.push(if player == Color::Black { "☗" } else { "☖" }.to_string());
        for kind in shogi_types::PieceKind::HAND_KINDS {
            let n = d.setup().hands[player].count(kind);
            if n > 0 {
                let letter = kind.base_letter().to_string();
                want.push(expected_label(&letter, style, kings.0));
                if n > 1 {
                    want.push(n.to_string());
                }
            }
        }
    }
    assert_eq!(texts, want, "the hands");

    // Every colour attribute is #rrggbb, every opacity a number in [0, 1].
    for e in root.descendants() {
        for (name, value) in &e.attrs {
            if name == "fill" || name == "stroke" {
                assert!(
                    value == "none"
                        || (value.len() == 7
                            && value.starts_with('#')
                            && value[1..].chars().all(|c| c.is_ascii_hexdigit())),
                    "{name}={value}"
                );
            }
            if name.ends_with("opacity") {
                let v: f64 = value.parse().expect("an opacity is a number");
                assert!((0.0..=1.0).contains(&v));
            }
        }
    }
}

/// The options `check` needs to read a diagram back, for the golden diagrams (the builder
/// keeps them private).
pub fn options_of(name: &str) -> (bool, PieceStyle, (KingGlyph, KingGlyph)) {
    let flipped = name.contains("flipped");
    let style = if name.starts_with("western") {
        PieceStyle::Western
    } else if name == "two_kanji" {
        PieceStyle::TwoKanji
    } else {
        PieceStyle::Kanji
    };
    let kings = match name {
        "names_flipped" => (KingGlyph::Ou, KingGlyph::Ou),
        "untakeable_silver" => (KingGlyph::Gyoku, KingGlyph::Gyoku),
        _ => (KingGlyph::Gyoku, KingGlyph::Ou),
    };
    (flipped, style, kings)
}
