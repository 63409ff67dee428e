//! `Move` and `Position`: a move as USI text and move16 code, and a validated position of any
//! variant (standard shogi, handicaps, the untakeable-silver variant) with its legal moves and
//! packed forms.

use numpy::{PyArray1, PyReadonlyArray1};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};

use shogi_kit::movegen::packed::{Hcp, Move16, Move16Error, Move16ErrorKind, PackedSfen};
use shogi_kit::movegen::{Position, PositionVisitor, Standard, VariantHooks, VisitPosition};
use shogi_kit::types::{Color, Move};
use shogi_kit::variants::{AnyPosition, Handicap, ParseAnyPositionError, SilverSetup};

use crate::errors::{self, err};

/// The Python name of a colour: `"black"` (sente, moves first in even games) or `"white"`.
pub(crate) const fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

/// Reads `"black"`/`"white"` (also `"sente"`/`"gote"`, `"b"`/`"w"`, 0/1 as text).
pub(crate) fn parse_color(text: &str) -> PyResult<Color> {
    match text {
        "black" | "sente" | "b" => Ok(Color::Black),
        "white" | "gote" | "w" => Ok(Color::White),
        _ => Err(err::<errors::ShogiError>(format!(
            "color: {text:?}, expected \"black\" or \"white\""
        ))),
    }
}

/// A move, exactly what a USI move carries: `7g7f`, `8h2b+`, `P*5e`.
///
/// Moves are immutable values compared by their USI text; the objects of the moves that have
/// a move16 code are shared (made once per process), so listing legal moves allocates no
/// move objects.
#[pyclass(module = "shogi_kit", name = "Move", frozen, eq, hash)]
pub(crate) struct PyMove {
    pub(crate) mv: Move,
    /// The USI text as a Python string, made on first use (the objects are shared, so each
    /// text is made once per process).
    usi: PyOnceLock<Py<PyString>>,
}

impl PyMove {
    /// The object of `m`, its text not made yet.
    pub(crate) fn new(m: Move) -> PyMove {
        PyMove {
            mv: m,
            usi: PyOnceLock::new(),
        }
    }
}

impl std::fmt::Debug for PyMove {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("PyMove").field(&self.mv).finish()
    }
}

impl PartialEq for PyMove {
    fn eq(&self, other: &PyMove) -> bool {
        self.mv == other.mv
    }
}

impl Eq for PyMove {}

impl std::hash::Hash for PyMove {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.mv.hash(state);
    }
}

/// The shared move objects, indexed by their move16 code (`None` where the code is no move).
static MOVES: PyOnceLock<Vec<Option<Py<PyMove>>>> = PyOnceLock::new();

/// The table of shared move objects, made on first use.
fn move_table(py: Python<'_>) -> &Vec<Option<Py<PyMove>>> {
    MOVES.get_or_init(py, || {
        (0..=u16::MAX >> 1)
            .map(|bits| {
                let m = Move16::from_bits(bits).to_move_unchecked()?;
                // Only the canonical code of each move gets an object.
                if Move16::from_move(m).ok()?.to_bits() != bits {
                    return None;
                }
                Py::new(py, PyMove::new(m)).ok()
            })
            .collect()
    })
}

/// The Python object of `m`: the shared one when `m` has a move16 code.
pub(crate) fn move_object(py: Python<'_>, m: Move) -> PyResult<Bound<'_, PyMove>> {
    if let Ok(code) = Move16::from_move(m)
        && let Some(Some(obj)) = move_table(py).get(usize::from(code.to_bits()))
    {
        return Ok(obj.bind(py).clone());
    }
    Bound::new(py, PyMove::new(m))
}

/// A list of move objects (the shared ones where there are).
pub(crate) fn move_list<'py>(
    py: Python<'py>,
    moves: impl ExactSizeIterator<Item = Move>,
) -> PyResult<Bound<'py, PyList>> {
    let table = move_table(py);
    let objects = moves
        .map(|m| {
            match Move16::from_move(m)
                .ok()
                .and_then(|code| table.get(usize::from(code.to_bits())))
            {
                Some(Some(obj)) => Ok(obj.bind(py).clone()),
                _ => Bound::new(py, PyMove::new(m)),
            }
        })
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, objects)
}

/// Reads a move argument: a `Move`, a USI string, or a move16 code (`int`).
pub(crate) fn move_arg(obj: &Bound<'_, PyAny>) -> PyResult<Move> {
    if let Ok(m) = obj.cast::<PyMove>() {
        return Ok(m.get().mv);
    }
    if let Ok(text) = obj.cast::<PyString>() {
        return text
            .to_cow()?
            .parse::<Move>()
            .map_err(err::<errors::MoveParseError>);
    }
    if let Ok(code) = obj.extract::<u16>() {
        return Move16::from_bits(code)
            .to_move_unchecked()
            .ok_or_else(|| err::<errors::MoveParseError>(format!("move16: {code} is no move")));
    }
    Err(err::<errors::MoveParseError>(format!(
        "expected a Move, a USI string or a move16 int, got {}",
        obj.get_type().name()?
    )))
}

#[pymethods]
impl PyMove {
    /// Reads a USI move (`7g7f`, `8h2b+`, `P*5e`).
    #[staticmethod]
    fn from_usi(py: Python<'_>, usi: PyBackedStr) -> PyResult<Bound<'_, PyMove>> {
        let m: Move = usi.parse::<Move>().map_err(err::<errors::MoveParseError>)?;
        move_object(py, m)
    }

    /// Reads a move16 code (cshogi's `move16`, the `bestMove16` of HCPE), without a position.
    #[staticmethod]
    fn from_move16(py: Python<'_>, code: u16) -> PyResult<Bound<'_, PyMove>> {
        let m = Move16::from_bits(code)
            .to_move_unchecked()
            .ok_or_else(|| err::<errors::MoveParseError>(format!("move16: {code} is no move")))?;
        move_object(py, m)
    }

    /// The USI text.
    #[getter]
    fn usi<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        self.usi
            .get_or_init(py, || PyString::new(py, &self.mv.to_string()).unbind())
            .bind(py)
            .clone()
    }

    /// The 16-bit code of cshogi's `move16` (and HCPE's `bestMove16`).
    #[getter]
    fn move16(&self) -> PyResult<u16> {
        Move16::from_move(self.mv)
            .map(Move16::to_bits)
            .map_err(err::<errors::PackError>)
    }

    /// The destination square (`"7f"`).
    #[getter]
    fn to_square(&self) -> String {
        self.mv.to().to_string()
    }

    /// The origin square, `None` for a drop.
    #[getter]
    fn from_square(&self) -> Option<String> {
        match self.mv {
            Move::Normal { from, .. } => Some(from.to_string()),
            Move::Drop { .. } => None,
        }
    }

    /// Whether the move is a drop from the hand.
    #[getter]
    fn is_drop(&self) -> bool {
        matches!(self.mv, Move::Drop { .. })
    }

    /// Whether the moving piece promotes.
    #[getter]
    fn is_promotion(&self) -> bool {
        matches!(self.mv, Move::Normal { promote: true, .. })
    }

    fn __str__<'py>(&self, py: Python<'py>) -> Bound<'py, PyString> {
        self.usi(py)
    }

    fn __repr__(&self) -> String {
        format!("Move('{}')", self.mv)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let from_usi = py.get_type::<PyMove>().getattr("from_usi")?;
        PyTuple::new(
            py,
            [
                from_usi,
                PyTuple::new(py, [slf.get().mv.to_string()])?.into_any(),
            ],
        )
    }
}

/// A valid position of standard shogi (with or without a handicap) or of the
/// untakeable-silver variant.
#[pyclass(module = "shogi_kit", name = "Position")]
#[derive(Debug, Clone, Copy)]
pub(crate) struct PyPosition {
    pub(crate) pos: AnyPosition,
}

/// Reads an SFEN as a position of the variant its marks call for, waiving soft faults (more
/// material than one set, a mate problem's missing king) if asked.
pub(crate) fn position_from_sfen(sfen: &str, waive_soft_faults: bool) -> PyResult<AnyPosition> {
    match AnyPosition::from_sfen(sfen) {
        Ok(pos) => Ok(pos),
        Err(ParseAnyPositionError::Sfen(e)) => Err(err::<errors::SfenError>(e)),
        Err(ParseAnyPositionError::Position(e)) => {
            let e = if waive_soft_faults {
                match e.ignore_soft() {
                    Ok(pos) => return Ok(pos),
                    Err(e) => e,
                }
            } else {
                e
            };
            Err(err::<errors::PositionError>(e))
        }
        Err(e) => Err(err::<errors::ShogiError>(e)),
    }
}

/// The SFEN text of a position.
pub(crate) fn sfen_of(pos: &AnyPosition) -> String {
    let mut out = String::with_capacity(96);
    // Writing into a String cannot fail.
    let _ = pos.write_sfen(&mut out);
    out
}

/// Reads 32 bytes from a NumPy array (any dtype, C-contiguous, 32 bytes in all; a cshogi
/// `HuffmanCodedPos` array of one entry works), `bytes` or `bytearray`.
pub(crate) fn bytes32(obj: &Bound<'_, PyAny>) -> PyResult<[u8; 32]> {
    let wrong =
        |len: usize| err::<errors::PackError>(format!("packed position: {len} bytes, expected 32"));
    if let Ok(array) = obj.extract::<PyReadonlyArray1<'_, u8>>()
        && let Ok(slice) = array.as_slice()
    {
        return slice.try_into().map_err(|_| wrong(slice.len()));
    }
    let bytes = if let Ok(b) = obj.cast::<PyBytes>() {
        b.clone()
    } else if obj.hasattr("tobytes")? {
        obj.call_method0("tobytes")?.cast_into::<PyBytes>()?
    } else if let Ok(b) = obj.cast::<pyo3::types::PyByteArray>() {
        PyBytes::new(obj.py(), &b.to_vec())
    } else {
        return Err(err::<errors::PackError>(
            "packed position: expected a uint8 array, bytes or bytearray",
        ));
    };
    let slice = bytes.as_bytes();
    slice.try_into().map_err(|_| wrong(slice.len()))
}

/// `Move16::to_move` for a position of any variant.
struct DecodeMove16(Move16);

impl PositionVisitor for DecodeMove16 {
    type Output = Result<Move, Move16Error>;
    fn visit<R: VariantHooks>(self, pos: &Position<R>) -> Self::Output {
        self.0.to_move(pos)
    }
}

#[pymethods]
impl PyPosition {
    /// Reads an SFEN (`"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"`).
    ///
    /// Silvers marked `S!` make a position of the untakeable-silver variant. With
    /// `waive_soft_faults`, positions with more material than one set or a mate problem's
    /// single king are accepted.
    #[staticmethod]
    #[pyo3(signature = (sfen, waive_soft_faults = false))]
    fn from_sfen(sfen: PyBackedStr, waive_soft_faults: bool) -> PyResult<PyPosition> {
        position_from_sfen(&sfen, waive_soft_faults).map(|pos| PyPosition { pos })
    }

    /// The start position of an even game (平手), Black to move.
    #[staticmethod]
    fn startpos() -> PyPosition {
        PyPosition {
            pos: AnyPosition::default(),
        }
    }

    /// The start of a handicap game, by its Japanese (`"角落ち"`) or English (`"Bishop"`)
    /// name; White (the giver) moves first.
    #[staticmethod]
    fn handicap(name: PyBackedStr) -> PyResult<PyPosition> {
        let h: Handicap = name.parse().map_err(err::<errors::ShogiError>)?;
        Ok(PyPosition {
            pos: h.position().into(),
        })
    }

    /// The names of every handicap, in English (`Position.handicap` also reads the Japanese
    /// ones).
    #[staticmethod]
    fn handicap_names() -> Vec<&'static str> {
        Handicap::ALL.iter().map(|h| h.english_name()).collect()
    }

    /// A start of the untakeable-silver variant: `"six-piece"` (the default), `"nine-piece"`
    /// or `"eighteen-piece"`.
    #[staticmethod]
    #[pyo3(signature = (setup = None))]
    fn untakeable_silver(setup: Option<PyBackedStr>) -> PyResult<PyPosition> {
        let setup = silver_setup(setup.as_deref().unwrap_or("six-piece"))?;
        Ok(PyPosition {
            pos: setup.position().into(),
        })
    }

    /// Decodes an HCP (32 bytes: a `uint8` array, `bytes`, or a cshogi `HuffmanCodedPos`
    /// entry) into a position of standard shogi, move number 1.
    #[staticmethod]
    fn from_hcp(data: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        let hcp = Hcp::from_bytes(bytes32(data)?);
        let pos = Position::<Standard>::from_hcp(&hcp).map_err(err::<errors::PackError>)?;
        Ok(PyPosition { pos: pos.into() })
    }

    /// Decodes a PackedSfen (32 bytes) into a position of standard shogi, move number 1.
    #[staticmethod]
    fn from_packed_sfen(data: &Bound<'_, PyAny>) -> PyResult<PyPosition> {
        let packed = PackedSfen::from_bytes(bytes32(data)?);
        let pos =
            Position::<Standard>::from_packed_sfen(&packed).map_err(err::<errors::PackError>)?;
        Ok(PyPosition { pos: pos.into() })
    }

    /// The SFEN, protected silvers marked `S!`.
    fn sfen(&self) -> String {
        sfen_of(&self.pos)
    }

    /// The side to move: `"black"` or `"white"`.
    #[getter]
    fn side_to_move(&self) -> &'static str {
        color_name(self.pos.side_to_move())
    }

    /// The move number of the move about to be played (as in SFEN).
    #[getter]
    fn move_number(&self) -> u32 {
        self.pos.move_number().get()
    }

    /// The variant: `"standard"` or `"untakeable-silver"`.
    #[getter]
    fn variant(&self) -> &'static str {
        self.pos.variant().name()
    }

    /// The legal moves as `Move` objects.
    fn legal_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(py, self.pos.legal_moves().iter().copied())
    }

    /// The legal moves as a NumPy `uint16` array of move16 codes (cshogi's `move16`).
    fn legal_moves_array<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u16>>> {
        let moves = self.pos.legal_moves();
        let mut codes = Vec::with_capacity(moves.len());
        for &m in &moves {
            codes.push(
                Move16::from_move(m)
                    .map_err(err::<errors::PackError>)?
                    .to_bits(),
            );
        }
        Ok(PyArray1::from_vec(py, codes))
    }

    /// The number of legal moves.
    fn legal_move_count(&self) -> u64 {
        self.pos.count_legal_moves()
    }

    /// Whether `move` (a `Move`, a USI string or a move16 int) is legal here.
    #[pyo3(signature = (r#move))]
    fn is_legal(&self, r#move: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.pos.is_legal(move_arg(r#move)?))
    }

    /// Plays `move` (a `Move`, a USI string or a move16 int); an illegal move raises
    /// `IllegalMoveError` and leaves the position unchanged.
    #[pyo3(signature = (r#move))]
    fn play(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let m = move_arg(r#move)?;
        self.pos.play(m).map_err(err::<errors::IllegalMoveError>)
    }

    /// The move of a move16 code in this position, checked to be legal.
    fn move_from_move16<'py>(&self, py: Python<'py>, code: u16) -> PyResult<Bound<'py, PyMove>> {
        match self.pos.visit(DecodeMove16(Move16::from_bits(code))) {
            Ok(m) => move_object(py, m),
            Err(e) if matches!(e.kind, Move16ErrorKind::Malformed) => {
                Err(err::<errors::MoveParseError>(e))
            }
            Err(e) => Err(err::<errors::IllegalMoveError>(e)),
        }
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool {
        self.pos.is_check()
    }

    /// Whether the side to move is checkmated (in check with no legal move).
    fn is_checkmate(&self) -> bool {
        self.pos.is_check() && !self.pos.has_legal_move()
    }

    /// A move that mates at once (一手詰, itte-zume), or `None`. Exact: the move gives check
    /// and leaves no legal reply; a pawn drop that would mate is illegal, so it is never the
    /// answer. Either side may attack, also in check.
    fn mate_in_one<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyMove>>> {
        crate::mate::mate_in_one(py, &self.pos)
    }

    /// Every move that mates at once, in the generator's order (empty if none).
    fn mating_moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        crate::mate::mating_moves(py, &self.pos)
    }

    /// A shortest forced mate of at most `plies` plies (1 to 31; an even number searches one
    /// ply less), searched exhaustively within `nodes` positions: the list of moves (the
    /// attacker's first, the mating move last), or `None` when there is none within `plies`.
    /// When the budget runs out first, raises `MateBudgetError`: "no mate" and "not decided"
    /// are never merged. The GIL is released during the search.
    #[pyo3(signature = (plies, nodes = 1_000_000))]
    fn mate_in<'py>(
        &self,
        py: Python<'py>,
        plies: u32,
        nodes: u64,
    ) -> PyResult<Option<Bound<'py, PyList>>> {
        crate::mate::mate_in(py, self.pos, plies, nodes)
    }

    /// Whether the side to move has a legal move.
    fn has_legal_move(&self) -> bool {
        self.pos.has_legal_move()
    }

    /// The 64-bit Zobrist key of board, hands and side to move (the repetition identity).
    fn zobrist(&self) -> u64 {
        self.pos.zobrist()
    }

    /// The HCP (Apery's and cshogi's HuffmanCodedPos) as a `uint8` array of 32 bytes.
    fn to_hcp<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u8>>> {
        let hcp = self.pos.to_hcp().map_err(err::<errors::PackError>)?;
        Ok(PyArray1::from_slice(py, hcp.as_bytes()))
    }

    /// The HCP as 32 `bytes`.
    fn to_hcp_bytes<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyBytes>> {
        let hcp = self.pos.to_hcp().map_err(err::<errors::PackError>)?;
        Ok(PyBytes::new(py, hcp.as_bytes()))
    }

    /// The PackedSfen (YaneuraOu's) as a `uint8` array of 32 bytes.
    fn to_packed_sfen<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<u8>>> {
        let packed = self
            .pos
            .to_packed_sfen()
            .map_err(err::<errors::PackError>)?;
        Ok(PyArray1::from_slice(py, packed.as_bytes()))
    }

    /// The number of leaves of the legal move tree `depth` plies deep (the GIL is released).
    fn perft(&self, py: Python<'_>, depth: u32) -> u64 {
        let pos = self.pos;
        py.detach(move || pos.perft(depth))
    }

    /// The SVG diagram of the position: the document `shogi svg [--flip] [--western] [--last
    /// MOVE] <sfen>` writes for this position's SFEN (the king in check highlighted;
    /// `last_move`, a `Move` or USI string, highlighted). See also `shogi_kit.svg`.
    #[pyo3(signature = (flip = false, western = false, last_move = None))]
    fn svg(
        &self,
        flip: bool,
        western: bool,
        last_move: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let last = last_move.map(move_arg).transpose()?.map(|m| m.to_string());
        let args = shogi_kit::contract::SvgArgs {
            flip,
            western,
            last,
            ..shogi_kit::contract::SvgArgs::default()
        };
        crate::svg::document(self.pos.to_setup(), &args)
    }

    /// The SVG diagram (`svg()`), shown by Jupyter and IPython as the position's picture.
    fn _repr_svg_(&self) -> PyResult<String> {
        crate::svg::document(
            self.pos.to_setup(),
            &shogi_kit::contract::SvgArgs::default(),
        )
    }

    /// A copy.
    fn copy(&self) -> PyPosition {
        *self
    }

    fn __copy__(&self) -> PyPosition {
        *self
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyPosition {
        *self
    }

    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other
            .cast::<PyPosition>()
            .is_ok_and(|o| o.borrow().pos == self.pos)
    }

    fn __str__(&self) -> String {
        sfen_of(&self.pos)
    }

    fn __repr__(&self) -> String {
        format!("Position('{}')", sfen_of(&self.pos))
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let from_sfen = py.get_type::<PyPosition>().getattr("from_sfen")?;
        let args = (sfen_of(&slf.borrow().pos), true).into_pyobject(py)?;
        PyTuple::new(py, [from_sfen, args.into_any()])
    }
}

/// The untakeable-silver setup of a name (`"six-piece"`, `"nine-piece"`, `"eighteen-piece"`).
pub(crate) fn silver_setup(name: &str) -> PyResult<SilverSetup> {
    SilverSetup::ALL
        .into_iter()
        .find(|s| s.name() == name)
        .ok_or_else(|| {
            err::<errors::ShogiError>(format!(
                "untakeable silver: unknown setup {name:?}, expected \"six-piece\", \"nine-piece\" or \"eighteen-piece\""
            ))
        })
}

/// Adds `Move` and `Position` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyMove>()?;
    m.add_class::<PyPosition>()?;
    Ok(())
}
