//! The exceptions: one base class, `ShogiError(ValueError)`, and one subclass per concern of
//! the library. The message is the library error's `Display`.

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    shogi_kit,
    ShogiError,
    PyValueError,
    "The base class of every error of shogi_kit (a ValueError)."
);
create_exception!(shogi_kit, SfenError, ShogiError, "The text is no SFEN.");
create_exception!(
    shogi_kit,
    PositionError,
    ShogiError,
    "The SFEN or packed bytes are read, but they are no valid position."
);
create_exception!(
    shogi_kit,
    MoveParseError,
    ShogiError,
    "The text is no USI move, or the number no move16 code."
);
create_exception!(
    shogi_kit,
    IllegalMoveError,
    ShogiError,
    "The move is not legal in the position."
);
create_exception!(
    shogi_kit,
    PackError,
    ShogiError,
    "A position or move cannot be written or read in a packed training format (HCP, PackedSfen, HCPE, PSV)."
);
create_exception!(
    shogi_kit,
    RecordError,
    ShogiError,
    "A game record (KIF, KI2, CSA, JKF, USI) cannot be read, or a file cannot be opened."
);
create_exception!(
    shogi_kit,
    GameError,
    ShogiError,
    "The game cannot do this now: it is over, there is nothing to undo, a declaration cannot be judged."
);
create_exception!(
    shogi_kit,
    MateBudgetError,
    ShogiError,
    "A mate search spent its node budget before it could decide (no answer: neither a mate nor no mate)."
);

/// The exception of a command-line contract's error: the class of its kind, its message.
pub(crate) fn contract_err(e: shogi_kit::contract::ContractError) -> PyErr {
    use shogi_kit::contract::ContractErrorKind as Kind;
    match e.kind {
        Kind::Sfen => err::<SfenError>(e),
        Kind::Position => err::<PositionError>(e),
        Kind::Move => err::<IllegalMoveError>(e),
        Kind::Game => err::<GameError>(e),
        Kind::Record => err::<RecordError>(e),
        _ => err::<ShogiError>(e),
    }
}

/// Adds the exception classes to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("ShogiError", py.get_type::<ShogiError>())?;
    m.add("SfenError", py.get_type::<SfenError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("MoveParseError", py.get_type::<MoveParseError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("PackError", py.get_type::<PackError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("GameError", py.get_type::<GameError>())?;
    m.add("MateBudgetError", py.get_type::<MateBudgetError>())?;
    Ok(())
}

/// The exception of `E` with the message `e` (its `Display`).
pub(crate) fn err<E: pyo3::type_object::PyTypeInfo>(e: impl std::fmt::Display) -> PyErr {
    PyErr::new::<E, _>(e.to_string())
}
