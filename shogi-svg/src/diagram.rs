use core::fmt;

use shogi_types::{Bitboard, ByColor, Color, Move, PieceKind, Setup, Square};

use crate::style::{Coordinates, KingGlyph, PieceStyle, Theme};
use crate::{Rgba, render};

/// Where an arrow starts: a square of the board, or a piece in a player's hand (a drop).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArrowFrom {
    /// The centre of a square.
    Square(Square),
    /// The piece of this kind in this player's hand (the side marker when the hand holds none).
    Hand(Color, PieceKind),
}

/// An arrow from a square or a hand piece to a square, in a colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// Where the arrow starts.
    pub from: ArrowFrom,
    /// The square the arrow points at.
    pub to: Square,
    /// Its colour (translucent colours let the pieces show through).
    pub color: Rgba,
}

/// A board diagram: a [`Setup`] and what to draw on it, written as a standalone SVG document.
///
/// Build it with [`Diagram::new`] and the option methods, each of which returns the diagram;
/// then [`Diagram::to_svg`] (or [`Diagram::write_svg`]) writes it. Every option has a default:
///
/// | option | default |
/// |---|---|
/// | [`flip`](Diagram::flip) | Black at the bottom |
/// | [`coordinates`](Diagram::coordinates) | Japanese (`９`…`１`, `一`…`九`) |
/// | [`piece_style`](Diagram::piece_style) | one kanji per piece |
/// | [`kings`](Diagram::kings) | Black 玉, White 王 |
/// | [`name`](Diagram::name) | no names (no space for them) |
/// | [`theme`](Diagram::theme) | [`Theme::default`] |
/// | highlights, dots, arrows | none |
///
/// The output depends only on the diagram: the same diagram gives the same bytes on every
/// machine (no ids, no clock, integers or one fixed decimal for every number), so diagrams
/// can be compared, cached and tested as text. It is UTF-8 XML, sized by its `viewBox` (with
/// `width` and `height` giving its natural size in CSS pixels: style it with CSS to scale it),
/// with `class` attributes on each layer (`board`, `highlights`, `grid`, `stars`, `coords`,
/// `pieces`, `marks`, `dots`, `hands`, `names`, `arrows`) for sites that restyle them.
///
/// # The picture
///
/// The board is drawn from Black's side (White's with [`flip`](Diagram::flip)), with the four
/// star points, file labels above and rank labels to the right. Pieces are text in the font
/// stack [`FONT_FAMILY`](crate::FONT_FAMILY); the pieces of the player at the top are turned
/// by 180°. A piece marked protected ([`Setup::protected`], the untakeable silvers of that
/// variant) carries a small ∞ in the corner of its square. Each player's hand is a column
/// beside the board (the player at the top on the left, from the top down; the player at the
/// bottom on the right, ending at the bottom): the side marker ☗ (Black) or ☖ (White), then
/// the pieces in the order 飛 角 金 銀 桂 香 歩, each with its count when it is more than one.
/// With names, the top player's name is written above the board and the bottom player's below.
///
/// Highlights fill whole squares, in this order (later ones over earlier ones): the last move,
/// the selected square, the squares of [`highlight`](Diagram::highlight) in the order given,
/// the king in check. Then come the grid, pieces, dots (a dot on an empty square, a ring
/// around a piece) and, on top, the arrows.
///
/// ```
/// use shogi_svg::{Diagram, Rgba};
/// use shogi_types::{Move, Setup, Square};
///
/// let setup: Setup = "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2".parse()?;
/// let svg = Diagram::new(setup)
///     .last_move("7g7f".parse::<Move>()?)
///     .arrow(Square::SQ_3C, Square::SQ_3D, Rgba::rgb(0, 128, 0).with_alpha(160))
///     .to_svg();
/// assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
/// assert!(svg.ends_with("</svg>\n"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagram {
    pub(crate) setup: Setup,
    pub(crate) flip: bool,
    pub(crate) coordinates: Coordinates,
    pub(crate) piece_style: PieceStyle,
    pub(crate) kings: ByColor<KingGlyph>,
    pub(crate) names: ByColor<Option<String>>,
    pub(crate) theme: Theme,
    pub(crate) last_move: Option<Move>,
    pub(crate) selected: Option<Square>,
    pub(crate) check: Option<Square>,
    pub(crate) highlights: Vec<(Square, Rgba)>,
    pub(crate) dots: Bitboard,
    pub(crate) arrows: Vec<Arrow>,
}

impl Diagram {
    /// A diagram of `setup` with every option at its default (see [`Diagram`]).
    ///
    /// Any setup can be drawn, valid or not: a mate problem, an unfinished diagram, a variant.
    #[must_use]
    pub fn new(setup: Setup) -> Diagram {
        Diagram {
            setup,
            flip: false,
            coordinates: Coordinates::default(),
            piece_style: PieceStyle::default(),
            kings: ByColor::new(KingGlyph::Gyoku, KingGlyph::Ou),
            names: ByColor::new(None, None),
            theme: Theme::default(),
            last_move: None,
            selected: None,
            check: None,
            highlights: Vec::new(),
            dots: Bitboard::EMPTY,
            arrows: Vec::new(),
        }
    }

    /// The setup drawn.
    #[must_use]
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// With `true`, the board as White sees it: White at the bottom, file 1 on the left,
    /// rank 9 at the top.
    #[must_use]
    pub fn flip(mut self, flip: bool) -> Diagram {
        self.flip = flip;
        self
    }

    /// The labels of files and ranks.
    #[must_use]
    pub fn coordinates(mut self, coordinates: Coordinates) -> Diagram {
        self.coordinates = coordinates;
        self
    }

    /// How pieces are written: one kanji, two kanji, or Western letters.
    #[must_use]
    pub fn piece_style(mut self, style: PieceStyle) -> Diagram {
        self.piece_style = style;
        self
    }

    /// The kanji of each side's king (default: Black 玉, White 王).
    #[must_use]
    pub fn kings(mut self, black: KingGlyph, white: KingGlyph) -> Diagram {
        self.kings = ByColor::new(black, white);
        self
    }

    /// The name of a player, written beside their side marker outside the board. The text is
    /// escaped for XML; characters that XML cannot hold (control characters) are left out.
    #[must_use]
    pub fn name(mut self, color: Color, name: impl Into<String>) -> Diagram {
        self.names[color] = Some(name.into());
        self
    }

    /// The colours.
    #[must_use]
    pub fn theme(mut self, theme: Theme) -> Diagram {
        self.theme = theme;
        self
    }

    /// Highlights the squares of the last move: its from and to squares (only the to square of
    /// a drop), in the theme's `last_move` colour. The move is not checked against the setup.
    #[must_use]
    pub fn last_move(mut self, m: Move) -> Diagram {
        self.last_move = Some(m);
        self
    }

    /// Highlights the square of a king in check, in the theme's `check` colour.
    /// [`Diagram::from_position`] finds it itself.
    #[must_use]
    pub fn check(mut self, king: Square) -> Diagram {
        self.check = Some(king);
        self
    }

    /// Highlights the selected square, in the theme's `selected` colour.
    #[must_use]
    pub fn selected(mut self, square: Square) -> Diagram {
        self.selected = Some(square);
        self
    }

    /// Highlights `square` in `color`. Several calls add several highlights, drawn in the
    /// order given.
    #[must_use]
    pub fn highlight(mut self, square: Square, color: Rgba) -> Diagram {
        self.highlights.push((square, color));
        self
    }

    /// Adds move dots on `squares`, in the theme's `dots` colour: a dot on an empty square, a
    /// ring around a piece (a capture).
    #[must_use]
    pub fn dots(mut self, squares: Bitboard) -> Diagram {
        self.dots |= squares;
        self
    }

    /// Adds an arrow from square to square. An arrow from a square to itself draws nothing.
    #[must_use]
    pub fn arrow(mut self, from: Square, to: Square, color: Rgba) -> Diagram {
        self.arrows.push(Arrow {
            from: ArrowFrom::Square(from),
            to,
            color,
        });
        self
    }

    /// Adds an arrow from the piece of `kind` in `player`'s hand to `to` (a drop).
    #[must_use]
    pub fn hand_arrow(
        mut self,
        player: Color,
        kind: PieceKind,
        to: Square,
        color: Rgba,
    ) -> Diagram {
        self.arrows.push(Arrow {
            from: ArrowFrom::Hand(player, kind),
            to,
            color,
        });
        self
    }

    /// Adds the arrow of a move: from its from square, or for a drop from the hand of the side
    /// to move.
    #[must_use]
    pub fn move_arrow(self, m: Move, color: Rgba) -> Diagram {
        match m {
            Move::Normal { from, to, .. } => self.arrow(from, to, color),
            Move::Drop { kind, to } => {
                let player = self.setup.side_to_move;
                self.hand_arrow(player, kind, to, color)
            }
        }
    }

    /// Adds an arrow (see [`Arrow`]).
    #[must_use]
    pub fn with_arrow(mut self, arrow: Arrow) -> Diagram {
        self.arrows.push(arrow);
        self
    }

    /// The size of the picture, `(width, height)` in the units of its `viewBox` (CSS pixels at
    /// its natural size).
    #[must_use]
    pub fn size(&self) -> (u32, u32) {
        let layout = render::Layout::of(self);
        (
            layout.width().unsigned_abs(),
            layout.height().unsigned_abs(),
        )
    }

    /// The SVG document, ending with a line break.
    #[must_use]
    pub fn to_svg(&self) -> String {
        let mut out = String::with_capacity(render::CAPACITY);
        // Writing into a `String` never fails.
        let _ = render::write(self, &mut out);
        out
    }

    /// Writes the SVG document into `out`.
    ///
    /// # Errors
    /// Only those of `out`.
    pub fn write_svg<W: fmt::Write + ?Sized>(&self, out: &mut W) -> fmt::Result {
        render::write(self, out)
    }
}
