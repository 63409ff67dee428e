//! Training data in bulk: records to HCPE or PSV bytes (as `shogi dataset` writes them), the
//! records of many files, and packed entries back to positions and moves. The work runs on
//! Rust threads with the GIL released; the calling thread only collects the results in input
//! order (so the output is the same whatever the number of threads) and calls the progress
//! callback.
//!
//! Records become entries through `shogi_kit::record::training` ([`encode_game`]); the packed
//! formats of `shogi_kit::movegen::packed` are read in [`decode_entries`].

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use shogi_kit::movegen::packed::{Hcpe, HcpeResult, Move16, Psv, PsvResult};
use shogi_kit::movegen::{Position, Standard};
use shogi_kit::record::Record;
use shogi_kit::record::training::{self, EntryFormat, Written};
use shogi_kit::rules::RuleSet;
use shogi_kit::types::{Color, Move};
use shogi_kit::variants::AnyPosition;

use crate::errors::{self, err};
use crate::position::{PyPosition, move_object};
use crate::record::PyRecord;

/// The extensions of the files read in folders (compared in any case), unless `all_files`:
/// those of `shogi dataset`.
const RECORD_EXTENSIONS: [&str; 8] = ["kif", "kifu", "ki2", "ki2u", "csa", "jkf", "usi", "sfen"];

/// The files to read, in order: files as given, folders recursively in path order (their
/// files with a record extension unless `all_files`), as `shogi dataset` lists them.
fn list_files(inputs: &[PathBuf], all_files: bool) -> PyResult<Vec<PathBuf>> {
    fn add(
        path: &Path,
        named: bool,
        all_files: bool,
        out: &mut Vec<PathBuf>,
    ) -> std::io::Result<()> {
        if !path.is_dir() {
            std::fs::metadata(path)?;
            let wanted = named
                || all_files
                || path
                    .extension()
                    .and_then(|e| e.to_str())
                    .is_some_and(|e| RECORD_EXTENSIONS.iter().any(|r| e.eq_ignore_ascii_case(r)));
            if wanted {
                out.push(path.to_path_buf());
            }
            return Ok(());
        }
        let mut entries = std::fs::read_dir(path)?
            .map(|e| e.map(|e| e.path()))
            .collect::<std::io::Result<Vec<_>>>()?;
        entries.sort();
        for entry in entries {
            add(&entry, false, all_files, out)?;
        }
        Ok(())
    }
    let mut out = Vec::new();
    for input in inputs {
        add(input, true, all_files, &mut out)
            .map_err(|e| err::<errors::RecordError>(format!("{}: {e}", input.display())))?;
    }
    Ok(out)
}

/// The packed format written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Packed {
    Hcpe,
    Psv,
}

/// What one file gave.
#[derive(Debug, Default)]
struct FileOutput {
    bytes: Vec<u8>,
    records: Vec<Record>,
    games: u64,
    no_result: u64,
    not_standard: u64,
    unpackable: u64,
    positions: u64,
    failures: Vec<String>,
}

/// Appends the entries of one game to `out`, exactly as `shogi dataset --format hcpe|psv`
/// ([`training::write_entries`]): one per position before each move, the move played as best
/// move, eval 0, the game's result; games without a result, of another variant, or with a
/// position the format cannot hold are skipped whole (and counted).
fn encode_game(record: &Record, format: Packed, out: &mut FileOutput) {
    out.games += 1;
    let format = match format {
        Packed::Hcpe => EntryFormat::Hcpe,
        Packed::Psv => EntryFormat::Psv,
    };
    match training::write_entries(record, format, RuleSet::none(), &mut out.bytes) {
        Written::Entries(n) => out.positions += n as u64,
        Written::NotStandard => out.not_standard += 1,
        Written::NoResult => out.no_result += 1,
        Written::Unpackable => out.unpackable += 1,
        // A reason to skip that this version does not know: counted as unpackable.
        _ => out.unpackable += 1,
    }
}

/// What each job does with a file.
#[derive(Debug, Clone, Copy)]
enum Job {
    Encode(Packed),
    Read,
}

/// Reads one file and encodes or keeps its games.
fn run_file(path: &Path, job: Job, lenient: bool) -> FileOutput {
    let mut out = FileOutput::default();
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => {
            out.failures.push(format!("{}: {e}", path.display()));
            return out;
        }
    };
    let games = match Record::games(&bytes) {
        // Training data needs no comment on a move; records read for Python keep them.
        Ok(games) if matches!(job, Job::Encode(_)) => games.without_move_comments(),
        Ok(games) => games,
        Err(e) => {
            out.failures.push(format!("{}: {e}", path.display()));
            return out;
        }
    };
    // One game at a time: a file of many games is never held whole as records.
    let mut games = games.peekable();
    let mut i = 0;
    while let Some(game) = games.next() {
        let several = i > 0 || games.peek().is_some();
        i += 1;
        let rec = match game {
            Ok(rec) => rec,
            Err(e) => match e.lenient_record().filter(|_| lenient) {
                Some(rec) => rec,
                None => {
                    out.failures.push(if several {
                        format!("{}: game {i}: {e}", path.display())
                    } else {
                        format!("{}: {e}", path.display())
                    });
                    continue;
                }
            },
        };
        match job {
            Job::Encode(format) => encode_game(&rec, format, &mut out),
            Job::Read => {
                out.games += 1;
                out.records.push(rec);
            }
        }
    }
    out
}

/// The totals and failures of a run, in input order.
#[derive(Debug, Default)]
struct Run {
    bytes: Vec<u8>,
    records: Vec<Record>,
    files: u64,
    games: u64,
    no_result: u64,
    not_standard: u64,
    unpackable: u64,
    positions: u64,
    failures: Vec<String>,
}

impl Run {
    fn take(&mut self, out: FileOutput) {
        self.bytes.extend_from_slice(&out.bytes);
        self.records.extend(out.records);
        self.files += 1;
        self.games += out.games;
        self.no_result += out.no_result;
        self.not_standard += out.not_standard;
        self.unpackable += out.unpackable;
        self.positions += out.positions;
        self.failures.extend(out.failures);
    }

    fn stats<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("files", self.files)?;
        d.set_item("games", self.games)?;
        d.set_item("no_result", self.no_result)?;
        d.set_item("not_standard", self.not_standard)?;
        d.set_item("unpackable", self.unpackable)?;
        d.set_item("positions", self.positions)?;
        d.set_item("failures", PyList::new(py, &self.failures)?)?;
        Ok(d)
    }
}

/// The stack reserved for each worker thread: the readers of nested records (KIF variations,
/// JKF) recurse up to their nesting limits, and the main thread of Python has 8 MiB, so the
/// workers get as much (only reserved, not used).
const WORKER_STACK: usize = 8 << 20;

/// The number of threads to use: `threads`, or every core.
fn thread_count(threads: Option<usize>) -> usize {
    threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, usize::from))
        .max(1)
}

/// Runs `job` on every file on `threads` threads with the GIL released, collecting outputs in
/// file order; calls `progress(files_done, files_total, positions)` from this thread now and
/// then (and at the end). An exception from the callback, or a signal (Ctrl-C), stops the run.
fn run_files(
    py: Python<'_>,
    files: &[PathBuf],
    job: Job,
    lenient: bool,
    threads: usize,
    progress: Option<&Bound<'_, PyAny>>,
) -> PyResult<Run> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let progress = progress.map(|p| p.clone().unbind());
    py.detach(|| {
        std::thread::scope(|scope| {
            let (sender, receiver) = mpsc::channel::<(usize, FileOutput)>();
            let mut started = 0;
            for _ in 0..threads.min(files.len()) {
                let sender = sender.clone();
                let (next, stop) = (&next, &stop);
                let worker = move || {
                    while !stop.load(Ordering::Relaxed) {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(path) = files.get(i) else { break };
                        if sender.send((i, run_file(path, job, lenient))).is_err() {
                            break;
                        }
                    }
                };
                // A thread the system refuses leaves its share to the others.
                if std::thread::Builder::new()
                    .stack_size(WORKER_STACK)
                    .spawn_scoped(scope, worker)
                    .is_ok()
                {
                    started += 1;
                }
            }
            drop(sender);
            if started == 0 && !files.is_empty() {
                return Err(err::<errors::ShogiError>("cannot start a thread"));
            }
            let mut run = Run::default();
            let mut waiting = std::collections::BTreeMap::new();
            let mut written = 0;
            let mut error = None;
            loop {
                let message = receiver.recv_timeout(Duration::from_millis(100));
                let disconnected = matches!(message, Err(mpsc::RecvTimeoutError::Disconnected));
                if let Ok((i, out)) = message {
                    waiting.insert(i, out);
                    while let Some(out) = waiting.remove(&written) {
                        run.take(out);
                        written += 1;
                    }
                }
                if error.is_none() {
                    let done = run.files;
                    let positions = run.positions;
                    let result = Python::attach(|py| -> PyResult<()> {
                        py.check_signals()?;
                        if let Some(callback) = &progress {
                            callback.call1(py, (done, files.len(), positions))?;
                        }
                        Ok(())
                    });
                    if let Err(e) = result {
                        stop.store(true, Ordering::Relaxed);
                        error = Some(e);
                    }
                }
                if disconnected {
                    break;
                }
            }
            match error {
                Some(e) => Err(e),
                None => Ok(run),
            }
        })
    })
}

/// Records to packed bytes (`format` `"hcpe"` or `"psv"`), the stats of the run.
#[pyfunction]
#[pyo3(signature = (paths, format, threads = None, lenient = false, all_files = false, progress = None))]
fn _records_to_packed<'py>(
    py: Python<'py>,
    paths: Vec<PathBuf>,
    format: String,
    threads: Option<usize>,
    lenient: bool,
    all_files: bool,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<(Bound<'py, PyArray1<u8>>, Bound<'py, PyDict>)> {
    let format = match format.as_str() {
        "hcpe" => Packed::Hcpe,
        "psv" => Packed::Psv,
        _ => {
            return Err(err::<errors::ShogiError>(format!(
                "unknown packed format {format:?}, expected hcpe or psv"
            )));
        }
    };
    let files = list_files(&paths, all_files)?;
    let mut run = run_files(
        py,
        &files,
        Job::Encode(format),
        lenient,
        thread_count(threads),
        progress.as_ref(),
    )?;
    let stats = run.stats(py)?;
    let bytes = std::mem::take(&mut run.bytes);
    Ok((PyArray1::from_vec(py, bytes), stats))
}

/// The records of every game of the files, in order, and the stats of the run.
#[pyfunction]
#[pyo3(signature = (paths, threads = None, lenient = false, all_files = false, progress = None))]
fn _read_records<'py>(
    py: Python<'py>,
    paths: Vec<PathBuf>,
    threads: Option<usize>,
    lenient: bool,
    all_files: bool,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<(Vec<PyRecord>, Bound<'py, PyDict>)> {
    let files = list_files(&paths, all_files)?;
    let mut run = run_files(
        py,
        &files,
        Job::Read,
        lenient,
        thread_count(threads),
        progress.as_ref(),
    )?;
    let stats = run.stats(py)?;
    let records = std::mem::take(&mut run.records)
        .into_iter()
        .map(PyRecord::new)
        .collect();
    Ok((records, stats))
}

/// Decodes concatenated entries into positions and moves (checked to be legal), in parallel.
fn decode_entries(
    bytes: &[u8],
    format: Packed,
    threads: usize,
) -> Result<Vec<(AnyPosition, Move)>, String> {
    let len = match format {
        Packed::Hcpe => Hcpe::LEN,
        Packed::Psv => Psv::LEN,
    };
    if !bytes.len().is_multiple_of(len) {
        return Err(format!(
            "{} bytes are no whole number of {len}-byte entries",
            bytes.len()
        ));
    }
    let decode_one = |i: usize, chunk: &[u8]| -> Result<(AnyPosition, Move), String> {
        let at = |e: &dyn std::fmt::Display| format!("entry {i}: {e}");
        match format {
            Packed::Hcpe => {
                let entry = Hcpe::read_all(chunk)
                    .next()
                    .ok_or_else(|| at(&"empty"))?
                    .map_err(|e| at(&e))?;
                let pos: Position<Standard> = entry.hcp.to_position().map_err(|e| at(&e))?;
                let mv = entry.best_move.to_move(&pos).map_err(|e| at(&e))?;
                Ok((pos.into(), mv))
            }
            Packed::Psv => {
                let entry = Psv::read_all(chunk)
                    .next()
                    .ok_or_else(|| at(&"empty"))?
                    .map_err(|e| at(&e))?;
                let pos: Position<Standard> = entry.to_position().map_err(|e| at(&e))?;
                let mv = entry.best_move.to_move(&pos).map_err(|e| at(&e))?;
                Ok((pos.into(), mv))
            }
        }
    };
    let count = bytes.len() / len;
    let per_thread = count.div_ceil(threads.max(1)).max(1);
    let decode_part = |t: usize, part: &[u8]| {
        part.chunks(len)
            .enumerate()
            .map(|(j, chunk)| decode_one(t * per_thread + j, chunk))
            .collect::<Result<Vec<_>, String>>()
    };
    std::thread::scope(|scope| {
        // Each part on a thread of its own, or here if the system refuses one.
        let parts: Vec<_> = bytes
            .chunks(per_thread * len)
            .enumerate()
            .map(|(t, part)| {
                std::thread::Builder::new()
                    .stack_size(WORKER_STACK)
                    .spawn_scoped(scope, move || decode_part(t, part))
                    .map_err(|_| (t, part))
            })
            .collect();
        let mut out = Vec::with_capacity(count);
        for part in parts {
            let decoded = match part {
                Ok(handle) => handle
                    .join()
                    .map_err(|_| "a decoding thread stopped".to_owned())?,
                Err((t, part)) => decode_part(t, part),
            };
            out.extend(decoded?);
        }
        Ok(out)
    })
}

/// Packed entries (`bytes` of HCPE or PSV records) to lists of positions and moves.
#[pyfunction]
#[pyo3(signature = (data, format, threads = None))]
fn _decode_packed<'py>(
    py: Python<'py>,
    data: &[u8],
    format: String,
    threads: Option<usize>,
) -> PyResult<(Bound<'py, PyList>, Bound<'py, PyList>)> {
    let format = match format.as_str() {
        "hcpe" => Packed::Hcpe,
        "psv" => Packed::Psv,
        _ => {
            return Err(err::<errors::ShogiError>(format!(
                "unknown packed format {format:?}, expected hcpe or psv"
            )));
        }
    };
    let threads = thread_count(threads);
    let decoded = py
        .detach(|| decode_entries(data, format, threads))
        .map_err(err::<errors::PackError>)?;
    let positions = PyList::empty(py);
    let moves = PyList::empty(py);
    for (pos, mv) in decoded {
        positions.append(PyPosition { pos })?;
        moves.append(move_object(py, mv)?)?;
    }
    Ok((positions, moves))
}

/// Positions and moves to packed entries: eval/score 0 unless given, the results (HCPE: 0
/// draw, 1 Black won, 2 White won, as cshogi; PSV: -1, 0, 1 for the side to move) given per
/// entry.
#[pyfunction]
#[pyo3(signature = (positions, moves, results, format, evals = None))]
fn _encode_packed<'py>(
    py: Python<'py>,
    positions: Vec<PyRef<'py, PyPosition>>,
    moves: Vec<Bound<'py, PyAny>>,
    results: Vec<i8>,
    format: String,
    evals: Option<Vec<i16>>,
) -> PyResult<Bound<'py, PyArray1<u8>>> {
    let n = positions.len();
    if moves.len() != n || results.len() != n || evals.as_ref().is_some_and(|e| e.len() != n) {
        return Err(err::<errors::ShogiError>(
            "positions, moves, results and evals must have the same length",
        ));
    }
    let mut out = Vec::new();
    for i in 0..n {
        let pos = positions[i].pos;
        let mv = crate::position::move_arg(&moves[i])?;
        let eval = evals.as_ref().map_or(0, |e| e[i]);
        let at = |e: &dyn std::fmt::Display| err::<errors::PackError>(format!("entry {i}: {e}"));
        match format.as_str() {
            "hcpe" => {
                let winner = match results[i] {
                    0 => None,
                    1 => Some(Color::Black),
                    2 => Some(Color::White),
                    r => return Err(at(&format!("game result {r}, expected 0, 1 or 2"))),
                };
                let entry = Hcpe {
                    hcp: pos.to_hcp().map_err(|e| at(&e))?,
                    eval,
                    best_move: Move16::from_move(mv).map_err(|e| at(&e))?,
                    result: HcpeResult::from_winner(winner),
                };
                out.extend_from_slice(&entry.to_bytes());
            }
            "psv" => {
                let side = pos.side_to_move();
                let winner = match results[i] {
                    0 => None,
                    1 => Some(side),
                    -1 => Some(!side),
                    r => return Err(at(&format!("game result {r}, expected -1, 0 or 1"))),
                };
                // A protected piece cannot be written: fail as `to_packed_sfen` does.
                pos.to_packed_sfen().map_err(|e| at(&e))?;
                let standard = pos.to_standard().map_err(|e| at(&e))?;
                let entry = Psv::new(&standard, eval, mv, PsvResult::from_winner(winner, side))
                    .map_err(|e| at(&e))?;
                out.extend_from_slice(&entry.to_bytes());
            }
            _ => {
                return Err(err::<errors::ShogiError>(format!(
                    "unknown packed format {format:?}, expected hcpe or psv"
                )));
            }
        }
    }
    Ok(PyArray1::from_vec(py, out))
}

/// Adds the bulk functions (wrapped by `shogi_kit/__init__.py`) to the module.
pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(_records_to_packed, m)?)?;
    m.add_function(wrap_pyfunction!(_read_records, m)?)?;
    m.add_function(wrap_pyfunction!(_decode_packed, m)?)?;
    m.add_function(wrap_pyfunction!(_encode_packed, m)?)?;
    Ok(())
}
