//! Python bindings of the shogi workspace: the native module `shogi_kit._native` of the
//! Python package `shogi_kit` (see the README). The bindings add no rules: they translate
//! types and errors, and the stateless functions (module `contracts`) give the same output text as
//! the `shogi` command.
//!
//! Built by `maturin` into an `abi3` wheel for CPython 3.9 and newer (`shogi-py/build`). The
//! crate is not published (`publish = false`): it reaches users as a wheel.
//!
//! No panic may cross into Python: every fallible call of the library returns its error, which
//! becomes a Python exception (a subclass of `ValueError`) carrying the library's message.

#![warn(missing_debug_implementations)]
// The method names are those of the Python API (`Position.to_hcp`, `Move.from_square`), where
// `self` is a Python object, not a Rust value moved or borrowed.
#![allow(clippy::wrong_self_convention)]

use pyo3::prelude::*;

mod bulk;
mod contracts;
mod errors;
mod game;
mod mate;
mod position;
mod record;
mod svg;

/// The native module: every class, function and exception, re-exported by
/// `shogi_kit/__init__.py`.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    position::register(m)?;
    game::register(m)?;
    record::register(m)?;
    contracts::register(m)?;
    mate::register(m)?;
    svg::register(m)?;
    bulk::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
