//! Properties of every diagram: pseudo-random setups (any piece anywhere, any hands, marks,
//! names with every kind of character) with random options are well-formed XML that shows
//! the setup; highlights, dots and arrows are drawn where and as often as asked.

mod kit;

use shogi_svg::{Coordinates, Diagram, KingGlyph, PieceStyle, Rgba};
use shogi_types::{Bitboard, Color, Hand, Move, Piece, PieceKind, Setup, Square};

/// xorshift64: a fixed sequence, so a failure repeats.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn square(&mut self) -> Square {
        Square::ALL[self.below(81) as usize]
    }
}

fn random_setup(rng: &mut Rng) -> Setup {
    let mut s = Setup::empty();
    for sq in Square::ALL {
        if rng.below(3) == 0 {
            let color = if rng.below(2) == 0 {
                Color::Black
            } else {
                Color::White
            };
            let kind = PieceKind::ALL[rng.below(14) as usize];
            s.set_piece(sq, Some(Piece::new(color, kind)));
            if kind == PieceKind::Silver && rng.below(4) == 0 {
                s.protected |= sq;
            }
        }
    }
    for color in Color::ALL {
        let mut counts = [0u8; 7];
        for c in &mut counts {
            *c = match rng.below(4) {
                0 => 0,
                1 => 1,
                2 => rng.below(19) as u8,
                _ => 255,
            };
        }
        s.hands[color] = Hand::from_counts(counts);
    }
    s.side_to_move = if rng.below(2) == 0 {
        Color::Black
    } else {
        Color::White
    };
    s
}

fn random_name(rng: &mut Rng) -> String {
    let pool = [
        'a',
        'Z',
        ' ',
        '<',
        '>',
        '&',
        '"',
        '\'',
        '\u{1}',
        '\u{1f}',
        '\t',
        '\u{fffe}',
        '\u{ffff}',
        '将',
        '棋',
        '☗',
        'é',
        '\u{10348}',
        ';',
        '#',
        ']',
    ];
    (0..rng.below(12))
        .map(|_| pool[rng.below(pool.len() as u64) as usize])
        .collect()
}

#[test]
fn random_diagrams_are_well_formed_and_show_their_setup() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for _ in 0..300 {
        let setup = random_setup(&mut rng);
        let flipped = rng.below(2) == 0;
        let style =
            [PieceStyle::Kanji, PieceStyle::TwoKanji, PieceStyle::Western][rng.below(3) as usize];
        let kings = (
            [KingGlyph::Gyoku, KingGlyph::Ou][rng.below(2) as usize],
            [KingGlyph::Gyoku, KingGlyph::Ou][rng.below(2) as usize],
        );
        let mut d = Diagram::new(setup)
            .flip(flipped)
            .piece_style(style)
            .kings(kings.0, kings.1)
            .coordinates(if rng.below(2) == 0 {
                Coordinates::Japanese
            } else {
                Coordinates::Western
            });
        if rng.below(2) == 0 {
            d = d.name(Color::Black, random_name(&mut rng));
        }
        if rng.below(2) == 0 {
            d = d.name(Color::White, random_name(&mut rng));
        }
        let mut highlights = 0;
        for _ in 0..rng.below(4) {
            d = d.highlight(
                rng.square(),
                Rgba::new(rng.below(256) as u8, 1, 2, rng.below(256) as u8),
            );
            highlights += 1;
        }
        if rng.below(2) == 0 {
            let from = rng.square();
            d = d.last_move(Move::Normal {
                from,
                to: rng.square(),
                promote: false,
            });
            highlights += 2;
        }
        let dots: Bitboard = (0..rng.below(10)).map(|_| rng.square()).collect();
        d = d.dots(dots);
        let mut arrows = 0;
        for _ in 0..rng.below(4) {
            let (from, to) = (rng.square(), rng.square());
            d = d.arrow(from, to, Rgba::rgb(0, 0, 0));
            arrows += usize::from(from != to);
        }
        for _ in 0..rng.below(3) {
            let kind = PieceKind::HAND_KINDS[rng.below(7) as usize];
            d = d.hand_arrow(Color::White, kind, rng.square(), Rgba::rgb(9, 9, 9));
            arrows += 1;
        }
        let svg = d.to_svg();
        kit::check(&svg, &d, flipped, style, kings);
        let root = kit::xml::parse(&svg).expect("checked above");
        let count = |class: &str| root.group(class).map_or(0, |g| g.elements().count());
        assert_eq!(count("highlights"), highlights);
        assert_eq!(count("dots"), dots.count() as usize);
        assert_eq!(count("arrows"), arrows);
    }
}

/// The names as written: escaped text that reads back as the name without the characters XML
/// cannot hold.
#[test]
fn names_read_back() {
    let name = "A&B <c> \"d\" 'e' \u{1}\u{fffe}先手\t";
    let d = Diagram::new(Setup::start())
        .name(Color::Black, name)
        .name(Color::White, "");
    let svg = d.to_svg();
    let root = kit::xml::parse(&svg).expect("well-formed");
    let names: Vec<String> = root
        .group("names")
        .expect("names")
        .elements()
        .map(kit::xml::Element::text)
        .collect();
    assert_eq!(names, ["☖ ", "☗ A&B <c> \"d\" 'e' 先手\t"]);
}

/// Where highlights, dots and arrows go: the square's rectangle, its centre.
#[test]
fn highlights_dots_and_arrows_sit_on_their_squares() {
    let d = Diagram::new(kit::setup("4k4/9/9/9/4P4/9/9/9/4K4 b - 1"))
        .highlight(Square::SQ_9A, Rgba::rgb(1, 2, 3))
        .dots(Bitboard::from_square(Square::SQ_1I) | Square::SQ_5E)
        .arrow(Square::SQ_9I, Square::SQ_1A, Rgba::rgb(4, 5, 6));
    let root = kit::xml::parse(&d.to_svg()).expect("well-formed");
    let board = root
        .elements()
        .find(|e| e.attr("class") == Some("board"))
        .expect("board");
    let n =
        |e: &kit::xml::Element, a: &str| -> f64 { e.attr(a).expect(a).parse().expect("a number") };
    let (bx, by, bw, bh) = (
        n(board, "x"),
        n(board, "y"),
        n(board, "width"),
        n(board, "height"),
    );
    let rect = root
        .group("highlights")
        .expect("highlights")
        .elements()
        .next()
        .expect("a rect");
    // 9a is the top-left square from Black's side.
    assert_eq!((n(rect, "x"), n(rect, "y")), (bx, by));
    assert_eq!((n(rect, "width") * 9.0, n(rect, "height") * 9.0), (bw, bh));
    assert_eq!(rect.attr("fill"), Some("#010203"));
    let dots: Vec<_> = root.group("dots").expect("dots").elements().collect();
    // In square order: 5e (index 40, a piece: a ring) before 1i (index 8)? Index order is
    // file-major from 1a, so 1i (8) comes first.
    assert_eq!(
        (n(dots[0], "cx"), n(dots[0], "cy")),
        (bx + bw - bw / 18.0, by + bh - bh / 18.0)
    );
    assert!(dots[0].attr("fill").is_none());
    assert_eq!(
        (n(dots[1], "cx"), n(dots[1], "cy")),
        (bx + bw / 2.0, by + bh / 2.0)
    );
    assert_eq!(
        dots[1].attr("fill"),
        Some("none"),
        "a ring around the pawn on 5e"
    );
    // The arrow's tip points at 1a's centre from 9i's.
    let poly = root
        .group("arrows")
        .expect("arrows")
        .elements()
        .next()
        .expect("a polygon");
    let points: Vec<(f64, f64)> = poly
        .attr("points")
        .expect("points")
        .split(' ')
        .map(|p| {
            let (x, y) = p.split_once(',').expect("x,y");
            (x.parse().expect("x"), y.parse().expect("y"))
        })
        .collect();
    assert_eq!(points.len(), 7);
    let (tx, ty) = points[3];
    let (cx, cy) = (bx + bw - bw / 18.0, by + bh / 18.0);
    assert!(
        (tx - cx).abs() < 5.0 && (ty - cy).abs() < 5.0,
        "tip ({tx}, {ty}) near ({cx}, {cy})"
    );
}

/// A diagram of a setup with nothing but the defaults has no optional layer.
#[test]
fn optional_layers_are_left_out() {
    let root = kit::xml::parse(&Diagram::new(Setup::start()).to_svg()).expect("well-formed");
    for class in ["highlights", "marks", "dots", "arrows", "names"] {
        assert!(root.group(class).is_none(), "{class}");
    }
    for class in ["grid", "stars", "coords", "pieces", "hands"] {
        assert!(root.group(class).is_some(), "{class}");
    }
    assert_eq!(root.group("stars").expect("stars").elements().count(), 4);
}
