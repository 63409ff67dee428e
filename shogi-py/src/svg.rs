//! Board diagrams (`shogi_kit.svg`): `svg(sfen, ...)`, the document `shogi svg` writes, and
//! the diagram of a `Position` (`Position.svg`, `Position._repr_svg_` for Jupyter).

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;

use shogi_kit::svg::{Coordinates, Diagram, PieceStyle, Rgba, Theme};
use shogi_kit::types::{Bitboard, Move, Setup, Square};
use shogi_kit::variants::{AnyPosition, AnyPositionError};

use crate::errors::{self, err};

/// The options of `shogi svg`, named after its flags.
#[derive(Debug, Default)]
pub(crate) struct SvgArgs<'a> {
    /// `--flip`.
    pub(crate) flip: bool,
    /// `--western`.
    pub(crate) western: bool,
    /// `--last MOVE`.
    pub(crate) last: Option<&'a str>,
    /// `--dots SQUARE`.
    pub(crate) dots: Option<&'a str>,
    /// `--arrow MOVE`, repeated.
    pub(crate) arrows: &'a [PyBackedStr],
    /// `--highlight SQUARE:COLOR`, repeated.
    pub(crate) highlights: &'a [PyBackedStr],
}

/// The document `shogi svg` writes for `setup` and the options; `Err` is what it writes after
/// `error: `.
pub(crate) fn document(setup: Setup, args: &SvgArgs<'_>) -> Result<String, String> {
    let mut d = Diagram::new(setup.clone()).flip(args.flip);
    if args.western {
        d = d
            .coordinates(Coordinates::Western)
            .piece_style(PieceStyle::Western);
    }
    if let Ok(pos) = validated(setup.clone())
        && let (true, Some(king)) = (pos.is_check(), pos.king(pos.side_to_move()))
    {
        d = d.check(king);
    }
    if let Some(text) = args.last {
        d = d.last_move(usi_move("--last", text)?);
    }
    if let Some(text) = args.dots {
        let from = square("--dots", text)?;
        d = d.selected(from).dots(destinations(&setup, from)?);
    }
    for text in args.highlights {
        let text: &str = text;
        let (sq, color) = text
            .split_once(':')
            .ok_or_else(|| format!("--highlight {text}: expected SQUARE:COLOR, as 5e:red"))?;
        let sq = square("--highlight", sq)?;
        let color: Rgba = color
            .parse()
            .map_err(|e| format!("--highlight {text}: {e}"))?;
        d = d.highlight(sq, color);
    }
    let arrow = Theme::default().arrow;
    for text in args.arrows {
        d = d.move_arrow(usi_move("--arrow", text)?, arrow);
    }
    Ok(d.to_svg())
}

/// The position of a setup in the variant its marks call for, soft faults waived.
fn validated(setup: Setup) -> Result<AnyPosition, AnyPositionError> {
    AnyPosition::from_marked_setup(setup).or_else(AnyPositionError::ignore_soft)
}

/// The squares the piece on `from` can legally go to, as if its side were to move.
fn destinations(setup: &Setup, from: Square) -> Result<Bitboard, String> {
    let piece = setup
        .piece_at(from)
        .ok_or_else(|| format!("--dots {from}: no piece on {from}"))?;
    let mut as_if = setup.clone();
    as_if.side_to_move = piece.color;
    let pos = validated(as_if).map_err(|e| format!("--dots {from}: {e}"))?;
    Ok(pos.legal_moves_from(from).iter().map(|m| m.to()).collect())
}

fn usi_move(option: &str, text: &str) -> Result<Move, String> {
    text.parse().map_err(|e| format!("{option} {text}: {e}"))
}

fn square(option: &str, text: &str) -> Result<Square, String> {
    text.parse().map_err(|e| format!("{option} {text}: {e}"))
}

/// The SVG diagram of a position: the document `shogi svg` writes for `sfen` (an SFEN, valid
/// or not, or `"startpos"`) and the options named after its flags: `flip` (`--flip`, the board
/// from White's side), `western` (`--western`), `last` (`--last`, a USI move highlighted),
/// `dots` (`--dots`, a square whose piece's legal destinations get dots), `arrows`
/// (`--arrow`, USI moves) and `highlights` (`--highlight`, `"SQUARE:COLOR"` strings as
/// `"5e:red"`). The king in check is highlighted when the position is valid. Where the
/// command prints `error: <message>`, this raises `ShogiError` with that message.
#[pyfunction]
#[pyo3(signature = (sfen = None, flip = false, western = false, last = None, dots = None, arrows = Vec::new(), highlights = Vec::new()))]
fn svg(
    sfen: Option<PyBackedStr>,
    flip: bool,
    western: bool,
    last: Option<PyBackedStr>,
    dots: Option<PyBackedStr>,
    arrows: Vec<PyBackedStr>,
    highlights: Vec<PyBackedStr>,
) -> PyResult<String> {
    let text = sfen.as_deref().unwrap_or("startpos");
    let setup = if text == "startpos" {
        Setup::start()
    } else {
        text.parse::<Setup>().map_err(err::<errors::SfenError>)?
    };
    let args = SvgArgs {
        flip,
        western,
        last: last.as_deref(),
        dots: dots.as_deref(),
        arrows: &arrows,
        highlights: &highlights,
    };
    document(setup, &args).map_err(err::<errors::ShogiError>)
}

/// Adds `svg` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(svg, m)?)?;
    Ok(())
}
