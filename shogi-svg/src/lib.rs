#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![warn(missing_debug_implementations, rustdoc::broken_intra_doc_links)]

// Layers (each imports only those above it):
// - the vocabulary of a picture: `rgba` (colours), `style` (coordinates, piece styles, king
//   glyphs, the theme, and the text of each piece);
// - what to draw: `diagram`, the `Diagram` builder and its arrows;
// - how it is drawn: `render`, the geometry and the SVG text (reached only through `Diagram`);
// - `legal` (feature `movegen`): the conveniences that need legal moves, more `Diagram`
//   methods on top of the others.
mod rgba;
mod style;

mod diagram;

mod render;

#[cfg(feature = "movegen")]
mod legal;

pub use diagram::{Arrow, ArrowFrom, Diagram};
pub use rgba::{ParseRgbaError, Rgba};
pub use style::{Coordinates, KingGlyph, PieceStyle, Theme};

/// The fonts a diagram asks for, in order, as written in its `font-family` attribute.
///
/// Mincho (serif) faces, as in printed diagrams: Noto Serif CJK JP (Linux, Debian package
/// `fonts-noto-cjk`; also sold as Source Han Serif), Noto Serif JP (the web font), Hiragino
/// Mincho (macOS, iOS), Yu Mincho and MS Mincho (Windows), then the system's serif font.
/// Every character a diagram writes (the pieces, ☗ ☖, ∞, full-width digits, kanji numerals)
/// is in Noto Serif CJK JP. The tests render diagrams with `rsvg-convert` (librsvg 2.54) and
/// headless Chromium with Noto Serif CJK JP installed.
pub const FONT_FAMILY: &str = "'Noto Serif CJK JP','Noto Serif JP','Source Han Serif JP',\
'Hiragino Mincho ProN','Yu Mincho','MS Mincho',serif";
