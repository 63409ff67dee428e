//! Board diagrams (`shogi_kit.svg`): `svg(sfen, ...)`, the document `shogi svg` writes, and
//! the diagram of a `Position` (`Position.svg`, `Position._repr_svg_` for Jupyter).

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;

use shogi_kit::contract::{self, SvgArgs};
use shogi_kit::types::Setup;

use crate::errors::contract_err;

/// The document `shogi svg` writes for `setup` and the options (`shogi_kit::contract`).
pub(crate) fn document(setup: Setup, args: &SvgArgs) -> PyResult<String> {
    contract::svg_diagram(setup, args)
        .map(|d| d.to_svg())
        .map_err(contract_err)
}

/// The SVG diagram of a position: the document `shogi svg` writes for `sfen` (an SFEN, valid
/// or not, or `"startpos"`) and the options named after its flags: `flip` (`--flip`, the board
/// from White's side), `western` (`--western`), `last` (`--last`, a USI move highlighted),
/// `dots` (`--dots`, a square whose piece's legal destinations get dots), `arrows`
/// (`--arrow`, USI moves) and `highlights` (`--highlight`, `"SQUARE:COLOR"` strings as
/// `"5e:red"`). The king in check is highlighted when the position is valid. Where the
/// command prints `error: <message>`, this raises a `ShogiError` (`SfenError` for an
/// unreadable SFEN) with that message.
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
    let owned = |v: &[PyBackedStr]| v.iter().map(|s| s.to_string()).collect();
    let args = SvgArgs {
        flip,
        western,
        last: last.as_deref().map(str::to_owned),
        dots: dots.as_deref().map(str::to_owned),
        arrow: owned(&arrows),
        highlight: owned(&highlights),
    };
    contract::svg(sfen.as_deref().unwrap_or("startpos"), &args).map_err(contract_err)
}

/// Adds `svg` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(svg, m)?)?;
    Ok(())
}
