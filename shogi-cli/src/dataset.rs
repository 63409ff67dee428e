//! `shogi dataset --format hcpe|psv|sfen [--threads N] [--lenient] [--all-files] --out FILE <files or folders…>`:
//! turns game records into training data, one entry per position before each move.
//!
//! Files named on the command line are always read. Folders are read recursively, in path
//! order, and only their files with a record extension (any case): `.kif` `.kifu` `.ki2`
//! `.ki2u` `.csa` `.jkf` `.usi` `.sfen`, so that a `README.md`, a `.json` of another program or
//! the expected readings beside test records are not taken for records; `--all-files` reads
//! every file of the folders. (JKF is often saved as `.json` too: name such files, or use
//! `--all-files`; a JSON file without the shape of JKF fails.) The files skipped are counted on
//! a line before the summary. The format and the encoding come from the content, not the
//! extension (KIF, KI2, CSA with several games, JKF, USI `position` lines). Each game is
//! replayed under the standard rules
//! ([`RuleSet::none`]: checkmate, no legal move, repetition and perpetual check), and one entry is
//! written per position before each move:
//! - the best move is the move played, eval and score 0;
//! - the result is the game's outcome: the rules' verdict where the game ends on the board,
//!   else the record's ending word (`%TORYO`, `投了`, `千日手`, …);
//! - `hcpe`: 38-byte `HuffmanCodedPosAndEval` entries (cshogi's layout), result 0 draw,
//!   1 Black wins, 2 White wins; `psv`: 40-byte `PackedSfenValue` entries (YaneuraOu's layout),
//!   game ply = the position's SFEN move number, result from the side to move (1 win, -1 loss,
//!   0 draw); `sfen`: lines `sfen<TAB>usi-move<TAB>result`, result `win`, `loss`, `draw` or
//!   `unknown` for the side to move.
//!
//! An interrupted game (中断, chūdan; `%CHUDAN`) has no result. Games without a result are skipped in `hcpe` and `psv` (written with `unknown` in `sfen`) and
//! counted in the summary. Games that do not start from a position of standard shogi (the
//! untakeable-silver variant) are skipped and counted too: the packed formats cannot hold its
//! marks. Games with a position that HCP or PackedSfen cannot hold (a mate problem with one
//! king, more material than one set) are skipped whole in `hcpe` and `psv` and counted as
//! unpackable. A move after the rules ended the game (a record that plays on after a repetition)
//! ends the game's entries there.
//!
//! The output file, if it already exists under an input folder, is not read. Files are read
//! on every core (`--threads` limits them); the output is in input order
//! whatever the number of threads. A large file (over 1 MiB: a CSA file of many games, a long
//! list of USI lines) is read one game at a time ([`Record::games`]) by the thread that lists
//! the files, and its games go to the other threads in chunks, whose entries are written as soon
//! as those before them are: memory does not grow with the number of games in a file, nor with
//! the number of files. A bad file never stops the run: it is named on stderr with
//! the reason and counted; with `--lenient` a record whose move cannot be read or played keeps
//! its legal part (with no result, as its ending is lost). A progress bar is drawn on stderr
//! when stderr is a terminal. The run ends with one summary line on stderr:
//!
//! ```text
//! dataset: 60 files read, 2 files failed, 75 games (3 without a result, 0 not standard, 1 unpackable), 9876 positions written, 1234567 positions/s
//! ```
//!
//! Exit status 0 when the output was written (even if some files failed), 1 when it could not
//! be written or no input could be listed.

use std::fmt::Write as _;
use std::io::{BufWriter, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::Instant;

use shogi_kit::movegen::{Position, Standard};
use shogi_kit::record::training::{self, EntryFormat, Written};
use shogi_kit::record::{self, Judged, Record};
use shogi_kit::rules::{Outcome, RuleSet};
use shogi_kit::types::{Color, Move};
use shogi_kit::variants::AnyPosition;

/// The format of the entries written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum DatasetFormat {
    /// 38-byte HuffmanCodedPosAndEval records (cshogi).
    Hcpe,
    /// 40-byte PackedSfenValue records (YaneuraOu).
    Psv,
    /// `sfen<TAB>usi-move<TAB>result` lines.
    Sfen,
}

/// Turn game records into training data, one entry per position before each move.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The format written.
    #[arg(long, value_enum)]
    format: DatasetFormat,
    /// The number of threads (all cores by default).
    #[arg(long)]
    threads: Option<usize>,
    /// Keep the legal part of a record whose move cannot be read or played.
    #[arg(long)]
    lenient: bool,
    /// Read every file of the folders, not only those with a record extension (.kif .kifu
    /// .ki2 .ki2u .csa .jkf .usi .sfen); files named on the command line are always read.
    #[arg(long)]
    all_files: bool,
    /// The file written.
    #[arg(long)]
    out: PathBuf,
    /// Record files, or folders read recursively (their files with a record extension:
    /// .kif .kifu .ki2 .ki2u .csa .jkf .usi .sfen, unless --all-files).
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
}

/// What one job gave (a whole file, or a chunk of the games of a large file): its entries,
/// encoded, and its counts.
#[derive(Debug, Default)]
struct FileOutput {
    bytes: Vec<u8>,
    games: u64,
    no_result: u64,
    not_standard: u64,
    unpackable: u64,
    positions: u64,
    /// Why the file (or one of its games) failed, for stderr.
    failures: Vec<String>,
    failed: bool,
}

/// Totals of a run.
#[derive(Debug, Default)]
struct Totals {
    files: u64,
    failed: u64,
    games: u64,
    no_result: u64,
    not_standard: u64,
    unpackable: u64,
    positions: u64,
}

/// Files larger than this are read one game at a time by the listing thread, their games
/// encoded in chunks on the others; smaller files are read and encoded whole by one job.
const LARGE_FILE: u64 = 1 << 20;

/// The most games in a chunk of a large file.
const CHUNK_GAMES: usize = 1024;

/// A chunk of a large file ends once its games hold this many moves.
const CHUNK_MOVES: usize = 1 << 16;

/// What the options ask of every job.
#[derive(Debug, Clone, Copy)]
struct Options {
    format: DatasetFormat,
    lenient: bool,
}

/// The place of a job's output: the file it comes from (an index into the list of files)
/// and whether it is the last job of that file.
#[derive(Debug, Clone, Copy)]
struct Place {
    file: usize,
    last: bool,
}

/// Writes the outputs of the jobs in the order they were started, as soon as those before
/// them are done, and keeps the totals and the progress.
struct Writer<'a> {
    out: BufWriter<std::fs::File>,
    out_path: &'a Path,
    files: &'a [PathBuf],
    progress: indicatif::ProgressBar,
    totals: Totals,
    /// Whether a job of the file being written failed.
    file_failed: bool,
    /// The number of the next job to write, and the outputs that came before their turn.
    next: usize,
    waiting: std::collections::BTreeMap<usize, (Place, FileOutput)>,
}

impl Writer<'_> {
    /// Takes the output of job `seq`, and writes every output whose turn has come.
    fn take(&mut self, seq: usize, place: Place, output: FileOutput) -> std::io::Result<()> {
        self.waiting.insert(seq, (place, output));
        while let Some((place, output)) = self.waiting.remove(&self.next) {
            self.next += 1;
            self.write(place, &output)?;
        }
        Ok(())
    }

    /// Writes one output and counts it.
    fn write(&mut self, place: Place, output: &FileOutput) -> std::io::Result<()> {
        if let Some(path) = self.files.get(place.file) {
            for failure in &output.failures {
                self.progress
                    .suspend(|| eprintln!("{}: {failure}", path.display()));
            }
        }
        self.file_failed |= output.failed;
        let totals = &mut self.totals;
        totals.games += output.games;
        totals.no_result += output.no_result;
        totals.not_standard += output.not_standard;
        totals.unpackable += output.unpackable;
        totals.positions += output.positions;
        self.out.write_all(&output.bytes)?;
        if place.last {
            totals.files += 1;
            totals.failed += u64::from(self.file_failed);
            self.file_failed = false;
            self.progress.inc(1);
            self.progress.set_message(totals.positions.to_string());
        }
        Ok(())
    }
}

/// Runs the jobs of every file on the pool, at most `limit` at a time, and hands their outputs
/// to the writer in order.
struct Jobs<'p, 'w> {
    pool: &'p rayon::ThreadPool,
    options: Options,
    limit: usize,
    started: usize,
    running: usize,
    sender: mpsc::Sender<(usize, Place, FileOutput)>,
    receiver: mpsc::Receiver<(usize, Place, FileOutput)>,
    writer: Writer<'w>,
}

impl Jobs<'_, '_> {
    /// Starts `job` on the pool once fewer than `limit` jobs run, writing what is done.
    fn start(
        &mut self,
        place: Place,
        job: impl FnOnce(Options) -> FileOutput + Send + 'static,
    ) -> std::io::Result<()> {
        while self.running >= self.limit {
            self.wait_one()?;
        }
        let seq = self.started;
        self.started += 1;
        self.running += 1;
        let sender = self.sender.clone();
        let options = self.options;
        self.pool.spawn(move || {
            // The receiver lives until every job is done.
            let _ = sender.send((seq, place, job(options)));
        });
        Ok(())
    }

    /// Waits for one job and writes what can be written.
    fn wait_one(&mut self) -> std::io::Result<()> {
        // A job always sends, and the sender is kept here: this cannot fail while jobs run.
        if let Ok((seq, place, output)) = self.receiver.recv() {
            self.running -= 1;
            self.writer.take(seq, place, output)?;
        } else {
            self.running = 0;
        }
        Ok(())
    }

    /// Waits for every job.
    fn finish(&mut self) -> std::io::Result<()> {
        while self.running > 0 {
            self.wait_one()?;
        }
        Ok(())
    }

    /// Starts the jobs of file `file`: one for the whole file, or for a large file one per
    /// chunk of its games, read here.
    fn file(&mut self, file: usize, path: &Path) -> std::io::Result<()> {
        let large = std::fs::metadata(path).is_ok_and(|m| m.len() > LARGE_FILE);
        if !large {
            let path = path.to_path_buf();
            return self.start(Place { file, last: true }, move |options| {
                convert_file(&path, options)
            });
        }
        let bytes = match std::fs::read(path) {
            Ok(b) => b,
            Err(e) => return self.start(Place { file, last: true }, move |_| failed(&e)),
        };
        // Training data needs no comment on a move.
        let mut games = match Record::games(&bytes) {
            Ok(games) => games.without_move_comments().peekable(),
            Err(e) => return self.start(Place { file, last: true }, move |_| failed(&e)),
        };
        let mut first = 1;
        loop {
            let mut chunk = Vec::new();
            let mut moves = 0;
            while chunk.len() < CHUNK_GAMES && moves < CHUNK_MOVES {
                let Some(game) = games.next() else {
                    break;
                };
                moves += game.as_ref().map_or(0, |r| r.moves.len());
                chunk.push(game);
            }
            let last = games.peek().is_none();
            // Only the first chunk can tell that the file holds a single game.
            let several = first > 1 || chunk.len() > 1 || !last;
            let count = chunk.len();
            self.start(Place { file, last }, move |options| {
                let mut output = FileOutput::default();
                convert_games(chunk, first, several, options, &mut output);
                output
            })?;
            if last {
                return Ok(());
            }
            first += count;
        }
    }
}

/// The output of a file that cannot be read.
fn failed(e: &dyn std::fmt::Display) -> FileOutput {
    FileOutput {
        failed: true,
        failures: vec![e.to_string()],
        ..FileOutput::default()
    }
}

/// Runs the subcommand.
pub fn run(args: &Args) -> ExitCode {
    let started = Instant::now();
    let mut listing = Listing {
        files: Vec::new(),
        skipped: 0,
        all_files: args.all_files,
    };
    for input in &args.inputs {
        if let Err(e) = listing.add(input, true) {
            eprintln!("error: {}: {e}", input.display());
            return ExitCode::FAILURE;
        }
    }
    let Listing {
        mut files, skipped, ..
    } = listing;
    // The output file is never an input (it may sit in an input folder from an earlier run).
    if let Ok(out) = std::fs::canonicalize(&args.out) {
        files.retain(|f| std::fs::canonicalize(f).map_or(true, |f| f != out));
    }
    let mut builder = rayon::ThreadPoolBuilder::new();
    if let Some(n) = args.threads {
        builder = builder.num_threads(n.max(1));
    }
    let pool = match builder.build() {
        Ok(pool) => pool,
        Err(e) => {
            eprintln!("error: cannot start the threads: {e}");
            return ExitCode::FAILURE;
        }
    };
    let out = match std::fs::File::create(&args.out) {
        Ok(f) => f,
        Err(e) => {
            eprintln!("error: {}: {e}", args.out.display());
            return ExitCode::FAILURE;
        }
    };
    let progress = indicatif::ProgressBar::new(files.len() as u64);
    progress.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:40} {pos}/{len} files, {msg} positions, {elapsed}",
        )
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
    );
    let (sender, receiver) = mpsc::channel();
    let mut jobs = Jobs {
        limit: 2 * pool.current_num_threads() + 2,
        pool: &pool,
        options: Options {
            format: args.format,
            lenient: args.lenient,
        },
        started: 0,
        running: 0,
        sender,
        receiver,
        writer: Writer {
            out: BufWriter::with_capacity(1 << 20, out),
            out_path: &args.out,
            files: &files,
            progress,
            totals: Totals::default(),
            file_failed: false,
            next: 0,
            waiting: std::collections::BTreeMap::new(),
        },
    };
    let written = files
        .iter()
        .enumerate()
        .try_for_each(|(i, path)| jobs.file(i, path))
        .and_then(|()| jobs.finish())
        .and_then(|()| jobs.writer.out.flush());
    let Writer {
        out_path,
        progress,
        totals,
        ..
    } = jobs.writer;
    progress.finish_and_clear();
    if let Err(e) = written {
        eprintln!("error: {}: {e}", out_path.display());
        return ExitCode::FAILURE;
    }
    if skipped > 0 {
        eprintln!(
            "dataset: {skipped} files skipped in folders (not {}; --all-files reads them)",
            RECORD_EXTENSIONS.map(|e| format!(".{e}")).join(" ")
        );
    }
    let seconds = started.elapsed().as_secs_f64();
    #[allow(clippy::cast_precision_loss)]
    let rate = if seconds > 0.0 {
        (totals.positions as f64 / seconds).round()
    } else {
        0.0
    };
    eprintln!(
        "dataset: {} files read, {} files failed, {} games ({} without a result, {} not standard, {} unpackable), {} positions written, {rate:.0} positions/s",
        totals.files,
        totals.failed,
        totals.games,
        totals.no_result,
        totals.not_standard,
        totals.unpackable,
        totals.positions
    );
    ExitCode::SUCCESS
}

/// The extensions of the files read in folders (compared in any case), unless `--all-files`.
const RECORD_EXTENSIONS: [&str; 8] = ["kif", "kifu", "ki2", "ki2u", "csa", "jkf", "usi", "sfen"];

/// Whether `path` has a record extension.
fn has_record_extension(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| RECORD_EXTENSIONS.iter().any(|r| e.eq_ignore_ascii_case(r)))
}

/// The files to read, in order, and the number of files of the folders left out.
#[derive(Debug)]
struct Listing {
    files: Vec<PathBuf>,
    skipped: u64,
    all_files: bool,
}

impl Listing {
    /// Adds `path`: a file named on the command line (`named`) or with a record extension, or
    /// every such file under a folder (recursively, in name order).
    fn add(&mut self, path: &Path, named: bool) -> std::io::Result<()> {
        if !path.is_dir() {
            std::fs::metadata(path)?;
            if named || self.all_files || has_record_extension(path) {
                self.files.push(path.to_path_buf());
            } else {
                self.skipped += 1;
            }
            return Ok(());
        }
        let mut entries = std::fs::read_dir(path)?
            .map(|e| e.map(|e| e.path()))
            .collect::<std::io::Result<Vec<_>>>()?;
        entries.sort();
        for entry in entries {
            self.add(&entry, false)?;
        }
        Ok(())
    }
}

/// Reads one file, one game at a time, and encodes the entries of each of its games.
fn convert_file(path: &Path, options: Options) -> FileOutput {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => return failed(&e),
    };
    // Training data needs no comment on a move.
    let mut games = match Record::games(&bytes) {
        Ok(games) => games.without_move_comments().peekable(),
        Err(e) => return failed(&e),
    };
    let mut output = FileOutput::default();
    let Some(first) = games.next() else {
        return output;
    };
    let several = games.peek().is_some();
    convert_games(
        core::iter::once(first).chain(games),
        1,
        several,
        options,
        &mut output,
    );
    output
}

/// Encodes the entries of `games`, numbered from `first` in their file (which holds several
/// games if `several`, and then names the game of a failure).
fn convert_games(
    games: impl IntoIterator<Item = Result<Record, record::RecordError>>,
    first: usize,
    several: bool,
    options: Options,
    output: &mut FileOutput,
) {
    for (i, game) in (first..).zip(games) {
        let record = match game {
            Ok(rec) => rec,
            Err(e) => match e.lenient_record().filter(|_| options.lenient) {
                Some(rec) => rec,
                None => {
                    output.failed = true;
                    output.failures.push(if several {
                        format!("game {i}: {e}")
                    } else {
                        e.to_string()
                    });
                    continue;
                }
            },
        };
        encode_game(&record, options.format, output);
    }
}

/// Replays `record` under the standard rules and appends its entries to `output`.
fn encode_game(record: &Record, format: DatasetFormat, output: &mut FileOutput) {
    output.games += 1;
    let packed = match format {
        DatasetFormat::Hcpe => EntryFormat::Hcpe,
        DatasetFormat::Psv => EntryFormat::Psv,
        DatasetFormat::Sfen => return encode_sfen(record, output),
    };
    match training::write_entries(record, packed, RuleSet::none(), &mut output.bytes) {
        Written::Entries(n) => output.positions += n as u64,
        Written::NotStandard => output.not_standard += 1,
        Written::NoResult => output.no_result += 1,
        // A position the packed formats cannot hold (more material than one set, one
        // king): the game is dropped whole rather than written with holes.
        Written::Unpackable => output.unpackable += 1,
        // A reason to skip that this version does not know: counted as unpackable.
        _ => output.unpackable += 1,
    }
}

/// Replays `record` under the standard rules and appends its `sfen` lines to `output` (with
/// `unknown` as the result of a game without one).
fn encode_sfen(record: &Record, output: &mut FileOutput) {
    let AnyPosition::Standard(start) = record.start else {
        output.not_standard += 1;
        return;
    };
    let Judged { plies, outcome } = record.judge(RuleSet::none());
    let winner = match outcome {
        Some(Outcome::Win { winner, .. }) => Some(Some(winner)),
        // An interrupted game (中断, `%CHUDAN`) ended without a result.
        Some(Outcome::Unfinished) | None => None,
        Some(Outcome::Draw { .. }) => Some(None),
    };
    if winner.is_none() {
        output.no_result += 1;
    }
    // The second pass writes as it plays: no position is kept.
    let mut pos = start;
    let mut line = String::with_capacity(128);
    for m in &record.moves[..plies] {
        write_sfen_line(&pos, m.mv, winner, &mut line, &mut output.bytes);
        // `Record::judge` has just played the same moves from the same position,
        // and the reader checked each before: the legality check is not repeated here.
        pos.play_unchecked(m.mv);
    }
    output.positions += plies as u64;
}

/// Writes one `sfen<TAB>usi-move<TAB>result` line (`line` is a reused scratch buffer).
fn write_sfen_line(
    pos: &Position<Standard>,
    mv: Move,
    winner: Option<Option<Color>>,
    line: &mut String,
    out: &mut Vec<u8>,
) {
    let result = match winner {
        None => "unknown",
        Some(None) => "draw",
        Some(Some(c)) if c == pos.side_to_move() => "win",
        Some(Some(_)) => "loss",
    };
    line.clear();
    // Writing into a String cannot fail.
    let _ = pos.write_sfen(line);
    let _ = writeln!(line, "\t{mv}\t{result}");
    out.extend_from_slice(line.as_bytes());
}
