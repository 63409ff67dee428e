//! The geometry of a diagram and the SVG text written from it.
//!
//! Every length is an integer in user units except the corners of arrows, which are rounded
//! to one decimal; numbers are written by the functions here, never by float formatting, so
//! the output is the same on every machine.

use core::fmt::{self, Write};

use shogi_types::{Color, Hand, Move, PieceKind, Square};

use crate::FONT_FAMILY;
use crate::Rgba;
use crate::diagram::{ArrowFrom, Diagram};
use crate::style::{self, Coordinates, PieceStyle};

/// A capacity that holds a full board with highlights and arrows without growing.
pub(crate) const CAPACITY: usize = 12 * 1024;

/// A square is a little taller than wide, as on a real board (33 × 36 mm).
const CELL_W: i32 = 44;
const CELL_H: i32 = 48;
const BOARD_W: i32 = 9 * CELL_W;
const BOARD_H: i32 = 9 * CELL_H;
const MARGIN: i32 = 8;
/// The strip of the file labels above the board and the rank labels right of it.
const COORD: i32 = 22;
const HAND_W: i32 = 44;
const GAP: i32 = 8;
/// The strip of a name, above and below the board, when names are given.
const NAME_H: i32 = 26;
/// One entry of a hand column (the marker or one kind).
const SLOT_H: i32 = 48;
const BOARD_X: i32 = MARGIN + HAND_W + GAP;

/// Font sizes. The baseline of a glyph centred at `cy` is `cy + 0.36 × size` (rounded): the
/// middle of a CJK ideograph and of a Latin capital in common fonts.
const PIECE_SIZE: i32 = 32;
const TWO_KANJI_SIZE: i32 = 20;
const WESTERN_SIZE: i32 = 24;
const HAND_SIZE: i32 = 26;
const HAND_TWO_KANJI_SIZE: i32 = 18;
const HAND_WESTERN_SIZE: i32 = 22;
const MARKER_SIZE: i32 = 28;
const COUNT_SIZE: i32 = 16;
const COORD_SIZE: i32 = 15;
const NAME_SIZE: i32 = 16;
const MARK_SIZE: i32 = 14;

/// The baseline that centres a glyph of `size` at `cy`.
const fn baseline(cy: i32, size: i32) -> i32 {
    cy + (size * 36 + 50) / 100
}

/// Where everything goes, given the options that change the geometry.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Layout {
    flip: bool,
    names: bool,
}

impl Layout {
    pub(crate) fn of(d: &Diagram) -> Layout {
        Layout {
            flip: d.flip,
            names: d.names.black.is_some() || d.names.white.is_some(),
        }
    }

    const fn name_h(self) -> i32 {
        if self.names { NAME_H } else { 0 }
    }

    const fn board_y(self) -> i32 {
        MARGIN + self.name_h() + COORD
    }

    pub(crate) const fn width(self) -> i32 {
        BOARD_X + BOARD_W + COORD + GAP + HAND_W + MARGIN
    }

    pub(crate) const fn height(self) -> i32 {
        self.board_y() + BOARD_H + self.name_h() + MARGIN
    }

    /// The column (0 on the left) and row (0 at the top) of a square.
    fn col_row(self, sq: Square) -> (i32, i32) {
        let file = i32::from(sq.file().get());
        let rank = i32::from(sq.rank().get());
        if self.flip {
            (file - 1, 9 - rank)
        } else {
            (9 - file, rank - 1)
        }
    }

    /// The top-left corner of a square.
    fn cell(self, sq: Square) -> (i32, i32) {
        let (col, row) = self.col_row(sq);
        (BOARD_X + col * CELL_W, self.board_y() + row * CELL_H)
    }

    fn centre(self, sq: Square) -> (i32, i32) {
        let (x, y) = self.cell(sq);
        (x + CELL_W / 2, y + CELL_H / 2)
    }

    /// The player drawn at the top (whose pieces are turned).
    const fn top(self) -> Color {
        if self.flip {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The left edge of a player's hand column.
    fn hand_x(self, player: Color) -> i32 {
        if player == self.top() {
            MARGIN
        } else {
            BOARD_X + BOARD_W + COORD + GAP
        }
    }

    /// The top of the first slot (the marker) of a player's hand column: the top player's
    /// column starts at the top of the board, the bottom player's ends at its bottom.
    fn hand_y(self, player: Color, hand: Hand) -> i32 {
        if player == self.top() {
            self.board_y()
        } else {
            self.board_y() + BOARD_H - (1 + held_kinds(hand)) * SLOT_H
        }
    }

    /// The centre of the glyph of `kind` in a hand column (of the marker when the hand holds
    /// none).
    fn hand_centre(self, player: Color, hand: Hand, kind: PieceKind) -> (i32, i32) {
        let x = self.hand_x(player);
        let y = self.hand_y(player, hand);
        let slot = PieceKind::HAND_KINDS
            .iter()
            .filter(|&&k| hand.has(k))
            .position(|&k| k == kind);
        match slot {
            Some(i) => (x + HAND_GLYPH_DX, y + (i as i32 + 1) * SLOT_H + SLOT_H / 2),
            None => (x + HAND_W / 2, y + SLOT_H / 2),
        }
    }
}

/// The glyph of a hand piece sits left of the middle of its column, to leave room for the
/// count.
const HAND_GLYPH_DX: i32 = 17;

/// How many kinds a hand holds.
fn held_kinds(hand: Hand) -> i32 {
    PieceKind::HAND_KINDS
        .iter()
        .filter(|&&k| hand.has(k))
        .count() as i32
}

/// Writes the document.
pub(crate) fn write<W: Write + ?Sized>(d: &Diagram, out: &mut W) -> fmt::Result {
    let l = Layout::of(d);
    let (w, h) = (l.width(), l.height());
    write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" \
         viewBox=\"0 0 {w} {h}\" font-family=\"{FONT_FAMILY}\">\n<title>"
    )?;
    write!(Escaped(out), "{}", d.setup)?;
    out.write_str("</title>\n")?;
    if let Some(bg) = d.theme.background {
        write!(
            out,
            "<rect class=\"background\" width=\"{w}\" height=\"{h}\""
        )?;
        paint(out, "fill", bg)?;
        out.write_str("/>\n")?;
    }
    write!(
        out,
        "<rect class=\"board\" x=\"{BOARD_X}\" y=\"{}\" width=\"{BOARD_W}\" height=\"{BOARD_H}\"",
        l.board_y()
    )?;
    paint(out, "fill", d.theme.board)?;
    out.write_str("/>\n")?;
    highlights(d, l, out)?;
    grid(d, l, out)?;
    coordinates(d, l, out)?;
    pieces(d, l, out)?;
    marks(d, l, out)?;
    dots(d, l, out)?;
    hands(d, l, out)?;
    names(d, l, out)?;
    arrows(d, l, out)?;
    out.write_str("</svg>\n")
}

/// ` name="#rrggbb"`, and ` name-opacity="0.xxx"` when the colour is not opaque.
fn paint<W: Write + ?Sized>(out: &mut W, name: &str, c: Rgba) -> fmt::Result {
    write!(out, " {name}=\"#{:02x}{:02x}{:02x}\"", c.r, c.g, c.b)?;
    if c.a != 255 {
        let thousandths = (u32::from(c.a) * 1000 + 127) / 255;
        write!(out, " {name}-opacity=\"0.{thousandths:03}\"")?;
    }
    Ok(())
}

fn highlights<W: Write + ?Sized>(d: &Diagram, l: Layout, out: &mut W) -> fmt::Result {
    let mut squares: Vec<(Square, Rgba)> = Vec::new();
    match d.last_move {
        Some(Move::Normal { from, to, .. }) => {
            squares.push((from, d.theme.last_move));
            squares.push((to, d.theme.last_move));
        }
        Some(Move::Drop { to, .. }) => squares.push((to, d.theme.last_move)),
        None => {}
    }
    if let Some(sq) = d.selected {
        squares.push((sq, d.theme.selected));
    }
    squares.extend_from_slice(&d.highlights);
    if let Some(sq) = d.check {
        squares.push((sq, d.theme.check));
    }
    if squares.is_empty() {
        return Ok(());
    }
    out.write_str("<g class=\"highlights\">\n")?;
    for (sq, c) in squares {
        let (x, y) = l.cell(sq);
        write!(
            out,
            "<rect x=\"{x}\" y=\"{y}\" width=\"{CELL_W}\" height=\"{CELL_H}\""
        )?;
        paint(out, "fill", c)?;
        out.write_str("/>\n")?;
    }
    out.write_str("</g>\n")
}

fn grid<W: Write + ?Sized>(d: &Diagram, l: Layout, out: &mut W) -> fmt::Result {
    let (x0, y0) = (BOARD_X, l.board_y());
    out.write_str("<g class=\"grid\" fill=\"none\"")?;
    paint(out, "stroke", d.theme.lines)?;
    write!(
        out,
        ">\n<rect x=\"{x0}\" y=\"{y0}\" width=\"{BOARD_W}\" height=\"{BOARD_H}\" stroke-width=\"2\"/>\n<path d=\""
    )?;
    for i in 1..9 {
        write!(out, "M{} {y0}v{BOARD_H}", x0 + i * CELL_W)?;
    }
    for i in 1..9 {
        write!(out, "M{x0} {}h{BOARD_W}", y0 + i * CELL_H)?;
    }
    out.write_str("\"/>\n</g>\n<g class=\"stars\"")?;
    paint(out, "fill", d.theme.lines)?;
    out.write_str(">\n")?;
    for (i, j) in [(3, 3), (6, 3), (3, 6), (6, 6)] {
        writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"3\"/>",
            x0 + i * CELL_W,
            y0 + j * CELL_H
        )?;
    }
    out.write_str("</g>\n")
}

const JAPANESE_FILES: [&str; 9] = ["１", "２", "３", "４", "５", "６", "７", "８", "９"];
const JAPANESE_RANKS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
const WESTERN_FILES: [&str; 9] = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
const WESTERN_RANKS: [&str; 9] = ["a", "b", "c", "d", "e", "f", "g", "h", "i"];

fn coordinates<W: Write + ?Sized>(d: &Diagram, l: Layout, out: &mut W) -> fmt::Result {
    let (files, ranks) = match d.coordinates {
        Coordinates::Japanese => (JAPANESE_FILES, JAPANESE_RANKS),
        Coordinates::Western => (WESTERN_FILES, WESTERN_RANKS),
    };
    write!(
        out,
        "<g class=\"coords\" font-size=\"{COORD_SIZE}\" text-anchor=\"middle\""
    )?;
    paint(out, "fill", d.theme.lines)?;
    out.write_str(">\n")?;
    let y0 = l.board_y();
    let file_y = baseline(y0 - COORD / 2, COORD_SIZE);
    for col in 0..9 {
        let file = if l.flip { col } else { 8 - col };
        let x = BOARD_X + col as i32 * CELL_W + CELL_W / 2;
        writeln!(out, "<text x=\"{x}\" y=\"{file_y}\">{}</text>", files[file])?;
    }
    let rank_x = BOARD_X + BOARD_W + COORD / 2;
    for row in 0..9 {
        let rank = if l.flip { 8 - row } else { row };
        let y = baseline(y0 + row as i32 * CELL_H + CELL_H / 2, COORD_SIZE);
        writeln!(out, "<text x=\"{rank_x}\" y=\"{y}\">{}</text>", ranks[rank])?;
    }
    out.write_str("</g>\n")
}

/// Writes the text of a piece centred at `(cx, cy)`: one `<text>`, with two `<tspan>` lines
/// for two kanji; turned by 180° about its centre when `turned`.
#[allow(clippy::too_many_arguments)]
fn glyph<W: Write + ?Sized>(
    out: &mut W,
    text: &str,
    (cx, cy): (i32, i32),
    size: i32,
    turned: bool,
    fill: Option<Rgba>,
    extra: &str,
) -> fmt::Result {
    let mut chars = text.chars();
    let (first, second) = (chars.next(), chars.next());
    let two_kanji = second.is_some() && first.is_some_and(|c| !c.is_ascii());
    if two_kanji {
        out.write_str("<text")?;
    } else {
        write!(out, "<text x=\"{cx}\" y=\"{}\"", baseline(cy, size))?;
    }
    if turned {
        write!(out, " transform=\"rotate(180 {cx} {cy})\"")?;
    }
    if let Some(c) = fill {
        paint(out, "fill", c)?;
    }
    out.write_str(extra)?;
    out.write_char('>')?;
    match (two_kanji, first, second) {
        (true, Some(a), Some(b)) => {
            let half = size / 2;
            write!(
                out,
                "<tspan x=\"{cx}\" y=\"{}\">{a}</tspan><tspan x=\"{cx}\" y=\"{}\">{b}</tspan>",
                baseline(cy - half, size),
                baseline(cy + half, size)
            )?;
        }
        _ => out.write_str(text)?,
    }
    out.write_str("</text>\n")
}

/// The font size of board pieces in a style.
const fn piece_size(style: PieceStyle) -> i32 {
    match style {
        PieceStyle::Kanji => PIECE_SIZE,
        PieceStyle::TwoKanji => TWO_KANJI_SIZE,
        PieceStyle::Western => WESTERN_SIZE,
    }
}

fn pieces<W: Write + ?Sized>(d: &Diagram, l: Layout, out: &mut W) -> fmt::Result {
    let size = piece_size(d.piece_style);
    write!(
        out,
        "<g class=\"pieces\" font-size=\"{size}\" text-anchor=\"middle\""
    )?;
    paint(out, "fill", d.theme.text)?;
    out.write_str(">\n")?;
    for (sq, piece) in d.setup.pieces() {
        let text = style::label(d.piece_style, piece.kind, d.kings[piece.color]);
        let fill = piece.kind.is_promoted().then_some(d.theme.promoted);
        glyph(
            out,
            text,
            l.centre(sq),
            size,
            piece.color == l.top(),
            fill,
            "",
        )?;
    }
    out.write_str("</g>\n")
}

/// The ∞ of each protected square (the untakeable silvers), in the bottom-right corner.
fn marks<W: Write + ?Sized>(d: &Diagram, l: Layout, out: &mut W) -> fmt::Result {
    if d.setup.protected.is_empty() {
        return Ok(());
    }
    write!(
        out,
        "<g class=\"marks\" font-size=\"{MARK_SIZE}\" text-anchor=\"middle\""
    )?;
    paint(out, "fill", d.theme.text)?;
    out.write_str(">\n")?;
    for sq in d.setup.protected.iter() {
        let (x, y) = l.cell(sq);
        writeln!(
            out,
            "<text x=\"{}\" y=\"{}\">∞</text>",
            x + CELL_W - 8,
            y + CELL_H - 4
        )?;
    }
    out.write_str("</g>\n")
}

fn dots<W: Write + ?Sized>(d: &Diagram, l: Layout, out: &mut W) -> fmt::Result {
    if d.dots.is_empty() {
        return Ok(());
    }
    out.write_str("<g class=\"dots\"")?;
    paint(out, "fill", d.theme.dots)?;
    paint(out, "stroke", d.theme.dots)?;
    out.write_str(" stroke-width=\"0\">\n")?;
    for sq in d.dots.iter() {
        let (cx, cy) = l.centre(sq);
        if d.setup.piece_at(sq).is_some() {
            writeln!(
                out,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"20\" fill=\"none\" stroke-width=\"3\"/>"
            )?;
        } else {
            writeln!(out, "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"7\"/>")?;
        }
    }
    out.write_str("</g>\n")
}

/// The font size of hand pieces in a style.
const fn hand_size(style: PieceStyle) -> i32 {
    match style {
        PieceStyle::Kanji => HAND_SIZE,
        PieceStyle::TwoKanji => HAND_TWO_KANJI_SIZE,
        PieceStyle::Western => HAND_WESTERN_SIZE,
    }
}

fn hands<W: Write + ?Sized>(d: &Diagram, l: Layout, out: &mut W) -> fmt::Result {
    let size = hand_size(d.piece_style);
    write!(
        out,
        "<g class=\"hands\" font-size=\"{size}\" text-anchor=\"middle\""
    )?;
    paint(out, "fill", d.theme.text)?;
    out.write_str(">\n")?;
    for player in [l.top(), !l.top()] {
        let hand = d.setup.hands[player];
        let x = l.hand_x(player);
        let y = l.hand_y(player, hand);
        writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"{MARKER_SIZE}\">{}</text>",
            x + HAND_W / 2,
            baseline(y + SLOT_H / 2, MARKER_SIZE),
            style::marker(player)
        )?;
        for kind in PieceKind::HAND_KINDS {
            let count = hand.count(kind);
            if count == 0 {
                continue;
            }
            let (cx, cy) = l.hand_centre(player, hand, kind);
            let text = style::label(d.piece_style, kind, d.kings[player]);
            glyph(out, text, (cx, cy), size, false, None, "")?;
            if count > 1 {
                writeln!(
                    out,
                    "<text x=\"{}\" y=\"{}\" font-size=\"{COUNT_SIZE}\" text-anchor=\"end\">{count}</text>",
                    x + HAND_W - 1,
                    cy + 14
                )?;
            }
        }
    }
    out.write_str("</g>\n")
}

fn names<W: Write + ?Sized>(d: &Diagram, l: Layout, out: &mut W) -> fmt::Result {
    if !l.names {
        return Ok(());
    }
    write!(out, "<g class=\"names\" font-size=\"{NAME_SIZE}\"")?;
    paint(out, "fill", d.theme.text)?;
    out.write_str(">\n")?;
    let top = l.top();
    if let Some(name) = &d.names[top] {
        write!(
            out,
            "<text x=\"{BOARD_X}\" y=\"{}\">{} ",
            baseline(MARGIN + NAME_H / 2, NAME_SIZE),
            style::marker(top)
        )?;
        write!(Escaped(out), "{name}")?;
        out.write_str("</text>\n")?;
    }
    if let Some(name) = &d.names[!top] {
        let bottom = l.board_y() + BOARD_H;
        write!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{} ",
            BOARD_X + BOARD_W,
            baseline(bottom + NAME_H / 2, NAME_SIZE),
            style::marker(!top)
        )?;
        write!(Escaped(out), "{name}")?;
        out.write_str("</text>\n")?;
    }
    out.write_str("</g>\n")
}

/// Arrow shape, in user units: half the shaft's width, the head's length and half its width,
/// and how far short of the target's centre the tip stops.
const SHAFT: f64 = 3.5;
const HEAD_LEN: f64 = 18.0;
const HEAD_HALF: f64 = 10.0;
const TIP_SHORT: f64 = 4.0;

fn arrows<W: Write + ?Sized>(d: &Diagram, l: Layout, out: &mut W) -> fmt::Result {
    let mut open = false;
    for arrow in &d.arrows {
        let from = match arrow.from {
            ArrowFrom::Square(sq) => l.centre(sq),
            ArrowFrom::Hand(player, kind) => l.hand_centre(player, d.setup.hands[player], kind),
        };
        let to = l.centre(arrow.to);
        let Some(points) = arrow_points(from, to) else {
            continue;
        };
        if !open {
            out.write_str("<g class=\"arrows\" stroke=\"none\">\n")?;
            open = true;
        }
        out.write_str("<polygon points=\"")?;
        for (i, (x, y)) in points.iter().enumerate() {
            if i > 0 {
                out.write_char(' ')?;
            }
            tenths(out, *x)?;
            out.write_char(',')?;
            tenths(out, *y)?;
        }
        out.write_char('"')?;
        paint(out, "fill", arrow.color)?;
        out.write_str("/>\n")?;
    }
    if open {
        out.write_str("</g>\n")?;
    }
    Ok(())
}

/// The seven corners of an arrow from `from` to `to` in tenths of a unit (shaft, head, tip),
/// or `None` when the two points are too close for an arrow.
fn arrow_points((x0, y0): (i32, i32), (x1, y1): (i32, i32)) -> Option<[(i32, i32); 7]> {
    let (dx, dy) = (f64::from(x1 - x0), f64::from(y1 - y0));
    // `sqrt` is correctly rounded (IEEE 754), so the corners are the same everywhere.
    let len = (dx * dx + dy * dy).sqrt();
    if len < HEAD_LEN + TIP_SHORT + 4.0 {
        return None;
    }
    let (ux, uy) = (dx / len, dy / len);
    let (nx, ny) = (-uy, ux);
    let (sx, sy) = (f64::from(x0), f64::from(y0));
    let (tx, ty) = (
        f64::from(x1) - ux * TIP_SHORT,
        f64::from(y1) - uy * TIP_SHORT,
    );
    let (bx, by) = (tx - ux * HEAD_LEN, ty - uy * HEAD_LEN);
    let t = |x: f64, y: f64| -> (i32, i32) {
        // Within the picture, far inside i32.
        ((x * 10.0).round() as i32, (y * 10.0).round() as i32)
    };
    Some([
        t(sx + nx * SHAFT, sy + ny * SHAFT),
        t(bx + nx * SHAFT, by + ny * SHAFT),
        t(bx + nx * HEAD_HALF, by + ny * HEAD_HALF),
        t(tx, ty),
        t(bx - nx * HEAD_HALF, by - ny * HEAD_HALF),
        t(bx - nx * SHAFT, by - ny * SHAFT),
        t(sx - nx * SHAFT, sy - ny * SHAFT),
    ])
}

/// Writes `v / 10` with at most one decimal: `12`, `12.5`, `-0.5`.
fn tenths<W: Write + ?Sized>(out: &mut W, v: i32) -> fmt::Result {
    if v < 0 {
        out.write_char('-')?;
    }
    let a = v.unsigned_abs();
    write!(out, "{}", a / 10)?;
    if !a.is_multiple_of(10) {
        write!(out, ".{}", a % 10)?;
    }
    Ok(())
}

/// A writer that escapes XML's special characters and leaves out the characters XML 1.0
/// cannot hold (controls other than tab and line breaks, U+FFFE, U+FFFF).
struct Escaped<'a, W: Write + ?Sized>(&'a mut W);

impl<W: Write + ?Sized> Write for Escaped<'_, W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            match c {
                '&' => self.0.write_str("&amp;")?,
                '<' => self.0.write_str("&lt;")?,
                '>' => self.0.write_str("&gt;")?,
                '"' => self.0.write_str("&quot;")?,
                '\'' => self.0.write_str("&apos;")?,
                '\t' | '\n' | '\r' => self.0.write_char(c)?,
                '\u{0}'..='\u{1f}' | '\u{fffe}' | '\u{ffff}' => {}
                _ => self.0.write_char(c)?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tenths_are_written_exactly() {
        let mut s = String::new();
        for v in [0, 5, -5, 10, 125, -125, 1230] {
            tenths(&mut s, v).unwrap();
            s.push(' ');
        }
        assert_eq!(s, "0 0.5 -0.5 1 12.5 -12.5 123 ");
    }

    #[test]
    fn escaping() {
        let mut s = String::new();
        write!(Escaped(&mut s), "a<b>&\"c'\u{1}\u{7f}\u{fffe}\tä").unwrap();
        assert_eq!(s, "a&lt;b&gt;&amp;&quot;c&apos;\u{7f}\tä");
    }

    #[test]
    fn opacity_in_thousandths() {
        let mut s = String::new();
        paint(&mut s, "fill", Rgba::new(1, 2, 3, 128)).unwrap();
        paint(&mut s, "stroke", Rgba::new(1, 2, 3, 1)).unwrap();
        assert_eq!(
            s,
            " fill=\"#010203\" fill-opacity=\"0.502\" stroke=\"#010203\" stroke-opacity=\"0.004\""
        );
    }

    #[test]
    fn arrow_along_a_file() {
        // Straight down by 96: tip 4 short of the end, head base 18 before it.
        let p = arrow_points((100, 100), (100, 196)).unwrap();
        assert_eq!(p[3], (1000, 1920));
        assert_eq!(p[2], (900, 1740));
        assert_eq!(p[0], (965, 1000));
        assert!(arrow_points((100, 100), (100, 110)).is_none());
    }

    #[test]
    fn squares_are_placed_and_flipped() {
        let l = Layout {
            flip: false,
            names: false,
        };
        assert_eq!(l.cell(Square::SQ_9A), (BOARD_X, MARGIN + COORD));
        assert_eq!(
            l.cell(Square::SQ_1I),
            (BOARD_X + 8 * CELL_W, MARGIN + COORD + 8 * CELL_H)
        );
        let f = Layout {
            flip: true,
            names: false,
        };
        for sq in Square::ALL {
            assert_eq!(f.cell(sq), l.cell(sq.flip()));
        }
    }
}
