//! Writes and reads JKF for the repository's JKF interop check (`.ci/interop/jkf`).
//!
//! ```text
//! cargo run -p shogi-record --example jkf_interop -- write <RECORDS_DIR> <OUT_DIR>
//! cargo run -p shogi-record --example jkf_interop -- read <FILE>...
//! ```
//!
//! `write` reads every record file of `RECORDS_DIR/{kif,ki2,csa}` (not the `.expected.json`
//! files) with `shogi_record::read`, and writes into `OUT_DIR`:
//! - `jkf/<folder>__<name>.jkf`: our JKF of each record our reader reads;
//! - `utf8/<folder>__<name>`: the text of each file decoded to UTF-8 (for readers with no
//!   Shift_JIS or EUC-JP decoder);
//! - `manifest.json`: `{"records": [...]}`, one entry per file: `file` (`kif/name.kif`),
//!   `format` (`kif`, `ki2`, `csa`), `utf8` and `jkf` (paths relative to `OUT_DIR`; `jkf` is
//!   null when our reader refuses the file), `start_sfen` (board, side, hands), `moves` (USI,
//!   main line), `ending` (the CSA word of the ending, or null) and `error` (our reader's
//!   message, or null).
//!
//! It also writes `jkf/synthetic__NN.jkf` for records the shared files do not cover (every
//! ending of the model, an exact outcome, forks with endings, times with no total, a kept
//! illegal move), listed with the format `synthetic` and no `utf8` copy.
//!
//! It also reads every JKF it wrote back and checks that it gives the same start and moves,
//! and prints `jkf_interop: N records written, M read back the same`; exits 1 if any differs.
//!
//! `read` reads each FILE with `shogi_record::jkf::read` and prints one JSON line per file:
//! `{"file", "start_sfen", "moves", "ending", "error"}` (`error` null when it reads).

use std::fs;
use std::path::Path;
use std::process::ExitCode;

use serde_json::{Value, json};
use shogi_record::{self as record, Record, jkf};

/// The first three SFEN fields of the start (board, side, hands).
fn start_sfen(rec: &Record) -> String {
    let sfen = rec.start_sfen().to_string();
    sfen.split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The ending as its CSA word (`TORYO`), or the debug form when CSA has none.
fn ending(rec: &Record) -> Value {
    rec.ending.as_ref().map_or(Value::Null, |e| {
        Value::from(
            e.special
                .csa_word()
                .map_or_else(|| format!("{:?}", e.special), str::to_string),
        )
    })
}

fn usi(rec: &Record) -> Vec<String> {
    rec.usi_moves().iter().map(ToString::to_string).collect()
}

fn write(records: &Path, out: &Path) -> Result<bool, String> {
    let io = |p: &Path, e: std::io::Error| format!("{}: {e}", p.display());
    for sub in ["jkf", "utf8"] {
        fs::create_dir_all(out.join(sub)).map_err(|e| io(&out.join(sub), e))?;
    }
    let mut entries = Vec::new();
    let (mut written, mut same) = (0, 0);
    let mut ok = true;
    for folder in ["kif", "ki2", "csa"] {
        let dir = records.join(folder);
        let mut paths: Vec<_> = fs::read_dir(&dir)
            .map_err(|e| io(&dir, e))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| !p.to_string_lossy().ends_with(".expected.json"))
            .collect();
        paths.sort();
        for path in paths {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().to_string())
                .unwrap_or_default();
            let flat = format!("{folder}__{name}");
            let bytes = fs::read(&path).map_err(|e| io(&path, e))?;
            let utf8 = record::decode(&bytes).map(|text| {
                let p = out.join("utf8").join(&flat);
                fs::write(&p, text.as_bytes()).map(|()| format!("utf8/{flat}"))
            });
            let utf8 = utf8.transpose().map_err(|e| format!("{flat}: {e}"))?;
            let mut entry = json!({
                "file": format!("{folder}/{name}"),
                "format": folder,
                "utf8": utf8,
                "jkf": null,
                "start_sfen": null,
                "moves": [],
                "ending": null,
                "error": null,
            });
            match record::read(&bytes) {
                Ok(rec) => {
                    let text = jkf::write(&rec);
                    let rel = format!("jkf/{flat}.jkf");
                    let p = out.join(&rel);
                    fs::write(&p, &text).map_err(|e| io(&p, e))?;
                    written += 1;
                    match jkf::read(&text) {
                        Ok(back)
                            if back.start == rec.start && back.usi_moves() == rec.usi_moves() =>
                        {
                            same += 1;
                        }
                        Ok(_) => {
                            ok = false;
                            eprintln!("{flat}: our JKF reads back as another start or moves");
                        }
                        Err(e) => {
                            ok = false;
                            eprintln!("{flat}: our JKF does not read back: {e}");
                        }
                    }
                    entry["jkf"] = Value::from(rel);
                    entry["start_sfen"] = Value::from(start_sfen(&rec));
                    entry["moves"] = Value::from(usi(&rec));
                    entry["ending"] = ending(&rec);
                }
                Err(e) => entry["error"] = Value::from(e.to_string()),
            }
            entries.push(entry);
        }
    }
    // Synthetic records: every ending of the model (stand-ins, exact outcomes), forks, times
    // with no total, a kept illegal move; no original file.
    for (i, rec) in synthetic().iter().enumerate() {
        let rel = format!("jkf/synthetic__{i:02}.jkf");
        let p = out.join(&rel);
        fs::write(&p, jkf::write(rec)).map_err(|e| io(&p, e))?;
        written += 1;
        if jkf::read(&jkf::write(rec))
            .is_ok_and(|b| b.start == rec.start && b.usi_moves() == rec.usi_moves())
        {
            same += 1;
        } else {
            ok = false;
            eprintln!("synthetic {i}: our JKF does not read back the same");
        }
        entries.push(json!({
            "file": format!("synthetic/{i:02}"),
            "format": "synthetic",
            "utf8": null,
            "jkf": rel,
            "start_sfen": start_sfen(rec),
            "moves": usi(rec),
            "ending": ending(rec),
            "error": null,
        }));
    }
    let manifest = json!({ "records": entries });
    let p = out.join("manifest.json");
    let text = serde_json::to_string_pretty(&manifest).map_err(|e| e.to_string())?;
    fs::write(&p, text).map_err(|e| io(&p, e))?;
    println!("jkf_interop: {written} records written, {same} read back the same");
    Ok(ok)
}

/// Records that the shared files do not cover: every ending word of the model, an exact
/// outcome, forks with endings, times with no total, a kept illegal move.
fn synthetic() -> Vec<Record> {
    use shogi_record::{Ending, MoveTime, RecordMove, Special, Variation, WrittenMove};
    use shogi_rules::{Outcome, WinReason};
    use shogi_types::Color;
    use std::time::Duration;

    let base = || {
        let mut rec = record::read_str("position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*4e")
            .unwrap_or_default();
        if let Some(m) = rec.moves.first_mut() {
            m.time = Some(MoveTime::spent(Duration::from_millis(2500)));
            m.comments = vec!["a \"quoted\" comment".to_string(), "改行\nあり".to_string()];
        }
        if let (Some(m), Ok(mv)) = (rec.moves.get_mut(1), "8c8d".parse()) {
            let mut v = Variation::new(vec![RecordMove::new(mv)]);
            v.ending = Some(Ending::new(Special::Interrupt));
            m.variations.push(v);
        }
        rec
    };
    let mut words: Vec<Special> = Special::KNOWN.to_vec();
    words.push(Special::Other("MATTA".to_string()));
    words.push(Special::Other("謎".to_string()));
    let mut out: Vec<Record> = words
        .into_iter()
        .map(|special| {
            let mut rec = base();
            let mut ending = Ending::new(special);
            ending.time = Some(MoveTime::spent(Duration::from_secs(7)));
            ending.comments = vec!["the end".to_string()];
            rec.ending = Some(ending);
            rec
        })
        .collect();
    let mut rec = base();
    rec.ending = Some(Ending::from_outcome(
        Outcome::Win {
            winner: Color::White,
            reason: WinReason::Resignation,
        },
        Color::White,
    ));
    out.push(rec);
    let mut rec = base();
    rec.ending = Some(Ending::new(Special::IllegalLoss));
    rec.illegal_move = Some(WrittenMove {
        ply: 6,
        text: "-0055FU".to_string(),
        mv: "P*5e".parse().ok(),
        kind: None,
    });
    out.push(rec);
    out
}

fn read(files: &[String]) -> bool {
    for file in files {
        let line = match fs::read_to_string(file) {
            Err(e) => json!({ "file": file, "error": e.to_string() }),
            Ok(text) => match jkf::read(&text) {
                Ok(rec) => json!({
                    "file": file,
                    "start_sfen": start_sfen(&rec),
                    "moves": usi(&rec),
                    "ending": ending(&rec),
                    "error": null,
                }),
                Err(e) => json!({ "file": file, "error": e.to_string() }),
            },
        };
        println!("{line}");
    }
    true
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("write") if args.len() == 3 => write(Path::new(&args[1]), Path::new(&args[2])),
        Some("read") => Ok(read(&args[1..])),
        _ => {
            eprintln!(
                "usage: jkf_interop write <RECORDS_DIR> <OUT_DIR>\n       jkf_interop read <FILE>..."
            );
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
