//! Keeps the fuzz checks alive under plain `cargo test` on stable.
//!
//! - `replay_files` runs every file in `seeds/<target>/`, `corpus/<target>/` and
//!   `regressions/<target>/` through that target's check.
//! - `random_<target>` feeds deterministic pseudo-random byte strings (the test kit's seeded `Rng`) through the
//!   check, plus random mutations of the target's seeds (what a fuzzer would try first).
//!
//! A failing input is written to `replay-failures/<target>/` in Cargo's temporary directory for
//! integration tests (`target/tmp/`), so it
//! can be copied to `regressions/<target>/` and replayed with `cargo fuzz run <target> <file>`.

use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use shogi_fuzz::{Check, TARGETS};
use shogi_testkit::Rng;

/// Pseudo-random byte strings per target.
const RANDOM_CASES: usize = 20_000;
/// Random mutations of the seeds per target.
const MUTATED_CASES: usize = 5_000;
/// Stop a random test after this many failing inputs.
const MAX_FAILURES: usize = 10;

fn fuzz_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn check_of(target: &str) -> Check {
    match TARGETS.iter().find(|(name, _)| *name == target) {
        Some(&(_, check)) => check,
        None => panic!("unknown fuzz target directory {target:?}"),
    }
}

/// Every regular file under `dir`, recursively, in a stable order.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return out;
    };
    let mut entries: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            out.extend(files_under(&path));
        } else if path.is_file() {
            out.push(path);
        }
    }
    out
}

/// The target directories directly under `dir` (`seeds`, `corpus` or `regressions`).
fn target_dirs(dir: &Path) -> Vec<(String, PathBuf)> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<(String, PathBuf)> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_dir())
        .map(|p| {
            (
                p.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
                p,
            )
        })
        .collect();
    out.sort();
    out
}

/// Runs `check` on `input`; on a panic, saves the input and returns a description.
fn run_one(target: &str, check: Check, input: &[u8], label: &str) -> Option<String> {
    if catch_unwind(AssertUnwindSafe(|| check(input))).is_ok() {
        return None;
    }
    let dir = option_env!("CARGO_TARGET_TMPDIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| fuzz_dir().join("target"))
        .join("replay-failures")
        .join(target);
    let saved = fs::create_dir_all(&dir).and_then(|()| {
        let path = dir.join(format!("crash-{:016x}", fnv1a(input)));
        fs::write(&path, input).map(|()| path)
    });
    Some(match saved {
        Ok(path) => format!(
            "{target}: {label} panicked (input saved to {})",
            path.display()
        ),
        Err(e) => format!("{target}: {label} panicked (input not saved: {e}): {input:?}"),
    })
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[test]
fn replay_files() {
    let mut failures = Vec::new();
    let mut seeds_per_target = Vec::new();
    for kind in ["seeds", "corpus", "regressions"] {
        for (target, dir) in target_dirs(&fuzz_dir().join(kind)) {
            let check = check_of(&target);
            let files = files_under(&dir);
            if kind == "seeds" {
                seeds_per_target.push((target.clone(), files.len()));
            }
            for file in files {
                let input = fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
                let label = file.display().to_string();
                failures.extend(run_one(&target, check, &input, &label));
            }
        }
    }
    for (target, _) in TARGETS {
        assert!(
            seeds_per_target.iter().any(|(t, n)| t == target && *n > 0),
            "no seeds for {target} in fuzz/seeds/{target}/"
        );
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// A length that is usually short and sometimes long (up to 1024 bytes).
fn length(rng: &mut Rng) -> usize {
    match rng.below(20) {
        0..=9 => rng.below(32),
        10..=16 => rng.below(256),
        _ => rng.below(1025),
    }
}

/// `len` random bytes.
fn bytes(rng: &mut Rng, len: usize) -> Vec<u8> {
    (0..len).map(|_| rng.next_u64() as u8).collect()
}

/// Bytes the text formats care about, for mutations.
const ALPHABET: &[u8] = b" 0123456789abcdefghiPLNSGBRKplnsgbrk+*/-bwsfenmovepositionstartpos\n\t";

/// One to four random edits of `input`: change, insert or delete a byte, duplicate or
/// delete a span, or splice in a piece of another seed.
fn mutate(rng: &mut Rng, input: &[u8], seeds: &[Vec<u8>]) -> Vec<u8> {
    let mut out = input.to_vec();
    for _ in 0..=rng.below(4) {
        let len = out.len();
        match rng.below(7) {
            0 if len > 0 => {
                let i = rng.below(len);
                out[i] = ALPHABET[rng.below(ALPHABET.len())];
            }
            1 => {
                let i = rng.below(len + 1);
                out.insert(i, ALPHABET[rng.below(ALPHABET.len())]);
            }
            2 if len > 0 => {
                out.remove(rng.below(len));
            }
            3 if len > 0 => {
                let i = rng.below(len);
                let j = (i + 1 + rng.below(8)).min(len);
                let span = out[i..j].to_vec();
                let at = rng.below(len + 1);
                out.splice(at..at, span);
            }
            4 if len > 0 => {
                let i = rng.below(len);
                let j = (i + 1 + rng.below(8)).min(len);
                out.drain(i..j);
            }
            5 if !seeds.is_empty() => {
                let other = &seeds[rng.below(seeds.len())];
                if !other.is_empty() {
                    let i = rng.below(other.len());
                    let j = (i + 1 + rng.below(16)).min(other.len());
                    let at = rng.below(len + 1);
                    out.splice(at..at, other[i..j].iter().copied());
                }
            }
            _ => {
                let i = rng.below(len + 1);
                out.insert(i, rng.next_u64() as u8);
            }
        }
    }
    out
}

fn random_cases(target: &str) {
    random_cases_n(target, RANDOM_CASES, MUTATED_CASES);
}

/// [`random_cases`] with fewer cases, for a slow target.
fn random_cases_n(target: &str, random_cases: usize, mutated_cases: usize) {
    let check = check_of(target);
    let seeds: Vec<Vec<u8>> = files_under(&fuzz_dir().join("seeds").join(target))
        .iter()
        .filter_map(|p| fs::read(p).ok())
        .collect();
    let mut rng = Rng::new(0x9e37_79b9_7f4a_7c15 ^ fnv1a(target.as_bytes()));
    let mut failures = Vec::new();
    for i in 0..random_cases {
        if failures.len() >= MAX_FAILURES {
            break;
        }
        let len = length(&mut rng);
        let input = bytes(&mut rng, len);
        failures.extend(run_one(target, check, &input, &format!("random case {i}")));
    }
    if !seeds.is_empty() {
        for i in 0..mutated_cases {
            if failures.len() >= MAX_FAILURES {
                break;
            }
            let seed = &seeds[rng.below(seeds.len())];
            let input = mutate(&mut rng, seed, &seeds);
            failures.extend(run_one(target, check, &input, &format!("mutated seed {i}")));
        }
    }
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn random_mate_search() {
    // Each case is a search of up to 3000 nodes: fewer cases than the other targets.
    random_cases_n("mate_search", 2_000, 500);
}

#[test]
fn random_packed_decode() {
    random_cases("packed_decode");
}

#[test]
fn random_sfen_roundtrip() {
    random_cases("sfen_roundtrip");
}

#[test]
fn random_usi_move_roundtrip() {
    random_cases("usi_move_roundtrip");
}

#[test]
fn random_position_command() {
    random_cases("position_command");
}

#[test]
fn random_usi_message_parse() {
    random_cases("usi_message_parse");
}

#[test]
fn random_legals_are_legal() {
    random_cases("legals_are_legal");
}

#[test]
fn random_play_sequence() {
    random_cases("play_sequence");
}

#[test]
fn random_adjudicate_sequence() {
    random_cases("adjudicate_sequence");
}

#[test]
fn random_western_parse() {
    random_cases("western_parse");
}

#[test]
fn random_japanese_parse() {
    random_cases("japanese_parse");
}

#[test]
fn random_variant_play_sequence() {
    random_cases("variant_play_sequence");
}

#[test]
fn random_kif_parse() {
    random_cases("kif_parse");
}

#[test]
fn random_jkf_parse() {
    random_cases("jkf_parse");
}

#[test]
fn random_ki2_parse() {
    random_cases("ki2_parse");
}

#[test]
fn random_csa_parse() {
    random_cases("csa_parse");
}

#[test]
fn random_record_generated() {
    random_cases("record_generated");
}
