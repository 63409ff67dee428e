//! `Record`: a game record read from KIF, KI2, CSA, JKF or a USI `position` line (from `str`,
//! or `bytes` in any encoding the library detects), and written back in each format.

use pyo3::prelude::*;
use pyo3::pybacked::PyBackedStr;
use pyo3::types::{PyBytes, PyList, PyString, PyTuple};

use shogi_kit::record::{self, Header, HeaderKey, Record, RecordError, csa, jkf, ki2, kif};

use crate::errors::{self, err};
use crate::game::{PyGame, PyOutcome};
use crate::position::{PyPosition, color_name, move_arg, move_list};

/// A game record: start position, headers, moves (with comments and times, kept when written
/// back) and the recorded ending.
#[pyclass(module = "shogi_kit", name = "Record")]
#[derive(Debug, Clone)]
pub(crate) struct PyRecord {
    pub(crate) record: Record,
    /// With a lenient read: why the moves stop early.
    pub(crate) lenient_error: Option<String>,
}

/// The text or bytes of a record argument.
pub(crate) enum Input<'a> {
    Text(std::borrow::Cow<'a, str>),
    Bytes(&'a [u8]),
}

/// Reads a `str` or `bytes` argument.
pub(crate) fn input<'a>(data: &'a Bound<'_, PyAny>) -> PyResult<Input<'a>> {
    if let Ok(text) = data.cast::<PyString>() {
        return Ok(Input::Text(text.to_cow()?));
    }
    if let Ok(bytes) = data.cast::<PyBytes>() {
        return Ok(Input::Bytes(bytes.as_bytes()));
    }
    Err(err::<errors::RecordError>(format!(
        "record: expected str or bytes, got {}",
        data.get_type().name()?
    )))
}

/// Reads one record, leniently if asked (the moves before one that cannot be read or played,
/// and that error).
pub(crate) fn read_one(
    data: &Input<'_>,
    lenient: bool,
) -> Result<(Record, Option<RecordError>), RecordError> {
    let strict = match data {
        Input::Text(text) => record::read_str(text),
        Input::Bytes(bytes) => record::read(bytes),
    };
    match strict {
        Ok(rec) => Ok((rec, None)),
        Err(e) if lenient => match e.lenient_record() {
            Some(rec) => Ok((rec, Some(e))),
            None => Err(e),
        },
        Err(e) => Err(e),
    }
}

/// The Python name of a header key: `Black`, `White`, `Event`, `Site`, `StartTime`, `EndTime`,
/// `TimeControl`, `Opening`, or the key as written.
fn header_name(key: &HeaderKey) -> String {
    match key {
        HeaderKey::Black => "Black".to_owned(),
        HeaderKey::White => "White".to_owned(),
        HeaderKey::Event => "Event".to_owned(),
        HeaderKey::Site => "Site".to_owned(),
        HeaderKey::StartTime => "StartTime".to_owned(),
        HeaderKey::EndTime => "EndTime".to_owned(),
        HeaderKey::TimeControl => "TimeControl".to_owned(),
        HeaderKey::Opening => "Opening".to_owned(),
        HeaderKey::Other(s) => s.clone(),
        other => other.kif_key().to_owned(),
    }
}

/// The header key of a Python name (the inverse of [`header_name`]; other names are kept as
/// written).
fn header_key(name: &str) -> HeaderKey {
    match name {
        "Black" => HeaderKey::Black,
        "White" => HeaderKey::White,
        "Event" => HeaderKey::Event,
        "Site" => HeaderKey::Site,
        "StartTime" => HeaderKey::StartTime,
        "EndTime" => HeaderKey::EndTime,
        "TimeControl" => HeaderKey::TimeControl,
        "Opening" => HeaderKey::Opening,
        other => HeaderKey::from_kif_key(other),
    }
}

impl PyRecord {
    /// Wraps a record read without error.
    pub(crate) fn new(record: Record) -> PyRecord {
        PyRecord {
            record,
            lenient_error: None,
        }
    }
}

#[pymethods]
impl PyRecord {
    /// An empty record (no header, no move) from `start` (the even start by default).
    #[new]
    #[pyo3(signature = (start = None))]
    fn py_new(start: Option<PyRef<'_, PyPosition>>) -> PyRecord {
        PyRecord::new(Record::new(start.map(|p| p.pos).unwrap_or_default()))
    }

    /// Reads a record of any format (KIF, KI2, CSA — its first game —, JKF, or a USI
    /// `position` line) from `str`, or from `bytes` in UTF-8, Shift_JIS or EUC-JP (detected).
    ///
    /// With `lenient`, a record whose moves stop at one that cannot be read or played keeps
    /// the moves before it, and `lenient_error` says why; other errors still raise.
    #[staticmethod]
    #[pyo3(signature = (data, lenient = false))]
    fn read(data: &Bound<'_, PyAny>, lenient: bool) -> PyResult<PyRecord> {
        let data = input(data)?;
        let (record, error) = read_one(&data, lenient).map_err(err::<errors::RecordError>)?;
        Ok(PyRecord {
            record,
            lenient_error: error.map(|e| e.to_string()),
        })
    }

    /// Reads every game of a file (a CSA file may hold several, separated by `/`). A game that
    /// cannot be read raises, naming it (`game 2: ...`); with `lenient`, it keeps the moves
    /// before the bad one, or is left out if nothing of it can be kept.
    #[staticmethod]
    #[pyo3(signature = (data, lenient = false))]
    fn read_all(data: &Bound<'_, PyAny>, lenient: bool) -> PyResult<Vec<PyRecord>> {
        let games = match input(data)? {
            Input::Text(text) => Record::games_str(&text).map(|g| g.collect::<Vec<_>>()),
            Input::Bytes(bytes) => Record::games(bytes).map(|g| g.collect::<Vec<_>>()),
        }
        .map_err(err::<errors::RecordError>)?;
        let mut out = Vec::with_capacity(games.len());
        for (i, game) in games.into_iter().enumerate() {
            match game {
                Ok(rec) => out.push(PyRecord::new(rec)),
                Err(e) if lenient => {
                    if let Some(rec) = e.lenient_record() {
                        out.push(PyRecord {
                            record: rec,
                            lenient_error: Some(e.to_string()),
                        });
                    }
                }
                Err(e) => {
                    return Err(err::<errors::RecordError>(format!("game {}: {e}", i + 1)));
                }
            }
        }
        Ok(out)
    }

    /// The record of a game: its start, moves and, if it is over, its outcome.
    #[staticmethod]
    fn from_game(game: PyRef<'_, PyGame>) -> PyRecord {
        PyRecord::new(Record::from_game(&game.game))
    }

    /// Why a lenient read stopped early (`None` if every move was read).
    #[getter]
    fn lenient_error(&self) -> Option<String> {
        self.lenient_error.clone()
    }

    /// The start position.
    #[getter]
    fn start(&self) -> PyPosition {
        PyPosition {
            pos: self.record.start,
        }
    }

    /// The moves of the main line, as `Move` objects.
    #[getter]
    fn moves<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        move_list(py, self.record.moves.iter().map(|m| m.mv))
    }

    /// The headers as `(key, value)` pairs in order; known keys are named `Black`, `White`,
    /// `Event`, `Site`, `StartTime`, `EndTime`, `TimeControl`, `Opening`, others as written.
    #[getter]
    fn headers(&self) -> Vec<(String, String)> {
        self.record
            .headers
            .iter()
            .map(|h| (header_name(&h.key), h.value.clone()))
            .collect()
    }

    /// Adds a header (see `headers` for the key names).
    fn add_header(&mut self, key: PyBackedStr, value: PyBackedStr) {
        self.record
            .headers
            .push(Header::new(header_key(&key), &*value));
    }

    /// The player of `color` (`"black"` or `"white"`), if the record names one.
    fn player(&self, color: PyBackedStr) -> PyResult<Option<String>> {
        let c = crate::position::parse_color(&color)?;
        Ok(self.record.player(c).map(str::to_owned))
    }

    /// The outcome the record gives (its ending word: resignation, repetition, ...), `None`
    /// if it has none.
    #[getter]
    fn outcome(&self) -> Option<PyOutcome> {
        self.record.outcome().map(PyOutcome)
    }

    /// The winner by the recorded outcome: `"black"`, `"white"` or `None`.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.record
            .outcome()
            .and_then(|o| o.winner())
            .map(color_name)
    }

    /// The English name of the handicap of the start (`"Even"` for the even start), `None` if
    /// the start is no handicap position.
    #[getter]
    fn handicap(&self) -> Option<&'static str> {
        self.record.handicap().map(|h| h.english_name())
    }

    /// Appends a move (a `Move`, USI string or move16 int), checked to be legal.
    #[pyo3(signature = (r#move))]
    fn push(&mut self, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let m = move_arg(r#move)?;
        self.record.push(m).map_err(err::<errors::IllegalMoveError>)
    }

    /// The position after the last move.
    fn final_position(&self) -> PyResult<PyPosition> {
        self.record
            .final_position()
            .map(|pos| PyPosition { pos })
            .map_err(err::<errors::IllegalMoveError>)
    }

    /// The game of the record replayed under a rule set (see `Game`), its recorded ending
    /// applied when the rules did not end it.
    #[pyo3(signature = (*, impasse = None, move_limit = None, limit_count = false, handicap_credit = false))]
    fn to_game(
        &self,
        impasse: Option<PyBackedStr>,
        move_limit: Option<u32>,
        limit_count: bool,
        handicap_credit: bool,
    ) -> PyResult<PyGame> {
        let rules = crate::game::rule_set(
            impasse.as_deref().unwrap_or("none"),
            move_limit,
            limit_count,
            handicap_credit,
        )?;
        self.record
            .to_game(rules)
            .map(|game| PyGame { game })
            .map_err(err::<errors::GameError>)
    }

    /// The record as KIF text (UTF-8).
    fn to_kif(&self) -> String {
        kif::write(&self.record)
    }

    /// The record as KI2 text.
    fn to_ki2(&self) -> String {
        ki2::write(&self.record)
    }

    /// The record as CSA text (V2.2, or V3.0 where 2.2 cannot say it).
    fn to_csa(&self) -> String {
        csa::write(&self.record)
    }

    /// The record as JKF (JSON Kifu Format) text.
    fn to_jkf(&self) -> String {
        jkf::write(&self.record)
    }

    /// The USI `position` command of the start and moves.
    fn to_usi(&self) -> String {
        self.record.to_position_command().to_string()
    }

    /// The moves in Japanese notation (`▲７六歩`).
    fn japanese_moves(&self) -> Vec<String> {
        self.record.japanese_moves()
    }

    /// The moves in Western notation (`P-7f`).
    fn western_moves(&self) -> Vec<String> {
        self.record.western_moves()
    }

    fn __len__(&self) -> usize {
        self.record.moves.len()
    }

    fn __repr__(&self) -> String {
        format!(
            "<Record {} moves, {}>",
            self.record.moves.len(),
            self.record
                .outcome()
                .map_or_else(|| "no outcome".to_owned(), |o| o.to_string())
        )
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let read = py.get_type::<PyRecord>().getattr("read")?;
        let text = jkf::write(&slf.borrow().record);
        PyTuple::new(py, [read, PyTuple::new(py, [text])?.into_any()])
    }
}

/// Adds `Record` to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRecord>()?;
    Ok(())
}
